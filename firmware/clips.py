"""Every clip the narrator can play, numbered 1..N in this order: the number
is the clip's id in sounds/manifest.json and its track on a DFPlayer-style
module. Append new clips at the end: numbers never move.

Names: guest.X, suspect.X, inspecteur (a name), place.X ("the stables"),
at.X ("at the stables"), sfx.X (the place's sound), jingle.*, phrase.*,
word.* (joining words). tools/build_manifest.py gives each its captions.
"""

from .board import GUESTS, PLACES, SUSPECTS

CLIPS = (
    ("jingle.greeting", "jingle.win", "jingle.wrong")
    + tuple("guest." + g for g in GUESTS)
    + tuple("suspect." + s for s in SUSPECTS)
    + ("inspecteur",)
    + tuple("place." + p for p in PLACES)
    + tuple("at." + p for p in PLACES)
    + tuple("sfx." + p for p in PLACES)
    + (
        "phrase.greeting",
        "phrase.remove_pawns",
        "phrase.are_you_playing",
        "phrase.need_two",
        "phrase.welcome",
        "phrase.your_turn",
        "phrase.hurry",
        "phrase.same_place",
        "phrase.already_moved",
        "phrase.not_a_place",
        "phrase.you_meet",
        "phrase.no_suspect",
        "phrase.inspecteur_here",
        "phrase.you_find",
        "phrase.nobody_hiding",
        "phrase.move_first",
        "phrase.already_searched",
        "phrase.inspecteur_not_here",
        "phrase.confirm_accusation",
        "phrase.found_inspecteur",
        "phrase.accusation",
        "phrase.right",
        "phrase.wrong",
        "phrase.last_guest",
        "phrase.game_over",
        "phrase.battery_low",
        "phrase.battery_empty",
        "phrase.sleep",
        "word.and",
        "word.leaves",
        "word.arrives",
    )
)

NUMBER = {}
for _i in range(len(CLIPS)):
    NUMBER[CLIPS[_i]] = _i + 1


def number(name):
    """The clip number of `name`; KeyError for a clip that does not exist."""
    return NUMBER[name]
