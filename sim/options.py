"""Options of the desktop board (clue-fx play): kept apart from the window
code so that `clue-fx --help` does not start pygame."""


def volume_arg(value):
    import argparse

    try:
        v = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError("the volume is a number from 0 to 1, not %r" % value) from None
    if not 0 <= v <= 1:
        raise argparse.ArgumentTypeError("the volume is a number from 0 to 1, not %s" % value)
    return v


def millivolts_arg(value):
    import argparse

    try:
        mv = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError("batteries in whole millivolts, e.g. 4500, not %r" % value) from None
    if not 0 <= mv <= 5000:
        raise argparse.ArgumentTypeError("batteries from 0 to 5000 mV, not %s" % value)
    return mv


def add_arguments(p):
    p.add_argument("--volume", type=volume_arg, default=0.8, help="sound volume, 0 to 1 (default 0.8)")
    p.add_argument(
        "--audio",
        choices=("auto", "pygame", "simpleaudio", "silent"),
        default="auto",
        help="how to play sounds (default: pygame, then simpleaudio, then captions only)",
    )
    p.add_argument("--fullscreen", action="store_true", help="start full screen (F11 toggles)")
    p.add_argument(
        "--debug",
        action="store_true",
        help="start with the debug overlay: where every suspect and the Inspecteur really are (F3)",
    )
    p.add_argument(
        "--battery",
        type=millivolts_arg,
        default=4500,
        metavar="MV",
        help="the batteries' charge at start, in millivolts (default 4500; - and + change it)",
    )
    p.add_argument(
        "--selftest",
        action="store_true",
        help="first play every clip and light every pad and button, then the game",
    )
