"""The seats' side of the web table (sim.web.table), without a server: a
seat's choices out of their moment are refused with a line, and a seat's
private state names only that guest's cards."""

from firmware.board import PLACES, SUSPECTS, WEAPONS
from hal.edges import BTN, SW, event_of, tap
from hal.runner import Board
from sim.hotseat.words import Words
from sim.web.table import WebTable


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
    assert set(table.tokens) == {"COMTE", "LAVANDE", "PECHE"} and len(set(table.tokens.values())) == 3


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
