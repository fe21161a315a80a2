"""The sentence builder: a sentence key and its ids -> a `Say` whose clips
speak it (DESIGN.md, Sentence keys). Clip order is the same in every
edition: the captions of tools/build_manifest.py are written to fit it."""

from .actions import Say
from .board import GUESTS, INSPECTEUR, PLACES, SUSPECTS
from .clips import first, number

# Sentences without ids: key -> clip names (turned into numbers once, below).
_PLAIN = {
    "power.greeting": ("jingle.greeting", "phrase.greeting"),
    "power.remove_pawns": ("phrase.remove_pawns",),
    "power.sleep": ("phrase.sleep",),
    "rollcall.need_two": ("phrase.need_two",),
    "move.same_place": ("phrase.same_place",),
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
}

# Sentences with ids: key -> the clips that go around the names.
_PARTS = {
    "rollcall.ask": ("phrase.are_you_playing",),
    "rollcall.joined": ("phrase.joined",),
    "turn.call": ("phrase.your_turn",),
    "turn.hurry": ("phrase.hurry",),
    "game.last_guest": ("phrase.last_guest",),
    "accuse.right": ("jingle.win", "phrase.right"),
    "accuse.wrong": ("jingle.wrong", "phrase.wrong"),
    "rollcall.welcome": ("phrase.welcome", "phrase.pawns_on_start"),
    "place.enter": ("phrase.you_meet", "phrase.no_suspect", "phrase.inspecteur_here"),
    "search.result": ("phrase.you_find", "phrase.nobody_hiding"),
    "move.leaves": ("word.leaves",),
    "move.arrives": ("word.arrives",),
    "move.heads": ("word.leaves", "phrase.heading_for"),
}
for _table in (_PLAIN, _PARTS):
    for _key in list(_table):
        _table[_key] = tuple(number(n) for n in _table[_key])

_GUEST = first("guest")
_DUPONT = first("dupont")  # the guests' names in the Inspecteur's voice
_SUSPECT = first("suspect")
_INSPECTEUR = number("inspecteur")
_PLACE = first("place")
_AT = first("at")
_AND = number("word.and")
_ABOUT_GUEST = ("rollcall.ask", "rollcall.joined", "turn.call", "turn.hurry", "game.last_guest")


def _guest(g, first=_GUEST):
    return first + GUESTS.index(g)


def _who(who):
    return _INSPECTEUR if who == INSPECTEUR else _SUSPECT + SUSPECTS.index(who)


def _listed(clips, count):
    """A, B and C: the clips of `count` names, "and" before the last."""
    out = []
    for i in range(count):
        if i and i == count - 1:
            out.append(_AND)
        out.append(clips[i])
    return out


def say(key, args=None):
    """The `Say` for sentence `key` with ids `args` (a dict, or None)."""
    args = args or {}
    clips = _PLAIN.get(key)
    if clips is None:
        parts = _PARTS.get(key)
        if parts is None:
            raise ValueError("no sentence %r" % (key,))
        clips = tuple(_build(key, args, parts))
    return Say(key, args, clips)


def _build(key, args, parts):
    if key in _ABOUT_GUEST:
        return [_guest(args["guest"]), parts[0]]
    if key in ("accuse.right", "accuse.wrong"):  # the Inspecteur's: his own copy of the name
        return [parts[0], _guest(args["guest"], _DUPONT), parts[1]]
    if key == "rollcall.welcome":
        guests = args["guests"]
        return [parts[0]] + _listed([_guest(g) for g in guests], len(guests)) + [parts[1]]
    if key == "place.enter":
        out = [_AT + PLACES.index(args["place"])]
        suspects = args["suspects"]
        if suspects:
            out.append(parts[0])
            out.extend(_listed([_who(s) for s in suspects], len(suspects)))
        else:
            out.append(parts[1])
        if args["inspecteur"]:
            out.append(parts[2])
        return out
    if key == "search.result":
        found = [_who(s) for s in args["suspects"]]
        if args["inspecteur"]:
            found.append(_INSPECTEUR)
        if not found:
            return [parts[1]]
        return [parts[0]] + _listed(found, len(found))
    if key == "move.leaves":
        return [_who(args["who"]), parts[0], _PLACE + PLACES.index(args["place"])]
    if key == "move.heads":  # the Inspecteur leaves `place`, heading for `to`
        return [_who(args["who"]), parts[0], _PLACE + PLACES.index(args["place"]),
                parts[1], _PLACE + PLACES.index(args["to"])]
    # move.arrives
    return [_who(args["who"]), parts[0], _AT + PLACES.index(args["place"])]
