"""The window keeps its games: Esc during a game asks first (the game is
saved anyway), the window's own trace under $XDG_DATA_HOME/clue-fx/ is
offered back when unfinished, --resume goes on with a game, and a DISPLAY
that answers no window is said in one line."""

import json
import os
import subprocess
import sys

import pytest

pygame = pytest.importorskip("pygame")

from firmware import Narrator  # noqa: E402
from firmware.events import ButtonDown  # noqa: E402
from hal.resume import resume  # noqa: E402
from hal.trace import read, replay  # noqa: E402
from sim.saved import PREVIOUS, Saved  # noqa: E402
from tests.support.window import FRAME, enter, esc, make_app, post, tap  # noqa: E402


@pytest.fixture
def dummy(monkeypatch, tmp_path):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    yield tmp_path
    pygame.quit()




def test_esc_during_a_game_asks_first_and_esc_goes_on(dummy):
    app = make_app(seed=3, backend="silent")
    for ch in "yy":
        tap(app, ch)
    esc(app)
    assert app.running and app.question is not None  # asked, not quit
    tap(app, "n")  # a letter is never an answer: NO is the board's button, not the dialog's
    assert app.running and app.question is not None
    esc(app)  # Esc: no
    assert app.running and app.question is None
    tap(app, "n")  # the roll call goes on: this is a press again
    esc(app)
    post(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=0, scancode=40)
    app.step(FRAME)
    assert not app.running  # yes: quit


def test_esc_still_closes_the_help_first(dummy):
    app = make_app(seed=3, backend="silent")
    post(pygame.KEYDOWN, key=pygame.K_F1, unicode="", mod=0, scancode=58)
    app.step(FRAME)
    esc(app)
    assert not app.help and app.question is None and app.running
    esc(app)
    assert app.question is not None
    enter(app)
    assert not app.running


@pytest.mark.parametrize("lang", ["fr", "en", "us"])
def test_no_letter_answers_a_question_in_any_edition(dummy, lang):
    """The French dialogs said "O oui N non" above the help's "O : interrupteur":
    a player taught O for oui pressed it at the narrator's question and
    switched the board off. No key a dialog answers with, nor any it shows,
    is a key of the board (a pad, a button, the switch), in any edition."""
    from sim import ask
    from sim.keys import target_of_key

    for key in ask.YES + ask.NO:
        assert target_of_key(key, 0) is None, (lang, key)
    shown = ask.WORDS.get(lang, ask.WORDS["en"])["yes_no"]
    assert not any(len(word) == 1 and target_of_key(word.lower(), 0) for word in shown.replace(":", " ").split())
    app = make_app(seed=3, backend="silent", lang=lang)
    tap(app, "y")  # a game on: Comte du Puy plays
    esc(app)
    for ch in "oyjn":  # yes and no in three languages: none answers, none reaches the board
        tap(app, ch)
    assert app.question is not None and app.switch_on and app.board.narrator.state == "rollcall"


def test_while_the_question_is_up_no_key_presses_the_board(dummy):
    app = make_app(seed=3, backend="silent")
    esc(app)
    before = app.board.narrator.state, len(app.transcript.log)
    for ch in "123456789s":
        tap(app, ch)
    assert (app.board.narrator.state, len(app.transcript.log)) == before


def play_and_leave(path, keys="yynn9"):
    """A game in the window saving to `path` (sim.saved), left without a word (a crash)."""
    saved = Saved(str(path))
    app = make_app(seed=4, backend="silent", trace=saved.fresh())
    for ch in keys:
        tap(app, ch)
    app.board._trace._stream.flush()  # written as it goes; no close: the process died ...
    os.close(app.board._trace._stream._f.fileno())  # ... and its files with it (its lock on the trace too)
    return app


def test_an_unfinished_game_is_offered_back_and_yes_goes_on(dummy):
    path = dummy / "data" / "clue-fx" / "game.jsonl"
    first = play_and_leave(path)
    offer = Saved(str(path)).offer()
    assert offer is not None and offer.resumed.seed == 4
    app = make_app(seed=99, backend="silent", offer=offer)
    assert app.question is not None
    tap(app, "9")  # not an answer: nothing happens
    assert app.board.narrator.state == "off"
    enter(app)
    n, m = app.board.narrator, first.board.narrator
    assert app.seed == 4 and (n.state, n.guests, n.current, n.positions) == (m.state, m.guests, m.current, m.positions)
    got = app.feed(ButtonDown("REPEAT"))
    want = m.handle(ButtonDown("REPEAT"), app.board.offset_ms + app.now)
    assert got == want and got
    app.close()
    assert replay(*read(open(path, encoding="utf-8"))) is None
    assert sum(1 for x in open(path, encoding="utf-8") if x.startswith('{"trace"')) == 1


def test_no_starts_anew_and_keeps_the_old_game_aside(dummy):
    path = dummy / "data" / "clue-fx" / "game.jsonl"
    play_and_leave(path)
    old = path.read_bytes()
    app = make_app(seed=5, backend="silent", offer=Saved(str(path)).offer())
    esc(app)
    app.step(FRAME)
    app.close()
    assert (path.parent / PREVIOUS).read_bytes() == old
    assert json.loads(path.read_text(encoding="utf-8").splitlines()[0]) == {"trace": "cfx/1", "seed": 5}


def test_a_finished_game_is_not_offered(dummy):
    path = dummy / "data" / "clue-fx" / "game.jsonl"
    play_and_leave(path, keys="o")  # switched on, then off
    assert Saved(str(path)).offer() is None


def test_the_window_resumes_a_trace_from_the_text_board(dummy):
    trace = dummy / "t.jsonl"
    r = subprocess.run([sys.executable, "-m", "hal.cli", "play", "--text", "--lang", "fr", "--seed", "7",
                        "--trace", str(trace)], input="yynn\n9\n", capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    alone = Narrator(seed=7)
    seed, records = read(open(trace, encoding="utf-8"))
    for t, way, obj in records:
        if way == "in":
            alone.handle(obj, t)
    resumed, stream = resume(str(trace))
    app = make_app(seed=0, backend="silent", trace=stream, resumed=resumed)
    assert app.switch_on and app.board.narrator.state == alone.state
    assert app.feed(ButtonDown("REPEAT")) == alone.handle(ButtonDown("REPEAT"), app.board.offset_ms + app.now)
    app.close()
    assert replay(*read(open(trace, encoding="utf-8"))) is None


def test_a_display_that_answers_no_window_is_one_line_with_the_text_board_hint(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "WAYLAND_DISPLAY")}
    env.update(DISPLAY=":97", XDG_DATA_HOME=str(tmp_path), SDL_AUDIODRIVER="dummy")
    r = subprocess.run([sys.executable, "-m", "hal.cli", "--audio", "silent"], capture_output=True, text=True,
                       env=env, timeout=60)
    assert r.returncode == 2
    assert r.stdout.count("\n") == 1 and ":97" in r.stdout and "clue-fx play --text" in r.stdout, r.stdout
    assert "Traceback" not in r.stderr


def test_the_card_tables_moments_go_into_the_trace_and_replay_skips_them(dummy):
    import io

    from hal.trace import load
    from sim import window as sim_window
    from sim.cards import record

    stream = io.StringIO()
    stream.close = lambda: None
    screen = sim_window.open_window()
    audio = sim_window.make_audio("en", "silent", 0.8, lambda text: None)
    app = sim_app_App(screen, audio, stream)
    app.step(0)
    for _ in range(20_000):
        if app.board.narrator.state == "over":
            break
        if app.board.narrator.state == "rollcall" and app.table.session.asked in ("PECHE", "AZUR"):
            tap(app, "n")
        app.step(FRAME)
    assert app.board.narrator.state == "over"
    app.step(FRAME)  # the window goes on after the verdict: the table's last notes are traced
    trace = load(io.StringIO(stream.getvalue()))
    assert replay(trace.seed, trace.records) is None  # the table's lines are skipped
    got = record.moments([obj for _, obj in trace.extras])
    assert got[0] == {"seats": {"COMTE": "hard", "LAVANDE": "hard"}, "hints": False}  # what a resume seats again
    assert any("call" in m for m in got)  # and the session's calls (tests/sim/test_table_resume.py)
    got = [m for m in got if "call" not in m and "seats" not in m]
    session = app.table.session
    deal = session.table.deal
    assert got[0] == {"deal": {"guests": ["COMTE", "LAVANDE"], "solution": list(deal.solution),
                               "cases": dict(deal.cases), "hands": {g: list(h) for g, h in deal.hands.items()}}}
    hyps = [n[1] for n in session.notes if n[0] == "hypothesis"]
    assert [m["hypothesis"]["card"] for m in got if "hypothesis" in m] == [h.card for h in hyps] and hyps
    verdicts = [m["verdict"] for m in got if "verdict" in m]
    assert verdicts and verdicts[-1]["right"] is True
    assert got[-1] == {"over": session.table.winner}


def sim_app_App(screen, audio, stream):
    from sim import app as sim_app

    return sim_app.App(screen, seed=5, lang="en", audio=audio, trace=stream, table={"COMTE": "hard", "LAVANDE": "hard"})


def test_the_window_saves_every_game_under_xdg_data_home_and_offers_it_back(dummy, monkeypatch):
    from sim import start

    apps = []

    def a_few_frames(app, quit_after_selftest=False):
        apps.append(app)
        if app.question is not None:
            enter(app)  # yes: go on with it
        for ch in "yynn":
            tap(app, ch)
        app.close()
        return 0

    monkeypatch.setattr(start, "loop", a_few_frames)
    assert start.play(seed=8, lang="en", audio="silent") == 0
    path = dummy / "data" / "clue-fx" / "game.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0]) == {"trace": "cfx/1", "seed": 8} and len(lines) > 10
    assert apps[0].question is None  # nothing to offer the first time
    assert start.play(seed=9, lang="en", audio="silent") == 0
    # the unfinished game of seed 8 was offered and taken with Return; the presses played on
    assert apps[1].seed == 8 and apps[1].board.narrator.state == "move"
    lines = path.read_text(encoding="utf-8").splitlines()
    assert sum(1 for x in lines if x.startswith('{"trace"')) == 1
    assert replay(*read(open(path, encoding="utf-8"))) is None
