"""Properties of the exact engine on positions from real deals: truthful
information never rules out the real deal (nor the real solution), and on
small positions (most cards placed) every figure equals the brute force's."""

from hypothesis import event, given, settings
from hypothesis import strategies as st

from firmware.board import GUESTS, PLACES, SUSPECTS, WEAPONS
from sim.cards.deck import CARDS, deal
from sim.cards.deduction import Deduction

from .test_exact_positions import agrees_with_brute_force


def truthful_facts(draw, the_deal, guests, me):
    """Facts a guest could learn in a game, all true of `the_deal`."""
    facts = [("holds", me, c) for c in the_deal.hands[me]]
    for _ in range(draw(st.integers(0, 30))):
        kind = draw(st.sampled_from(["case", "mine", "seen", "seen", "accused"]))
        if kind == "case":
            s = draw(st.sampled_from(SUSPECTS))
            facts.append(("holds", "case:" + s, the_deal.cases[s]))
            continue
        named = (draw(st.sampled_from(SUSPECTS)), draw(st.sampled_from(PLACES)), draw(st.sampled_from(WEAPONS)))
        if kind == "accused":
            if named != the_deal.solution:
                facts.append(("wrong_accusation", named))
            continue
        asker = me if kind == "mine" else draw(st.sampled_from(guests))
        i = guests.index(asker)
        for k in range(1, len(guests)):
            r = guests[(i + k) % len(guests)]
            held = [c for c in named if c in the_deal.hands[r]]
            if not held:
                if r != me:
                    facts.append(("lacks", r, named))
                continue
            if asker == me:
                facts.append(("holds", r, draw(st.sampled_from(held))))
            elif r != me:
                facts.append(("shows_one_of", r, named))
            break
    return facts


@st.composite
def positions(draw, free=None):
    n = draw(st.integers(2, 4))
    guests = GUESTS[:n]
    the_deal = deal(draw(st.integers(0, 10**6)), guests)
    me = draw(st.sampled_from(guests))
    facts = truthful_facts(draw, the_deal, guests, me)
    if free is not None:
        # Small: place every card but a few, those of the clauses first.
        named = []
        for f in facts:
            if f[0] in ("shows_one_of", "wrong_accusation"):
                named.extend(c for c in f[-1] if c not in named)
        pool = named + [c for c in draw(st.permutations(CARDS)) if c not in named]
        keep = set(pool[: draw(st.integers(*free))])
        reveal = [("holds", the_deal.where(c), c) for c in CARDS if c not in keep]
        at = draw(st.integers(0, len(facts)))
        facts = facts[:at] + reveal + facts[at:]
    return the_deal, guests, me, facts


def sound(d, the_deal):
    sol = the_deal.solution
    assert all(c in kind for c, kind in zip(sol, d.candidates()))
    for c in CARDS:
        assert the_deal.where(c) in d.possible(c)


@settings(max_examples=150, deadline=None)
@given(positions())
def test_truthful_information_never_rules_out_the_real_deal(pos):
    the_deal, guests, me, facts = pos
    d = Deduction(guests, me=me)
    for f in facts:
        getattr(d, f[0])(*f[1:])
        sound(d, the_deal)
    if d.solution() is not None:
        assert d.solution() == the_deal.solution
        assert d.count() == 1


@settings(max_examples=300, deadline=None)
@given(positions(free=(4, 9)), st.integers(1, 4))
def test_exact_figures_equal_brute_force_on_small_positions(pos, every):
    the_deal, guests, me, facts = pos
    d = Deduction(guests, me=me)
    for i, f in enumerate(facts):
        getattr(d, f[0])(*f[1:])
        if i % every == 0:  # questions after some facts only: the engine answers when asked
            sound(d, the_deal)
    assert the_deal.solution in d.solutions()
    n = agrees_with_brute_force(d, guests, facts)
    event("deals: %s" % ("1" if n == 1 else "2-99" if n < 100 else "100+"))
    event("facts of several cards: %d+" % min(4, sum(1 for f in facts if f[0] != "holds")))
