"""A virtual touch rig speaking CFX/1: the board's pads, buttons, switch and
batteries in software, on a pty it creates (it prints the path to give
`clue-fx serve --port`) or on a serial URL. Keys press pads and buttons, as
in `clue-fx play --text`. Faults on demand, for reliability tests: lines
dropped, corrupted or duplicated at random rates, a reboot, an unplug.

    clue-fx rig                      # prints: rig on /tmp/clue-fx-rig-1234/tty
    clue-fx serve --port /tmp/clue-fx-rig-1234/tty --audio rig
"""

import argparse

from hal.cfx.rig_core import FEATURES

from . import options


def add_arguments(p):
    options.keep_layout(p)
    p.add_argument(
        "--port",
        metavar="URL",
        help="speak on this serial port or pyserial URL instead of a new pty "
        "(e.g. one end of a socat pair, or rfc2217://host:port)",
    )
    p.add_argument("--link", metavar="PATH", help="where to put the pty's path (default: a new temp dir)")
    p.add_argument("--name", default="virtual-rig", help="the rig's name in its HELLO")
    p.add_argument(
        "--features",
        default=",".join(FEATURES),
        help="the features it announces (default %(default)s); leave out debounced to "
        "make the host debounce, audio to have no speaker",
    )
    p.add_argument("--clip-ms", type=int, default=400, help="how long each clip 'plays' (default 400)")
    for name in ("drop", "corrupt", "duplicate"):
        p.add_argument(
            "--" + name,
            type=_rate,
            default=0.0,
            metavar="RATE",
            help="%s this share of the lines it sends (0..1)" % name,
        )
    p.add_argument("--seed", type=int, default=None, help="seed of the faults' dice")
    p.add_argument("--quiet", action="store_true", help="do not print the lines")
    options.add_edition_option(p)  # the PLAY lines it prints show what their clips say


def _rate(text):
    try:
        value = float(text)
    except ValueError:
        value = -1
    if not 0 <= value <= 1:
        raise argparse.ArgumentTypeError("a rate is a number from 0 to 1, got %r" % text)
    return value


def run(args):
    import sys
    import threading

    from hal import captions
    from hal.cfx import keys, virtual

    if sys.stdin is None:  # `<&-`: its keys are read there
        print("clue-fx rig: standard input is closed: the rig reads its keys there (a terminal or a pipe)",
              file=sys.stderr)  # fmt: skip
        return 2

    def write(line):
        print(line, flush=True)

    rig = virtual.VirtualRig(
        url=args.port,
        link=args.link,
        echo=None if args.quiet else keys.echo_to(write, captions.load(options.edition_of(args))),
        name=args.name,
        features=tuple(f for f in args.features.split(",") if f),
        clip_ms=args.clip_ms,
        drop=args.drop,
        corrupt=args.corrupt,
        duplicate=args.duplicate,
        seed=args.seed,
    )
    try:
        rig.start()
    except Exception as e:  # a port pyserial cannot open, a --link path that cannot be made
        if args.port is None:
            why = getattr(e, "strerror", None) or e
            print("clue-fx rig: cannot make the pty at %s: %s" % (args.link or "a new temp dir", why))
        else:
            print("clue-fx rig: cannot open %s: %s" % (args.port, e))
        return 2
    options.interrupt_on_sigterm()  # kill: unplug cleanly all the same
    write("rig on %s" % rig.path)
    write(keys.KEYS_HELP)
    pressed = keys.Keys(rig, write)
    try:
        for ch in keys.read_keys(sys.stdin):
            if not pressed.key(ch):
                break
        else:
            threading.Event().wait()  # the keys' pipe ended: the rig serves on until Ctrl-C or SIGTERM
    except KeyboardInterrupt:
        pass
    finally:
        rig.close()
    return 0
