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
    p.add_argument(
        "--table",
        action="store_true",
        help="play without the cards: the digital card table deals, opens the suspect cases, "
        "refutes hypotheses and checks accusations (hot-seat screens, detective sheets)",
    )
    p.add_argument(
        "--bots",
        type=bots_arg,
        default={},
        metavar="GUEST[:LEVEL],...",
        help="bot guests, e.g. LAVANDE,AZUR:easy (levels easy, medium, hard; default hard); implies --table",
    )
    p.add_argument(
        "--hints",
        action="store_true",
        help="with the card table: the detective sheets mark the cards that can still be in the confidential case",
    )


def bots_arg(value):
    """'LAVANDE,AZUR:easy' -> {'LAVANDE': 'hard', 'AZUR': 'easy'}."""
    import argparse

    from firmware.board import GUESTS

    levels = ("easy", "medium", "hard")
    bots = {}
    for item in value.split(","):
        guest, _, level = item.strip().upper().partition(":")
        level = level.lower() or "hard"
        if guest not in GUESTS:
            raise argparse.ArgumentTypeError("unknown guest %r: guests are %s" % (guest, ", ".join(GUESTS)))
        if level not in levels:
            raise argparse.ArgumentTypeError("unknown bot level %r: levels are %s" % (level, ", ".join(levels)))
        if guest in bots:
            raise argparse.ArgumentTypeError("%s is named twice" % guest)
        bots[guest] = level
    return bots
