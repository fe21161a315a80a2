"""Search *or* hypothesis (issue 11; rulebook: "2. Look for additional clues
or make a hypothesis"): the card table knows when a hypothesis was made in
a turn and refuses SEARCH after it with its own hint (the board does not
know the cards); a hypothesis after a search is refused too; the bots
never search after a hypothesis.

Before: hard bots did, 8 turns in 300 games (seeds 1-300, three hard bots;
seed 124 among them)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from firmware.events import Switch  # noqa: E402
from firmware.phrases import say  # noqa: E402
from hal.runner import Board  # noqa: E402
from hal.sink import Sink  # noqa: E402
from sim.bots.games import run  # noqa: E402
from sim.bots.mind import Bot  # noqa: E402
from sim.bots.session import Session, Stuck, press  # noqa: E402
from sim.cards.card_table import SEARCH_AFTER_HYPOTHESIS  # noqa: E402
from sim.hotseat.hook import CardTableHook  # noqa: E402
from sim.words.card_words import TEXT  # noqa: E402
from tests.support.cards import (
    seal,  # noqa: E402
    started_table,  # noqa: E402
)


def test_search_or_hypothesis_the_table_refuses_search_after_a_hypothesis():
    t, _ = started_table()
    assert t.refuses("SEARCH") is None  # arrived, nothing done yet: a search is fine
    t.hypothesis("LAVANDE", "OLIVE", "RAQUETTE")
    assert t.refuses("SEARCH") == SEARCH_AFTER_HYPOTHESIS
    for button in ("STOP", "ACCUSE", "REPEAT", "WAIT", "YES", "NO"):
        assert t.refuses(button) is None  # only SEARCH: STOP ends the turn as the rulebook says
    t.hear([say("turn.call", {"guest": "PECHE"})])
    assert t.refuses("SEARCH") is None  # a new turn


def test_search_or_hypothesis_no_hypothesis_after_a_search():
    t, _ = started_table()
    t.hear([say("search.result", {"place": "ECURIE", "suspects": [], "inspecteur": False})])
    with pytest.raises(ValueError, match="a search or a hypothesis, not both"):
        t.hypothesis("LAVANDE", "OLIVE", "RAQUETTE")
    t.hear([say("turn.call", {"guest": "PECHE"})])
    t.hear([say("place.enter", {"place": "GARAGE", "suspects": [], "inspecteur": False})])
    assert t.hypothesis("PECHE", "OLIVE", "RAQUETTE").named == ("OLIVE", "GARAGE", "RAQUETTE")


class Heard(Sink):
    def __init__(self):
        self.keys = []

    def say(self, say, now_ms):
        self.keys.append(say.key)


def hook_at_a_persons_turn(lang):
    """A board with the card table's hook (two people), the roll call
    answered, the hands seen, the guest whose turn it is in the stables."""
    board = Board(seed=3)
    hook = CardTableHook(3, lang, delay_ms=0)
    hook.session.humans, hook.session.answer_rollcall = ("COMTE", "LAVANDE"), True
    hook.screens.people = ("COMTE", "LAVANDE")
    board.attach(hook.session)
    board.attach(hook)
    heard = Heard()
    board.attach(heard)
    board.feed(Switch(True), 0)
    t = 0
    while hook.session.table is None:
        t += 1000
        for ev in hook.step(t):
            board.feed(ev, t)
    s = hook.screens
    while s.visible:
        s.choose("ready" if s.showing()[0] == "pass" else "ok")
    for ev in press("ECURIE"):
        board.feed(ev, t + 1000)
    return board, hook, heard, t + 2000


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_search_or_hypothesis_the_hot_seat_screen_says_the_tables_hint(lang):
    pygame.font.init()
    board, hook, heard, t = hook_at_a_persons_turn(lang)
    guest = hook.session.table.current
    assert not hook.refuses("SEARCH")  # no hypothesis yet: the window would feed the press
    hook.session.hypothesis(guest, "OLIVE", "RAQUETTE")
    while hook.session.pending is not None:  # a person to the left chooses which card to show
        refuter, options = hook.session.pending.waiting
        hook.session.show(refuter, options[0])
    hook.news()
    assert hook.refuses("SEARCH")  # refused: the window does not feed it to the board
    assert "search.result" not in heard.keys
    assert hook.screens.showing() == ("notice", None)  # everyone may read it: no pass-to screen first
    surface = pygame.Surface((900, 640))
    hook.draw(surface, surface.get_rect())
    assert [v for _, v in hook.view.buttons] == ["ok"]
    hint = TEXT[lang]["search_after_hypothesis"]
    assert hook.news() == [hint]
    assert ("STOP" in hint) and (("hypothèse" in hint) if lang == "fr" else ("hypothesis" in hint))
    hook.screens.choose("ok")
    for ev in press("STOP"):
        board.feed(ev, t)
    assert hook.session.table.current != guest and not hook.refuses("SEARCH")
    pygame.font.quit()


class SearchAfterHypothesis(Sink):
    """Counts, from what the board says and the table's notes, the turns in
    which a search followed a hypothesis."""

    def __init__(self, session):
        self.session = session
        self.read = 0
        self.hypothesis = False
        self.bad = []

    def say(self, say, now_ms):
        notes = self.session.notes
        for note in notes[self.read :]:
            if note[0] == "hypothesis":
                self.hypothesis = True
        self.read = len(notes)
        if say.key == "turn.call":
            self.hypothesis = False
        elif say.key == "search.result" and self.hypothesis:
            self.bad.append((self.session.table.current, say.args["place"], self.session.turn_count))


def count_searches_after_hypotheses(seeds, levels):
    bad, hypotheses = [], 0
    for seed in seeds:
        board = Board(seed=seed)
        seal(board)
        bots = {g: Bot(g, lv, seed) for g, lv in zip(("COMTE", "LAVANDE", "PECHE", "AZUR"), levels)}
        session = Session(seed, bots=bots, answer_rollcall=True)
        watch = SearchAfterHypothesis(session)
        board.attach(watch)  # before the session: it hears the search before the next hypothesis note
        board.attach(session)
        run(board, session)  # a bot's press the table refuses raises Stuck: the game would not finish
        bad += [(seed,) + b for b in watch.bad]
        hypotheses += sum(1 for n in session.notes if n[0] == "hypothesis")
    return bad, hypotheses


def test_search_or_hypothesis_no_bot_ever_searches_after_a_hypothesis_hard():
    bad, hypotheses = count_searches_after_hypotheses(range(1, 301), ["hard"] * 3)  # seed 124 among them
    assert hypotheses > 3000 and bad == []


@pytest.mark.parametrize("levels", [["random"] * 3, ["easy", "medium", "hard", "random"], ["medium", "medium"]])
def test_search_or_hypothesis_no_bot_ever_searches_after_a_hypothesis_every_level(levels):
    bad, hypotheses = count_searches_after_hypotheses(range(1, 61), levels)
    assert hypotheses > 300 and bad == []


def test_search_or_hypothesis_a_bot_that_would_is_stopped_as_a_bug():
    """The session checks every bot press against the table's refusals."""
    board = Board(seed=124)
    bots = {g: Bot(g, "hard", 124) for g in ("COMTE", "LAVANDE")}
    session = Session(124, bots=bots, answer_rollcall=True)
    board.attach(session)

    def searches_after_hypotheses():
        act = Bot.next_action(bot)
        return ("press", "SEARCH") if bot._hyp_done and act == ("press", "STOP") else act

    bot = bots["COMTE"]
    bot.next_action = searches_after_hypotheses
    with pytest.raises(Stuck, match="SEARCH, which the card table refuses"):
        run(board, session)
