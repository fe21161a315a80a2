"""The bots' levels of issue 15: hard-2026 frozen, the expert and its
gambles, the parts it can do without, and headless games without sheets."""

import ast
import hashlib
import pathlib

import pytest

from firmware.board import GUESTS
from hal.runner import Board
from sim.bots import expert
from sim.bots.frozen import hard2026, propagation
from sim.bots.games import play_bot_game, run
from sim.bots.mind import Bot
from sim.bots.session import Session
from sim.bots.tournament import seating, tournament

ROOT = pathlib.Path(__file__).resolve().parents[2]

# Games of hard bots recorded with the code of before issue 15 (commit
# ba1723e, level "hard"): the seed, the guests, the winner, the turns and a
# digest of everything the card table noted (every arrival, hypothesis,
# refutation and verdict, in order).
RECORDED_2026 = [
    (101, 3, "LAVANDE", 41, "6322ce199346fe8a"),
    (102, 2, "COMTE", 26, "072334474080d6e8"),
    (103, 4, "AZUR", 26, "7f663ce8fe2762b2"),
    (104, 3, "PECHE", 19, "46f1d7d4ebf1fe91"),
    (105, 2, "LAVANDE", 22, "3da7084e304d1824"),
    (106, 3, "LAVANDE", 20, "9525834752aa5606"),
]


@pytest.mark.parametrize("seed,n,winner,turns,digest", RECORDED_2026)
def test_hard_2026_plays_as_the_hard_bot_of_2026_did(seed, n, winner, turns, digest):
    board = Board(seed=seed)
    session = Session(seed, bots={g: Bot(g, "hard-2026", seed) for g in GUESTS[:n]}, answer_rollcall=True)
    board.attach(session)
    run(board, session)
    got = hashlib.sha1("\n".join(repr(x) for x in session.notes).encode()).hexdigest()[:16]
    assert (session.table.winner, session.turn_count, got) == (winner, turns, digest)


def test_hard_2026_keeps_its_own_engine_and_whereabouts():
    bot = Bot("AZUR", "hard-2026", 1)
    assert isinstance(bot, hard2026.Bot) and bot.level == "hard-2026"
    bot.sit(("COMTE", "AZUR"), ("MOUTARDE", "VIOLET", "GARDIEN", "PISCINE", "FER_A_CHEVAL", "MARTEAU"))
    assert type(bot.mind) is propagation.Deduction
    assert type(bot.where).__module__ == "sim.bots.frozen.whereabouts"
    # nothing in the frozen package imports the evolving engine, minds or whereabouts
    for path in (ROOT / "sim" / "bots" / "frozen").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                mod = "." * node.level + (node.module or "")
                assert mod not in ("..mind", "..whereabouts", "..expert", "...cards.deduction"), (path.name, mod)
                assert "deduction" not in mod and "expert" not in mod, (path.name, mod)


def test_a_new_game_keeps_the_frozen_bot():
    s = Session(1, bots={"AZUR": Bot("AZUR", "hard-2026", 1)})
    s._new_game()
    assert isinstance(s.bots["AZUR"], hard2026.Bot)


def test_expert_levels_and_their_parts():
    assert expert.parse_level("expert") == set(expert.PARTS)
    assert expert.parse_level("expert-no-gamble-no-hunt") == set(expert.PARTS) - {"gamble", "hunt"}
    for bad in ("expert-no-luck", "expert-no-gamble-no-gamble", "expertise", "hard"):
        assert expert.parse_level(bad) is None
    with pytest.raises(ValueError, match="unknown bot level 'expert-no-luck'"):
        Bot("AZUR", "expert-no-luck")
    bot = Bot("AZUR", "expert-no-exact", 1)
    bot.sit(("COMTE", "AZUR"), ("MOUTARDE", "VIOLET", "GARDIEN", "PISCINE", "FER_A_CHEVAL", "MARTEAU"))
    assert type(bot.mind) is propagation.Deduction  # without the exact engine: the propagation engine of before


def test_headless_games_keep_no_sheets_but_a_table_with_people_does():
    captured = {}
    real = Session.__init__

    def spy(self, *a, **kw):
        real(self, *a, **kw)
        captured["s"] = self

    Session.__init__ = spy
    try:
        play_bot_game(3, ["hard", "medium"])
    finally:
        Session.__init__ = real
    s = captured["s"]
    assert s.table is not None and s.sheets == {}
    board = Board(seed=3)
    people = Session(3, bots={"LAVANDE": Bot("LAVANDE", "hard", 3)}, humans=("COMTE",), answer_rollcall=True)
    board.attach(people)
    from hal.edges import SW, event_of

    board.feed(event_of(SW, "", True), 0)
    t = 0
    while people.table is None:
        t += 1000
        for ev in people.poll(t):
            board.feed(ev, t)
    assert set(people.sheets) == {"COMTE", "LAVANDE"}


def test_gambles_are_counted_apart_from_mistakes():
    """Experts gamble (accuse uncertain) now and then: each gamble is in the
    verdicts with its flag, a lost gamble is no mistake, and a bot that was
    certain is always right."""
    gambles = lost = 0
    for seed in range(1, 61):
        levels = ["expert", "hard-2026", "hard-2026"]
        r = play_bot_game(seed, levels)
        assert [(g, t, ok) for g, t, ok, _ in r.verdicts] == r.accusations
        for g, triple, right, gamble in r.verdicts:
            assert right == (triple == r.solution)
            if not gamble:
                assert right, "%s accused wrongly though certain (seed %d)" % (g, seed)
            else:
                assert r.levels[g] == "expert"
                gambles += 1
                lost += not right
        assert r.wrong == []
    assert gambles > 0 and lost > 0  # it does gamble, and a gamble may be lost


def test_an_expert_without_gambles_never_gambles():
    t = tournament(["expert-no-gamble", "hard-2026", "hard-2026"], 30, seed=5, rotate=True)
    assert t["seats"][0]["gambles"] == 0 and t["wrong_accusations_per_game"] == 0


def test_the_seats_rotate_with_the_seed():
    assert seating(["a", "b", "c"], 0, True) == (["a", "b", "c"], [0, 1, 2])
    assert seating(["a", "b", "c"], 1, True) == (["c", "a", "b"], [1, 2, 0])
    assert seating(["a", "b"], 3, False) == (["a", "b"], [0, 1])
    t = tournament(["expert", "hard-2026"], 6, seed=11, rotate=True)
    assert [s["level"] for s in t["seats"]] == ["expert", "hard-2026"]
    assert sum(s["wins"] for s in t["seats"]) + t["unfinished"] == 6
    for s in t["seats"]:
        assert s["share"] == round(s["wins"] / 6, 4)


@pytest.mark.parametrize(
    "seed,levels",
    [
        (81, ("expert", "expert")),
        (82, ("expert", "hard", "medium")),
        (83, ("hard-2026", "expert", "easy", "expert")),
        (84, ("expert-no-where-no-hunt", "expert-no-exact", "expert-no-hyp")),
    ],
)
def test_expert_games_with_a_sealed_narrator(seed, levels):
    """The expert decides from what it heard only: its games end in a verdict
    with the narrator sealed, and a wrong accusation is always a gamble."""
    from tests.support.cards import seal

    r = play_bot_game(seed, list(levels), narrator_check=seal)
    assert r.how in ("right", "last guest") and r.winner in r.guests
    for _, triple, right, gamble in r.verdicts:
        assert right == (triple == r.solution)
        assert right or gamble
