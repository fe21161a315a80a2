"""What the firmware asks the board to do: speak, play a place's sound, cut
the sound, power off. Value objects like the events."""

from .clips import number


class Action:
    __slots__ = ()
    fields = ()
    __hash__ = None  # a Say holds a dict: actions compare, they do not hash

    def __eq__(self, other):
        if type(self) is not type(other):
            return False
        for name in self.fields:
            if getattr(self, name) != getattr(other, name):
                return False
        return True

    def __ne__(self, other):
        return not self.__eq__(other)

    def __repr__(self):
        return "%s(%s)" % (
            type(self).__name__,
            ", ".join(repr(getattr(self, f)) for f in self.fields),
        )

    def as_dict(self):
        d = {"type": type(self).__name__}
        for name in self.fields:
            value = getattr(self, name)
            d[name] = list(value) if isinstance(value, tuple) else value
        return d


class Say(Action):
    """One sentence: `key` names it, `args` holds its ids, `clips` the clip
    numbers of the sounds manifest that speak it, in order."""

    __slots__ = ("key", "args", "clips")
    fields = ("key", "args", "clips")

    def __init__(self, key, args, clips):
        self.key = key
        self.args = args
        self.clips = tuple(clips)


class Sfx(Action):
    """The sound of a place: a pawn arriving there, or a sound clue.
    `clip` is its number in the sounds manifest."""

    __slots__ = ("place", "clip")
    fields = ("place",)

    def __init__(self, place, clip=None):
        self.place = place
        self.clip = number("sfx." + place) if clip is None else clip


class StopAudio(Action):
    """Cut whatever is playing, at once."""

    __slots__ = ()


class PowerOff(Action):
    """The board goes dark: reason is "switch", "idle" or "battery".
    After "idle" or "battery" the board lets its last sentence finish."""

    __slots__ = ("reason",)
    fields = ("reason",)

    def __init__(self, reason):
        self.reason = reason


TYPES = (Say, Sfx, StopAudio, PowerOff)
_BY_NAME = {}
for _cls in TYPES:
    _BY_NAME[_cls.__name__] = _cls


def from_dict(d):
    """The action of a trace line's ``"out"`` object; ValueError if it is not one."""
    cls = _BY_NAME.get(d.get("type")) if isinstance(d, dict) else None
    if cls is None:
        raise ValueError(
            "not an action: %r (types are %s)" % (d, ", ".join(c.__name__ for c in TYPES))
        )
    try:
        return cls(*[d[name] for name in cls.fields])
    except KeyError as missing:
        raise ValueError("%s needs %s" % (cls.__name__, missing)) from None
