"""The 23 cards of the rulebook and the deal (Game Preparation, steps 2-5).

d = deal(seed=7, guests=("COMTE", "LAVANDE", "PECHE"))
d.solution            # ("OLIVE", "ECURIE", "RAQUETTE"): the confidential case
d.cases["ROSE"]       # the card in Mlle Rose's case
d.hands["COMTE"]      # the cards the Comte holds
"""

from firmware.board import GUESTS, PLACES, SUSPECTS, WEAPONS
from firmware.rng import Rng

SUSPECT_CARDS = SUSPECTS
PLACE_CARDS = PLACES
WEAPON_CARDS = WEAPONS
KINDS = ("suspect", "place", "weapon")
CARDS = SUSPECT_CARDS + PLACE_CARDS + WEAPON_CARDS  # 8 + 9 + 6 = 23
KIND = {}
for _c in SUSPECT_CARDS:
    KIND[_c] = "suspect"
for _c in PLACE_CARDS:
    KIND[_c] = "place"
for _c in WEAPON_CARDS:
    KIND[_c] = "weapon"
OF_KIND = {"suspect": SUSPECT_CARDS, "place": PLACE_CARDS, "weapon": WEAPON_CARDS}


def check_card(card, kind=None):
    """`card` if it is one of the 23 (of `kind` when given); ValueError naming the valid ones."""
    valid = OF_KIND[kind] if kind else CARDS
    if card not in valid:
        raise ValueError("unknown %s card %r: valid ones are %s" % (kind or "", card, ", ".join(valid)))
    return card


def seating(guests):
    """The guests who play, in their order around the table (the roll-call
    order, COMTE, LAVANDE, PECHE, AZUR: each one's left is the next)."""
    guests = list(guests)
    for g in guests:
        if g not in GUESTS:
            raise ValueError("unknown guest %r: guests are %s" % (g, ", ".join(GUESTS)))
    if len(set(guests)) != len(guests) or not 2 <= len(guests) <= 4:
        raise ValueError("2 to 4 different guests play, not %r" % (guests,))
    return tuple(g for g in GUESTS if g in guests)


def hand_size(n_guests):
    """How many cards each guest holds: the 12 left after the cases, dealt evenly."""
    return (len(CARDS) - 3 - len(SUSPECTS)) // n_guests


class Deal:
    """Where every card is at the start: `solution` (suspect, place, weapon),
    `cases` (suspect -> card), `hands` (guest -> tuple of cards)."""

    def __init__(self, solution, cases, hands):
        self.solution = tuple(solution)
        self.cases = dict(cases)
        self.hands = {g: tuple(h) for g, h in hands.items()}
        placed = list(self.solution) + list(self.cases.values())
        for h in self.hands.values():
            placed.extend(h)
        if sorted(placed) != sorted(CARDS):
            raise ValueError("a deal places each of the 23 cards once, not %r" % (placed,))

    def where(self, card):
        """ "CASE" (the confidential case), a guest, or "case:SUSPECT"."""
        if card in self.solution:
            return "CASE"
        for s, c in self.cases.items():
            if c == card:
                return "case:" + s
        for g, h in self.hands.items():
            if card in h:
                return g
        raise ValueError(check_card(card))

    def __repr__(self):
        return "Deal(%r, %r, %r)" % (self.solution, self.cases, self.hands)


def deal(seed, guests):
    """The rulebook's deal with a seeded shuffle: one card of each pile in the
    confidential case, then one card from the shuffled rest in each suspect
    case (in the order of the detective sheet), then the rest one at a time
    around the table, starting with the first guest."""
    guests = seating(guests)
    rng = Rng(seed * 2654435761 + 12345)  # not the narrator's stream
    piles = [list(SUSPECT_CARDS), list(PLACE_CARDS), list(WEAPON_CARDS)]
    for pile in piles:
        rng.shuffle(pile)
    solution = [pile.pop() for pile in piles]
    draw = piles[0] + piles[1] + piles[2]
    rng.shuffle(draw)
    cases = {}
    for s in SUSPECTS:
        cases[s] = draw.pop()
    hands = {g: [] for g in guests}
    i = 0
    while draw:
        hands[guests[i % len(guests)]].append(draw.pop())
        i += 1
    return Deal(solution, cases, hands)
