"""Read a board's touch electrodes and suggest thresholds (hal/mcu/config.py).

The board must have been flashed (`clue-fx flash`); its program is stopped
while the electrodes are read, through mpremote. With nothing on the board,
it measures each electrode's baseline and noise; with --pawns it then asks
you to rest a pawn on every pad and measures how far each one drops. It
prints TOUCH_THRESHOLD, RELEASE_THRESHOLD and BASELINES lines to paste into
your config.

  clue-fx calibrate --port /dev/ttyACM0 --pawns
"""

from hal.bringup.calibrate import report, suggest, survey
from hal.bringup.flash import DeployError, check_port

from . import options


def add_arguments(p):
    options.keep_layout(p)
    p.add_argument("--port", required=True, metavar="URL", help="the board's serial port (as for clue-fx flash)")
    p.add_argument(
        "--pawns",
        action="store_true",
        help="then measure again with a pawn resting on every pad (asks you to place them)",
    )
    p.add_argument("--samples", type=samples_arg, default=40, help="readings per electrode (default 40, 25 ms apart)")
    p.add_argument("--resume", action="store_true", help="do not soft-reset the board on connecting")


def samples_arg(value):
    import argparse

    try:
        n = int(value)
    except ValueError:
        n = 0
    if not 1 <= n <= 10000:
        raise argparse.ArgumentTypeError("--samples takes a number of readings from 1 to 10000, not %r" % value)
    return n


def run(args):
    try:
        check_port(args.port)  # nothing plugged in: one line, before anything else
        print("reading the electrodes with nothing on the board ...")
        rest = survey(args.port, args.resume, args.samples)
        pawns = None
        if args.pawns:
            input("rest a pawn on every pad (the 9 places and the 4 START squares), then press Enter ")
            pawns = survey(args.port, args.resume, args.samples)
    except (DeployError, ValueError) as e:
        print("clue-fx calibrate: %s" % options.one_line(e))
        return 1
    print(report(rest, pawns, suggest(rest, pawns)))
    return 0
