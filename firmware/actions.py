"""What the firmware asks the board to do: speak, play a place's sound, cut
the sound, power off. Value objects like the events."""

from .clips import number
from .value import Value
from .value import from_dict as _from_dict


class Action(Value):
    """A Say holds a dict: actions compare, they do not hash."""

    __slots__ = ()


# The Inspecteur's own lines (RULES.md, Who speaks); Edmond says the rest.
_INSPECTEUR_SAYS = (
    "accuse.found_inspecteur", "accuse.confirm", "accuse.announce", "accuse.right", "accuse.wrong",
)


class Say(Action):
    """One sentence: `key` names it, `args` holds its ids, `clips` the clip
    numbers of the sounds manifest that speak it, in order. `speaker`
    follows from the key: "inspecteur" for his own lines, else "narrator"."""

    __slots__ = ("key", "args", "clips")
    fields = ("key", "args", "clips")

    def __init__(self, key, args, clips):
        self.key = key
        self.args = args
        self.clips = tuple(clips)

    @property
    def speaker(self):
        return "inspecteur" if self.key in _INSPECTEUR_SAYS else "narrator"


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


def from_dict(d):
    """The action of a trace line's ``"out"`` object; ValueError if it is not one."""
    return _from_dict(d, TYPES, "action")
