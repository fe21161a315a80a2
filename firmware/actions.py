"""What the firmware asks the board to do: speak, play a place's sound, cut
the sound, power off. Value objects like the events."""

from .board import PLACES
from .clips import first
from .value import Value
from .value import from_dict as _from_dict


class Action(Value):
    """A Say holds a dict: actions compare, they do not hash."""

    __slots__ = ()


class Say(Action):
    """One sentence: `key` names it, `args` holds its ids, `clips` the clip
    numbers of the sounds manifest that speak it, in order. `speaker`
    follows from the key: "inspecteur" for his own lines, else "narrator";
    it is not a field (traces and equality keep key, args, clips).

    `speaker` is set here rather than a property: under MicroPython a class
    with a property pays a lookup through its bases on every attribute
    stored, which made each Say twice as slow to build on a board."""

    __slots__ = ("key", "args", "clips", "speaker")
    fields = ("key", "args", "clips")

    def __init__(self, key, args, clips):
        self.key = key
        self.args = args
        self.clips = clips if type(clips) is tuple else tuple(clips)
        # The Inspecteur's own lines (RULES.md, Who speaks): the accusation's,
        # but for the refusal and "carry on", which are Edmond's.
        if key.startswith("accuse.") and key not in ("accuse.not_here", "accuse.cancelled"):
            self.speaker = "inspecteur"
        else:
            self.speaker = "narrator"


_SFX = first("sfx")  # the places' sounds, in ring order: clip _SFX + PLACES.index(place)


class Sfx(Action):
    """The sound of a place: a pawn arriving there, or a sound clue.
    `clip` is its number in the sounds manifest."""

    __slots__ = ("place", "clip")
    fields = ("place",)

    def __init__(self, place, clip=None):
        self.place = place
        if clip is None:
            try:
                clip = _SFX + PLACES.index(place)
            except ValueError:
                raise KeyError("sfx." + place) from None  # no such clip, as clips.number says
        self.clip = clip


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
