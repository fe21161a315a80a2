"""Properties of the exact engine on positions from real deals: truthful
information never rules out the real deal (nor the real solution), and on
small positions (most cards placed) every figure equals the brute force's."""

from hypothesis import event, given, settings
from hypothesis import strategies as st

from sim.cards.deduction import Deduction
from tests.support.cards import agrees_with_brute_force, positions, sound  # noqa: E402


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
