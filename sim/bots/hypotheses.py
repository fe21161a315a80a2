"""The hypothesis that should teach a bot the most (the hard and expert
levels): the expected fall of log(number of possible solutions)."""

import math

from firmware.board import SUSPECTS, WEAPONS


def _order(guests, me):
    i = guests.index(me)
    return [guests[(i + k) % len(guests)] for k in range(1, len(guests))]


def best_hypothesis(mind, me, place, guests, rng=None, *, with_score=False, blocking=False):
    """The (suspect, weapon) whose hypothesis at `place` should teach `me`
    the most: the expected fall of log(number of possible solutions) over
    who refutes with which card, or nobody (the chances from `mind.weights`;
    each card's terms computed once, not once per pair). `blocking`: a
    refuter holding a named card the asker knows they hold shows that one (a
    careful refuter does), so the hypothesis teaches nothing past them."""
    cands = mind.candidates()
    sizes = {"suspect": len(cands[0]), "place": len(cands[1]), "weapon": len(cands[2])}
    in_case = set(cands[0]) | set(cands[1]) | set(cands[2])
    refuters = [mind.index[g] for g in _order(guests, me)]
    me_i = mind.index[me]
    kinds = {}
    for c in SUSPECTS:
        kinds[c] = "suspect"
    for c in WEAPONS:
        kinds[c] = "weapon"
    kinds[place] = "place"

    def gain_seen(c):
        n = sizes[kinds[c]]
        if c in in_case and n > 1:
            return math.log(n / (n - 1)) + 0.05
        return 0.05 if mind.location(c) is None else 0.0

    qs, gains, unrefuted = {}, {}, {}
    for c in SUSPECTS + WEAPONS + (place,):
        wc = mind.weights(c)
        qs[c] = [wc.get(r, 0.0) for r in refuters]
        gains[c] = gain_seen(c)
        term = None  # what nobody refuting teaches of c
        if wc.get(me_i, 0.0) < 1.0:
            n = sizes[kinds[c]]
            if c in in_case and n > 1:
                rest = sum(v for i, v in wc.items() if i not in refuters)
                p = wc.get(0, 0.0) / rest if rest > 0 else 0.0
                term = p * math.log(n) + (1 - p) * math.log(n / (n - 1))
        unrefuted[c] = term
    qp, gp, tp = qs[place], gains[place], unrefuted[place]
    steps = range(len(refuters))
    best, best_score = None, -1.0
    for s in SUSPECTS:
        qs_s, gs, ts = qs[s], gains[s], unrefuted[s]
        for w in WEAPONS:
            qw, gw = qs[w], gains[w]
            left = 1.0
            score = 0.0
            for k in steps:
                q0, q1, q2 = qs_s[k], qp[k], qw[k]
                if blocking and (q0 >= 1.0 or q1 >= 1.0 or q2 >= 1.0):
                    left = 0.0  # they hold a named card I know they hold: they show that one, I learn nothing
                    break
                none = (1 - q0) * (1 - q1) * (1 - q2)
                total = q0 + q1 + q2
                if total > 0:
                    p_ref = left * (1 - none)
                    if q0 > 0:
                        score += p_ref * q0 / total * gs
                    if q1 > 0:
                        score += p_ref * q1 / total * gp
                    if q2 > 0:
                        score += p_ref * q2 / total * gw
                left *= none
            # nobody refutes: each named card not mine is in a case
            if ts is not None:
                score += left * ts
            if tp is not None:
                score += left * tp
            tw = unrefuted[w]
            if tw is not None:
                score += left * tw
            if rng is not None:
                score += rng.random() * 1e-6
            if score > best_score:
                best, best_score = (s, w), score
    return (best, best_score) if with_score else best
