"""Bot guests in whole games: they press pads and buttons through the
board's input path and hear only its actions. The narrator is sealed in
these games: any look at its state (positions, hidden, world, ...) fails."""

import pytest

from firmware import Narrator
from firmware.actions import Sfx
from firmware.board import GUESTS, INSPECTEUR, PLACES
from firmware.phrases import say
from hal.cli import bots as bots_cmd
from hal.runner import Board
from hal.sink import Sink
from sim.bots.games import play_bot_game, run
from sim.bots.mind import Bot, best_hypothesis
from sim.bots.session import Session, press
from sim.bots.whereabouts import Whereabouts
from sim.cards.deduction import Deduction
from tests.support.cards import seal  # noqa: E402


def test_the_seal_holds():
    b = Board(seed=1)
    seal(b)
    for name in ("positions", "hidden", "world", "state", "guests", "current"):
        with pytest.raises(AssertionError, match="narrator." + name):
            getattr(b.narrator, name)


GAMES = [
    (1, ("hard", "hard")),
    (2, ("hard", "medium")),
    (3, ("easy", "hard")),
    (4, ("hard", "hard", "hard")),
    (5, ("medium", "easy", "hard")),
    (6, ("hard", "medium", "easy", "random")),
    (7, ("hard", "hard", "hard", "hard")),
    (8, ("easy", "easy", "easy", "easy")),
    (9, ("medium", "medium")),
    (10, ("random", "hard", "medium")),
]


@pytest.mark.parametrize("seed,levels", GAMES)
def test_bot_only_games_end_in_a_verdict(seed, levels):
    r = play_bot_game(seed, list(levels), narrator_check=seal)
    assert r.how in ("right", "last guest")
    assert r.winner in r.guests
    assert r.guests == GUESTS[: len(levels)]
    for guest, triple, right in r.accusations:
        assert right == (triple == r.solution)
        if r.levels[guest] == "hard":
            assert right, "a hard bot accused wrongly: %s %s" % (guest, triple)
    if r.how == "right":
        assert r.accusations[-1] == (r.winner, r.solution, True)


def test_hard_bots_never_accuse_wrongly_over_many_games():
    wrong = 0
    for seed in range(20, 44):
        levels = ["hard"] * (2 + seed % 3)
        r = play_bot_game(seed, levels, narrator_check=seal)
        assert r.how == "right"
        wrong += len(r.wrong)
    assert wrong == 0


def test_games_are_deterministic():
    a = play_bot_game(11, ["hard", "medium", "easy"])
    b = play_bot_game(11, ["hard", "medium", "easy"])
    assert (a.winner, a.turns, a.accusations) == (b.winner, b.turns, b.accusations)


class Person:
    """A scripted person at the table: they press the board themselves and
    use the table's human side (hypothesis, show, accuse), seeing only what
    the screen shows them (their sheet's notes), as the TableView does."""

    def __init__(self, guest, board, session, seed):
        self.guest = guest
        self.board = board
        self.session = session
        self.brain = Bot(guest, "medium", seed)  # their own reasoning, not registered as a bot
        self.read = 0
        board.attach(self.brain)  # they hear the board like anyone at the table
        self.presses = 0
        self.hypotheses = 0
        self.refuted = 0

    def _catch_up(self):
        s = self.session
        if self.brain.mind is None and s.table is not None:
            self.brain.sit(s.table.guests, s.table.deal.hands[self.guest])
        for note in s.notes[self.read :]:
            if note[0] == "open" and note[1] == self.guest:
                self.brain.learn_case(note[2], note[3])
            elif note[0] == "hypothesis":
                h = note[1]
                self.brain.learn_refutation(h.public(), h.card if h.asker == self.guest else None)
            elif note[0] == "verdict":
                self.brain.learn_accusation(note[1], note[2], note[3])
        self.read = len(s.notes)

    def __call__(self, now_ms):
        s = self.session
        self._catch_up()
        if s.asked == self.guest:
            s.asked = None
            return press("YES")
        if s.pending is not None and s.pending.waiting and s.pending.waiting[0] == self.guest:
            self.refuted += 1
            s.show(self.guest, s.pending.waiting[1][-1])
            return []
        if s.verdict_due == self.guest:
            s.accuse(self.guest, *self.brain.accusation())
            return []
        if s.table is not None and s.table.current == self.guest:
            act = self.brain.next_action()
            if act is None:
                return None
            if act[0] == "hypothesis":
                self.hypotheses += 1
                s.hypothesis(self.guest, act[1], act[2])
                self._catch_up()
                return []
            self.presses += 1
            return press(act[1])
        return None


@pytest.mark.parametrize(
    "seed,people,bots",
    [
        (31, ("COMTE",), {"LAVANDE": "hard"}),
        (32, ("LAVANDE", "AZUR"), {"COMTE": "hard", "PECHE": "medium"}),
        (33, ("COMTE", "PECHE"), {"LAVANDE": "easy"}),
        (34, ("PECHE",), {"COMTE": "hard", "LAVANDE": "hard", "AZUR": "hard"}),
    ],
)
def test_people_and_bots_play_together(seed, people, bots):
    board = Board(seed=seed)
    seal(board)
    session = Session(seed, bots={g: Bot(g, lv, seed) for g, lv in bots.items()}, humans=people)
    board.attach(session)
    persons = [Person(g, board, session, seed) for g in people]

    def room(now_ms):
        """The people's presses; NO for roll-call questions about guests nobody plays."""
        for p in persons:
            evs = p(now_ms)
            if evs is not None:
                return evs
        g = session.asked
        if g is not None and g not in people and g not in bots:
            session.asked = None
            return press("NO")
        return None

    run(board, session, people=room)
    t = session.table
    assert session.over and t.winner in t.guests
    assert t.guests == tuple(g for g in GUESTS if g in people or g in bots)
    assert sum(p.presses for p in persons) > 0 and sum(p.hypotheses for p in persons) > 0
    for guest, triple, right in t.accusations:
        assert right == (triple == t.deal.solution)
        if bots.get(guest) == "hard":
            assert right


def test_bots_answer_only_what_they_heard():
    """A bot's turn comes from 'turn.call' naming it, nothing else."""
    bot = Bot("AZUR", "hard", 1)
    bot.sit(("COMTE", "AZUR"), ("MOUTARDE", "VIOLET", "GARDIEN", "PISCINE", "FER_A_CHEVAL", "MARTEAU"))
    bot.hear([say("rollcall.welcome", {"guests": ["COMTE", "AZUR"]}), say("turn.call", {"guest": "COMTE"})])
    assert bot.next_action() is None
    bot.hear([say("turn.call", {"guest": "AZUR"})])
    kind, target = bot.next_action()
    assert kind == "press" and target in PLACES
    bot.hear([Sfx(target), say("place.enter", {"place": target, "suspects": [], "inspecteur": False})])
    assert bot.next_action()[0] in ("hypothesis", "press")
    bot.hear([say("accuse.confirm")])
    assert bot.next_action() == ("press", "YES")


def test_a_certain_bot_goes_for_the_inspecteur_and_accuses():
    bot = Bot("AZUR", "hard", 1)
    bot.sit(("COMTE", "AZUR"), ("MOUTARDE", "VIOLET", "GARDIEN", "PISCINE", "FER_A_CHEVAL", "MARTEAU"))
    for c, where in (("OLIVE", "CASE"), ("ECURIE", "CASE"), ("RAQUETTE", "CASE")):
        bot.mind.holds(where, c)
    assert bot.ready()
    bot.hear(
        [
            say("rollcall.welcome", {"guests": ["COMTE", "AZUR"]}),
            say("turn.call", {"guest": "COMTE"}),
            say("place.enter", {"place": "KIOSQUE", "suspects": [], "inspecteur": True}),
        ]
    )
    bot.hear([say("turn.call", {"guest": "AZUR"})])
    assert bot.next_action() == ("press", "KIOSQUE")  # where he was seen
    bot.hear([Sfx("KIOSQUE"), say("place.enter", {"place": "KIOSQUE", "suspects": [], "inspecteur": True})])
    assert bot.next_action() == ("press", "ACCUSE")
    bot.hear([say("accuse.confirm")])
    assert bot.next_action() == ("press", "YES")
    assert bot.accusation() == ("OLIVE", "ECURIE", "RAQUETTE")


def test_an_uncertain_hard_bot_says_no_to_the_inspecteur():
    bot = Bot("AZUR", "hard", 1)
    bot.sit(("COMTE", "AZUR"), ("MOUTARDE", "VIOLET", "GARDIEN", "PISCINE", "FER_A_CHEVAL", "MARTEAU"))
    bot.hear(
        [
            say("rollcall.welcome", {"guests": ["COMTE", "AZUR"]}),
            say("turn.call", {"guest": "AZUR"}),
            say("accuse.found_inspecteur"),
        ]
    )
    assert bot.next_action() == ("press", "NO")


def test_whereabouts_follow_the_ring_and_the_sound_clues():
    w = Whereabouts()
    w.hear([say("rollcall.welcome", {"guests": ["COMTE", "AZUR"]}), say("turn.call", {"guest": "COMTE"})])
    w.hear([Sfx("ECURIE"), say("place.enter", {"place": "ECURIE", "suspects": ["ROSE"], "inspecteur": False})])
    assert w.chance("ROSE", "ECURIE") == 1.0
    assert w.chance(INSPECTEUR, "ECURIE") < 1 / 9  # here only if hiding
    # Rose leaves the stables: she is one arrow away, at the kiosk or the lodge.
    w.hear([say("move.leaves", {"who": "ROSE", "place": "ECURIE"}), say("turn.call", {"guest": "AZUR"})])
    assert abs(w.chance("ROSE", "KIOSQUE") + w.chance("ROSE", "GARDIEN") - 1) < 1e-9
    # A search in the stables that finds nobody: nobody hides there.
    w.hear([Sfx("ECURIE"), say("place.enter", {"place": "ECURIE", "suspects": [], "inspecteur": False})])
    w.hear([say("search.result", {"place": "ECURIE", "suspects": [], "inspecteur": False})])
    assert w.chance(INSPECTEUR, "ECURIE") == 0.0
    # A sound clue from the tennis court between turns raises the chances there.
    before = w.chance(INSPECTEUR, "TENNIS")
    w.hear([Sfx("TENNIS"), say("turn.call", {"guest": "COMTE"})])
    assert w.chance(INSPECTEUR, "TENNIS") > before
    for who in w.p:
        assert abs(sum(w.p[who]) - 1) < 1e-6


def test_the_best_hypothesis_asks_about_what_is_unknown():
    d = Deduction(("COMTE", "AZUR"), me="AZUR")
    for c in ("MOUTARDE", "VIOLET", "GARDIEN", "PISCINE", "FER_A_CHEVAL", "MARTEAU"):
        d.holds("AZUR", c)
    s, w = best_hypothesis(d, "AZUR", "ECURIE", ("COMTE", "AZUR"))
    assert s not in ("MOUTARDE", "VIOLET") and w not in ("FER_A_CHEVAL", "MARTEAU")


def test_bad_levels_and_guests_are_refused():
    with pytest.raises(ValueError, match="levels are easy, medium, hard, expert, hard-2026, random"):
        Bot("AZUR", "genius")
    with pytest.raises(ValueError, match="unknown guest 'ROSE'"):
        Bot("ROSE")


def _bots_command(argv):
    """`clue-fx bots ARGV`, in this process."""
    import argparse

    p = argparse.ArgumentParser(prog="clue-fx bots")
    bots_cmd.add_arguments(p)
    return bots_cmd.run(p.parse_args(argv))


def test_headless_runner(capsys):
    import json

    from hal.cli.options import Refused

    assert _bots_command(["--games", "2", "--bots", "hard,easy,medium", "--seed", "3"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 2 and [s["level"] for s in out["seats"]] == ["hard", "easy", "medium"]
    with pytest.raises(Refused, match="2 to 4 levels"):
        _bots_command(["--bots", "hard"])


def test_a_narrator_is_never_needed_to_decide():
    """The same game with and without the seal gives the same result."""
    a = play_bot_game(12, ["hard", "medium"])
    b = play_bot_game(12, ["hard", "medium"], narrator_check=seal)
    assert (a.winner, a.turns) == (b.winner, b.turns)
    assert isinstance(Board(seed=0).narrator, Narrator)


@pytest.mark.parametrize("seed", [41, 42, 43])
def test_whereabouts_never_rule_out_where_they_really_are(seed):
    """The belief is built from what was said only; the test (not the bot)
    looks at the narrator after each batch to check it is never wrong."""
    board = Board(seed=seed)
    listener = Whereabouts()
    checked = []

    class Check(Sink):
        """After the listener heard a burst with news of a place: never wrong."""

        news = False

        def say(self, say, now_ms):
            self.news = self.news or say.key in ("turn.call", "place.enter", "search.result")

        def burst_end(self, now_ms):
            news, self.news = self.news, False
            if listener.current is None or listener._between is False or not news:
                return
            for who, place in board.narrator.positions.items():
                assert listener.chance(who, place) > 0, (who, place, now_ms)
            checked.append(now_ms)

    board.attach(listener)
    board.attach(Check())
    bots = {g: Bot(g, "hard", seed) for g in ("COMTE", "LAVANDE", "PECHE")}
    session = Session(seed, bots=bots, answer_rollcall=True)
    board.attach(session)
    run(board, session)
    assert len(checked) > 20


def test_repeat_is_not_news():
    """REPEAT says the last announcement again: nobody takes it for a new turn."""
    board = Board(seed=51)
    bots = {"LAVANDE": Bot("LAVANDE", "hard", 51)}
    session = Session(51, bots=bots, humans=("COMTE",), answer_rollcall=True)
    board.attach(session)
    from firmware.events import ButtonDown, Switch

    board.feed(Switch(True), 0)
    t = 0
    while session.table is None:
        t += 1000
        for ev in session.poll(t):
            board.feed(ev, t)
    before = (session.turn_count, dict(session.turns), bots["LAVANDE"].turns)
    out = board.feed(ButtonDown("REPEAT"), t + 500)
    assert [a.key for a in out] == ["rollcall.welcome", "turn.call"]  # the whole announcement again
    assert board.feed(ButtonDown("REPEAT"), t + 900) == out  # twice: the same thing twice
    assert (session.turn_count, dict(session.turns), bots["LAVANDE"].turns) == before


def test_a_bot_game_is_an_ordinary_trace():
    """Bots press through the board's input path: their game's trace replays
    into the firmware exactly, like any game played by people."""
    import io

    from hal.trace import read, replay

    stream = io.StringIO()
    stream.close = lambda: None  # keep it readable after Board.close
    board = Board(seed=61, trace=stream)
    bots = {g: Bot(g, lv, 61) for g, lv in (("COMTE", "hard"), ("LAVANDE", "easy"), ("PECHE", "medium"))}
    session = Session(61, bots=bots, answer_rollcall=True)
    board.attach(session)
    run(board, session)
    board.close()
    stream.seek(0)
    seed, records = read(stream)
    assert seed == 61 and sum(1 for r in records if r[1] == "in") > 50
    assert replay(seed, records) is None  # identical


@pytest.mark.slow  # the bench's own run, end to end: a long run (docs/testing.md, the quick lane)
def test_the_bots_bench_runs_and_prints_its_figures(capsys):
    import importlib.util
    import pathlib

    path = pathlib.Path(__file__).resolve().parents[2] / "bench" / "bench_bots.py"
    spec = importlib.util.spec_from_file_location("bench_bots", path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    assert bench.main(["--games", "4", "--ablation", "--ablation-games", "2"]) == 0
    out = capsys.readouterr().out
    for figure in (
        "expert in one seat against two hard-2026",
        "expert heads-up against hard-2026",
        "win rate",
        "winner's mean turns",
        "wrong accusations per game",
        "gambles per game",
        "ratio",
        "games/s",
        "| expert-no-gamble |",
        "whereabouts with sound clues, each suspect's moves on its own",
        "mean log chance at a suspect's",
    ):
        assert figure in out


def test_a_bot_declined_at_the_roll_call_sits_out():
    """Someone answers NO for a bot before it answers YES: it does not play."""
    board = Board(seed=71)
    bots = {"PECHE": Bot("PECHE", "hard", 71), "AZUR": Bot("AZUR", "hard", 71)}
    session = Session(71, bots=bots, humans=("COMTE", "LAVANDE"), answer_rollcall=True)
    board.attach(session)
    from firmware.events import Switch

    board.feed(Switch(True), 0)
    t = 0
    while session.table is None:
        t += 1000
        evs = press("NO") if session.asked == "PECHE" else session.poll(t)
        if session.asked == "PECHE":
            session.asked = None
        for ev in evs:
            board.feed(ev, t)
    assert session.table.guests == ("COMTE", "LAVANDE", "AZUR")
    assert bots["PECHE"].mind is None and bots["AZUR"].mind is not None
    while session.table.current not in session.humans:  # the bot plays its turn
        t += 1000
        for ev in session.poll(t):
            board.feed(ev, t)
    g = session.table.current
    for ev in press("ECURIE"):
        board.feed(ev, t + 1000)
    before = bots["AZUR"].mind.learnt
    session.hypothesis(g, "OLIVE", "RAQUETTE")  # a person's hypothesis: the seated bot learns from it
    while session.pending is not None:
        refuter, options = session.pending.waiting
        session.show(refuter, options[0])
    assert bots["AZUR"].mind.learnt > before


def test_the_bots_option():
    import argparse

    from hal.cli.seats import bots_arg

    assert bots_arg("lavande,AZUR:easy") == {"LAVANDE": "hard", "AZUR": "easy"}
    for bad, why in (("ROSE", "unknown guest 'ROSE'"), ("AZUR:genius", "unknown bot level"), ("AZUR,azur", "twice")):
        with pytest.raises(argparse.ArgumentTypeError, match=why):
            bots_arg(bad)
