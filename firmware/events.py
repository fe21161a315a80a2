"""What the board tells the firmware: small value objects, checked where they
are built so that a bad id fails at the boundary, naming the valid ones.

`from_dict` / `as_dict` give the trace form (DESIGN.md, Traces).
"""

from .board import BUTTONS, PADS
from .value import Value
from .value import from_dict as _from_dict


class Event(Value):
    __slots__ = ()

    def __hash__(self):
        return hash((type(self).__name__,) + tuple(self.values()))


def _check(value, valid, what):
    if value not in valid:
        raise ValueError("unknown %s %r: valid %ss are %s" % (what, value, what, ", ".join(valid)))
    return value


class Switch(Event):
    """The ON/OFF switch moved to `on`."""

    __slots__ = ("on",)
    fields = ("on",)

    def __init__(self, on):
        if on is not True and on is not False:
            raise ValueError("Switch takes True or False, got %r" % (on,))
        self.on = on


class PadDown(Event):
    """A pawn (or a finger) pressed onto a pad."""

    __slots__ = ("pad",)
    fields = ("pad",)

    def __init__(self, pad):
        self.pad = _check(pad, PADS, "pad")


class PadUp(Event):
    __slots__ = ("pad",)
    fields = ("pad",)

    def __init__(self, pad):
        self.pad = _check(pad, PADS, "pad")


class ButtonDown(Event):
    __slots__ = ("button",)
    fields = ("button",)

    def __init__(self, button):
        self.button = _check(button, BUTTONS, "button")


class ButtonUp(Event):
    __slots__ = ("button",)
    fields = ("button",)

    def __init__(self, button):
        self.button = _check(button, BUTTONS, "button")


class Battery(Event):
    """A reading of the batteries, in millivolts."""

    __slots__ = ("millivolts",)
    fields = ("millivolts",)

    def __init__(self, millivolts):
        if not isinstance(millivolts, int) or isinstance(millivolts, bool) or millivolts < 0:
            raise ValueError("Battery takes whole millivolts >= 0, got %r" % (millivolts,))
        self.millivolts = millivolts


class Tick(Event):
    """Time passes; the firmware learns the time from every event's now_ms."""

    __slots__ = ()


class AudioDone(Event):
    """The speaker finished everything it was given."""

    __slots__ = ()


TYPES = (Switch, PadDown, PadUp, ButtonDown, ButtonUp, Battery, Tick, AudioDone)


def from_dict(d):
    """The event of a trace line's ``"in"`` object; ValueError if it is not one."""
    return _from_dict(d, TYPES, "event")
