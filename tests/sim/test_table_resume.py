"""The card table's resume (issue 12): a table game with bots and a person,
left partway (hypotheses refuted, cases opened), comes back from its trace
whole: the deal, the hands, the cases, the refutations, the sheets, the
bots' minds and random draws, whose turn, REPEAT's last announcement; and
the game goes on as it would have without the interruption, recorded on in
the same file. Headless pygame (SDL's dummy driver), frames stepped with a
made-up clock; the last test kills a real `clue-fx --table` with SIGKILL."""

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time

import pytest

pygame = pytest.importorskip("pygame")

from firmware.board import PLACES, SUSPECTS, WEAPONS  # noqa: E402
from firmware.table import MOVE, MOVED, OVER, ROLLCALL  # noqa: E402
from hal.edges import BTN, event_of  # noqa: E402
from hal.resume import resume  # noqa: E402
from hal.trace import TraceError, TraceFile, load  # noqa: E402
from sim import app as sim_app  # noqa: E402
from sim import window as sim_window  # noqa: E402
from sim.hotseat.screens import DISMISSED  # noqa: E402

FRAME = 33
SEED = 5
PERSON = "COMTE"
BOTS = {"LAVANDE": "hard", "AZUR": "medium"}


def new_app(path, resumed=None, table=BOTS):
    if resumed is None:
        stream = TraceFile(open(path, "w", encoding="utf-8"), str(path))  # noqa: SIM115
    else:
        resumed, stream = resume(str(path))
    screen = sim_window.open_window()
    audio = sim_window.make_audio("en", "silent", 0.8, lambda text: None)
    app = sim_app.App(screen, seed=SEED, lang="en", audio=audio, trace=stream, table=table, resumed=resumed)
    app.step(0)
    return app


def tap_target(app, target):
    app.press(target)
    app.release(target)


def act(app):
    """The person at the table (the Comte) and the people who do not play:
    one decision, a pure function of what the window shows, so that two
    windows in the same state get the same inputs."""
    n, hook = app.board.narrator, app.table
    s, sc = hook.session, hook.screens
    if sc.visible:
        kind, guest = sc.showing()
        data = sc.screen.data
        if kind == "pass":
            sc.choose("ready")
        elif kind in DISMISSED:
            sc.choose("ok")
        elif kind == "hypothesis":
            hand = s.table.deal.hands[guest]
            k = s.turn_count
            sc.choose(next(c for c in SUSPECTS[k % 6 :] + SUSPECTS if c not in hand))
            sc.choose(WEAPONS[k % len(WEAPONS)])
            sc.choose("ask")
        elif kind == "refute":
            sc.choose(data["options"][-1])
        elif kind == "accuse":
            for c in s.sheets[guest].mind.solution() or (SUSPECTS[0], PLACES[0], WEAPONS[0]):
                sc.choose(c)
            sc.choose("accuse")
        return
    if n.state == ROLLCALL and s.asked is not None and s.asked not in s.bots:
        tap_target(app, ("button", "YES" if s.asked == PERSON else "NO"))
    elif n.current == PERSON and s.pending is None and s.verdict_due is None:
        if n.state == MOVE:
            here = n.positions.get(PERSON)
            k = s.turns.get(PERSON, 0)
            tap_target(app, ("pad", next(p for p in PLACES[k % 9 :] + PLACES if p != here)))
        elif n.state == MOVED:
            tap_target(app, ("button", "STOP"))


def frame(app):
    act(app)
    app.step(FRAME)


def snap(x, seen=None):
    """A comparable picture of an object and everything it holds (a
    random.Random by its state): two sessions are the same if these are."""
    if isinstance(x, (str, int, float, bool, type(None))):
        return x
    if isinstance(x, random.Random):
        return ("Random", x.getstate())
    if isinstance(x, (list, tuple)):
        return [snap(v) for v in x]
    if isinstance(x, (set, frozenset)):
        return ("set", sorted(repr(snap(v)) for v in x))
    if isinstance(x, dict):
        return {repr(snap(k)): snap(v) for k, v in x.items()}
    fields = dict(getattr(x, "__dict__", {}))
    for cls in type(x).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if hasattr(x, name):
                fields[name] = getattr(x, name)
    return (type(x).__name__, {k: snap(v) for k, v in fields.items() if not callable(v)})


def table_state(app):
    s = app.table.session
    t = s.table
    hyps = [n[1] for n in s.notes if n[0] == "hypothesis"]
    return {
        "deal": (t.deal.solution, dict(t.deal.cases), {g: tuple(h) for g, h in t.deal.hands.items()}),
        "opened": {g: dict(o) for g, o in t.opened.items()},
        "refutations": [(h.asker, h.named, h.passed, h.shower, h.card) for h in hyps],
        "sheets": snap(s.sheets),
        "bots": snap(s.bots),
        "turn": (t.current, t.hypothesis_made, t.searched, s.turn_count, dict(s.turns), s.verdict_due),
        "session": snap(s),
        "narrator": snap(app.board.narrator),
    }


def play_partway(app, hypotheses=3):
    """Frames until `hypotheses` were refuted (one of them the person's) and
    a case was opened; then on to a frame whose input the trace has last, as
    a kill leaves it (the board's clock is then the trace's last time)."""
    s = app.table.session
    for _ in range(20_000):
        hyps = [n[1] for n in s.notes if n[0] == "hypothesis"]
        if len(hyps) >= hypotheses and any(h.asker == PERSON for h in hyps) and any(n[0] == "open" for n in s.notes):
            break
        frame(app)
    else:
        raise AssertionError("no hypotheses after 20000 frames")
    assert app.board.narrator.state != OVER


def last_input_t(path):
    with open(path, "rb") as f:
        trace = load(f)
    return [t for t, way, _ in trace.records if way == "in"][-1]


def to_an_input(app, path):
    for _ in range(2000):
        if last_input_t(path) == app.board.offset_ms + app.now:
            return
        frame(app)
    raise AssertionError("no input")


def outputs(path, since=0):
    """The board's inputs and outputs and the table's lines, of a trace after
    its first `since` lines; not the times, nor the battery readings and the
    speaker's "clip done" (the window's own clocks: a fresh window after a
    kill reads the battery and ends its clips on its own schedule)."""
    with open(path, encoding="utf-8") as f:
        lines = [json.loads(x) for x in f][since:]
    return [{k: v for k, v in x.items() if k != "t"} for x in lines
            if x.get("in", {}).get("type") not in ("Battery", "AudioDone") and "trace" not in x]


def test_a_resumed_table_game_has_everything_back_and_goes_on_the_same_to_a_verdict(window, tmp_path):
    path, copy = tmp_path / "game.jsonl", tmp_path / "left.jsonl"
    app = new_app(path)
    play_partway(app)
    to_an_input(app, path)
    shutil.copy(path, copy)  # the file as a kill leaves it
    before = table_state(app)
    lines_before = sum(1 for _ in open(copy, encoding="utf-8"))

    again = new_app(copy, resumed=True)
    assert again.table is not None and again.table.problem is None
    assert table_state(again) == before
    assert not [x for x in again.table.news()]  # the past is not news again
    up = again.table.screens.showing()
    assert up is None or up[0] == "pass" or up[0] not in DISMISSED  # no backlog of screens already seen

    # REPEAT gives the last announcement, in both
    said = []
    for a in (app, again):
        outs = a.feed(event_of(BTN, "REPEAT", True)) + a.feed(event_of(BTN, "REPEAT", False))
        said.append([x.as_dict() for x in outs])
    assert said[0] == said[1] and said[0]

    # the same inputs on: the same game, to a verdict
    for _ in range(30_000):
        if app.board.narrator.state == OVER and again.board.narrator.state == OVER:
            break
        frame(app)
        frame(again)
    assert app.board.narrator.state == OVER and again.board.narrator.state == OVER
    for _ in range(3):
        frame(app)
        frame(again)
    assert table_state(again) == table_state(app)
    app.close()
    again.close()
    assert outputs(copy, lines_before) == outputs(path, lines_before)
    verdicts = [x["table"]["verdict"] for x in outputs(copy) if "verdict" in x.get("table", {})]
    assert verdicts and verdicts[-1]["right"] is True


def test_a_second_resume_goes_on_from_the_first(window, tmp_path):
    path = tmp_path / "game.jsonl"
    app = new_app(path)
    play_partway(app, hypotheses=2)
    to_an_input(app, path)
    app.close()
    first = new_app(path, resumed=True)
    play_partway(first, hypotheses=5)
    to_an_input(first, path)
    before = table_state(first)
    first.close()
    second = new_app(path, resumed=True)
    assert table_state(second) == before
    with open(path, "rb") as f:
        assert sum(1 for t, way, _ in load(f).records if way == "in") > 0
    second.close()


ALL_BOTS = "COMTE,LAVANDE:medium,PECHE:easy,AZUR"


def table_lines(path, kind):
    """The card table's `kind` records in the trace at `path` (a torn last line left out)."""
    try:
        with open(path, "rb") as f:
            trace = load(f)
    except TraceError:
        return []  # not even its first line yet
    return [obj["table"][kind] for _, obj in trace.extras if kind in obj.get("table", {})]


def wait_for(proc, condition, what, seconds=120):
    """Poll `condition()` until true; fail after `seconds` or if `proc` ended."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert proc.poll() is None, "clue-fx ended (%s) before %s: %s" % (proc.returncode, what, proc.stderr.read())
        if time.monotonic() >= deadline:  # what the window said tells why (a stuck bot says so)
            proc.kill()
            proc.wait(10)
            raise AssertionError("no %s after %d s; the window said: %s" % (what, seconds, proc.stderr.read()[-2000:]))
        time.sleep(0.05)


def window_process(args, tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", XDG_DATA_HOME=str(tmp_path / "data"))
    return subprocess.Popen([sys.executable, "-m", "hal.cli", "--audio", "silent", "--lang", "en", *args],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)


def restored(path):
    """A window resumed from `path` in this process: its card table must come back."""
    app = new_app(path, resumed=True, table=None)  # no --table: the seats are the trace's
    assert app.table is not None, [text for text, _ in app.transcript.log]
    return app


def recorded_moments_replay(app, path):
    """Every moment the trace recorded (the deal, each refutation, each
    verdict) is what the restored session did again."""
    from sim.cards import record

    s = app.table.session
    again = [m for m in (record.moment(n, s.table.deal) for n in s.notes) if m is not None]
    with open(path, "rb") as f:
        got = [m for m in record.moments([obj for _, obj in load(f).extras]) if "call" not in m and "seats" not in m]
    assert got == again


def test_a_real_table_window_killed_mid_game_is_resumed(window, tmp_path):
    path = tmp_path / "game.jsonl"
    proc = window_process(["--seed", "8", "--bots", ALL_BOTS, "--trace", str(path)], tmp_path)
    try:
        wait_for(proc, lambda: path.exists() and len(table_lines(path, "hypothesis")) >= 2, "two hypotheses")
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    first = restored(path)
    before = table_state(first)
    recorded_moments_replay(first, path)
    first.close()
    n = len(table_lines(path, "hypothesis"))

    proc = window_process(["--resume", str(path)], tmp_path)
    try:
        wait_for(proc, lambda: len(table_lines(path, "hypothesis")) >= n + 2, "two more hypotheses")
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    assert "Traceback" not in proc.stderr.read()
    second = restored(path)  # the second run's calls replay too: it went on from the same table
    state = table_state(second)
    assert state["deal"] == before["deal"]
    assert state["refutations"][: len(before["refutations"])] == before["refutations"]
    assert len(state["refutations"]) >= n + 2
    assert len(table_lines(path, "deal")) == 1 and len(table_lines(path, "seats")) == 1
    recorded_moments_replay(second, path)
    second.close()


def test_a_kill_next_to_any_table_line_resumes_with_the_record_whole_and_again(window, tmp_path):
    """Each trace line is flushed alone: a kill lands between any two. At
    every instant next to a table line (just before it, just after it) the
    trace resumes with the table's record whole (each moment once, with the
    call that made it: a kill between a bot's poll and its hypothesis, or
    between a burst and the deal it made), and resumes again from what that
    resumed window wrote (the presses a poll made before the kill go first,
    before its battery reading)."""
    path = tmp_path / "game.jsonl"
    app = new_app(path)
    play_partway(app, hypotheses=2)
    app.close()
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    table = [i for i, x in enumerate(lines) if "table" in json.loads(x)]
    cuts = sorted({k for i in table for k in (i, i + 1)} - {0, 1})  # lines[:k]; not before the seats
    wrong = []
    for k in cuts:
        cut = tmp_path / ("cut%d.jsonl" % k)
        cut.write_text("".join(lines[:k]), encoding="utf-8")
        try:
            for _ in range(2):  # the second: from what the first resumed window wrote
                app = restored(cut)
                recorded_moments_replay(app, cut)
                app.close()
        except AssertionError as e:
            wrong.append("killed after line %d (%s): %s" % (k, lines[k - 1][:60].strip(), str(e)[:200]))
    assert len(cuts) > 10 and not wrong, "\n".join(wrong)


def test_a_torn_last_table_line_is_left_out_like_a_torn_input(window, tmp_path):
    path, copy = tmp_path / "game.jsonl", tmp_path / "torn.jsonl"
    app = new_app(path)
    play_partway(app, hypotheses=2)
    to_an_input(app, path)
    before = table_state(app)
    app.close()
    shutil.copy(path, copy)
    with open(copy, "a", encoding="utf-8") as f:
        f.write('{"t": 99999999, "table": {"call": ["poll", 9999')  # the kill cut it short
    again = new_app(copy, resumed=True)
    assert any("torn" in text for text, _ in again.transcript.log)
    assert table_state(again) == before
    with open(copy, "rb") as f:
        assert load(f).torn is None  # cut back to its last whole line, and going on
    again.close()


def timeless(state):
    """A table's state without the board's clock (the journal's and the narrator's times)."""
    return {k: v for k, v in state.items() if k not in ("session", "narrator")}


def test_killed_while_a_person_chooses_which_card_to_show(window, tmp_path, monkeypatch):
    monkeypatch.setattr(sys.modules[__name__], "SEED", 4)  # a bot's hypothesis names two of the Comte's cards
    path, copy = tmp_path / "game.jsonl", tmp_path / "left.jsonl"
    app = new_app(path)
    for _ in range(5000):
        h = app.table.session.pending
        if h is not None and h.waiting and h.waiting[0] == PERSON:
            break
        frame(app)
    else:
        raise AssertionError("the Comte never had to choose a card to show")
    shutil.copy(path, copy)
    before = table_state(app)
    lines_before = sum(1 for _ in open(copy, encoding="utf-8"))
    again = new_app(copy, resumed=True)
    assert timeless(table_state(again)) == timeless(before)
    sc = again.table.screens
    assert sc.showing() == ("pass", PERSON)  # privacy first, then the choice waiting
    sc.choose("ready")
    assert sc.showing() == ("refute", PERSON)
    assert sc.screen.data["options"] == again.table.session.pending.waiting[1] == h.waiting[1]
    for _ in range(30_000):
        if app.board.narrator.state == OVER and again.board.narrator.state == OVER:
            break
        frame(app)
        frame(again)
    assert app.board.narrator.state == OVER and again.board.narrator.state == OVER
    for _ in range(3):
        frame(app)
        frame(again)
    assert timeless(table_state(again)) == timeless(table_state(app))
    app.close()
    again.close()
    strip = lambda xs: [x for x in xs if "call" not in x.get("table", {})]  # noqa: E731  (the polls' times)
    assert strip(outputs(copy, lines_before)) == strip(outputs(path, lines_before))


def test_a_table_game_saved_by_the_window_is_offered_back_with_its_table(window, tmp_path, monkeypatch):
    from sim import start

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    apps = []

    def partway(app, quit_after_selftest=False):
        apps.append(app)
        if len(apps) == 1:
            play_partway(app, hypotheses=2)
        else:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=0, scancode=40))
            app.step(FRAME)  # "go on with it?" Return: yes
        app.close()
        return 0

    monkeypatch.setattr(start, "loop", partway)
    assert start.play(seed=SEED, lang="en", audio="silent", table=BOTS) == 0
    deal = apps[0].table.session.table.deal
    before = timeless(table_state(apps[0]))
    assert start.play(seed=9, lang="en", audio="silent", table=BOTS) == 0
    assert apps[1].question is None and apps[1].seed == SEED
    assert apps[1].table.session.table.deal.hands == deal.hands
    assert timeless(table_state(apps[1]))["refutations"] == before["refutations"]


def post_key(ch):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(ch), unicode=ch, mod=0, scancode=0))


def test_the_seats_come_from_the_trace_and_an_older_trace_says_why_not():
    from sim.hotseat.restore import seats

    class Resumed:
        def __init__(self, extras):
            self.extras = extras

    table_line = {"t": 0, "table": {"seats": {"AZUR": "easy"}, "hints": True}}
    assert seats(Resumed([table_line]), None, False) == ({"AZUR": "easy"}, True, [])
    table, hints, notes = seats(Resumed([table_line]), {"PECHE": "hard"}, False)
    assert table == {"AZUR": "easy"} and notes == ["the card table's seats are the trace's: AZUR easy"]
    older = [{"t": 5, "table": {"deal": {"guests": ["AZUR", "COMTE"]}}}]  # moments, no seats: before the journal
    table, _, notes = seats(Resumed(older), {}, False)
    assert table is None and "recorded before its calls" in notes[0]
    table, _, notes = seats(Resumed([]), {}, False)
    assert table is None and "paper cards" in notes[0]
    web = [{"t": 0, "table": {"board": "W4HX9RTC"}}]  # a web board's code (hal.web.holders): not a card table's
    table, _, notes = seats(Resumed(web), {}, False)
    assert table is None and "paper cards" in notes[0]
    assert seats(Resumed([]), None, False) == (None, False, [])


def test_a_bot_seated_at_the_roll_call_is_seated_again(window, tmp_path):
    path, copy = tmp_path / "game.jsonl", tmp_path / "left.jsonl"
    app = new_app(path, table={})  # people only; Prince Azur becomes a bot at the roll call ("b")
    for _ in range(3000):
        s = app.table.session
        if s.turn_count >= 6 and any(n[0] == "hypothesis" for n in s.notes):
            break
        if app.board.narrator.state == ROLLCALL and s.asked == "AZUR":
            post_key("b")
            app.step(FRAME)
        else:
            frame(app)
    assert "AZUR" in app.table.session.bots and app.table.session.turn_count >= 6
    shutil.copy(path, copy)
    again = new_app(copy, resumed=True, table={})
    assert timeless(table_state(again)) == timeless(table_state(app))
    assert "AZUR" in again.table.session.bots and "AZUR" not in again.table.screens.people
    app.close()
    again.close()


def test_killed_at_the_persons_hypothesis_the_turns_screens_come_back_not_the_earlier_ones(window, tmp_path):
    path = tmp_path / "game.jsonl"
    app = new_app(path)
    seen = []
    for _ in range(5000):
        up = app.table.screens.showing()
        if up == ("hypothesis", PERSON) and app.table.session.turns.get(PERSON, 0) >= 2:
            break
        seen.append(up)
        frame(app)
    else:
        raise AssertionError("the Comte never made a hypothesis")
    assert ("hand", PERSON) in seen  # seen long ago: not shown again
    place = app.table.screens.screen.data["place"]
    app.close()
    again = new_app(path, resumed=True)
    sc = again.table.screens
    shown = []
    for _ in range(10):
        shown.append(sc.showing())
        if sc.showing()[0] == "hypothesis":
            break
        sc.choose("ready" if sc.showing()[0] == "pass" else "ok")
    assert shown[0] == ("pass", PERSON) and shown[-1] == ("hypothesis", PERSON)
    assert {k for k, _ in shown} <= {"pass", "case", "hypothesis"}  # this turn's only: no hands, no old cases
    assert sc.screen.data["place"] == place
    act(again)  # the person asks: the hypothesis goes on as it would have
    assert any(n[0] == "hypothesis" and n[1].asker == PERSON for n in again.table.session.notes[-3:])
    again.close()
