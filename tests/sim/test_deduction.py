"""The deduction engine on hand-built positions, and a property: with
truthful information it never rules out the real solution."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware.board import GUESTS, PLACES, SUSPECTS, WEAPONS
from sim.cards.deck import CARDS, deal
from sim.cards.deduction import Deduction, Inconsistent

THREE = ("COMTE", "LAVANDE", "PECHE")
RULEBOOK = ("OLIVE", "ECURIE", "RAQUETTE")  # Révérend Olive, the stables, the tennis racket


def test_what_a_guest_holds_is_not_in_the_case():
    d = Deduction(THREE, me="LAVANDE")
    for c in ("LEBLANC", "ABRI", "TENNIS", "NAIN"):
        d.holds("LAVANDE", c)
    s, p, w = d.candidates()
    assert "LEBLANC" not in s and "ABRI" not in p and "TENNIS" not in p and "NAIN" not in w
    assert d.count() == 7 * 7 * 5
    # Her hand is full: nothing else is in it.
    assert all("LAVANDE" not in d.possible(c) for c in CARDS if c not in ("LEBLANC", "ABRI", "TENNIS", "NAIN"))


def test_rulebook_example_the_racket_shown_to_lady_lavande():
    # Lady Lavande in the stables: "Révérend Olive with the tennis racket".
    # Melle Pêche, on her left, cannot refute; the Comte shows her the racket.
    d = Deduction(THREE, me="LAVANDE")
    d.lacks("PECHE", RULEBOOK)
    d.holds("COMTE", "RAQUETTE")
    assert d.location("RAQUETTE") == "COMTE"
    assert "RAQUETTE" not in d.candidates()[2]
    for c in RULEBOOK:
        assert "PECHE" not in d.possible(c)


def test_rulebook_example_seen_by_melle_peche():
    # Melle Pêche holds Olive and the stables; she sees the Comte show Lady
    # Lavande a card without seeing which: it can only be the racket.
    d = Deduction(THREE, me="PECHE")
    d.holds("PECHE", "OLIVE")
    d.holds("PECHE", "ECURIE")
    d.shows_one_of("COMTE", RULEBOOK)
    assert d.location("RAQUETTE") == "COMTE"


def test_rulebook_example_nobody_refutes_and_every_case_was_read():
    # Lady Lavande has read the 8 suspect cases; nobody can refute her
    # hypothesis, and she holds none of the three: they are the solution.
    cases = {s: c for s, c in zip(SUSPECTS, [x for x in CARDS if x not in RULEBOOK][:8])}
    rest = [x for x in CARDS if x not in RULEBOOK and x not in cases.values()]
    d = Deduction(THREE, me="LAVANDE")
    for c in rest[:4]:
        d.holds("LAVANDE", c)
    for s, c in cases.items():
        d.holds("case:" + s, c)
    assert d.solution() is None
    d.lacks("PECHE", RULEBOOK)
    d.lacks("COMTE", RULEBOOK)
    assert d.solution() == RULEBOOK


def test_the_last_one_of_a_kind_is_in_the_case():
    d = Deduction(THREE, me="COMTE")
    for w in WEAPONS[:-1]:
        d.holds("PECHE" if w != "MARTEAU" else "case:ROSE", w)
    assert d.location(WEAPONS[-1]) == "CASE"
    assert d.candidates()[2] == (WEAPONS[-1],)


def test_one_known_in_the_case_clears_the_others_of_its_kind():
    d = Deduction(THREE, me="COMTE")
    d.holds("CASE", "JARDINS")
    assert d.candidates()[1] == ("JARDINS",)
    assert all("CASE" not in d.possible(p) for p in PLACES if p != "JARDINS")


def test_a_suspect_case_holds_one_card():
    d = Deduction(THREE, me="COMTE")
    d.holds("case:ROSE", "NAIN")
    assert all("case:ROSE" not in d.possible(c) for c in CARDS if c != "NAIN")


def test_a_hand_that_can_only_take_so_many():
    # 2 guests hold 6 cards each. If only 6 cards can still be in the Comte's
    # hand, they are all there.
    d = Deduction(("COMTE", "LAVANDE"), me="LAVANDE")
    mine = ("MOUTARDE", "VIOLET", "GARDIEN", "PISCINE", "FER_A_CHEVAL", "MARTEAU")
    for c in mine:
        d.holds("LAVANDE", c)
    his = ("OLIVE", "ROSE", "MANOIR", "JARDINS", "SEAU", "NAIN")
    others = [c for c in CARDS if c not in mine and c not in his]
    d.lacks("COMTE", others)
    assert all(d.location(c) == "COMTE" for c in his)


def test_a_wrong_accusation_clears_the_third_card():
    d = Deduction(THREE, me="COMTE")
    d.holds("CASE", "OLIVE")
    d.holds("CASE", "ECURIE")
    d.wrong_accusation(RULEBOOK)
    assert "RAQUETTE" not in d.candidates()[2]


def test_contradictions_are_reported():
    d = Deduction(THREE, me="COMTE")
    d.holds("COMTE", "OLIVE")
    with pytest.raises(Inconsistent):
        d.holds("PECHE", "OLIVE")
    d = Deduction(THREE, me="COMTE")
    d.lacks("PECHE", RULEBOOK)
    with pytest.raises(Inconsistent):
        d.shows_one_of("PECHE", RULEBOOK)
    with pytest.raises(ValueError, match="unknown location 'case:AZUR'"):
        d.holds("case:AZUR", "OLIVE")


def test_weights_are_chances():
    d = Deduction(THREE, me="COMTE")
    d.holds("COMTE", "OLIVE")
    for c in CARDS:
        w = d.weights(c)
        assert abs(sum(w.values()) - 1) < 1e-9 and all(v >= 0 for v in w.values())
    assert d.weights("OLIVE") == {d.index["COMTE"]: 1.0}


# -- property: truthful information never rules out the truth ------------------------


def truthful_facts(draw, the_deal, guests, me):
    """Facts a guest could learn in a game, all true of `the_deal`."""
    facts = [("holds", me, c) for c in the_deal.hands[me]]
    n = draw(st.integers(0, 30))
    for _ in range(n):
        kind = draw(st.sampled_from(["case", "mine", "seen", "accused"]))
        if kind == "case":
            s = draw(st.sampled_from(SUSPECTS))
            facts.append(("holds", "case:" + s, the_deal.cases[s]))
            continue
        if kind == "accused":
            triple = (draw(st.sampled_from(SUSPECTS)), draw(st.sampled_from(PLACES)), draw(st.sampled_from(WEAPONS)))
            if triple != the_deal.solution:
                facts.append(("wrong", triple))
            continue
        asker = me if kind == "mine" else draw(st.sampled_from(guests))
        named = (draw(st.sampled_from(SUSPECTS)), draw(st.sampled_from(PLACES)), draw(st.sampled_from(WEAPONS)))
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
                facts.append(("shows", r, named))
            break
    return facts


@st.composite
def positions(draw):
    n = draw(st.integers(2, 4))
    guests = GUESTS[:n]
    the_deal = deal(draw(st.integers(0, 10**6)), guests)
    me = draw(st.sampled_from(guests))
    return the_deal, guests, me, truthful_facts(draw, the_deal, guests, me)


@settings(max_examples=150, deadline=None)
@given(positions())
def test_truthful_information_never_rules_out_the_solution(pos):
    the_deal, guests, me, facts = pos
    d = Deduction(guests, me=me)
    for f in facts:
        if f[0] == "holds":
            d.holds(f[1], f[2])
        elif f[0] == "lacks":
            d.lacks(f[1], f[2])
        elif f[0] == "shows":
            d.shows_one_of(f[1], f[2])
        else:
            d.wrong_accusation(f[1])
        s, p, w = d.candidates()
        sol = the_deal.solution
        assert sol[0] in s and sol[1] in p and sol[2] in w
        assert d.count() >= 1
    for c in CARDS:
        assert the_deal.where(c) in d.possible(c)
    d.probe()  # the step further (the people's hint) is sound too
    sol = the_deal.solution
    assert all(c in kind for c, kind in zip(sol, d.candidates()))
    if d.solution() is not None:
        assert d.solution() == sol
