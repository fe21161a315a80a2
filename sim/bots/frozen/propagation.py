"""The propagation engine of 2026, frozen for the `hard-2026` bot (a copy of
sim/cards/deduction.py as it was before issue 15; do not change it: every
later bot is measured against the bot that used it). Where every card can
still be, from what one guest knows.

Locations: ``"CASE"`` (the confidential case: one card of each kind), each
guest's hand (its size known: the 12 cards left after the cases, dealt
evenly), each suspect case ``"case:ROSE"`` (one card each). What a guest
learns, in the words of the rulebook:

    d = Deduction(("COMTE", "LAVANDE"), me="LAVANDE")
    d.holds("LAVANDE", "ECURIE")                  # a card in my hand
    d.holds("case:ROSE", "NAIN")                  # I opened Mlle Rose's case
    d.lacks("COMTE", ("OLIVE", "ECURIE", "RAQUETTE"))     # could not refute
    d.shows_one_of("COMTE", ("OLIVE", "ECURIE", "RAQUETTE"))  # showed someone a card
    d.wrong_accusation(("OLIVE", "ECURIE", "RAQUETTE"))  # "you should have been more perceptive"
    d.candidates()  # (suspects, places, weapons) that can still be in the case
    d.solution()    # the three, once they are certain; else None

Sound: every conclusion follows from what was learnt (constraint
propagation to a fixed point), so truthful information never rules out the
real solution. Information that cannot all be true raises Inconsistent.
"""

from firmware.board import SUSPECTS

from ...cards.deck import CARDS, KIND, OF_KIND, hand_size

CASE = "CASE"


class Inconsistent(ValueError):
    """What was learnt cannot all be true."""


_BITS = {}


def _bits(mask):
    """The indexes of the bits set in `mask` (a tuple, remembered)."""
    out = _BITS.get(mask)
    if out is None:
        out, m, i = [], mask, 0
        while m:
            if m & 1:
                out.append(i)
            m >>= 1
            i += 1
        out = _BITS[mask] = tuple(out)
    return out


class Deduction:
    def __init__(self, guests, me=None, sizes=None):
        """`guests`: who plays, in their order around the table. `sizes`:
        guest -> number of cards held (default: the even deal)."""
        self.guests = tuple(guests)
        self.me = me
        self.locations = (CASE,) + self.guests + tuple("case:" + s for s in SUSPECTS)
        self.index = {loc: i for i, loc in enumerate(self.locations)}
        size = hand_size(len(self.guests))
        self.capacity = [3] + [(sizes or {}).get(g, size) for g in self.guests] + [1] * len(SUSPECTS)
        full = (1 << len(self.locations)) - 1
        self.poss = {c: full for c in CARDS}
        self.clauses = []  # (location index, cards): holds at least one of them
        self.not_all = []  # triples that are not the solution
        self.learnt = 0  # how many facts went in
        self._share, self._share_at = None, -1

    # -- what a guest learns ------------------------------------------------

    def _loc(self, where):
        try:
            return self.index[where]
        except KeyError:
            raise ValueError("unknown location %r: locations are %s" % (where, ", ".join(self.locations))) from None

    def holds(self, where, card):
        """`card` is at `where` (a hand, a suspect case, or CASE)."""
        i = self._loc(where)
        before = self.poss.get(card)
        self._restrict(card, 1 << i)
        self.learnt += 1
        if self.poss[card] != before:  # else nothing new: the last fixed point still holds
            self.propagate()

    def lacks(self, where, cards):
        """None of `cards` is at `where` (a guest could not refute)."""
        i = self._loc(where)
        before = [self.poss.get(c) for c in cards]
        for c in cards:
            self._restrict(c, ~(1 << i))
        self.learnt += 1
        if [self.poss[c] for c in cards] != before:
            self.propagate()

    def shows_one_of(self, where, cards):
        """At least one of `cards` is at `where` (a guest showed one, unseen)."""
        self.clauses.append((self._loc(where), tuple(cards)))
        self.learnt += 1
        self.propagate()

    def wrong_accusation(self, triple):
        """The three are not all in the confidential case."""
        self.not_all.append(tuple(triple))
        self.learnt += 1
        self.propagate()

    def _restrict(self, card, mask):
        if card not in self.poss:
            raise ValueError("unknown card %r" % (card,))
        new = self.poss[card] & mask
        if new == 0:
            raise Inconsistent("%s can be nowhere" % card)
        self.poss[card] = new

    # -- what follows ---------------------------------------------------------

    def propagate(self):
        """Draw every conclusion of the rules below until none is new.
        (The rules and their order as in 2026; locals and the tallies inlined.)"""
        poss = self.poss
        capacity = self.capacity
        changed = True
        n = len(self.locations)
        bits_of = _BITS
        while changed:
            changed = False
            known = [0] * n  # cards known at each location
            could = [0] * n  # cards that may be at each location
            for m in poss.values():
                if m & (m - 1) == 0:
                    known[m.bit_length() - 1] += 1
                b = bits_of.get(m)
                if b is None:
                    b = _bits(m)
                for i in b:
                    could[i] += 1
            # A hand or suspect case holds exactly its size.
            for i in range(1, n):
                cap = capacity[i]
                k, p = known[i], could[i]
                if k > cap or p < cap:
                    raise Inconsistent("%s cannot hold %d cards" % (self.locations[i], cap))
                if k == cap and p > cap:
                    bit = 1 << i
                    for c, m in poss.items():
                        if m & bit and m != bit:
                            poss[c] = m & ~bit  # never empty: m had another bit
                    changed = True
                elif p == cap and k < cap:
                    bit = 1 << i
                    for c, m in poss.items():
                        if m & bit:
                            poss[c] = bit
                    changed = True
            # The confidential case holds one card of each kind.
            for kind, cards in OF_KIND.items():
                there = [c for c in cards if poss[c] & 1]
                if not there:
                    raise Inconsistent("no %s can be in the confidential case" % kind)
                sure = [c for c in there if poss[c] == 1]
                if len(sure) > 1:
                    raise Inconsistent("two %ss in the confidential case" % kind)
                if len(there) == 1 and not sure:
                    poss[there[0]] = 1
                    changed = True
                elif sure and len(there) > 1:
                    for c in there:
                        if c != sure[0]:
                            poss[c] &= ~1  # never empty: c is not sure to be there
                    changed = True
            # A guest who showed a card holds one of those named.
            if self.clauses:
                keep = []
                for i, cards in self.clauses:
                    bit = 1 << i
                    if any(poss[c] == bit for c in cards):
                        continue  # satisfied
                    maybe = [c for c in cards if poss[c] & bit]
                    if not maybe:
                        raise Inconsistent("%s holds none of %s" % (self.locations[i], cards))
                    if len(maybe) == 1:
                        poss[maybe[0]] = bit
                        changed = True
                        continue
                    keep.append((i, cards))
                self.clauses = keep
            # A wrong accusation: two of the three in the case clears the third.
            for triple in self.not_all:
                sure = [c for c in triple if poss[c] == 1]
                if len(sure) == 3:
                    raise Inconsistent("%s was a wrong accusation" % (triple,))
                if len(sure) == 2:
                    for c in triple:
                        if poss[c] != 1 and poss[c] & 1:
                            poss[c] &= ~1
                            changed = True

    def copy(self):
        other = Deduction.__new__(Deduction)
        other.__dict__.update(self.__dict__)
        other.poss = dict(self.poss)
        other.clauses = list(self.clauses)
        other.not_all = list(self.not_all)
        other.capacity = list(self.capacity)
        return other

    def probe(self):
        """Look one step further: a card that cannot be in the confidential
        case without a contradiction is not there. Still sound; slower.
        Returns how many cards it cleared."""
        cleared = 0
        again = True
        while again:
            again = False
            for c in CARDS:
                m = self.poss[c]
                if not m & 1 or m == 1:
                    continue
                trial = self.copy()
                try:
                    trial.poss[c] = 1
                    trial.propagate()
                except Inconsistent:
                    self._restrict(c, ~1)
                    self.learnt += 1
                    self.propagate()
                    cleared += 1
                    again = True
        return cleared

    # -- questions ------------------------------------------------------------

    def possible(self, card):
        """The locations where `card` can still be."""
        return tuple(self.locations[i] for i in _bits(self.poss[card]))

    def location(self, card):
        """Where `card` is, when certain; else None."""
        m = self.poss[card]
        return self.locations[m.bit_length() - 1] if m & (m - 1) == 0 else None

    def known(self, where):
        """The cards known to be at `where`."""
        bit = 1 << self._loc(where)
        return tuple(c for c in CARDS if self.poss[c] == bit)

    def candidates(self):
        """(suspects, places, weapons) that can still be in the confidential case."""
        return tuple(tuple(c for c in OF_KIND[kind] if self.poss[c] & 1) for kind in ("suspect", "place", "weapon"))

    def count(self):
        """How many solutions are still possible (the product of the candidates)."""
        s, p, w = self.candidates()
        n = len(s) * len(p) * len(w)
        if n <= 8:  # few left: a wrong accusation rules out whole triples
            n = sum(1 for a in s for b in p for c in w if (a, b, c) not in self.not_all)
        return n

    def solution(self):
        """The (suspect, place, weapon) of the case once certain, else None."""
        s, p, w = self.candidates()
        if len(s) == len(p) == len(w) == 1:
            return (s[0], p[0], w[0])
        return None

    def weights(self, card):
        """A rough chance of each location (by index) for `card`: each place
        it can be, weighted by the room left there shared among the cards
        that could fill it (for choosing hypotheses, not for deducing)."""
        m = self.poss[card]
        if m & (m - 1) == 0:
            return {m.bit_length() - 1: 1.0}
        share = self._shares()
        room = {}
        for i in _bits(m):
            room[i] = share[KIND[card]] if i == 0 else share[i]
        total = sum(room.values()) or 1.0
        return {i: r / total for i, r in room.items()}

    def _shares(self):
        if self._share_at == self.learnt:
            return self._share
        n = len(self.locations)
        free = list(self.capacity)
        open_ = [0] * n
        for m in self.poss.values():
            if m & (m - 1) == 0:
                free[m.bit_length() - 1] -= 1
            else:
                for i in _bits(m):
                    open_[i] += 1
        share = {i: (free[i] / open_[i] if open_[i] else 0.0) for i in range(n)}
        for kind, cards in OF_KIND.items():
            there = [c for c in cards if self.poss[c] & 1]
            share[kind] = 0.0 if len(there) == 1 else 1.0 / len(there)
        self._share, self._share_at = share, self.learnt
        return share
