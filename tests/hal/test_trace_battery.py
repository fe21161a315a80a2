"""A trace that grows with the game, not with the clock (issue 42): the
Board writes a battery reading only when it is news, a new value or one the
firmware did something with (an action, or its battery watch moved: the
second good reading that clears "low"). The readings left out changed
nothing in the firmware, so replay, resume and a follower need nothing
re-created: the firmware's output is byte for byte the same as with every
reading written. Long awake games through the desk (tests/support/long_games.py),
many seeds, steady and falling batteries, a resume from a cut anywhere."""

import copy
import io
import json
import os

import pytest

from firmware import Narrator
from firmware.events import Battery, ButtonDown
from firmware.power import CLEAR_READINGS, WARN_EVERY_MS
from firmware.rng import Rng
from hal.resume import resume
from hal.runner import Board
from hal.trace import TraceFile, TraceFollower, load, read, replay
from tests.support.both_pythons import MICROPYTHON, printed_by_both
from tests.support.long_games import HOUR_MS, LongGame, falling

SEEDS = range(1, 41)


def lines(text):
    return [json.loads(x) for x in text.splitlines()[1:] if x.strip()]


def readings(text):
    return [x["in"]["millivolts"] for x in lines(text) if x.get("in", {}).get("type") == "Battery"]


def outs(text):
    """The firmware's output, the trace's own bytes."""
    return [x for x in text.splitlines() if x.startswith('{"t": ') and '"out": ' in x]


def left_out(every, text):
    """The lines of `every` not in `text`, checking `text` is `every` with
    lines taken away and nothing else."""
    kept = iter(text.splitlines())
    gone, want = [], next(kept, None)
    for line in every.splitlines():
        if line == want:
            want = next(kept, None)
        else:
            gone.append(json.loads(line))
    assert want is None, "a line of the trace is not the same game's with every reading: %s" % want
    return gone


def views(n):
    """What a narrator is, as far as its read-only views and REPEAT tell."""
    again = copy.deepcopy(n).handle(ButtonDown("REPEAT"), 10**9)
    return (n.state, n.guests, n.active, n.current, n.positions, n.hidden, n.enrolled, n.battery, again)


def test_a_long_awake_game_with_steady_batteries_writes_its_reading_once(capsys):
    before = after = awake = 0
    for seed in SEEDS:
        g = LongGame(seed).play()
        assert readings(g.text) == [4500]  # at switch ON; then nothing new in an hour
        assert len(readings(g.every)) >= 350  # every 10 s awake
        gone = left_out(g.every, g.text)
        assert gone and all(x["in"] == {"type": "Battery", "millivolts": 4500} for x in gone)
        assert outs(g.text) == outs(g.every)
        assert replay(*read(io.StringIO(g.text))) is None
        before, after, awake = before + len(g.every.encode()), after + len(g.text.encode()), awake + g.awake_ms
    per_hour = (before * HOUR_MS / awake, after * HOUR_MS / awake)
    with capsys.disabled():
        print(
            "\n%d games, an hour awake each, steady batteries: %.1f KB an hour awake with every reading, "
            "%.1f KB written when it changes (%.0f %% less)"
            % (len(SEEDS), per_hour[0] / 1000, per_hour[1] / 1000, 100 - 100 * per_hour[1] / per_hour[0])
        )
    assert per_hour[0] - per_hour[1] > 20_000  # 359 readings of 60 bytes an hour: gone


def warnings(g):
    """(repeats under an unchanged reading, warnings under 10 min after the last (a clear between), empties)."""
    repeats = early = empties = 0
    last_warn = last_mv = None
    for t, event, said, _ in g.fed:
        if type(event) is not Battery:
            continue
        keys = [a.key for a in said if type(a).__name__ == "Say"]
        if "battery.low" in keys:
            if last_warn is not None and t - last_warn >= WARN_EVERY_MS and event.millivolts == last_mv:
                repeats += 1
            if last_warn is not None and t - last_warn < WARN_EVERY_MS:
                early += 1
            last_warn = t
        empties += "battery.empty" in keys
        last_mv = event.millivolts
    return repeats, early, empties


def test_falling_batteries_replay_identical_warnings_repeats_clears_and_empties():
    seen = [0, 0, 0]
    for seed in SEEDS:
        g = LongGame(seed, levels=falling(seed, 1.0)).play()
        assert replay(*read(io.StringIO(g.text))) is None, seed
        assert outs(g.text) == outs(g.every), seed  # the firmware's output, byte for byte
        gone = left_out(g.every, g.text)
        assert all(x["in"]["type"] == "Battery" for x in gone), seed
        assert len(readings(g.text)) < len(readings(g.every)) / 4, seed
        # the narrator that took every reading stands where the trace's replay stands
        live, again = Narrator(seed=seed), Narrator(seed=seed)
        for t, e, _, _ in g.fed:
            live.handle(e, t)
        for t, way, e in load(io.StringIO(g.text)).records:
            if way == "in":
                again.handle(e, t)
        assert views(live) == views(again), seed
        seen = [a + b for a, b in zip(seen, warnings(g))]
    repeats, early, empties = seen
    assert repeats > 0 and early > 0 and empties > 0, seen  # the 10-min repeat, the clear, the empty: each played


def test_a_trace_without_the_reading_that_cleared_low_would_not_replay():
    """What the Board keeps beyond a new value is needed: the same traces
    with every unchanged reading that said nothing left out (the clearing
    one too) do not replay for some seeds."""
    assert CLEAR_READINGS >= 2  # a reading equal to the last one can clear "low"
    differs = 0
    for seed in SEEDS:
        g = LongGame(seed, levels=falling(seed, 1.0)).play()
        kept, last, every = [], None, g.every.splitlines(keepends=True)
        for i, line in enumerate(every):
            x = json.loads(line)
            if x.get("in", {}).get("type") == "Battery":
                mv = x["in"]["millivolts"]
                if mv == last and (i + 1 == len(every) or '"out": ' not in every[i + 1]):
                    continue
                last = mv
            kept.append(line)
        differs += replay(*read(io.StringIO("".join(kept)))) is not None
    assert differs > 0


def follow(g, path):
    """`g` played into a trace file at `path`, a follower reading it as it is written: the same records."""
    follower = TraceFollower(path)
    with open(path, "w", encoding="utf-8") as f:
        g.run(Board(seed=g.seed, trace=TraceFile(f, path)), g.events, size=lambda: os.path.getsize(path),
              each=lambda: len(g.fed) % 97 == 0 and follower.poll())  # fmt: skip
    follower.poll()
    with open(path, "rb") as f:
        whole = load(f)
    assert [(t, w, o.as_dict()) for t, w, o in whole.records] == follower.records
    follower.close()


def test_a_game_resumed_from_a_cut_anywhere_is_the_game_it_was(tmp_path):
    """A crash cuts the trace anywhere (a torn line, a burst cut short); the
    game resumed from it is the narrator that took every reading, and goes on
    saying what that narrator says; the whole file replays identical; a
    follower read the same lines as they were written."""
    for seed in range(1, 25):
        rng = Rng(seed * 13)
        path = str(tmp_path / ("g%d.jsonl" % seed))
        g = LongGame(seed, levels=falling(seed, 1.0))
        follow(g, path)
        first = g.fed
        i = len(first) // 5 + rng.below(len(first) * 3 // 5)
        at = first[i][3]
        nxt = next((s for _, _, _, s in first[i:] if s > at), os.path.getsize(path))
        cut = at + rng.below(nxt - at)  # inside the next input's lines, or just after input i
        with open(path, "r+b") as f:
            f.truncate(cut)
        resumed, stream = resume(path)
        # the input the resumed game ends on, and the narrator that took every event up to it
        sizes = [len(open(path, "rb").readline())] + [s for _, _, _, s in first]  # the header, then after each
        written = [k for k in range(len(first)) if sizes[k + 1] > sizes[k]]
        m = written[resumed.inputs - 1]
        live = Narrator(seed=seed)
        for t, e, _, _ in first[: m + 1]:
            live.handle(e, t)
        assert views(resumed.narrator) == views(live), (seed, cut)
        took = [e.millivolts for _, e, _, _ in first[: m + 1] if type(e) is Battery]
        assert resumed.millivolts == took[-1], seed  # a reading left out is the one before, unchanged
        # the game goes on from the crash's time, batteries and presses as they come
        crash = first[i][0]
        d = resumed.last_t + 500 - crash
        g.levels = [(max(0, at + d), mv) for at, mv in g.levels]
        g.fed = []
        rest = [(t + d, e) for t, e in g.events if t > crash]
        g.run(Board(trace=stream, resumed=resumed), rest, now=resumed.last_t + 500, until=(rest[-1][0] if rest else 0))
        stream.close()
        for t, e, said, _ in g.fed:
            assert live.handle(e, t) == said, (seed, t, e)
        assert replay(*read(open(path, encoding="utf-8"))) is None, seed


BATTERIES_ON_MICROPYTHON = """
import io
from hal.runner import Board
from hal.desk import Desk
from hal.edges import BTN
stream = io.StringIO()
board = Board(5, trace=stream)
desk = Desk(board, millivolts=4200)
desk.set_switch(True, 0)
t = 100
for b in ("YES", "YES", "NO", "NO"):
    desk.press(BTN, b, True, t)
    desk.press(BTN, b, False, t + 50)
    t += 100
levels = {60000: 3500, 700000: 3700, 760000: 3550, 900000: 3700}
for now in range(t, 1300000, 100):
    if now in levels:
        desk.set_battery(levels[now])
    if now % 600000 == 0:
        desk.press(BTN, "REPEAT", True, now)
        desk.press(BTN, "REPEAT", False, now + 50)
    desk.step(now)
print(stream.getvalue())
"""


@pytest.mark.skipif(MICROPYTHON is None and not os.environ.get("CI"), reason="micropython not installed")
def test_the_board_leaves_the_same_readings_out_under_the_real_micropython():
    upy, text = printed_by_both(BATTERIES_ON_MICROPYTHON, timeout=120)
    assert lines(upy) == lines(text)  # the same lines (MicroPython orders a dict's keys its way)
    # ON; low; its repeat 10 min on (said something); good, and the second good that clears "low"; low
    # again, warned at once; good twice: 8 of the 130 readings of these 21 minutes
    assert readings(text) == [4200, 3500, 3500, 3700, 3700, 3550, 3700, 3700]
    said = [x["out"].get("key") for x in lines(text) if "out" in x]
    assert said.count("battery.low") == 3  # at 3500, its repeat 10 min on, at 3550 at once (cleared between)
    assert replay(*read(io.StringIO(text))) is None
