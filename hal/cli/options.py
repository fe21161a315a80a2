"""Options shared by several commands, and their checks: a leaf module
(argparse and the standard library only), so any command may import it.

    add_board_options(parser)        # --seed, --edition (--lang), --trace, --resume
    edition_of(args); default_edition(); seed_of(args); board_trace(args) -> (seed, stream, resumed)

A refusal the player can fix (a trace that would be overwritten, a trace
that cannot be resumed) raises Refused: the front door prints its one line
and exits 2.
"""

import argparse
import locale
import os
import stat

AUDIO_BACKENDS = ("auto", "pygame", "simpleaudio", "silent")
DEFAULT_AUDIO = "auto"
DEFAULT_VOLUME = 0.8


def edition_of_locale(value):
    """The edition a locale name asks for: fr_* -> fr, en_US -> us, any
    other English (en_GB, en_AU, en) -> en; None for any other language."""
    lang = value.split(".")[0].split("@")[0].replace("-", "_").lower()
    if lang.startswith("fr"):
        return "fr"
    if lang == "en_us":
        return "us"
    if lang == "en" or lang.startswith("en_"):
        return "en"
    return None


def default_edition(environ=None):
    """The edition of the user's locale, read as the C library does (LC_ALL,
    then LC_MESSAGES, then LANG, the first one set); en when it names no
    edition (C, POSIX, de_DE...)."""
    environ = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name)
        if value:
            return edition_of_locale(value) or "en"
    if environ is os.environ:
        loc = locale.getlocale()[0] or ""
        return edition_of_locale(loc) or "en"
    return "en"



def edition_of(args):
    """The edition a command's --edition (or --lang) names, else the locale's."""
    return getattr(args, "edition", None) or default_edition()


MAX_BAUD = 4_000_000  # above any UART a rig has


def baud_arg(value):
    try:
        baud = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError("the baud rate is a whole number, e.g. 115200, not %r" % value) from None
    if not 50 <= baud <= MAX_BAUD:
        raise argparse.ArgumentTypeError("the baud rate is from 50 to %d, not %s" % (MAX_BAUD, value))
    return baud


def editions():
    """The editions the installed sounds have (hal.captions.editions: the manifest's list)."""
    from hal.captions import editions as of_manifest

    return of_manifest()


def edition_arg(value):
    if value not in editions():
        raise argparse.ArgumentTypeError("unknown edition %r: the editions are %s" % (value, ", ".join(editions())))
    return value



def millivolts_arg(value):
    try:
        mv = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError("batteries in whole millivolts, e.g. 4500, not %r" % value) from None
    if not 0 <= mv <= 5000:
        raise argparse.ArgumentTypeError("batteries from 0 to 5000 mV, not %s" % value)
    return mv


def volume_arg(value):
    try:
        v = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError("the volume is a number from 0 to 1, not %r" % value) from None
    if not 0 <= v <= 1:
        raise argparse.ArgumentTypeError("the volume is a number from 0 to 1, not %s" % value)
    return v


EDITION_HELP = "the edition: fr (Super Cluedo Interactif), en (the English rulebook's names), us (Clue FX: " \
    "Mr. Ashe, Lord Gray, Miss Scarlet...); default: from the locale (fr_* fr, en_US us, other English en)"


def add_edition_option(p):
    """--edition fr|en|us, and --lang, its old name (the same values, the same dest)."""
    # EDITION, not the list: --help reads no manifest (the list is checked when one is given)
    p.add_argument("--edition", dest="edition", type=edition_arg, default=None, metavar="EDITION", help=EDITION_HELP)
    p.add_argument("--lang", dest="edition", type=edition_arg, default=None, metavar="EDITION",
                   help="the same as --edition")



def add_voices_option(p):
    p.add_argument("--voices", metavar="DIR", default=None,
                   help="a voice pack: your own recordings, played instead of the edition's clips "
                   "(clue-fx voices new/check; its edition is the board's unless --edition says another)")


def edition_and_voices(args):
    """(edition, hal.voicepack.VoicePack or None) of --edition and --voices: a
    pack's own edition when --edition is not given; Refused if the pack cannot
    be used or speaks another edition than --edition."""
    folder = getattr(args, "voices", None)
    if not folder:
        return edition_of(args), None
    from hal.voicepack import VoicePackError, load

    try:
        pack = load(folder, editions())
    except VoicePackError as e:
        raise Refused("--voices: %s" % e) from None
    asked = getattr(args, "edition", None)
    if asked and asked != pack.edition:
        raise Refused("--voices %s speaks the %s edition, --edition asks for %s: leave one out"
                      % (folder, pack.edition, asked))
    return pack.edition, pack


def audio_arg(value):
    """--audio of the window and the self-test: `none` (serve's word for captions only) is `silent`."""
    return "silent" if value == "none" else value


def add_audio_options(p):
    p.add_argument(
        "--audio",
        type=audio_arg,
        choices=AUDIO_BACKENDS,
        default=DEFAULT_AUDIO,
        help="how to play sounds (default: pygame, then simpleaudio, then captions only); "
        "silent (or none): captions only",
    )
    p.add_argument(
        "--volume", type=volume_arg, default=DEFAULT_VOLUME, help="sound volume, 0 to 1 (default %s)" % DEFAULT_VOLUME
    )


class Refused(Exception):
    """A command refused in one line the player can act on (exit 2)."""


def add_board_options(p):
    p.add_argument("--seed", type=int, default=None, help="the board's random seed (default: from the clock)")
    add_edition_option(p)
    p.add_argument(
        "--trace",
        metavar="FILE",
        help="write a trace of the game to FILE (JSON Lines); a FILE that already holds a game is "
        "refused, never overwritten (go on with it: --resume FILE)",
    )
    p.add_argument(
        "--resume",
        metavar="TRACE",
        help="go on with the game of TRACE where it stopped (its inputs replayed), appending to it",
    )


def url_problem(url):
    """What is wrong with a socket:// or rfc2217:// URL's host:port, or None
    (pyserial would only wait on it, saying something obscure)."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(url)
    except ValueError as e:  # "hwgrep://[": a bracket urlsplit takes for IPv6
        parts = None
        scheme = url.partition("://")[0]
        if scheme in ("socket", "rfc2217"):
            return "not a URL (%s)" % e
    if parts is None or parts.scheme not in ("socket", "rfc2217"):
        return None
    try:
        port = parts.port
    except ValueError:
        port = -1
    if not parts.hostname or port is None or not 0 < port < 65536:
        return "a %s:// URL names a host and a port from 1 to 65535, e.g. %s://localhost:7000" % (
            parts.scheme,
            parts.scheme,
        )
    return None


def one_line(text):
    """A tool's many-line failure as one line: its first and its last (the error itself)."""
    lines = [x.strip() for x in str(text).splitlines() if x.strip()]
    if len(lines) <= 1:
        return lines[0] if lines else ""
    return "%s %s" % (lines[0], lines[-1])


def seed_of(args):
    if args.seed is not None:
        return args.seed
    import time

    return int(time.time()) % 100000


def board_trace(args, say=print):
    """(seed, the trace's stream or None, a hal.resume.Resumed or None) of a
    board command's --seed, --trace and --resume; Refused if they cannot be.
    `say` gets the resume's notes (a torn line, a press left out)."""
    path = getattr(args, "resume", None)
    if not path:
        return seed_of(args), open_trace(args), None
    if getattr(args, "trace", None) and os.path.abspath(args.trace) != os.path.abspath(path):
        raise Refused("--resume %s goes on writing that trace: --trace %s names another" % (path, args.trace))
    from hal.resume import ResumeError, resume

    try:
        resumed, stream = resume(path)
    except ResumeError as e:
        raise Refused(str(e)) from None
    if args.seed is not None and args.seed != resumed.seed:
        stream.close()
        raise Refused("--seed %d: the game of %s has the seed %d (leave --seed out)" % (args.seed, path, resumed.seed))
    for note in resumed.notes:
        say("clue-fx: " + note)
    return resumed.seed, stream, resumed


def open_trace(args):
    if not getattr(args, "trace", None):
        return None
    return new_trace(args.trace)


def new_trace(path):
    """A hal.trace.TraceFile for a new game at `path`, never overwriting one:
    Refused if the file already holds something (one file, one game: replay
    and --resume read one seed and one game from the top)."""
    from hal.trace import TraceFile

    try:
        # 0600: the web seats' codes are in it, for the owner's eyes alone
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    except OSError as e:
        raise Refused("cannot write the trace %s: %s" % (path, e.strerror or e)) from None
    from hal.files import Locked, lock

    st = os.fstat(fd)
    if stat.S_ISREG(st.st_mode) and st.st_size > 0:
        os.close(fd)
        raise Refused(
            "the trace %s already holds a game: go on with it (--resume %s) or name another file" % (path, path)
        )
    f = os.fdopen(fd, "w", encoding="utf-8")
    try:
        lock(f, path)  # one game at a time writes it: a second clue-fx given the same new file is refused
    except Locked as e:
        f.close()
        raise Refused("cannot write the trace %s: %s" % (path, e.strerror)) from None
    return TraceFile(f, path)


def interrupt_on_sigterm():
    """`kill` (SIGTERM) ends a command as Ctrl-C does, so it closes cleanly
    (SDL, once pygame's mixer is up, turns SIGTERM into an event nobody reads)."""
    import signal

    def interrupted(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, interrupted)


def keep_layout(p):
    """Show the command's description as written (its examples laid out)."""
    p.formatter_class = argparse.RawDescriptionHelpFormatter
