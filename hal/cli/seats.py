"""The card table's seats on the command line, shared by the desktop board
(clue-fx play) and the web board (clue-fx web).

    --bots LAVANDE,AZUR:easy   ->  bots_arg(...) == {"LAVANDE": "hard", "AZUR": "easy"}
    table_of(args)             ->  None (the paper cards) or {guest: level}
"""

import argparse

from firmware.board import GUESTS
from sim.bots.levels import SEAT_LEVELS


def bots_arg(value):
    """'LAVANDE,AZUR:easy' -> {'LAVANDE': 'hard', 'AZUR': 'easy'}."""
    bots = {}
    for item in value.split(","):
        guest, _, level = item.strip().upper().partition(":")
        level = level.lower() or "hard"
        if guest not in GUESTS:
            raise argparse.ArgumentTypeError("unknown guest %r: guests are %s" % (guest, ", ".join(GUESTS)))
        if level not in SEAT_LEVELS:
            raise argparse.ArgumentTypeError("unknown bot level %r: levels are %s" % (level, ", ".join(SEAT_LEVELS)))
        if guest in bots:
            raise argparse.ArgumentTypeError("%s is named twice" % guest)
        bots[guest] = level
    return bots


def table_of(args):
    """None for the paper cards, else {guest: level} of the card table's bots
    (--bots implies --table)."""
    bots = args.bots or {}
    return bots if (bots or args.table) else None
