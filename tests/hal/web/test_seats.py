"""The seats' side of the web table (sim.web.phone_table), without a server: a
seat's choices out of their moment are refused with a line, and a seat's
private state names only that guest's cards."""

import pytest

from firmware.board import PLACES, SUSPECTS, WEAPONS
from hal.edges import BTN, SW, event_of, tap
from hal.runner import Board
from sim.web.phone_table import WebTable
from sim.words.card_words import Words


def seated_table(seed=4, hints=False):
    table = WebTable(seed, "en", bots={"AZUR": "hard"}, hints=hints, words=Words("en"), delay_ms=0)
    board = Board(seed=seed)
    board.attach(table.sink)
    board.feed(event_of(SW, "", True), 0)
    t = 100
    for answer in ("YES", "YES", "NO"):  # the Comte and Lady Lavande; not Mlle Pêche
        for e in tap(BTN, answer):
            board.feed(e, t)
            t += 100
    for e in table.step(t, quiet=True):  # the bot answers for Azur
        board.feed(e, t)
    return table, board


def test_a_seat_is_dealt_its_own_hand_only():
    table, _ = seated_table()
    deal = table.session.table.deal
    for g in ("COMTE", "LAVANDE"):
        p = table.private(g)
        assert p["seated"] and tuple(p["hand"]) == deal.hands[g]
    assert table.private("PECHE")["todo"] == "not_playing"
    assert table.people == ("COMTE", "LAVANDE", "PECHE")  # the seats people may take: Azur is a bot's


def test_an_accuser_makes_no_hypothesis_before_the_verdict():
    """Between the accusation's three cards and the board's verdict, the turn
    is still the accuser's: the phone offers no hypothesis and the table
    refuses one (the eliminated guest's phone offered one for 5-17 s)."""
    table, board = seated_table()
    t = table.session.table
    g = t.current
    table.session.verdict_due = g  # the board asked "were you right?" (accuse.announce)
    deal = t.deal
    wrong = next(s for s in SUSPECTS if s != deal.solution[0])
    accusation = {"t": "accuse", "suspect": wrong, "place": deal.solution[1], "weapon": deal.solution[2]}
    assert table.act(g, accusation) is None
    assert table.private(g)["todo"] == "wait"
    assert t.accused and "not now" in table.act(g, {"t": "hypothesis", "suspect": "ROSE", "weapon": "SEAU"})
    t.where[g] = "ECURIE"  # and the table itself refuses it, whatever a page sends
    with pytest.raises(ValueError, match="accused this turn"):
        t.hypothesis(g, "ROSE", "SEAU")


def test_a_seat_becomes_a_bot_after_the_deal_and_plays_on():
    """A phone that died: its seat is given to a bot mid-game, which is told
    what the seat saw and plays on (the table no longer waits for good)."""
    table, board = seated_table()
    s = table.session
    t = s.table
    now = 10_000
    before = dict(s.turns)
    for seat in ("COMTE", "LAVANDE"):  # both phones died: the bots play the game to its end
        assert table.seat_bot(seat) is None
        assert seat in s.bots and seat not in table.people
        assert s.bots[seat].hand == tuple(t.deal.hands[seat])
        assert table.seat_bot(seat) is not None  # not twice
    for _ in range(20000):
        for e in table.step(now, quiet=True):
            board.feed(e, now)
        now += 100
        if s.over:
            break
    assert s.over and t.winner is not None, "the bots did not play the seats on to a verdict"
    played = [g for g in ("COMTE", "LAVANDE") if s.turns.get(g, 0) > before.get(g, 0)]
    assert played, "the seats given to bots never played a turn"


def test_choices_out_of_their_moment_are_refused():
    table, _ = seated_table()
    someone = "LAVANDE" if table.session.table.current != "LAVANDE" else "COMTE"
    assert "not now" in table.act(someone, {"t": "hypothesis", "suspect": "ROSE", "weapon": "SEAU"})
    assert "not now" in table.act("COMTE", {"t": "accuse", "suspect": "ROSE", "place": "ECURIE", "weapon": "SEAU"})
    assert table.act("COMTE", {"t": "show", "card": "ROSE"})  # nobody is choosing a card to show
    assert "unknown" in table.act("COMTE", {"t": "peek"})
    assert table.session.table.accusations == []


def test_a_seats_sheet_carries_the_chances_only_with_hints():
    plain, _ = seated_table()
    assert "chances" not in plain.private("COMTE")["sheet"]
    assert plain.setup()["hints"] is False
    table, _ = seated_table(hints=True)
    assert table.setup()["hints"] is True  # recorded: a resumed host gives the hints back
    p = table.private("COMTE")
    chances = p["sheet"]["chances"]
    assert not set(chances) & set(p["hand"])  # his own cards are not in the case
    assert table.session.table.deal.solution[0] in chances  # true information never rules out the truth
    for kind in (SUSPECTS, PLACES, WEAPONS):
        assert abs(sum(chances.get(c, 0) for c in kind) - 1) < 1e-3


def test_the_table_names_whom_it_waits_on_and_offers_a_bot_only_after_a_while():
    """Issue 37: the card table knows whom it waits on and for what (a turn, the three of an accusation), the
    pages are told when that changes (watch), the offer of a bot comes after OFFER_MS of its clock, never
    before, and the accusation's wait ends as soon as the phone has named (the board then says the table
    looks in the case, not "name the murderer on your phone")."""
    from sim.web.phone_table import OFFER_MS

    table, board = seated_table()
    t = table.session.table
    g = t.current
    assert g in table.people  # the Comte or Lady Lavande: a person's turn
    assert table.watch(1000) is True and table.watch(1010) is False  # a wait began: told once
    assert table.waiting() == {"guest": g, "for": "turn", "since": 1000, "offer": False}
    assert table.watch(1000 + OFFER_MS["turn"] - 1) is False and not table.waiting()["offer"]
    assert table.watch(1000 + OFFER_MS["turn"]) is True and table.waiting()["offer"]
    table.session.verdict_due = g  # the board asked "were you right?" (accuse.announce)
    assert table.watch(2000) is True and table.waiting() == {"guest": g, "for": "accuse", "since": 2000, "offer": False}
    suspect, place, weapon = t.deal.solution
    assert table.act(g, {"t": "accuse", "suspect": suspect, "place": place, "weapon": weapon}) is None
    assert table.waiting() is None and table.public()["waiting"] is None  # named: nobody is waited on
    assert table.watch(2010) is True  # the pages are told at once


def test_a_seat_that_asks_for_more_time_is_never_offered_to_a_bot():
    """WCAG 2.2.1 (issue 39): a guest who asks for more time is never offered to a bot while the table
    waits on them, however long; an offer already made is taken back; asked no more, the offer comes."""
    from hal.web.messages import Bad, parse
    from sim.web.phone_table import OFFER_MS

    assert parse('{"t": "more_time", "on": true}', "seat") == ("more_time", {"on": True})
    for bad, role in (('{"t": "more_time", "on": "yes"}', "seat"), ('{"t": "more_time", "on": true}', "board")):
        with pytest.raises(Bad):
            parse(bad, role)
    table, _ = seated_table()
    assert table.act("COMTE", {"t": "more_time", "on": False}) is None  # a seat's message, taken as any choice
    g, what = table.waits_on()
    assert what == "turn" and g in table.people
    long = 10 * OFFER_MS[what]
    assert table.watch(0)  # the wait begins
    table.more_time(g, True)
    assert not table.watch(long) and table.waiting()["offer"] is False
    table.more_time(g, False)
    assert table.watch(long + 1) and table.waiting()["offer"] is True
    table.more_time(g, True)
    assert table.waiting()["offer"] is False and not table.watch(2 * long)
