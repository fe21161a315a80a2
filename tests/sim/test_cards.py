"""The card table: the deck, the deal, the cases, refutation order and the
check of an accusation (rulebook: Game Preparation, True or False?,
Meeting a Suspect, Accusations)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware.actions import Say
from firmware.board import GUESTS, PLACES, SUSPECTS, WEAPONS
from firmware.phrases import say
from sim.cards.card_table import CardTable
from sim.cards.deck import CARDS, KIND, Deal, deal, hand_size, seating
from tests.support.cards import fixed_deal, started_table  # noqa: E402


def test_23_cards_of_three_kinds():
    assert len(CARDS) == len(set(CARDS)) == 23
    assert [KIND[c] for c in CARDS].count("suspect") == 8
    assert [KIND[c] for c in CARDS].count("place") == 9
    assert [KIND[c] for c in CARDS].count("weapon") == 6


@pytest.mark.parametrize("n", [2, 3, 4])
def test_deal_places_every_card_once(n):
    guests = GUESTS[:n]
    for seed in range(30):
        d = deal(seed, guests)
        s, p, w = d.solution
        assert s in SUSPECTS and p in PLACES and w in WEAPONS
        assert sorted(d.cases) == sorted(SUSPECTS)  # one card in each suspect case
        assert all(len(h) == hand_size(n) == 12 // n for h in d.hands.values())
        everywhere = list(d.solution) + list(d.cases.values()) + [c for h in d.hands.values() for c in h]
        assert sorted(everywhere) == sorted(CARDS)
        for c in CARDS:
            assert d.where(c) in ("CASE",) + guests + tuple("case:" + x for x in SUSPECTS)


def test_deal_is_seeded():
    assert deal(5, GUESTS).hands == deal(5, GUESTS).hands
    assert deal(5, GUESTS).solution == deal(5, GUESTS).solution
    assert len({deal(k, GUESTS).solution for k in range(40)}) > 20


def test_every_solution_can_come_up():
    seen = {KIND[c]: set() for c in CARDS}
    for seed in range(400):
        for c in deal(seed, GUESTS[:2]).solution:
            seen[KIND[c]].add(c)
    assert seen["suspect"] == set(SUSPECTS)
    assert seen["place"] == set(PLACES)
    assert seen["weapon"] == set(WEAPONS)


def test_bad_guests_are_refused_by_name():
    with pytest.raises(ValueError, match="unknown guest 'MOUTARDE'"):
        seating(["COMTE", "MOUTARDE"])
    with pytest.raises(ValueError, match="2 to 4"):
        seating(["COMTE"])
    with pytest.raises(ValueError, match="each of the 23 cards once"):
        Deal(("OLIVE", "ECURIE", "RAQUETTE"), {}, {"COMTE": ()})






def test_refutation_goes_left_round_the_table():
    t, _ = started_table()
    assert t.left_of("LAVANDE") == ("PECHE", "COMTE")
    assert t.left_of("PECHE") == ("COMTE", "LAVANDE")
    assert t.left_of("COMTE") == ("LAVANDE", "PECHE")


def test_rulebook_example_nobody_can_refute():
    # Lady Lavande, in the stables, suspects Révérend Olive with the tennis racket.
    t, _ = started_table()
    h = t.hypothesis("LAVANDE", "OLIVE", "RAQUETTE")
    assert h.named == ("OLIVE", "ECURIE", "RAQUETTE")  # the place is where she stands
    assert h.done and h.passed == ["PECHE", "COMTE"] and h.shower is None and h.card is None


def test_first_guest_left_who_holds_one_shows_it():
    t, _ = started_table()
    h = t.hypothesis("LAVANDE", "MOUTARDE", "RAQUETTE")
    assert h.passed == ["PECHE"] and h.shower == "COMTE" and h.card == "MOUTARDE"
    assert h.public() == {
        "asker": "LAVANDE",
        "named": ("MOUTARDE", "ECURIE", "RAQUETTE"),
        "passed": ["PECHE"],
        "shower": "COMTE",
    }


def test_a_guest_holding_several_chooses():
    t, _ = started_table(current="LAVANDE", place="JARDINS")
    h = t.hypothesis("LAVANDE", "MOUTARDE", "SEAU")  # the Comte holds MOUTARDE, JARDINS and SEAU
    assert h.waiting == ("COMTE", ("MOUTARDE", "JARDINS", "SEAU"))
    with pytest.raises(ValueError, match="not 'NAIN'"):
        h.show("NAIN")
    h.show("SEAU")
    assert h.done and h.card == "SEAU" and h.shower == "COMTE"


def test_eliminated_guests_still_refute():
    t, _ = started_table()
    t.hear([say("accuse.wrong", {"guest": "PECHE"})])
    assert "PECHE" not in t.active
    t.hear(
        [
            say("turn.call", {"guest": "LAVANDE"}),
            say("place.enter", {"place": "GARAGE", "suspects": [], "inspecteur": False}),
        ]
    )
    h = t.hypothesis("LAVANDE", "OLIVE", "RAQUETTE")
    assert h.shower == "PECHE" and h.card == "GARAGE"


def test_one_hypothesis_a_turn_by_the_guest_whose_turn_it_is():
    t, _ = started_table()
    with pytest.raises(ValueError, match="only the guest whose turn it is"):
        t.hypothesis("COMTE", "OLIVE", "RAQUETTE")
    t.hypothesis("LAVANDE", "OLIVE", "RAQUETTE")
    with pytest.raises(ValueError, match="one hypothesis per turn"):
        t.hypothesis("LAVANDE", "ROSE", "NAIN")
    with pytest.raises(ValueError, match="unknown weapon card 'ECURIE'"):
        t.hear([say("turn.call", {"guest": "LAVANDE"})])
        t.hypothesis("LAVANDE", "ROSE", "ECURIE")


def test_hypothesis_needs_a_place():
    t = CardTable(fixed_deal(), ("COMTE", "LAVANDE", "PECHE"))
    t.hear([say("turn.call", {"guest": "COMTE"})])
    with pytest.raises(ValueError, match="must enter a place"):
        t.hypothesis("COMTE", "OLIVE", "RAQUETTE")


def test_cases_open_where_the_narrator_names_suspects():
    t, opened = started_table(place="ECURIE", suspects=["ROSE", "FRANCIS"])
    assert [(o.guest, o.suspect, o.card) for o in opened] == [
        ("LAVANDE", "ROSE", "MANOIR"),
        ("LAVANDE", "FRANCIS", "MARTEAU"),
    ]
    # Melle Pêche joins her in the stables, then searches and finds Olive: both may look.
    t.hear(
        [
            say("turn.call", {"guest": "PECHE"}),
            say("place.enter", {"place": "ECURIE", "suspects": ["ROSE", "FRANCIS"], "inspecteur": False}),
        ]
    )
    opened = t.hear([say("search.result", {"place": "ECURIE", "suspects": ["OLIVE"], "inspecteur": False})])
    assert sorted(o.guest for o in opened) == ["LAVANDE", "PECHE"]
    assert {o.card for o in opened} == {"GARDIEN"}
    # A suspect walking in where guests stand: those guests may look.
    opened = t.hear(
        [
            say("move.arrives", {"who": "BEAUMONT", "place": "ECURIE"}),
            say("move.arrives", {"who": "INSPECTEUR", "place": "ECURIE"}),
        ]
    )
    assert sorted((o.guest, o.suspect) for o in opened) == [("LAVANDE", "BEAUMONT"), ("PECHE", "BEAUMONT")]
    assert t.opened["LAVANDE"] == {"ROSE": "MANOIR", "FRANCIS": "MARTEAU", "OLIVE": "GARDIEN", "BEAUMONT": "CISAILLE"}
    # Seen leaving and arriving, said once (issue 38): the guests where it arrives may look, not where it left.
    opened = t.hear(
        [
            say("move.leaves_arrives", {"who": "LEBLANC", "place": "KIOSQUE", "to": "ECURIE"}),
            say("move.leaves_arrives", {"who": "INSPECTEUR", "place": "KIOSQUE", "to": "ECURIE"}),
            say("move.leaves_arrives", {"who": "MOUTARDE", "place": "ECURIE", "to": "GARDIEN"}),
        ]
    )
    assert sorted((o.guest, o.suspect) for o in opened) == [("LAVANDE", "LEBLANC"), ("PECHE", "LEBLANC")]


def test_accusation_is_checked_against_the_case():
    t, _ = started_table()
    assert t.accuse("LAVANDE", "OLIVE", "ECURIE", "RAQUETTE") is True
    assert t.accuse("COMTE", "OLIVE", "ECURIE", "NAIN") is False
    assert [(g, right) for g, _, right in t.accusations] == [("LAVANDE", True), ("COMTE", False)]
    with pytest.raises(ValueError, match="unknown place card"):
        t.accuse("COMTE", "OLIVE", "RAQUETTE", "NAIN")


def test_the_table_follows_the_end_of_the_game():
    t, _ = started_table()
    t.hear([Say("accuse.right", {"guest": "LAVANDE"}, ()), say("game.over")])
    assert t.winner == "LAVANDE" and t.over


def test_the_detective_sheet_fills_itself():
    from sim.cards.sheet import DetectiveSheet

    d = fixed_deal()
    sheet = DetectiveSheet("LAVANDE", ("COMTE", "LAVANDE", "PECHE"), d.hands["LAVANDE"])
    assert all(sheet.marks[c] == "LL" for c in d.hands["LAVANDE"])  # her own initials
    sheet.opened("ROSE", "MANOIR")
    assert sheet.seen == ["ROSE"] and sheet.marks["MANOIR"] == "ROSE"  # the VU circle, and the card
    public = {"asker": "LAVANDE", "named": ("MOUTARDE", "ECURIE", "RAQUETTE"), "passed": ["PECHE"], "shower": "COMTE"}
    sheet.refutation(public, "MOUTARDE")
    assert sheet.marks["MOUTARDE"] == "CP"  # the initials of who showed it
    sheet.hear(
        [
            say("place.enter", {"place": "KIOSQUE", "suspects": [], "inspecteur": True}),
            say("move.arrives", {"who": "INSPECTEUR", "place": "GARAGE"}),
            say("search.result", {"place": "ABRI", "suspects": [], "inspecteur": False}),
        ]
    )
    assert sheet.inspecteur == ["KIOSQUE", "GARAGE"]
    s, p, w = sheet.hint()
    assert "MOUTARDE" not in s and "LEBLANC" not in s and "MANOIR" not in p and "NAIN" not in w
    assert "OLIVE" in s and "ECURIE" in p and "RAQUETTE" in w


@st.composite
def hypotheses(draw):
    n = draw(st.integers(2, 4))
    named = (draw(st.sampled_from(SUSPECTS)), draw(st.sampled_from(PLACES)), draw(st.sampled_from(WEAPONS)))
    return draw(st.integers(0, 10**6)), n, named, draw(st.integers(0, n - 1))


@settings(max_examples=100, deadline=None)
@given(hypotheses())
def test_refutation_is_the_first_guest_left_holding_a_named_card(case):
    seed, n, (suspect, place, weapon), who = case
    guests = GUESTS[:n]
    asker = guests[who % n]
    t = CardTable(deal(seed, guests), guests)
    t.hear(
        [say("turn.call", {"guest": asker}), say("place.enter", {"place": place, "suspects": [], "inspecteur": False})]
    )
    h = t.hypothesis(asker, suspect, weapon)
    named = (suspect, place, weapon)
    order = list(t.left_of(asker))
    for g in h.passed:
        assert not set(named) & set(t.deal.hands[g])
    if h.shower is None:
        assert h.passed == order
    else:
        assert order.index(h.shower) == len(h.passed)
        if h.waiting:
            h.show(h.waiting[1][0])
        assert h.card in named and h.card in t.deal.hands[h.shower]
