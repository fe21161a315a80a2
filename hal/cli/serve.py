"""Run the firmware for a touch rig on a serial line (CFX/1).

The rig reports pads, buttons, the switch and the batteries; this host turns
its lines into firmware events, feeds the clock, and speaks: on this
computer's speakers (--audio host), on the rig's speaker (--audio rig: PLAY,
STOP, then DONE), or as captions only (--audio none). It pings a silent rig,
notices a port that vanished, keeps the game and carries on when the rig
returns. Any pyserial URL names the port: /dev/ttyACM0, COM3,
socket://host:port, rfc2217://host:port, loop://.

    clue-fx serve --port /dev/ttyACM0 --audio host --edition fr --trace game.jsonl
    clue-fx serve --port /dev/ttyACM0 --resume game.jsonl     # after a crash: the game goes on
"""

import argparse
import sys

from hal.cfx.link import PING_MS, PINGS_LOST

from . import options


def add_arguments(p):
    options.keep_layout(p)
    p.add_argument(
        "--port",
        required=True,
        metavar="URL",
        help="the rig's serial port: a device (/dev/ttyACM0, COM3) or a pyserial URL "
        "(socket://host:port, rfc2217://host:port, loop://)",
    )
    p.add_argument("--baud", type=options.baud_arg, default=115200, help="baud rate (default 115200)")
    p.add_argument(
        "--audio",
        type=lambda value: "none" if value == "silent" else value,  # the window's word for it
        choices=("host", "rig", "none"),
        default="host",
        help="where Edmond speaks: this computer (host, the default), the rig's speaker "
        "(rig: PLAY/STOP, waits for DONE), or captions only (none, or silent as the window says)",
    )
    options.add_board_options(p)
    options.add_voices_option(p)
    p.add_argument(
        "--ping-ms",
        type=ping_ms_arg,
        default=PING_MS,
        metavar="MS",
        help="ping a rig silent this long; %d pings unanswered and it is gone (default %d)" % (PINGS_LOST, PING_MS),
    )
    g = p.add_mutually_exclusive_group()
    g.add_argument("--quiet", action="store_true", help="print only the link's news and errors")
    g.add_argument(
        "--verbose",
        "-v",
        action="count",
        default=0,
        help="also print sentence keys and dropped lines; twice: every line both ways",
    )


def ping_ms_arg(value):
    try:
        ms = int(value)
    except ValueError:
        why = "--ping-ms is a whole number of ms, e.g. %d, not %r" % (PING_MS, value)
        raise argparse.ArgumentTypeError(why) from None
    if not 100 <= ms <= 3_600_000:
        raise argparse.ArgumentTypeError("--ping-ms is from 100 ms to an hour (3600000), not %s" % value)
    return ms


def make_audio(lang, notice, voices=None):
    """hal.audio.AudioOut on this computer, or None when it cannot start."""
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # the console is the game's
    from hal import captions
    from hal.audio import AudioOut

    try:
        return AudioOut(captions.load(lang), backend="auto", notice=notice, voices=voices)
    except Exception as e:  # no mixer, no device: the game goes on in captions
        notice("no sound (%s): captions only" % e)
        return None


def run(args):
    from hal import captions
    from hal.cfx import port
    from hal.cfx.serve import Serve
    from hal.compose import serial_host
    from hal.console import Console

    try:
        why = options.url_problem(args.port) or port.not_a_port(args.port)
    except Exception as e:  # hwgrep:// matching nothing: pyserial's SerialException
        why = "%s (plug the rig in first, or name its device)" % e
    if why is not None:  # a URL no handler takes: waiting would not help
        print("clue-fx serve: %s is not a port: %s" % (args.port, why))
        return 2
    lang, voices = options.edition_and_voices(args)

    def write(line):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    seed, trace, resumed = options.board_trace(args, say=write)

    console = Console(captions.load(lang), write, stamp=True, keys=args.verbose > 0)
    console.quiet = args.quiet  # only the link's news: no events, no sentences
    speaker = make_audio(lang, write, voices) if args.audio == "host" else None
    # SDL (pygame's mixer) turns SIGTERM into a window event nobody reads: take it back.
    options.interrupt_on_sigterm()
    host = serial_host(console, audio=args.audio, speaker=speaker, seed=seed, trace=trace, resumed=resumed,
                       verbose=args.verbose, ping_ms=args.ping_ms)  # fmt: skip
    board, speaker = host.board, host.desk.speaker
    write("clue-fx serve: seed %d, edition %s, audio %s, port %s" % (seed, lang, args.audio, args.port))
    if resumed is not None:
        write("clue-fx serve: the game goes on: %d inputs replayed from %s" % (resumed.inputs, args.resume))
    loop = Serve(args.port, host, baudrate=args.baud)
    try:
        return loop.run()
    except port.PortBusy as e:
        print("clue-fx serve: %s is %s; stop it or give another --port" % (args.port, e.why), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 0
    finally:
        board.close()
        if speaker is not None:
            speaker.close()
