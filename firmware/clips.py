"""Every clip the narrator can play, numbered 1..N: the number is the clip's
id in sounds/manifest.json and its track on a DFPlayer-style module.

The clips come in groups, in this order; a clip's name is its group and its
id (guest.COMTE, place.ECURIE, phrase.greeting; the Inspecteur's name is
just "inspecteur"):

    jingle.*   the greeting jingle, the win fanfare, the wrong-accusation sting
    guest.X    the 4 guests          suspect.X  the 8 suspects   inspecteur
    place.X    "the stables"         at.X       "at the stables"
    sfx.X      the place's sound     phrase.*   phrase pieces    word.*  joining words
    phrase.*   more phrase pieces (added later, so numbered after word.*)
    dupont.X   the 4 guests' names in the Inspecteur's own voice
    phrase.*   more phrase pieces (issue 29: several found, leaves and arrives, stay to accuse;
               issue 38: two found, appended to the last group)

Numbers are computed from the groups, not stored: no table of names is
built at import, which keeps the board's heap small. New clips go at the
end (a new group after the last, which may reuse a group's name, or the
last group made longer), so that numbers never move. Every clip's name in
number order is firmware.clipnames.names(), which the board itself never
imports.
"""

from .board import GUESTS, PLACES, SUSPECTS

JINGLES = ("greeting", "win", "wrong")
PHRASES = (
    "greeting", "remove_pawns", "are_you_playing", "need_two", "welcome",
    "your_turn", "hurry", "same_place", "already_moved", "not_a_place",
    "you_meet", "no_suspect", "inspecteur_here", "you_find", "nobody_hiding",
    "move_first", "already_searched", "inspecteur_not_here", "confirm_accusation",
    "found_inspecteur", "accusation", "right", "wrong", "last_guest", "game_over",
    "battery_low", "battery_empty", "sleep",
)
WORDS = ("and", "leaves", "arrives")
LATER_PHRASES = ("joined", "pawns_on_start", "cancelled", "heading_for")
MORE_PHRASES = ("several_hiding", "and_arrives", "stay_to_accuse", "two_hiding")

_GROUPS = (
    ("jingle", JINGLES),
    ("guest", GUESTS),
    ("suspect", SUSPECTS),
    ("inspecteur", ("",)),
    ("place", PLACES),
    ("at", PLACES),
    ("sfx", PLACES),
    ("phrase", PHRASES),
    ("word", WORDS),
    ("phrase", LATER_PHRASES),
    ("dupont", GUESTS),
    ("phrase", MORE_PHRASES),
)


def number(name):
    """The clip number of `name`; KeyError for a clip that does not exist."""
    dot = name.find(".")
    group, what = (name, "") if dot < 0 else (name[:dot], name[dot + 1:])
    first = 1
    for g, ids in _GROUPS:
        if g == group and what in ids:
            return first + ids.index(what)
        first += len(ids)
    raise KeyError(name)


def first(group):
    """The number of the first clip of `group` ("guest", "place", ...)."""
    start = 1
    for g, ids in _GROUPS:
        if g == group:
            return start
        start += len(ids)
    raise KeyError(group)
