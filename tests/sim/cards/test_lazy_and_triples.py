"""The speed work's engine (issue 15's speed target): the lazy engine a bot
uses (facts counted together at the next question) answers exactly as the
eager one, refuses a contradiction at the question and forgets only the
facts that break it; and solutions() from one programme of the three kinds
(sim.cards.packed.triple_counts) equals one solve per forced pair, the way
it was counted before, on real positions too large for the brute force."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sim.cards import deduction as deduction_module
from sim.cards.deck import CARDS
from sim.cards.deduction import _INDEX, _KIND, Deduction, Inconsistent
from sim.cards.exact import solve_clauses
from tests.support.brute import apply
from tests.support.cards import MINE, THREE, agrees_with_brute_force, issue_one, positions, sound


def figures(d):
    return (d.deals(), {c: d.poss[c] for c in CARDS}, d.case_chances(), d.solutions(), d.candidates())


@settings(max_examples=150, deadline=None)
@given(positions(), st.integers(1, 6))
def test_the_lazy_engine_answers_as_the_eager_one(pos, every):
    the_deal, guests, me, facts = pos
    eager, lazy = Deduction(guests, me=me), Deduction(guests, me=me, lazy=True)
    for i, f in enumerate(facts):
        getattr(eager, f[0])(*f[1:])
        getattr(lazy, f[0])(*f[1:])
        now = lazy.places_now()  # without counting: never narrower than the truth
        assert all(now[c] & eager.poss[c] == eager.poss[c] for c in CARDS)
        if i % every == 0:  # a question now and then: the facts before it are counted together
            assert figures(lazy) == figures(eager)
            sound(lazy, the_deal)
    assert figures(lazy) == figures(eager)


@settings(max_examples=100, deadline=None)
@given(positions(free=(4, 9)))
def test_the_lazy_engine_equals_the_brute_force_on_small_positions(pos):
    the_deal, guests, me, facts = pos
    d = apply(Deduction(guests, me=me, lazy=True), facts)
    agrees_with_brute_force(d, guests, facts)


def test_facts_wait_for_a_question_and_are_counted_once(monkeypatch):
    solves = []
    real = deduction_module.solve_clauses

    def counted(*a, **kw):
        solves.append(1)
        return real(*a, **kw)

    monkeypatch.setattr(deduction_module, "solve_clauses", counted)
    d = Deduction(THREE, me="LAVANDE", lazy=True)
    solves.clear()
    for c in MINE:
        d.holds("LAVANDE", c)
    d.lacks("COMTE", ("ROSE", "ECURIE", "SEAU"))
    d.shows_one_of("PECHE", ("OLIVE", "MANOIR", "NAIN"))
    assert solves == []  # nothing counted yet
    d.candidates()
    d.case_chances()
    assert len(solves) == 1
    d.holds("LAVANDE", MINE[0])  # known already: nothing to count again
    d.solution()
    assert len(solves) == 1


def test_a_lazy_contradiction_is_refused_at_the_question_and_only_it_forgotten():
    d = issue_one(lambda guests, me: Deduction(guests, me=me, lazy=True))
    d.deals()  # counted
    learnt = d.learnt
    d.lacks("PECHE", ("LEBLANC",))  # true, waiting
    d.lacks("COMTE", ("ROSE",))  # Rose is his: he cannot lack her
    d.holds("PECHE", "ABRI")  # true, waiting
    with pytest.raises(Inconsistent, match="COMTE holds none of ROSE"):
        d.candidates()
    eager = issue_one(Deduction)
    eager.lacks("PECHE", ("LEBLANC",))
    eager.holds("PECHE", "ABRI")
    assert figures(d) == figures(eager)
    assert d.learnt == learnt + 2 and d.lazy


def old_solutions(d):
    """solutions() as it was counted before: one solve per pair of forced classes."""
    s_c, p_c, w_c = d.candidates()
    wrong = set(d.not_all)
    involved = set(c for _, cs in d.clauses for c in cs) | set(c for t in d.not_all for c in t)

    def classes(cards):
        out = {}
        for c in cards:
            out.setdefault(c if c in involved else d.allowed[_INDEX[c]], []).append(c)
        return list(out.values())

    groups = [classes(cards) for cards in (s_c, p_c, w_c)]
    a, b, r = sorted(range(3), key=lambda k: len(groups[k]))
    found = {}
    for ga in groups[a]:
        for gb in groups[b]:
            masks = list(d.allowed)
            masks[_INDEX[ga[0]]] &= 1
            masks[_INDEX[gb[0]]] &= 1
            sol = solve_clauses(masks, d.capacity, _KIND, d._clauses_ix)
            if sol is None:
                continue
            for z in (s_c, p_c, w_c)[r]:
                v = sol.case_count(_INDEX[z])
                for x in ga:
                    for y in gb:
                        t = [None] * 3
                        t[a], t[b], t[r] = x, y, z
                        if v and tuple(t) not in wrong:
                            found[tuple(t)] = v
    total = sum(found.values())
    return {t: v / total for t, v in sorted(found.items(), key=lambda kv: (-kv[1], kv[0]))}


@settings(max_examples=120, deadline=None)
@given(positions())
def test_solutions_from_one_programme_equal_one_solve_per_pair(pos):
    the_deal, guests, me, facts = pos
    d = apply(Deduction(guests, me=me), facts)
    got = d.solutions()
    assert list(got.items()) == list(old_solutions(d).items())  # the same chances, in the same order
    assert the_deal.solution in got


@settings(max_examples=100, deadline=None)
@given(positions(), st.integers(1, 12))
def test_an_easy_bot_bounds_the_triples_as_the_count_does(pos, n):
    """Bot._at_most(n): the bounds decide when they can, the count otherwise; always as count() <= n."""
    from sim.bots.mind import Bot

    the_deal, guests, me, facts = pos
    bot = Bot(me, "easy", 1)
    bot.mind = apply(Deduction(guests, me=me, lazy=True), facts)
    assert bot._at_most(n) == (bot.mind.count() <= n)
