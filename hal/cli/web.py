"""The board in a web browser: a tablet lying on the table (or a laptop),
and with --table each guest's private hand on their own phone.

    clue-fx web                       # then open the printed address
    clue-fx web --table --bots AZUR   # phones for the people, a bot for the Azur seat
    clue-fx web --host 127.0.0.1 --port 8080 --edition us --seed 7

The first line printed is `board: http://HOST:PORT/?b=CODE`, the board's
link with its code; then the same link as a QR code (scan it with the
tablet), the code as text (`board code: K7QM-2XPA`: typed on a watching
screen, it takes the board there), and where it listens. The screen that
shows the code holds the board; any other screen only watches. The trace
keeps the code: `--resume` keeps it.
With --table, one line per seat: `seat GUEST: URL` (the link its QR code on
the board carries, with the seat's code).

By default it listens on this computer's address on the home network (the
phones and the tablet reach it there) and on 127.0.0.1, and says so;
--host 127.0.0.1 keeps it to this computer; --host 0.0.0.0 listens on every
network this computer is on. docs/web.md says what a stranger on the same
network can and cannot do.

    clue-fx web --export DIR [EDITION ...]   # no host at all: the board as a static offline web app

writes the board as a folder of files any web server (or a USB stick, a
home NAS) serves: the page runs the firmware itself (hal.web.export,
docs/web.md, The offline app). Private hands on phones still need a host.
"""

import socket
import sys

from . import options
from .options import millivolts_arg
from .seats import bots_arg, table_of


def add_arguments(p):
    options.keep_layout(p)
    p.add_argument(
        "--host",
        default=None,
        help="address to listen on (default: this computer's address on your home network, where the phones "
        "reach it, and 127.0.0.1; 127.0.0.1 alone keeps it to this computer; 0.0.0.0: every network)",
    )
    p.add_argument("--port", type=int, default=8000, help="port (default 8000; 0: any free one)")
    options.add_board_options(p)
    options.add_voices_option(p)
    p.add_argument("--table", action="store_true", help="the digital card table: each guest's hand on their phone")
    p.add_argument(
        "--bots",
        type=bots_arg,
        default={},
        metavar="GUEST[:LEVEL],...",
        help="bot guests, e.g. AZUR:easy; implies --table",
    )
    p.add_argument(
        "--hints",
        action="store_true",
        help="with the card table: each phone's detective sheet gives the chance of every card that can still be "
        "in the confidential case; implies --table",
    )
    p.add_argument(
        "--battery", type=millivolts_arg, default=4500, metavar="MV", help="batteries at start, in mV (default 4500)"
    )
    p.add_argument(
        "--debug", action="store_true", help="the board page shows where every suspect and the Inspecteur are"
    )
    p.add_argument(
        "--export",
        nargs="+",
        metavar=("DIR", "EDITION"),
        help="write the board as a static offline web app into DIR (any web server serves it; it runs the firmware "
        "in the page, offline once opened) with these editions (default: --edition's; 'all': every one), then stop",
    )
    # --resume FILE (options.add_board_options): the board comes back, and the phones' card table
    # with its seats (the same links: their tokens are in the trace).


def lan_address():
    """This computer's address on the local network (what a phone can reach), or None."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("10.255.255.255", 1))  # no packet is sent: it only picks the outgoing interface
        address = s.getsockname()[0]
    except OSError:
        return None
    finally:
        s.close()
    return None if address.startswith("127.") or address == "0.0.0.0" else address


EVERY = ("0.0.0.0", "::", "")


def addresses_of(host, lan):
    """[(host to bind, what it is)] for --host `host` (None: the home network's
    `lan` address, if any, and this computer), the first one shown."""
    if host is None:
        here = [("127.0.0.1", "this computer")]
        return ([(lan, "your home network: the tablet and the phones")] if lan else []) + here
    if host in EVERY:
        return [(host or "0.0.0.0", "every network this computer is on")]
    return [(host, "this address only")]


def export(args):
    """--export DIR [EDITION ...]: the static app written, its size said."""
    from hal import captions as captions_
    from hal.web import export as export_
    from sim.words.card_words import Words
    from sim.words.labels import Labels
    from sim.words.offline import OFFLINE
    from sim.words.pages import page_words

    dest, asked = args.export[0], args.export[1:]
    known = captions_.editions()
    if asked == ["all"]:
        asked = list(known)
    for e in asked:
        if e not in known:
            print("clue-fx web: error: unknown edition %r: the editions are %s" % (e, ", ".join(known)),
                  file=sys.stderr)  # fmt: skip
            return 2
    editions = list(dict.fromkeys(asked or [options.edition_of(args)]))

    def words_of(lang):
        labels = Labels(lang, captions_.load(lang))
        words = page_words(labels, Words(lang, labels))
        words["offline"] = OFFLINE.get(lang, OFFLINE["en"])
        return words

    try:
        files = export_.export(dest, editions, words_of, say=lambda line: print(line, file=sys.stderr))
    except export_.ExportError as e:
        print("clue-fx web: error: %s" % e, file=sys.stderr)
        return 2
    print("clue-fx web: the offline app (%s) is in %s: %d files, %.1f MB" % (
        ", ".join(editions), dest, len(files), export_.size(dest) / 1e6))  # fmt: skip
    print("serve that folder with any web server and open it on the tablet, e.g. "
          "python3 -m http.server -d %s 8000; private hands on phones need clue-fx web --table" % dest)  # fmt: skip
    return 0


def run(args):
    if args.export:
        return export(args)
    try:
        import aiohttp  # noqa: F401
        import segno  # noqa: F401
    except ImportError as e:
        print("clue-fx web: %s is not installed: reinstall clue-fx (pip install clue-fx)" % e.name, file=sys.stderr)
        return 2
    if not 0 <= args.port <= 65535:
        print("clue-fx web: error: the port is a number from 0 to 65535, not %d" % args.port, file=sys.stderr)
        return 2
    from hal import captions as captions_
    from hal.compose import compose
    from hal.web.guard import url_host
    from hal.web.holders import shown as shown_code
    from hal.web.qr import terminal
    from hal.web.server import WebBoard, edition_clips
    from sim.cards import record
    from sim.hotseat import restore
    from sim.web.phone_table import WebTable
    from sim.words.card_words import Words
    from sim.words.labels import Labels
    from sim.words.pages import page_words

    lang, voices = options.edition_and_voices(args)
    seed, trace, resumed = options.board_trace(args, say=lambda line: print(line, file=sys.stderr))
    captions = captions_.load(lang)
    labels = Labels(lang, captions)
    words = Words(lang, labels)
    seats = table_of(args)
    if seats is None and args.hints:
        seats = {}  # --hints implies --table

    def make(seats, hints, tokens):  # the same codes let a resumed game's phones back
        return WebTable(seed, lang, bots=seats, hints=hints, words=words, tokens=tokens)

    table, due, notes = restore.card_table(make, resumed, seats, args.hints, getattr(trace, "path", None))
    for note in notes:
        print("clue-fx web: %s" % note, file=sys.stderr)
    key = record.board_key(resumed.extras) if resumed is not None else None  # the tablet's link still holds it
    web = WebBoard(captions, page_words(labels, words), clips=edition_clips(lang, voices), table=table,
                   debug=args.debug, voices=voices, board_key=key,
                   log=lambda line: print("clue-fx web: %s" % line, flush=True))  # fmt: skip
    if table is not None:
        table.tokens = web.seats.codes()
    desk = compose(seed, trace=trace, sinks=[web.presenter], resumed=resumed, millivolts=args.battery, table=table,
                   due=due)  # fmt: skip
    board = desk.board
    if key != web.board_holder.key:  # a new game (or a trace from before the board had a code)
        board.record(record.line(resumed.last_t if resumed is not None else 0, record.board(web.board_holder.key)))
    addresses = addresses_of(args.host, lan_address())
    shown = addresses[0][0]
    if shown in EVERY:
        shown = lan_address() or "127.0.0.1"

    def ready(urls):
        port = int(urls[0].rstrip("/").rsplit(":", 1)[1])
        public = "http://%s:%d/" % (url_host(shown), port)
        web.base_url = public
        link = "%s?b=%s" % (public, web.board_holder.key)
        print("board: %s" % link, flush=True)
        terminal(link, sys.stdout)
        print("board code: %s (scan the QR code above with the tablet, or type the code on its page: the screen "
              "with the code holds the board, any other only watches)" % shown_code(web.board_holder.key),
              flush=True)  # fmt: skip
        print("listening on %s" % "; ".join("%s:%d (%s)" % (url_host(h), port, what) for h, what in addresses),
              flush=True)  # fmt: skip
        if table is not None:
            for g in web.seats.codes():
                print("seat %s: %s" % (g, web.seat_url(g)), flush=True)
        print("seed %d, edition %s; Ctrl-C to stop" % (seed, lang), flush=True)
        when_the_reader_goes(reader_gone)

    reader_gone = []
    options.interrupt_on_sigterm()
    try:
        web.serve(desk, [(h, args.port) for h, _ in addresses], ready)
        if reader_gone:
            raise BrokenPipeError  # its output's reader went away: after the board is closed, below
    except BrokenPipeError:
        raise  # its output's reader went away (`| head -1`): the front door ends quietly
    except OSError as e:
        where = ", ".join("%s:%d" % (url_host(h), args.port) for h, _ in addresses)
        print("clue-fx web: cannot listen on %s: %s" % (where, e.strerror or e), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        pass
    finally:
        board.close()
    return 0


def when_the_reader_goes(gone):
    """Standard output a pipe (`clue-fx web | head -1`): when its reader
    goes, note it in `gone` and stop serving, as a program ended by SIGPIPE.
    Waiting for the next write to fail would leave it to a race: the start-up
    lines fit in the pipe, and a reader that took them all and left would
    leave the server serving nobody. Linux's epoll reports the far end's
    close on the write end, which asyncio hands to a reader; where it cannot
    be watched (not a pipe, another selector), a later write's
    BrokenPipeError still ends it quietly."""
    import asyncio
    import os
    import stat

    try:
        fd = sys.stdout.fileno()
        if not stat.S_ISFIFO(os.fstat(fd).st_mode):
            return
        loop, serving = asyncio.get_running_loop(), asyncio.current_task()

        def closed():
            loop.remove_reader(fd)
            gone.append(True)
            serving.cancel()

        loop.add_reader(fd, closed)
    except (OSError, ValueError, AttributeError, NotImplementedError, RuntimeError):
        pass
