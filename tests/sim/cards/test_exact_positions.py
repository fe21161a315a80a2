"""The exact engine on hand-built positions: the three of issue 15, and
small positions checked against a brute-force enumeration of every
consistent deal (tests/sim/cards/brute.py)."""

from math import factorial

import pytest

from sim.bots.frozen import propagation
from sim.cards.deck import CARDS, KIND
from sim.cards.deduction import Deduction, Inconsistent
from tests.support.brute import apply
from tests.support.cards import MINE, THREE, agrees_with_brute_force, issue_one  # noqa: E402

# -- the three positions of issue 15 -----------------------------------------------





def test_one_free_slot_and_two_clauses_sharing_rose_make_rose_his():
    old = issue_one(propagation.Deduction)
    assert len(old.possible("ROSE")) == 11 and old.count() == 140  # what the old engine missed
    d = issue_one(Deduction)
    assert d.possible("ROSE") == ("COMTE",)
    assert "ROSE" not in d.candidates()[0]
    assert d.count() == 112 == len(d.solutions())
    # Rose his, his hand full: 112 triples, then Mlle Peche's 4 of the 12 left, the 8 cases in any order.
    assert d.deals() == 112 * factorial(12) // factorial(4)
    assert all(p == pytest.approx(1 / 112) for p in d.solutions().values())


def test_two_known_cards_and_two_disjoint_clauses_fill_the_hand():
    facts = [("holds", "LAVANDE", c) for c in MINE]
    facts += [("holds", "COMTE", "OLIVE"), ("holds", "COMTE", "JARDINS")]
    facts += [
        ("shows_one_of", "COMTE", ("ROSE", "MANOIR", "MARTEAU")),
        ("shows_one_of", "COMTE", ("LEBLANC", "ABRI", "NAIN")),
    ]
    old = apply(propagation.Deduction(THREE, me="LAVANDE"), facts)
    d = apply(Deduction(THREE, me="LAVANDE"), facts)
    others = [
        c for c in CARDS if c not in MINE + ("OLIVE", "JARDINS", "ROSE", "MANOIR", "MARTEAU", "LEBLANC", "ABRI", "NAIN")
    ]
    assert len(others) == 11
    assert all("COMTE" in old.possible(c) for c in others)  # the old engine kept them
    assert all("COMTE" not in d.possible(c) for c in others)
    assert all("COMTE" in d.possible(c) for c in ("ROSE", "MANOIR", "MARTEAU", "LEBLANC", "ABRI", "NAIN"))
    # His two free cards: one of each clause; so exactly two of the six are his.
    assert sum(d.chance(c, "COMTE") for c in ("ROSE", "MANOIR", "MARTEAU", "LEBLANC", "ABRI", "NAIN")) == pytest.approx(
        2
    )


def three_wrong(engine):
    d = engine(THREE, me="COMTE")
    d.holds("CASE", "OLIVE")
    spots = iter(["COMTE"] * 4 + ["LAVANDE"] * 4 + ["PECHE"] * 3)
    for c in (
        "GARDIEN",
        "PISCINE",
        "JARDINS",
        "ABRI",
        "TENNIS",
        "GARAGE",
        "KIOSQUE",
        "FER_A_CHEVAL",
        "MARTEAU",
        "CISAILLE",
        "SEAU",
    ):
        d.holds(next(spots), c)
    assert d.candidates() == (("OLIVE",), ("MANOIR", "ECURIE"), ("RAQUETTE", "NAIN"))
    for t in (("OLIVE", "MANOIR", "RAQUETTE"), ("OLIVE", "MANOIR", "NAIN"), ("OLIVE", "ECURIE", "RAQUETTE")):
        d.wrong_accusation(t)
    return d


def test_three_wrong_accusations_leaving_one_triple():
    old = three_wrong(propagation.Deduction)
    assert old.count() == 1 and old.solution() is None  # the old engine's bug
    d = three_wrong(Deduction)
    assert d.count() == 1
    assert d.solution() == ("OLIVE", "ECURIE", "NAIN")
    assert d.solutions() == {("OLIVE", "ECURIE", "NAIN"): 1.0}
    assert d.chance("MANOIR") == 0 and d.chance("NAIN") == 1


# -- small positions against brute force ------------------------------------------------


def placed_but(deal, keep, guests):
    """Facts placing every card of `deal` but those in `keep`."""
    facts = []
    for c in CARDS:
        if c not in keep:
            facts.append(("holds", deal.where(c), c))
    return facts


def test_clauses_competing_for_slots_match_brute_force():
    from sim.cards.deck import deal

    dl = deal(5, THREE)
    comte = dl.hands["COMTE"]
    keep = set(comte[:2]) | {dl.solution[0], dl.solution[2], dl.cases["ROSE"], dl.hands["PECHE"][0]}
    facts = placed_but(dl, keep, THREE)
    named1 = (comte[0], dl.solution[0], dl.cases["ROSE"])
    named2 = (comte[1], dl.solution[2], dl.hands["PECHE"][0])
    facts += [("shows_one_of", "COMTE", named1), ("shows_one_of", "COMTE", named2)]
    facts += [("lacks", "LAVANDE", named1)]
    d = apply(Deduction(THREE, me="LAVANDE"), facts)
    agrees_with_brute_force(d, THREE, facts)


def test_uneven_hands_and_a_wrong_accusation_match_brute_force():
    guests = ("COMTE", "AZUR")
    sizes = {"COMTE": 7, "AZUR": 5}
    d = Deduction(guests, me="AZUR", sizes=sizes)
    free = {"ROSE", "OLIVE", "MANOIR", "ECURIE", "NAIN", "SEAU", "TENNIS"}
    rest = [c for c in CARDS if c not in free]
    spots = (
        ["CASE"]
        + ["COMTE"] * 5
        + ["AZUR"] * 4
        + ["case:" + s for s in ("MOUTARDE", "VIOLET", "PERVENCHE", "LEBLANC", "FRANCIS", "BEAUMONT")]
    )
    # one weapon in the case is fixed: put the CASE spot on a weapon
    rest.sort(key=lambda c: KIND[c] != "weapon")
    facts = [("holds", w, c) for w, c in zip(spots, rest)]
    facts += [("lacks", "AZUR", ("ROSE", "OLIVE")), ("shows_one_of", "COMTE", ("ROSE", "MANOIR", "NAIN"))]
    facts += [("wrong_accusation", ("OLIVE", "ECURIE", rest[0]))]
    apply(d, facts)
    agrees_with_brute_force(d, guests, facts, sizes)


def test_a_contradiction_found_before_any_question_is_refused_too():
    d = issue_one(Deduction)  # no question asked yet: nothing but the count is known
    with pytest.raises(Inconsistent):
        d.lacks("COMTE", ("ROSE",))
    assert d.possible("ROSE") == ("COMTE",) and d.count() == 112


def test_a_copy_learns_apart():
    d = issue_one(Deduction)
    e = d.copy()
    e.holds("PECHE", "LEBLANC")
    assert "PECHE" in d.possible("LEBLANC") and len(d.possible("LEBLANC")) > 1
    assert e.possible("LEBLANC") == ("PECHE",) and e.deals() < d.deals()


def test_a_fact_already_certain_changes_nothing():
    d = issue_one(Deduction)
    before = (d.deals(), d.case_chances(), d.solutions())
    d.holds("COMTE", "ROSE")  # certain already
    d.lacks("COMTE", ("LEBLANC", "ABRI"))  # his hand is full
    d.shows_one_of("COMTE", ("ROSE", "ABRI", "NAIN"))
    assert (d.deals(), d.case_chances(), d.solutions()) == before and d.learnt == 12


def test_a_contradiction_is_refused_and_forgotten():
    d = issue_one(Deduction)
    before = (d.deals(), d.candidates(), d.learnt)
    with pytest.raises(Inconsistent):
        d.lacks("COMTE", ("ROSE",))  # Rose is his: he cannot lack her
    with pytest.raises(Inconsistent):
        d.holds("CASE", "ROSE")
    with pytest.raises(Inconsistent):
        d.shows_one_of("COMTE", ("LEBLANC", "ABRI", "NAIN"))  # no slot left for it
    assert (d.deals(), d.candidates(), d.learnt) == before
    with pytest.raises(ValueError, match="unknown card 'JOKER'"):
        d.holds("COMTE", "JOKER")
