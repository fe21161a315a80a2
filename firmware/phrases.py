"""The sentence builder: a sentence key and its ids -> a `Say` whose clips
speak it (DESIGN.md, Sentence keys). Clip order is the same in every
edition: the captions of tools/build_manifest.py are written to fit it."""

from .actions import Say
from .board import GUESTS, INSPECTEUR, PLACES, SUSPECTS
from .clips import first, number

# Every sentence: key -> its clip names (turned into numbers once, below).
# A sentence without ids is these clips; one with ids is built around them
# by its shape (_SHAPES, below: the names and places go between).
_CLIPS = {
    "power.greeting": ("jingle.greeting", "phrase.greeting"),
    "power.remove_pawns": ("phrase.remove_pawns",),
    "power.sleep": ("phrase.sleep",),
    "rollcall.need_two": ("phrase.need_two",),
    "move.same_place": ("phrase.same_place",),
    "move.stay_to_accuse": ("phrase.stay_to_accuse",),
    "move.already_moved": ("phrase.already_moved",),
    "move.not_a_place": ("phrase.not_a_place",),
    "turn.move_first": ("phrase.move_first",),
    "search.already": ("phrase.already_searched",),
    "accuse.not_here": ("phrase.inspecteur_not_here",),
    "accuse.confirm": ("phrase.confirm_accusation",),
    "accuse.found_inspecteur": ("phrase.found_inspecteur",),
    "accuse.announce": ("phrase.accusation",),
    "accuse.cancelled": ("phrase.cancelled",),
    "game.over": ("phrase.game_over",),
    "battery.low": ("phrase.battery_low",),
    "battery.empty": ("phrase.battery_empty",),
    # with ids
    "rollcall.ask": ("phrase.are_you_playing",),
    "rollcall.joined": ("phrase.joined",),
    "turn.call": ("phrase.your_turn",),
    "turn.hurry": ("phrase.hurry",),
    "game.last_guest": ("phrase.last_guest",),
    "accuse.right": ("jingle.win", "phrase.right"),
    "accuse.wrong": ("jingle.wrong", "phrase.wrong"),
    "rollcall.welcome": ("phrase.welcome", "phrase.pawns_on_start"),
    "place.enter": ("phrase.you_meet", "phrase.no_suspect", "phrase.inspecteur_here"),
    "search.result": ("phrase.nobody_hiding", "phrase.you_find", "phrase.two_hiding", "phrase.several_hiding"),
    "move.leaves": ("word.leaves",),
    "move.arrives": ("word.arrives",),
    "move.heads": ("word.leaves", "phrase.heading_for"),
    "move.leaves_arrives": ("word.leaves", "phrase.and_arrives"),
}
for _key in list(_CLIPS):
    _CLIPS[_key] = tuple(number(n) for n in _CLIPS[_key])

_GUEST = first("guest")
_DUPONT = first("dupont")  # the guests' names in the Inspecteur's voice
_SUSPECT = first("suspect")
_INSPECTEUR = number("inspecteur")
_PLACE = first("place")
_AT = first("at")
_AND = number("word.and")


def _guest(g, first=_GUEST):
    return first + GUESTS.index(g)


def _who(who):
    return _INSPECTEUR if who == INSPECTEUR else _SUSPECT + SUSPECTS.index(who)


def _listed(out, names, clip_of):
    """A, B and C: appends to `out` the clip of each name, "and" before the last."""
    count = len(names)
    for i in range(count):
        if i and i == count - 1:
            out.append(_AND)
        out.append(clip_of(names[i]))
    return out


def say(key, args=None):
    """The `Say` for sentence `key` with ids `args` (a dict; None for a
    sentence without ids)."""
    clips = _CLIPS.get(key)
    if clips is None:
        raise ValueError("no sentence %r" % (key,))
    if not args:
        return Say(key, {}, clips)
    return Say(key, args, _SHAPES[key](args, clips))  # Say makes a tuple of a list


# The sentences with ids, one shape each: `parts` are the sentence's own clips
# (_CLIPS), the names and places go between. A table, not a chain of tests:
# on a board each test of the key costs as much as a table lookup. A shape
# of fixed length gives its tuple at once (no list made, then copied).


def _about_guest(args, parts):
    return (_guest(args["guest"]), parts[0])


def _verdict(args, parts):  # the Inspecteur's: his own copy of the name
    return (parts[0], _guest(args["guest"], _DUPONT), parts[1])


def _welcome(args, parts):
    out = _listed([parts[0]], args["guests"], _guest)
    out.append(parts[1])
    return out


def _place_enter(args, parts):
    out = [_AT + PLACES.index(args["place"])]
    suspects = args["suspects"]
    if suspects:
        out.append(parts[0])
        _listed(out, suspects, _who)
    else:
        out.append(parts[1])
    if args["inspecteur"]:
        out.append(parts[2])
    return out


def _search_result(args, parts):
    found = list(args["suspects"])
    if args["inspecteur"]:
        found.append(INSPECTEUR)
    count = len(found)
    if not count:
        return (parts[0],)
    # by the count: "Someone was hiding here:", "Two people were hiding
    # here:", then "Several people were hiding here:" for three or more
    return _listed([parts[min(count, 3)]], found, _who)


def _leaves(args, parts):
    return (_who(args["who"]), parts[0], _PLACE + PLACES.index(args["place"]))


def _heads(args, parts):  # the Inspecteur leaves `place`, heading for `to`
    return (
        _who(args["who"]), parts[0], _PLACE + PLACES.index(args["place"]),
        parts[1], _PLACE + PLACES.index(args["to"]),
    )  # fmt: skip


def _leaves_arrives(args, parts):  # both ends in view: "leaves the garage and arrives at the kiosk"
    return (
        _who(args["who"]), parts[0], _PLACE + PLACES.index(args["place"]),
        parts[1], _AT + PLACES.index(args["to"]),
    )  # fmt: skip


def _arrives(args, parts):
    return (_who(args["who"]), parts[0], _AT + PLACES.index(args["place"]))


_SHAPES = {
    "rollcall.ask": _about_guest,
    "rollcall.joined": _about_guest,
    "turn.call": _about_guest,
    "turn.hurry": _about_guest,
    "game.last_guest": _about_guest,
    "accuse.right": _verdict,
    "accuse.wrong": _verdict,
    "rollcall.welcome": _welcome,
    "place.enter": _place_enter,
    "search.result": _search_result,
    "move.leaves": _leaves,
    "move.heads": _heads,
    "move.leaves_arrives": _leaves_arrives,
    "move.arrives": _arrives,
}
