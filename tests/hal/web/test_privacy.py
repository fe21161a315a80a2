"""Privacy enforced by the server: over a whole game on a web table (two
people on their phones, one not playing, a bot), every message each seat's
connection receives is recorded; none carries another guest's private
cards, and every public message a seat gets is one a screen that merely
watches (from another address) got too."""

import asyncio
import json

import pytest

from firmware.board import GUESTS
from sim.cards.deck import CARDS
from tests.support.web_players import WebGame

pytest.importorskip("aiohttp")

PUBLIC = ("say", "sfx", "stop", "off", "board", "table", "notice")
SEAT_FIELDS = {"t", "guest", "seated", "todo", "hand", "opened", "shown", "sheet", "place", "out", "verdicts", "refute"}
SEAT_FIELDS |= {"case"}  # the confidential case, to a guest who accused wrongly (they looked in it)


def play(seed):
    game = WebGame(seed, people={"COMTE": True, "LAVANDE": True, "PECHE": False}, bots={"AZUR": "hard"})
    asyncio.run(game.play())
    return game


def learned(game, guest):
    """The cards `guest` may know: their hand, the cases they opened, the cards shown to them."""
    t = game.table.session.table
    known = set(t.deal.hands.get(guest, ()))
    known |= set(t.opened.get(guest, {}).values())
    for note in game.table.session.notes:
        if note[0] == "hypothesis" and note[1].asker == guest and note[1].card:
            known.add(note[1].card)
    return known


@pytest.mark.parametrize("seed", [3, 11])
def test_no_seat_receives_another_guests_private_cards(seed):
    game = play(seed)
    s = game.table.session
    t = s.table
    assert s.over and t.winner is not None, "the game did not reach its end"
    public_texts = set(game.watcher_received)
    assert public_texts, "the watching screen got nothing"
    for guest, person in game.people.items():
        assert person.received, guest
        allowed = learned(game, guest)
        seats = 0
        for text in person.received:
            m = json.loads(text)
            if m["t"] == "hello":
                hello = {"t", "role", "guest", "lang", "html_lang", "words", "history", "clips", "table", "device"}
                assert set(m) == hello
                assert m["guest"] == guest and m["role"] == "seat"
                continue
            if m["t"] in PUBLIC:
                # the same bytes a watching screen got: nothing in it is this seat's own
                assert text in public_texts, "%s got a public message a watcher never got: %s" % (guest, text)
                continue
            if m["t"] == "refused":
                continue
            assert m["t"] == "seat", m
            seats += 1
            assert m["guest"] == guest
            assert set(m) <= SEAT_FIELDS, "a new field nobody checks: %s" % (set(m) - SEAT_FIELDS)
            if not m["seated"]:
                continue
            assert tuple(m["hand"]) == t.deal.hands[guest]
            assert set(m["opened"].items()) <= set(t.opened[guest].items())
            cards = set(m["hand"]) | set(m["opened"].values()) | set(m["sheet"]["marks"])
            cards |= {x["card"] for x in m["shown"] if x["card"]}
            if "case" in m:
                assert any(g == guest and not right for g, _, right in t.accusations), "%s saw the case" % guest
                assert tuple(m["case"]) == t.deal.solution
            if "refute" in m:
                cards |= set(m["refute"]["options"])
                assert set(m["refute"]["options"]) <= set(t.deal.hands[guest])
            assert cards <= set(CARDS)
            leaked = cards - allowed
            assert not leaked, "%s was sent %s, which only others may know" % (guest, sorted(leaked))
        assert seats > 0, guest
        if person.playing:
            # the seat did see its own cards: the check above had something to check
            assert any(json.loads(x).get("hand") for x in person.received)
    # and the other way: no seat's page was ever sent another guest's hand
    for guest, person in game.people.items():
        for other in GUESTS:
            if other == guest or other not in t.deal.hands:
                continue
            mine = learned(game, guest)
            secret = set(t.deal.hands[other]) - mine
            for text in person.received:
                m = json.loads(text)
                if m["t"] == "seat" and m.get("seated"):
                    assert not secret & set(m["hand"])
