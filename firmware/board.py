"""The board as the firmware sees it: ids of places, pads, guests, suspects
and buttons, and the ring of arrows (RULES.md, The board).

Tuples, never dicts, wherever order matters: MicroPython's dicts do not keep
insertion order, and the same seed must give the same game on both.
"""

# The ring of diagram 9, in order: each place links to the one before and after.
PLACES = (
    "GARDIEN", "PISCINE", "MANOIR", "JARDINS", "ABRI",
    "TENNIS", "GARAGE", "KIOSQUE", "ECURIE",
)

GUESTS = ("COMTE", "LAVANDE", "PECHE", "AZUR")  # also the roll-call order
START_PADS = ("START_COMTE", "START_LAVANDE", "START_PECHE", "START_AZUR")
PADS = PLACES + START_PADS

SUSPECTS = (
    "MOUTARDE", "VIOLET", "OLIVE", "PERVENCHE",
    "ROSE", "LEBLANC", "FRANCIS", "BEAUMONT",
)
INSPECTEUR = "INSPECTEUR"
MOVERS = SUSPECTS + (INSPECTEUR,)  # everyone who walks the ring

BUTTONS = ("STOP", "SEARCH", "REPEAT", "ACCUSE", "YES", "NO", "WAIT")

WEAPONS = ("FER_A_CHEVAL", "MARTEAU", "CISAILLE", "SEAU", "RAQUETTE", "NAIN")

# Each place's two neighbours, worked out once: after every turn the movers
# look theirs up (on a board, the arithmetic cost more than the lookup).
_NEIGHBOURS = {}
for _i in range(len(PLACES)):
    _NEIGHBOURS[PLACES[_i]] = (PLACES[_i - 1], PLACES[(_i + 1) % len(PLACES)])
del _i


def neighbours(place):
    """The two places one arrow away from `place`, in ring order."""
    try:
        return _NEIGHBOURS[place]
    except KeyError:
        raise ValueError("%r is not a place" % (place,)) from None


def is_arrow(a, b):
    """True when one arrow of the ring links `a` and `b`."""
    return b in neighbours(a)


def guest_of_start(pad):
    """The guest whose START square `pad` is (``START_PECHE`` -> ``PECHE``)."""
    return pad[len("START_"):]
