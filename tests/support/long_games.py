"""Long awake games through the desk (hal.desk), as a screen's loop plays
them: a scripted game's presses spread over hours of board time, the loop's
steps jittered, the batteries steady or following a profile of levels. The
trace is hal.runner.Board's; beside it, `every` is the same game with every
reading written (what the Board wrote before issue 42), the baseline of
tests/hal/test_trace_battery.py and bench/bench_trace.py.

    g = LongGame(seed, hours=1.0, levels=[(0, 4500)]).play()
    g.text          # the trace, as the Board wrote it
    g.every         # the same game, a line for every reading
    g.fed           # [(board time, event, actions, trace bytes after it)]: all the board took
    g.awake_ms      # board time the board was awake

`levels`: [(from ms, millivolts)], the batteries from that time on (the desk
reads them at switch ON, at once when they move, then every 10 s awake).
"""

import io

from firmware.events import Battery, ButtonUp, PadUp
from firmware.rng import Rng
from firmware.table import ASLEEP, OFF
from hal.desk import Desk
from hal.runner import Board
from hal.trace import TraceWriter
from tests.support.games import scripted_events

HOUR_MS = 3_600_000


def stretched(seed, hours):
    """A scripted game's switch and presses (its own readings left out), the
    gaps before each press stretched so the game lasts about `hours`; a
    release stays RELEASE_MS after its press. [(t, event)]."""
    evs = [(t, e) for t, e in scripted_events(seed)[0] if type(e) is not Battery]
    presses = sum(1 for _, e in evs if type(e) not in (PadUp, ButtonUp))
    gap = int(hours * HOUR_MS) // max(1, presses - 1)
    out, t, last = [], 0, 0
    for t0, e in evs:
        t += (t0 - last) if type(e) in (PadUp, ButtonUp) else (gap if out else 0)
        last = t0
        out.append((t, e))
    return out


def falling(seed, hours, start=4200):
    """A profile of levels around the low mark (3 600 mV) over `hours`: holds
    of 15 s to 25 min (the warning's 10-minute repeat under an unchanged
    reading), good readings between low ones (the clear after two in a row),
    and for one seed in three the batteries empty a minute before the end."""
    rng = Rng(seed * 31 + 7)
    levels, t, end = [(0, start)], 0, int(hours * HOUR_MS) - 60_000
    while True:
        t += rng.choice((15_000, 25_000, 40_000, 120_000, 720_000, 1_500_000))
        if t >= end:
            break
        levels.append((t, rng.choice((3450, 3550, 3599, 3600, 3650, 3700, 3800, 4100))))
    if rng.below(3) == 0:
        levels.append((end, 3200))
    return levels


class LongGame:
    def __init__(self, seed, hours=1.0, levels=((0, 4500),), *, events=None, step_ms=(16, 250), tail_ms=0):
        """`events`: [(t, event)] the players do (default: `stretched`);
        `step_ms`: the loop's steps, jittered between these; `tail_ms`: board
        time stepped after the last event (960 000: the idle sleep)."""
        self.seed = seed
        self.events = stretched(seed, hours) if events is None else list(events)
        self.levels = list(levels)
        self.step_ms = step_ms
        self.tail_ms = tail_ms
        self.rng = Rng(seed * 7 + 3)
        self.fed = []
        self.awake_ms = 0
        self.text = self.every = None

    def run(self, board, events, *, now=0, until=None, size=None, each=None):
        """Feed `events` ([(board time, event)]) through a Desk on `board`,
        stepping its loop from `now` (board time) to `until`; the board's
        feed is watched (self.fed, with `size()`: the trace's bytes so far;
        `each()` called after each event fed). Returns the desk."""
        desk = Desk(board, millivolts=self.level(now))
        feed = board.feed

        def watched(event, t):
            outs = feed(event, t)
            self.fed.append((t + board.offset_ms, event, outs, None if size is None else size()))
            if each is not None:
                each()
            return outs

        board.feed = watched
        end = until if until is not None else (events[-1][0] if events else now) + self.tail_ms
        pending = list(events)
        off = board.offset_ms
        lo, hi = self.step_ms
        while now <= end:
            while pending and pending[0][0] <= now:
                t, e = pending.pop(0)
                desk.feed(e, t - off)
            mv = self.level(now)
            if mv != desk.millivolts:
                desk.set_battery(mv)
            awake = board.narrator.state not in (OFF, ASLEEP)
            desk.step(now - off)
            step = lo + self.rng.below(hi - lo + 1)
            if awake:
                self.awake_ms += step
            now += step
        return desk

    def level(self, t):
        mv = self.levels[0][1]
        for at, v in self.levels:
            if at <= t:
                mv = v
        return mv

    def play(self):
        """The whole game in one go: self.text (the Board's trace) and self.every."""
        stream = io.StringIO()
        self.run(Board(seed=self.seed, trace=stream), self.events, size=lambda: len(stream.getvalue()))
        self.text = stream.getvalue()
        self.every = everything(self.seed, self.fed)
        return self


def everything(seed, fed):
    """The trace of what `fed` holds with a line for every reading (the Board
    before issue 42: TraceWriter's own rule, Ticks left out unless the firmware
    acted on one)."""
    stream = io.StringIO()
    writer = TraceWriter(stream, seed)
    for t, event, outs, _ in fed:
        writer.record(t, event, outs)
    return stream.getvalue()
