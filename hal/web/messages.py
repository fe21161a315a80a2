"""What a page may send the web board, checked before anything reads it:
one JSON object, a known kind for the page's role, each field of its type
and range. Anything else is answered in one line and changes nothing.

    kind, fields = parse('{"t": "press", "id": "ECURIE", "down": true}', "board")
    parse('{"t": "battery", "mv": "abc"}', "board")   # raises Bad("battery: mv is whole millivolts ...")

Roles: "board" (the screen that holds the board: hal.web.holders), "seat"
(a guest's phone), "viewer" (any other screen: it only watches, and may
type the board's code to take it), "tv" (a television showing the board
with its code: it only shows).
"""

import json

from firmware.board import BUTTONS, GUESTS, PADS, PLACES, SUSPECTS, WEAPONS

from ..desk import MAX_MV, MIN_MV
from ..trace import TOO_DEEP

SWITCH = "SWITCH"
INPUTS = PADS + BUTTONS + (SWITCH,)
CARDS = SUSPECTS + PLACES + WEAPONS


class Bad(ValueError):
    """A message refused: `text` is the one line the page is answered."""

    def __init__(self, text):
        super().__init__(text)
        self.text = text


def _one_of(choices, what):
    def check(value):
        if not isinstance(value, str) or value not in choices:
            raise Bad("%s is one of %s" % (what, ", ".join(choices)))
        return value

    return check


def _flag(what):
    def check(value):
        if not isinstance(value, bool):
            raise Bad("%s is true or false" % what)
        return value

    return check


def _millivolts(value):
    if not isinstance(value, int) or isinstance(value, bool) or not MIN_MV <= value <= MAX_MV:
        raise Bad("mv is whole millivolts from %d to %d" % (MIN_MV, MAX_MV))
    return value


def _code(value):
    if not isinstance(value, str) or len(value) > 32:
        raise Bad("code is the board's code as printed, e.g. K7QM-2XPA")
    return value


# role -> kind -> {field: check}
KINDS = {
    "board": {
        "press": {"id": _one_of(INPUTS, "id"), "down": _flag("down")},
        "audio": {"busy": _flag("busy")},
        "battery": {"mv": _millivolts},
        "bot": {"guest": _one_of(GUESTS, "guest")},  # a seat given to a bot
        "free": {"guest": _one_of(GUESTS, "guest")},  # a held seat freed (its phone died): a new code
    },
    "seat": {
        "hypothesis": {"suspect": _one_of(SUSPECTS, "suspect"), "weapon": _one_of(WEAPONS, "weapon")},
        "show": {"card": _one_of(CARDS, "card")},
        "accuse": {
            "suspect": _one_of(SUSPECTS, "suspect"),
            "place": _one_of(PLACES, "place"),
            "weapon": _one_of(WEAPONS, "weapon"),
        },
        "release": {},  # the guest hands the seat back
        "to_bot": {},  # the guest gives the seat to a bot
        "more_time": {"on": _flag("on")},  # the guest asks never to be offered to a bot (WCAG 2.2.1)
    },
    "viewer": {"take": {"code": _code}},  # the board's code typed on a watching screen
    "tv": {},
}
WHO = {"board": "the board", "seat": "a seat", "viewer": "a watching screen", "tv": "a television"}


def parse(text, role):
    """(kind, {field: value}) of a page's message; Bad when it is not one
    this role may send."""
    if not isinstance(text, str):
        raise Bad("messages are JSON text")
    try:
        m = json.loads(text)
    except (ValueError, TOO_DEEP):
        raise Bad("not a JSON message") from None
    if not isinstance(m, dict) or not isinstance(m.get("t"), str):
        raise Bad('a message is an object with its kind in "t"')
    kind = m["t"]
    allowed = KINDS[role]
    if kind not in allowed:
        if any(kind in k for k in KINDS.values()):
            raise Bad("%s: only %s may send it" % (kind, _who(kind)))
        raise Bad("unknown message %r" % kind[:40])
    fields = {}
    for name, check in allowed[kind].items():
        if name not in m:
            raise Bad("%s: %s is missing" % (kind, name))
        try:
            fields[name] = check(m[name])
        except Bad as e:
            raise Bad("%s: %s" % (kind, e.text)) from None
    return kind, fields


def _who(kind):
    return " or ".join(WHO[r] for r, k in KINDS.items() if kind in k)
