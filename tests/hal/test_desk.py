"""The desk (hal/desk.py): what every screen keeps beside the Board, once.
The switch (the truth after a resume), the batteries (one range, clamped
once), the schedule of Tick and Battery, the card table's records written
before the board's next input, its refusals (a refused press's release
dropped too), the one AudioDone path; and the same desk under the real
`micropython`, as the Pico's standalone program and the offline web app
run it."""

import os

import pytest

from firmware.events import AudioDone, Battery, ButtonDown, ButtonUp, Switch, Tick
from hal.desk import MAX_MV, MIN_MV, Desk, clamp_mv
from hal.edges import BTN, PAD
from hal.runner import Board
from hal.sink import Sink
from tests.support.both_pythons import MICROPYTHON, printed_by_both


class Heard(Sink):
    def __init__(self):
        self.keys = []

    def say(self, say, now_ms):
        self.keys.append(say.key)


class Inputs:
    """A board that only records what it is fed (the desk's unit tests)."""

    def __init__(self, state="off"):
        self.narrator = type("N", (), {"state": state})()
        self.offset_ms = 0
        self.fed = []
        self.records = []

    def feed(self, event, now):
        self.fed.append((now, event))
        return []

    def record(self, line):
        self.records.append(line)


class Table:
    def __init__(self):
        self.calls = 0
        self.pressed = []

    def records(self, t):
        self.calls += 1
        return [{"t": t, "table": {"call": ["poll", t]}}] if self.calls == 2 else []

    def refuses(self, button):
        return "search_after_hypothesis" if button == "SEARCH" else None

    def step(self, t, quiet):
        return list(self.pressed) if quiet else []


def test_one_range_of_batteries_clamped_once():
    assert [clamp_mv(v) for v in (-100, 0, 4500, 5000, 5200, 10**9)] == [0, 0, 4500, MAX_MV, MAX_MV, MAX_MV]
    assert MIN_MV == 0
    desk = Desk(Inputs())
    for _ in range(50):
        desk.nudge_battery(-100)
    assert desk.millivolts == 0
    assert desk.set_battery(7000) == MAX_MV


def test_the_switch_is_the_truth_after_a_resume():
    assert Desk(Inputs("move")).switch_on  # a resumed game, awake: ON (the web board showed OFF)
    assert not Desk(Inputs("off")).switch_on
    desk = Desk(Inputs("move"))
    desk.toggle_switch(10)  # the first press switches it OFF, not ON again
    assert desk.board.fed == [(10, Switch(False))] and not desk.switch_on


def test_a_reading_at_switch_on_then_every_ten_seconds_while_awake():
    board = Inputs()
    desk = Desk(board, millivolts=4300)
    desk.step(0)
    assert not [e for _, e in board.fed if type(e) is Battery]  # OFF: no reading
    desk.set_switch(True, 100)
    board.narrator.state = "rollcall"
    for now in range(100, 25_001, 100):
        desk.step(now)
    readings = [now for now, e in board.fed if type(e) is Battery]
    assert readings == [100, 10_100, 20_100] and all(e.millivolts == 4300 for _, e in board.fed if type(e) is Battery)
    assert sum(1 for _, e in board.fed if type(e) is Tick) == 251  # at 0, then every 100 ms from 100 to 25 000
    board.narrator.state = "asleep"  # a board that went to sleep reads nothing
    for now in range(25_100, 40_001, 100):
        desk.step(now)
    assert [now for now, e in board.fed if type(e) is Battery] == readings


def test_a_refused_press_is_never_heard_nor_its_release():
    board = Inputs("moved")
    desk = Desk(board, table=Table())
    assert desk.press(BTN, "SEARCH", True, 5) == "search_after_hypothesis"
    assert desk.press(BTN, "SEARCH", False, 6) is None
    assert desk.press(BTN, "STOP", True, 7) is None
    desk.press(BTN, "STOP", False, 8)
    assert [e for _, e in board.fed] == [ButtonDown("STOP"), ButtonUp("STOP")]


def test_the_tables_records_go_into_the_trace_before_the_next_input():
    board = Inputs("move")
    table = Table()
    desk = Desk(board, table=table)
    desk.press(PAD, "ECURIE", True, 1)  # first call: nothing yet
    table.pressed = []
    desk.press(PAD, "ECURIE", False, 2)  # second call: one line, written before this input
    assert board.records == [{"t": 2, "table": {"call": ["poll", 2]}}]


def test_a_step_says_when_the_table_did_something():
    """The hang of main ddbe224: a bot's hypothesis that a person must refute
    changes nothing on the board but the table; the step says so, so the
    web board tells that person's phone at once."""
    board = Inputs("move")
    table = Table()
    desk = Desk(board, table=table)
    assert desk.step(0) is False  # a Tick the board answers with nothing
    assert desk.step(100) is True  # the table wrote a record (its bot's call)
    assert desk.step(200) is False


class Speaker(Sink):
    def __init__(self):
        self.drained = [False, True, False]
        self.busy = True

    def poll(self, now):
        return self.drained.pop(0) if self.drained else False

    def idle(self):
        return not self.busy


def test_the_speaker_is_polled_by_the_desk_one_audio_done_path():
    board = Inputs("move")
    speaker = Speaker()
    table = Table()
    table.pressed = [ButtonDown("YES")]
    desk = Desk(board, speaker=speaker, table=table)
    for now in (0, 100, 200):
        desk.step(now, quiet=True)
    assert [now for now, e in board.fed if type(e) is AudioDone] == [100]
    assert not [e for _, e in board.fed if e == ButtonDown("YES")]  # the speaker speaks: the bots wait
    speaker.busy = False
    desk.step(300, quiet=True)
    assert [e for _, e in board.fed if e == ButtonDown("YES")]


def test_a_real_game_through_the_desk():
    heard = Heard()
    board = Board(seed=3, sinks=[heard])
    desk = Desk(board)
    desk.set_switch(True, 0)
    for now, button in enumerate(("YES", "YES", "NO", "NO"), 1):
        desk.press(BTN, button, True, now * 100)
        desk.press(BTN, button, False, now * 100 + 50)
    assert board.narrator.state == "move" and "rollcall.welcome" in heard.keys


DESK_ON_MICROPYTHON = """
from hal.runner import Board
from hal.desk import Desk, clamp_mv
from hal.edges import BTN
from hal.sink import Sink
class Heard(Sink):
    def __init__(self):
        self.keys = []
    def say(self, say, now_ms):
        self.keys.append(say.key)
heard = Heard()
board = Board(3, sinks=[heard])
desk = Desk(board, millivolts=4500)
desk.set_switch(True, 0)
t = 100
for b in ("YES", "YES", "NO", "NO"):
    desk.press(BTN, b, True, t)
    desk.press(BTN, b, False, t + 50)
    t += 100
for _ in range(60):
    desk.nudge_battery(-100)
for now in range(t, t + 30000, 100):
    desk.step(now)
print(board.narrator.state, desk.switch_on, desk.millivolts, clamp_mv(-5), " ".join(heard.keys))
"""


@pytest.mark.skipif(MICROPYTHON is None and not os.environ.get("CI"), reason="micropython not installed")
def test_the_desk_runs_under_the_real_micropython_as_under_cpython():
    upy, cpy = printed_by_both(DESK_ON_MICROPYTHON, timeout=60)
    assert upy == cpy
    assert upy.startswith("asleep True 0 0 ")  # empty batteries: the board said so and slept
    assert "battery.empty" in upy and "rollcall.welcome" in upy
