"""The sentence builder: a sentence key and its ids -> a `Say` whose clips
speak it (DESIGN.md, Sentence keys). Clip order is the same in every
edition: the captions of tools/build_manifest.py are written to fit it."""

from .actions import Say
from .board import INSPECTEUR
from .clips import NUMBER

# Sentences without ids: key -> clip names.
_FIXED = {
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
    "game.over": ("phrase.game_over",),
    "battery.low": ("phrase.battery_low",),
    "battery.empty": ("phrase.battery_empty",),
}

# Sentences about one guest: key -> clips after the guest's name.
_ABOUT_GUEST = {
    "rollcall.ask": ("phrase.are_you_playing",),
    "turn.call": ("phrase.your_turn",),
    "turn.hurry": ("phrase.hurry",),
    "game.last_guest": ("phrase.last_guest",),
}


def _name(who):
    return "inspecteur" if who == INSPECTEUR else "suspect." + who


def _names(whos):
    """A, B and C: the clip names of a list of suspects (or the Inspecteur)."""
    out = []
    for i in range(len(whos)):
        if i and i == len(whos) - 1:
            out.append("word.and")
        out.append(_name(whos[i]))
    return out


def say(key, args=None):
    """The `Say` for sentence `key` with ids `args` (a dict, or None)."""
    args = args or {}
    names = _FIXED.get(key)
    if names is None:
        names = _build(key, args)
    clips = tuple(NUMBER[n] for n in names)
    return Say(key, args, clips)


def _build(key, args):
    if key in _ABOUT_GUEST:
        return ("guest." + args["guest"],) + _ABOUT_GUEST[key]
    if key == "accuse.right":
        return ("jingle.win", "guest." + args["guest"], "phrase.right")
    if key == "accuse.wrong":
        return ("jingle.wrong", "guest." + args["guest"], "phrase.wrong")
    if key == "rollcall.welcome":
        guests = args["guests"]
        out = ["phrase.welcome"]
        for i in range(len(guests)):
            if i and i == len(guests) - 1:
                out.append("word.and")
            out.append("guest." + guests[i])
        return out
    if key == "place.enter":
        out = ["at." + args["place"]]
        if args["suspects"]:
            out.append("phrase.you_meet")
            out.extend(_names(args["suspects"]))
        else:
            out.append("phrase.no_suspect")
        if args["inspecteur"]:
            out.append("phrase.inspecteur_here")
        return out
    if key == "search.result":
        found = list(args["suspects"])
        if args["inspecteur"]:
            found.append(INSPECTEUR)
        if not found:
            return ("phrase.nobody_hiding",)
        return ["phrase.you_find"] + _names(found)
    if key == "move.leaves":
        return (_name(args["who"]), "word.leaves", "place." + args["place"])
    if key == "move.arrives":
        return (_name(args["who"]), "word.arrives", "at." + args["place"])
    raise ValueError("no sentence %r" % (key,))
