"""Edges and events: the one conversion between an input's change and the
firmware's event, for every board kind (keys, clicks, rig lines, pins).

    event_of("PAD", "ECURIE", True)   -> PadDown('ECURIE')
    edge_of(ButtonUp("YES"))          -> ("BTN", "YES", False)
    edge_of(Battery(4500))            -> None  (not an input edge)
    tap("PAD", "ECURIE")              -> [PadDown('ECURIE'), PadUp('ECURIE')]
    battery(4500)                     -> Battery(4500)

Kept small: the board's standalone program imports it (hal.desk); a
reading of an event for people is hal.console.describe.

Kinds are the words of CFX/1 (PROTOCOL.md): PAD, BTN, SW (the switch's id
is ""). A bad id raises the firmware's ValueError naming the valid ones.
"""

from firmware import events

PAD = "PAD"
BTN = "BTN"
SW = "SW"
KINDS = (PAD, BTN, SW)

_DOWN = {events.PadDown: (PAD, True), events.ButtonDown: (BTN, True)}
_UP = {events.PadUp: (PAD, False), events.ButtonUp: (BTN, False)}


def event_of(kind, ident, down):
    """The firmware event of an edge: `down` is pressed (or ON for SW)."""
    if kind == PAD:
        return events.PadDown(ident) if down else events.PadUp(ident)
    if kind == BTN:
        return events.ButtonDown(ident) if down else events.ButtonUp(ident)
    if kind == SW:
        return events.Switch(bool(down))
    raise ValueError("unknown kind of input %r: the kinds are %s" % (kind, ", ".join(KINDS)))


def edge_of(event):
    """(kind, id, down) of an input event; None for Battery, Tick, AudioDone."""
    cls = type(event)
    if cls in _DOWN:
        kind, down = _DOWN[cls]
    elif cls in _UP:
        kind, down = _UP[cls]
    elif cls is events.Switch:
        return (SW, "", event.on)
    else:
        return None
    return (kind, event.pad if kind == PAD else event.button, down)


def battery(millivolts):
    """A battery reading, from a rig's BAT line or a desktop gauge."""
    return events.Battery(millivolts)


def tap(kind, ident):
    """A pawn or a finger put down and lifted: the two events, in order."""
    return [event_of(kind, ident, True), event_of(kind, ident, False)]
