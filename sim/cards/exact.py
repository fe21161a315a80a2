"""Exact counting of the deals consistent with what a guest knows: the
core of sim.cards.deduction (pure, integers only).

A problem is: each card's allowed locations (a bitmask; bit 0 is the
confidential case, which takes exactly one card of each kind), each other
location's capacity (a hand's size, a suspect case's 1), and clauses
(location, cards): at least one of the cards is there.

    s = solve_clauses(masks, caps, kinds, clauses)   # a Solved, or None if no deal fits
    s.deals                 # the number of deals (every card placed, every location full)
    s.possible[card]        # the mask of the locations it has in at least one of them
    s.row(card)             # per location, the number of deals with the card there
    s.case_count(card)      # the number with it in the confidential case

How: first the cheap conclusions (a card with one place left is there, a
full location takes nothing more, a clause with one card left places it, a
location with exactly as many candidates as free slots takes them all, a
clause implied by another goes). If every free card may go everywhere
still free, a closed form. Otherwise a dynamic programme over the free
cards, one at a time, kind by kind (sim.cards.packed): its state is the
room left in each location, which open clauses are satisfied, and whether
the case slot of the kind at hand is free. Suspect cases that accept the
same cards are one location of several slots (times its arrangements), and
the largest location is not counted at all: whatever no other location
takes goes there (the totals agree). A forward and a backward pass give
every card's possible places (non-zero where both are); its counts are
dot products of the two, computed when asked.
"""

from math import factorial

from .packed import bits, count, dot, dots

KINDS = 3  # suspect, place, weapon


_SPREAD = {}  # mask -> 1 << 5 * loc for each of its locations (the counts of 23 cards fit in 5 bits)


def _simplify(masks, caps, kinds, clauses):
    """The cheap conclusions to a fixed point: (masks, free capacities,
    free case slots per kind, open clauses), or None if nothing is possible."""
    n, nloc = len(masks), len(caps)
    masks = list(masks)
    fixed = [False] * n
    free = list(caps)
    free[0] = 0
    slot = [1] * KINDS
    clauses = [(loc, tuple(cs)) for loc, cs in clauses]
    live = range(n)  # the cards not fixed yet
    changed = True
    while changed:
        changed = False
        still = []
        for c in live:
            m = masks[c]
            if m == 0:
                return None
            if m & (m - 1) == 0:
                fixed[c] = True
                if m == 1:
                    slot[kinds[c]] -= 1
                    if slot[kinds[c]] < 0:
                        return None
                else:
                    loc = m.bit_length() - 1
                    free[loc] -= 1
                    if free[loc] < 0:
                        return None
                changed = True
            else:
                still.append(c)
        live = still
        could_k = [0] * KINDS
        room = 1  # where a free card may still go: the case (its kind's slot) and places with room
        for loc in range(1, nloc):
            if free[loc]:
                room |= 1 << loc
        spread = 0  # 5 bits a location: how many free cards may go there
        for c in live:
            m0 = masks[c]
            m = m0 & (room if slot[kinds[c]] else room - 1)
            if m != m0:
                if m == 0:
                    return None
                masks[c] = m
                changed = True
            if m & 1:
                could_k[kinds[c]] += 1
            sp = _SPREAD.get(m)
            if sp is None:
                sp = _SPREAD[m] = sum(1 << (5 * loc) for loc in bits(m))
            spread += sp
        for loc in range(1, nloc):
            f = free[loc]
            could = spread >> (5 * loc) & 31
            if could < f:
                return None
            if f and could == f:
                b = 1 << loc
                for c in live:
                    if masks[c] & b and masks[c] != b:
                        masks[c] = b
                        changed = True
        for k in range(KINDS):
            if slot[k] and could_k[k] < 2:
                if could_k[k] == 0:
                    return None
                for c in live:
                    if kinds[c] == k and masks[c] & 1 and masks[c] != 1:
                        masks[c] = 1
                        changed = True
        if not clauses:
            continue
        keep = []
        for loc, cs in clauses:
            b = 1 << loc
            if any(fixed[c] and masks[c] == b for c in cs):
                continue  # satisfied
            live_cs = tuple(c for c in cs if not fixed[c] and masks[c] & b)
            if not live_cs:
                return None
            if len(live_cs) == 1:
                masks[live_cs[0]] = b
                changed = True
                continue
            if not any(l2 == loc and set(c2) <= set(live_cs) for l2, c2 in keep):
                keep = [(l2, c2) for l2, c2 in keep if l2 != loc or not set(live_cs) <= set(c2)]
                keep.append((loc, live_cs))  # a clause implied by another is dropped
        clauses = keep
    return masks, fixed, free, slot, clauses


def solve(masks, caps, kinds):
    """As `solve_clauses` with no clause."""
    return solve_clauses(masks, caps, kinds, ())


def solve_clauses(masks, caps, kinds, clauses, kind_order=None):
    """A Solved, or None if no deal fits. `kind_order`: always the dynamic
    programme (no closed form), the kinds in that order (for
    sim.cards.packed.triple_counts)."""
    simple = _simplify(masks, caps, kinds, clauses)
    if simple is None:
        return None
    masks, fixed, free, slot, clauses = simple
    nloc = len(caps)
    free_cards = [c for c in range(len(masks)) if not fixed[c]]
    if free_cards and not clauses and kind_order is None:
        easy = _symmetric(simple, kinds, free_cards)
        if easy is not None:
            return easy
    # The locations that count, as dims (room, locations): hands, and suspect cases with the same column.
    clause_locs = set(loc for loc, _ in clauses)
    groups, dims = {}, []
    cols = [0] * nloc  # by location, the free cards that may go there
    for c in free_cards:
        for loc in bits(masks[c]):
            cols[loc] |= 1 << c
    for loc in range(1, nloc):
        if free[loc]:
            if free[loc] == 1 and caps[loc] == 1 and loc not in clause_locs:
                groups.setdefault(cols[loc], []).append(loc)
            else:
                dims.append((free[loc], (loc,)))
    dims += [(len(locs), tuple(locs)) for locs in groups.values()]
    mult = 1
    for room, locs in dims:
        mult *= factorial(room) if len(locs) > 1 else 1
    out = Solved(masks, fixed, nloc, dims, mult)
    if not free_cards:
        out.deals = mult
        return out
    return count(out, kinds, slot, clauses, free_cards, kind_order=kind_order or (0, 1, 2))


class Solved:
    """What `solve_clauses` found: `deals`, the number of deals;
    `possible[card]`, the mask of the locations it has in at least one;
    `row(card)`, the number of deals with it at each location (counted
    when first asked: the possible places cost less than the counts)."""

    def __init__(self, masks, fixed, nloc, dims, mult):
        self.deals = 0
        self._possible = list(masks)  # the fixed cards' and, once solved, every card's
        self.backward = None  # the pass still to run before the possible places are known
        self.fixed = fixed
        self.nloc, self.dims, self.mult = nloc, dims, mult
        self.rows = {}
        self.prog = None  # the dynamic programme, when one was run
        self.kind_order = None  # its kinds' order
        self.pending = {}  # card -> (its options' states, the completions after it, options, width, deals)

    @property
    def possible(self):
        self._ready()
        return self._possible

    def _ready(self):
        if self.backward is not None:
            run, self.backward = self.backward, None
            run()

    def row(self, c):
        r = self.rows.get(c)
        if r is None:
            self._ready()
            r = [0] * self.nloc
            if self.fixed[c]:
                r[self.possible[c].bit_length() - 1] = self.deals
            else:
                known = self._values(c)
                for o in self.pending[c][2]:
                    v = known[o[0]]
                    locs = (0,) if o[0] < 0 else self.dims[o[0]][1]
                    for loc in locs:
                        r[loc] += v // len(locs)
            self.rows[c] = r
        return r

    def case_count(self, c):
        """The number of deals with card `c` in the confidential case."""
        if c in self.rows or self.fixed[c]:
            return self.row(c)[0]
        if not self.possible[c] & 1:
            return 0
        return self._value(c, -1)

    def _values(self, c):
        """{dim: the number of deals with free card `c` there}, every dim of its options at once."""
        parts, y, opts, width, total, known = self.pending[c]
        if len(known) < len(opts):
            missing = [k for k, o in enumerate(opts[:-1]) if o[0] not in known]
            for k, v in zip(missing, dots([parts[k] for k in missing], y, width)):
                known[opts[k][0]] = v * self.mult
            known[opts[-1][0]] = total * self.mult - sum(known[o[0]] for o in opts[:-1])
        return known

    def _value(self, c, d):
        """The number of deals with free card `c` in dim `d` (-1: the confidential case)."""
        self._ready()
        parts, y, opts, width, total, known = self.pending[c]  # shared by interchangeable cards
        v = known.get(d)
        if v is None:
            if d == opts[-1][0]:  # each deal puts the card somewhere
                v = total * self.mult - sum(self._value(c, o[0]) for o in opts[:-1])
            else:
                k = next(i for i, o in enumerate(opts) if o[0] == d)
                v = dot(parts[k], y, width) * self.mult
            known[d] = v
        return v


def _symmetric(simple, kinds, free_cards):
    """The closed form when every free card may go to every free place
    (the case slot of its kind included): a Solved, or None."""
    masks, fixed, free, slot, _ = simple
    base = masks[free_cards[0]] | 1
    for c in free_cards:
        if masks[c] != base ^ (0 if slot[kinds[c]] else 1):
            return None
    n = [0] * KINDS
    for c in free_cards:
        n[kinds[c]] += 1
    rest = len(free_cards) - sum(slot)
    deals = factorial(rest)
    for k in range(KINDS):
        if slot[k]:
            deals *= n[k]
    for room in free[1:]:
        deals //= factorial(room)
    out_ = Solved(masks, fixed, len(free), [], 1)
    out_.deals = deals
    for c in free_cards:
        row = out_.rows[c] = [0] * len(free)
        k = kinds[c]
        out = deals  # the deals with the card outside the confidential case
        if slot[k]:
            row[0] = deals // n[k]
            out = deals - row[0]
        for loc in range(1, len(free)):
            if free[loc]:
                row[loc] = out * free[loc] // rest
    return out_
