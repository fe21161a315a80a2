"""Every deal consistent with a list of facts, by brute force (the check of
sim.cards.deduction on small positions: most cards placed by the facts).

    deals = consistent_deals(guests, facts)     # [{card: location}]
    facts: ("holds", where, card), ("lacks", where, cards),
           ("shows_one_of", where, cards), ("wrong_accusation", triple)
"""

from firmware.board import SUSPECTS
from sim.cards.deck import CARDS, KIND, hand_size


def consistent_deals(guests, facts, sizes=None):
    locs = ["CASE"] + list(guests) + ["case:" + s for s in SUSPECTS]
    room = {g: (sizes or {}).get(g, hand_size(len(guests))) for g in guests}
    room.update({"case:" + s: 1 for s in SUSPECTS})
    room.update({("CASE", k): 1 for k in ("suspect", "place", "weapon")})
    allowed = {c: set(locs) for c in CARDS}
    clauses, wrong = [], []
    for f in facts:
        if f[0] == "holds":
            allowed[f[2]] &= {f[1]}
        elif f[0] == "lacks":
            for c in f[2]:
                allowed[c].discard(f[1])
        elif f[0] == "shows_one_of":
            clauses.append((f[1], tuple(f[2])))
        else:
            wrong.append(tuple(f[1]))
    order = sorted(CARDS, key=lambda c: len(allowed[c]))
    place = {}
    out = []

    def rec(i):
        if i == len(order):
            if all(any(place[c] == w for c in cs) for w, cs in clauses) and not any(
                all(place[c] == "CASE" for c in t) for t in wrong
            ):
                out.append(dict(place))
            return
        c = order[i]
        for loc in locs:
            if loc not in allowed[c]:
                continue
            key = ("CASE", KIND[c]) if loc == "CASE" else loc
            if room[key] > 0:
                room[key] -= 1
                place[c] = loc
                rec(i + 1)
                room[key] += 1
        place.pop(c, None)

    rec(0)
    return out


def summary(deals):
    """(number of deals, {card: {location: deals}}, {triple: deals})."""
    where = {c: {} for c in CARDS}
    triples = {}
    for d in deals:
        for c, loc in d.items():
            where[c][loc] = where[c].get(loc, 0) + 1
        t = tuple(c for kind in ("suspect", "place", "weapon") for c in CARDS if KIND[c] == kind and d[c] == "CASE")
        triples[t] = triples.get(t, 0) + 1
    return len(deals), where, triples


def apply(d, facts):
    """Tell a Deduction the facts, in order."""
    for f in facts:
        getattr(d, f[0])(*f[1:])
    return d
