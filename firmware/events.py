"""What the board tells the firmware: small value objects, checked where they
are built so that a bad id fails at the boundary, naming the valid ones.

`from_dict` / `as_dict` give the trace form (DESIGN.md, Traces).
"""

from .board import BUTTONS, PADS


class Event:
    __slots__ = ()
    fields = ()

    def __eq__(self, other):
        if type(self) is not type(other):
            return False
        for name in self.fields:
            if getattr(self, name) != getattr(other, name):
                return False
        return True

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash((type(self).__name__,) + tuple(getattr(self, f) for f in self.fields))

    def __repr__(self):
        return "%s(%s)" % (
            type(self).__name__,
            ", ".join(repr(getattr(self, f)) for f in self.fields),
        )

    def as_dict(self):
        d = {"type": type(self).__name__}
        for name in self.fields:
            d[name] = getattr(self, name)
        return d


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
_BY_NAME = {}
for _cls in TYPES:
    _BY_NAME[_cls.__name__] = _cls


def from_dict(d):
    """The event of a trace line's ``"in"`` object; ValueError if it is not one."""
    cls = _BY_NAME.get(d.get("type")) if isinstance(d, dict) else None
    if cls is None:
        raise ValueError(
            "not an event: %r (types are %s)" % (d, ", ".join(c.__name__ for c in TYPES))
        )
    try:
        return cls(*[d[name] for name in cls.fields])
    except KeyError as missing:
        raise ValueError("%s needs %s" % (cls.__name__, missing)) from None
