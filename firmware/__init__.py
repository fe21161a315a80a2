"""The board's brain: a sans-I/O narrator that runs unchanged on CPython and
MicroPython. Events and the time in, actions out (DESIGN.md).

    board, rng, chances, power: ids, the seeded generator, the odds, power rules
    table: the transition table (states x presses)
    narrator: Narrator, the rules behind the table
    world, rounds: suspects on the ring; who plays next
    clips, phrases: the numbered clips and the sentence builder
    clipnames: every clip's name, for computers (the board never imports it)
    events, actions, value: what comes in, what goes out, and their base
"""

from . import actions, events
from .narrator import Narrator

__all__ = ["Narrator", "actions", "events"]
