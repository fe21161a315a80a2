"""Run the firmware for a touch rig on a serial line (CFX/1).

The rig reports pads, buttons, the switch and the batteries; this host turns
its lines into firmware events, feeds the clock, and speaks: on this
computer's speakers (--audio host), on the rig's speaker (--audio rig: PLAY,
STOP, then DONE), or as captions only (--audio none). It pings a silent rig,
notices a port that vanished, keeps the game and carries on when the rig
returns. Any pyserial URL names the port: /dev/ttyACM0, COM3,
socket://host:port, rfc2217://host:port, loop://.

    clue-fx serve --port /dev/ttyACM0 --audio host --lang fr --trace game.jsonl
"""

import sys

from hal.cfx.host import PING_MS, PINGS_LOST

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
    p.add_argument("--baud", type=int, default=115200, help="baud rate (default 115200)")
    p.add_argument(
        "--audio",
        choices=("host", "rig", "none"),
        default="host",
        help="where Edmond speaks: this computer (host, the default), the rig's speaker "
        "(rig: PLAY/STOP, waits for DONE), or captions only (none)",
    )
    options.add_board_options(p)
    p.add_argument(
        "--ping-ms",
        type=int,
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


def _interrupted(signum, frame):
    raise KeyboardInterrupt


def run(args):
    import serial

    from hal.cfx import serve

    try:
        serial.serial_for_url(args.port, do_not_open=True)
    except ValueError as e:  # a URL no handler takes: waiting would not help
        print("clue-fx serve: %s is not a port: %s" % (args.port, e))
        return 2
    seed = options.seed_of(args)
    lang = args.lang or options.default_lang()
    quiet = args.quiet

    def console(line):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    audio_out = serve.make_audio(lang, console) if args.audio == "host" else None
    import signal

    # SDL (pygame's mixer) turns SIGTERM into a window event nobody reads: take it back.
    signal.signal(signal.SIGTERM, _interrupted)
    trace = options.open_trace(args)
    host = serve.Host(
        seed=seed,
        lang=lang,
        audio=args.audio,
        trace=trace,
        console=console,
        verbose=args.verbose,
        audio_out=audio_out,
        quiet=quiet,
        ping_ms=args.ping_ms,
    )
    console("clue-fx serve: seed %d, edition %s, audio %s, port %s" % (seed, lang, args.audio, args.port))
    loop = serve.Serve(args.port, host, baudrate=args.baud)
    try:
        return loop.run()
    except KeyboardInterrupt:
        return 0
    finally:
        host.board.close()
        if audio_out is not None:
            audio_out.close()
