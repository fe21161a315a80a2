"""Where every card can still be, from what one guest knows, exactly: the
engine of the bots' minds and of the human guests' hint ("Révérend Olive:
62 % the murderer").

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

What follows, from every deal (a place for each of the 23 cards, every
location full) consistent with all of it; each such deal is equally likely
(the rulebook's shuffle; which card a refuter chose to show is not
modelled), so the chances are ratios of counts:

    d.candidates()        # (suspects, places, weapons) that can still be in the case
    d.solution()          # the three, once they are certain (exactly one triple left); else None
    d.count()             # how many (suspect, place, weapon) triples can still be the solution
    d.solutions()         # {(suspect, place, weapon): chance}, likeliest first, summing to 1
    d.deals()             # how many deals are consistent (an integer)
    d.chance("OLIVE")     # the chance OLIVE is in the case (0..1); chance(card, where) for any location
    d.case_chances()      # {card: chance it is in the case}, for the 23 cards
    d.chances("OLIVE")    # {location: chance} where OLIVE can be
    d.possible("OLIVE")   # the locations it has in at least one consistent deal
    d.location("OLIVE")   # where it is, when certain; else None
    d.known("COMTE")      # the cards certainly there
    d.weights("OLIVE")    # {location index: chance} (self.index names the indexes)

Complete: a card's possible locations are exactly those it has in some
consistent deal (sim.cards.exact counts them). Sound: truthful information
never rules out the real deal. Information that cannot all be true raises
Inconsistent, and the fact that broke it is forgotten.

Costs: a fact every consistent deal satisfies changes nothing; any other
is counted at once (a contradiction is refused at the fact), or, with
`lazy=True` (a mind that hears only true facts, a bot's), all together at
the next question (a contradiction is refused there, and the facts that
broke it forgotten; `places_now()` answers from the last count). The
possible places and chances are worked out when first asked (a fraction of
a millisecond per fact and questions, bench/bench_deduction.py).
`solutions()` and `count()` read every triple's count from the programme
of that count (one more only after a closed form), remembered until the
next fact. Each open clause doubles the states.
The propagation-only engine this one replaced lives on, frozen, with the
`hard-2026` bots that use it (sim.bots.frozen.propagation).
"""

from firmware.board import SUSPECTS

from .deck import CARDS, KIND, OF_KIND, hand_size
from .exact import solve_clauses
from .packed import triple_counts_in

CASE = "CASE"
KINDS = ("suspect", "place", "weapon")
_INDEX = {c: i for i, c in enumerate(CARDS)}
_KIND = [KINDS.index(KIND[c]) for c in CARDS]


class Inconsistent(ValueError):
    """What was learnt cannot all be true."""


def _card(card):
    try:
        return _INDEX[card]
    except (KeyError, TypeError):
        raise ValueError("unknown card %r" % (card,)) from None


class Deduction:
    def __init__(self, guests, me=None, sizes=None, lazy=False):
        """`guests`: who plays, in their order around the table. `sizes`:
        guest -> number of cards held (default: the even deal). `lazy`: count
        at the next question, not at each fact."""
        self.guests = tuple(guests)
        self.lazy = lazy
        self.me = me
        self.locations = (CASE,) + self.guests + tuple("case:" + s for s in SUSPECTS)
        self.index = {loc: i for i, loc in enumerate(self.locations)}
        size = hand_size(len(self.guests))
        self.capacity = [3] + [(sizes or {}).get(g, size) for g in self.guests] + [1] * len(SUSPECTS)
        if sum(self.capacity) != len(CARDS):
            raise ValueError("the locations hold %d cards, not %d" % (sum(self.capacity), len(CARDS)))
        full = (1 << len(self.locations)) - 1
        self.allowed = [full] * len(CARDS)  # what the facts allow, card by card (by index)
        self.clauses = []  # (location index, cards): holds at least one of them
        self.not_all = []  # triples that are not the solution
        self.learnt = 0  # how many facts went in
        self._solutions, self._poss = None, None
        self._pending = None  # lazy: the facts not counted yet, and the state before them
        if not self._solve():
            raise Inconsistent("no deal fits these hands")

    # -- what a guest learns ------------------------------------------------

    def _loc(self, where):
        try:
            return self.index[where]
        except KeyError:
            raise ValueError("unknown location %r: locations are %s" % (where, ", ".join(self.locations))) from None

    def holds(self, where, card):
        """`card` is at `where` (a hand, a suspect case, or CASE)."""
        i, k = self._loc(where), _card(card)
        poss = self._poss
        if not self.allowed[k] >> i & 1 or (poss is not None and not poss[card] >> i & 1):
            raise Inconsistent("%s cannot be at %s" % (card, where))
        same = (poss[card] if poss is not None else self.allowed[k]) == 1 << i
        self._learn(("holds", k, i), "%s at %s" % (card, where), same)

    def lacks(self, where, cards):
        """None of `cards` is at `where` (a guest could not refute)."""
        i = self._loc(where)
        ks = [_card(c) for c in cards]
        known = self._known()
        same = not any(known[k] >> i & 1 for k in ks)
        self._learn(("lacks", ks, i), "%s holds none of %s" % (where, "/".join(cards)), same)

    def shows_one_of(self, where, cards):
        """At least one of `cards` is at `where` (a guest showed one, unseen)."""
        i = self._loc(where)
        cards, known = tuple(cards), self._known()
        same = any(known[k] == 1 << i for k in [_card(c) for c in cards])
        self._learn(("clause", (i, cards)), "%s holds one of %s" % (where, "/".join(cards)), same)

    def wrong_accusation(self, triple):
        """The three are not all in the confidential case."""
        triple, known = tuple(triple), self._known()
        same = any(not known[k] & 1 for k in [_card(c) for c in triple])
        self._learn(("wrong", triple), "%s was a wrong accusation" % "/".join(triple), same)

    def _known(self):
        """Each card's possible places by index: exact if solved, else what the facts allow."""
        if self._poss is None:
            return self.allowed
        return [self._poss[c] for c in CARDS]

    def _apply(self, fact):
        kind = fact[0]
        if kind == "holds":
            self.allowed[fact[1]] &= 1 << fact[2]
        elif kind == "lacks":
            for k in fact[1]:
                self.allowed[k] &= ~(1 << fact[2])
        elif kind == "clause":
            self.clauses.append(fact[1])
        else:
            self.not_all.append(fact[1])

    def _learn(self, fact, what, same=False):
        """Apply a fact and solve again (lazy: at the next question); `same`: every
        consistent deal satisfies it already (the deals, and so every answer, stay as they are)."""
        if self._pending is None and self.lazy and not same:
            self._pending = ((list(self.allowed), len(self.clauses), len(self.not_all), self.learnt), [])
        pending = self._pending
        if pending is not None:
            pending[1].append((fact, what, same))  # replayed one by one if they contradict
        before = None if pending else (list(self.allowed), len(self.clauses), len(self.not_all), self._state())
        self._apply(fact)
        self.learnt += 1
        if same or pending:
            return
        if not self._solve():
            self.allowed = before[0]
            del self.clauses[before[1] :]
            del self.not_all[before[2] :]
            self.learnt -= 1
            self._deals, self._base, self._subs, self._rows, self._poss, self._clauses_ix = before[3]
            raise Inconsistent("%s contradicts what was learnt" % what)

    def _ready(self):
        """Lazy: count the facts waiting (on a contradiction: replay them one by one, forget those that break)."""
        pending = self._pending
        if pending is None:
            return
        self._pending = None
        if self._solve():
            return
        (allowed, nc, nn, learnt), facts = pending
        self.allowed, self.learnt = allowed, learnt
        del self.clauses[nc:]
        del self.not_all[nn:]
        self._solve()  # as it was before them
        broke, self.lazy = None, False
        for fact, what, same in facts:
            try:
                self._learn(fact, what, same)
            except Inconsistent as e:
                broke = broke or e
        self.lazy = True
        raise broke or Inconsistent("what was learnt contradicts itself")

    def places_now(self):
        """card -> its possible places' mask, without counting again: exact if nothing waits, else a superset."""
        if self._pending is None:
            return self.poss
        if self._poss is not None:
            return self._poss
        return dict(zip(CARDS, self.allowed))

    def _state(self):
        return (self._deals, self._base, self._subs, self._rows, self._poss, self._clauses_ix)

    # -- what follows ---------------------------------------------------------

    def _solve(self):
        """Count the consistent deals and every card's places; False if none."""
        self._solutions = None
        clauses = self._clauses_ix = [(i, tuple(_INDEX[c] for c in cs)) for i, cs in self.clauses]
        base = solve_clauses(self.allowed, self.capacity, _KIND, clauses)
        if base is None:
            return False
        # A wrong accusation: the deals with those three in the case do not count.
        # Two different triples are never both in the case: subtract each one's deals.
        subs = []
        for triple in set(self.not_all):
            ks = [_card(c) for c in triple]
            if all(base.possible[k] & 1 for k in ks):
                masks = list(self.allowed)
                for k in ks:
                    masks[k] &= 1
                sub = solve_clauses(masks, self.capacity, _KIND, clauses)
                if sub is not None:
                    subs.append(sub)
        deals = base.deals - sum(sub.deals for sub in subs)
        if not deals:
            return False
        self._deals, self._base, self._subs, self._rows, self._poss = deals, base, subs, {}, None
        return True

    @property
    def poss(self):
        """card -> the mask of the locations it can be at (by index), exact."""
        if self._pending is not None:
            self._ready()
        if self._poss is None:
            if self._subs:
                possible = [sum(1 << j for j, v in enumerate(self._row(k)) if v) for k in range(len(CARDS))]
            else:
                possible = self._base.possible
            self._poss = dict(zip(CARDS, possible))
        return self._poss

    def _case(self, k):
        """The number of deals with card `k` in the confidential case."""
        self._ready()
        if k in self._rows:
            return self._rows[k][0]
        return self._base.case_count(k) - sum(sub.case_count(k) for sub in self._subs)

    def _row(self, k):
        """The number of deals with card `k` at each location."""
        self._ready()
        row = self._rows.get(k)
        if row is None:
            row = list(self._base.row(k))
            for sub in self._subs:
                for j, v in enumerate(sub.row(k)):
                    row[j] -= v
            self._rows[k] = row
        return row

    def propagate(self):
        """Kept for callers of the propagation engine: every fact is solved already."""

    def probe(self):
        """Kept for callers of the propagation engine: nothing is left to clear (returns 0)."""
        return 0

    def copy(self):
        self._ready()
        other = Deduction.__new__(Deduction)
        other.__dict__.update(self.__dict__)
        other.allowed = list(self.allowed)
        other._poss = dict(self._poss) if self._poss is not None else None
        other._rows = dict(self._rows)
        other.clauses = list(self.clauses)
        other.not_all = list(self.not_all)
        other.capacity = list(self.capacity)
        return other

    # -- questions ------------------------------------------------------------

    def possible(self, card):
        """The locations where `card` can still be."""
        m = self.poss[card]
        return tuple(loc for i, loc in enumerate(self.locations) if m >> i & 1)

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
        poss = self.poss
        got = self._rows.get("candidates")  # the rows of this count, and answers remembered with them
        if got is None:
            got = self._rows["candidates"] = tuple(tuple(c for c in OF_KIND[kind] if poss[c] & 1) for kind in KINDS)
        return got

    def solution(self):
        """The (suspect, place, weapon) of the case once certain, else None."""
        s, p, w = self.candidates()
        if len(s) == len(p) == len(w) == 1:
            return (s[0], p[0], w[0])
        return None

    def deals(self):
        """How many deals fit everything learnt."""
        self._ready()
        return self._deals

    def chance(self, card, where=CASE):
        """The chance that `card` is at `where` (the confidential case unless told)."""
        i, k = self._loc(where), _card(card)
        n = self._case(k) if i == 0 else self._row(k)[i]
        return n / self._deals

    def chances(self, card):
        """{location: chance} of the places `card` can be."""
        row = self._row(_card(card))
        return {self.locations[i]: v / self._deals for i, v in enumerate(row) if v}

    def case_chances(self):
        """{card: the chance it is in the confidential case}, for every card (remembered: do not change it)."""
        self._ready()
        got = self._rows.get("case_chances")
        if got is None:
            got = self._rows["case_chances"] = {c: self._case(k) / self._deals for k, c in enumerate(CARDS)}
        return got

    def weights(self, card):
        """{location index: chance} of the places `card` can be (remembered: do not change it)."""
        k = _card(card)
        row = self._row(k)
        got = self._rows.get((k,))
        if got is None:
            got = self._rows[(k,)] = {i: v / self._deals for i, v in enumerate(row) if v}
        return got

    def count(self):
        """How many (suspect, place, weapon) triples can still be the solution."""
        return len(self.solutions())

    def solutions(self):
        """{(suspect, place, weapon): chance} of every triple that can be
        the solution, likeliest first; the chances sum to 1."""
        self._ready()
        if self._solutions is None:
            self._solutions = self._triples()
        return self._solutions

    def _triples(self):
        s_c, p_c, w_c = self.candidates()
        wrong = set(self.not_all)
        involved = set(c for _, cs in self.clauses for c in cs) | set(c for t in self.not_all for c in t)

        def classes(cards):
            # interchangeable cards: same kind, same facts, in no clause or accusation
            out = {}
            for c in cards:
                key = c if c in involved else self.allowed[_card(c)]
                out.setdefault(key, []).append(c)
            return list(out.values())

        # The deals with one class of each kind in the case, the two kinds with the fewest classes first.
        groups = [classes(cards) for cards in (s_c, p_c, w_c)]
        a, b, r = sorted(range(3), key=lambda k: len(groups[k]))
        sol = self._base  # its programme, when it ran one, counts the triples too (in its kinds' order)
        if sol.prog is None:
            sol = solve_clauses(self.allowed, self.capacity, _KIND, self._clauses_ix, kind_order=(a, b, r))
        counts = triple_counts_in(sol, [[_card(g[0]) for g in groups[k]] for k in range(3)], (a, b, r))
        found = {}
        for ga in groups[a]:
            for gb in groups[b]:
                for gr in groups[r]:
                    v = counts.get((_card(ga[0]), _card(gb[0]), _card(gr[0])))
                    if v:
                        for x in ga:
                            for y in gb:
                                for z in gr:
                                    t = [None] * 3
                                    t[a], t[b], t[r] = x, y, z
                                    t = tuple(t)
                                    if t not in wrong:
                                        found[t] = v
        total = sum(found.values())
        items = sorted(found.items())  # by triple, then (stable) likeliest first: the order of (-count, triple)
        items.sort(key=lambda kv: kv[1], reverse=True)
        return {t: v / total for t, v in items}
