"""Board: one Narrator on one kind of board. Every board kind (terminal,
pygame window, serial host, the microcontroller, the page of the offline
web app, scripts) feeds it events with its own clock (through its desk,
hal.desk) and hands the actions to its sinks (hal.sink.Sink); the trace
is written here, once for all. A battery reading goes into it only when it
is news: not when it repeats the last one written and the firmware did
nothing with it (no action, its battery watch as it was: `n.battery`).
Replay without such a reading is the same (nothing to re-create), and a
reader takes a missing reading as unchanged: a trace grows with the game,
not with the clock (DESIGN.md, Traces; docs/firmware.md).

    board = Board(seed=7, trace=open("game.jsonl", "w"), sinks=[speaker, console])
    board.feed(events.Switch(True), now_ms)
    Board(seed=7, recorder=writer)   # anything with record(now_ms, event, actions) and extra(obj)

Runs under MicroPython too: hal.trace (CPython's files and clocks) is
imported only when a trace stream is given.
"""

from firmware import Narrator
from firmware.events import Battery


class Board:
    def __init__(self, seed=0, trace=None, sinks=(), resumed=None, recorder=None):
        """`trace`: an open text stream to write the trace to, or None;
        `recorder`: instead, an object that records it (a board's own).
        `sinks`: hal.sink.Sink objects, told of each burst in this order.
        `resumed`: a hal.resume.Resumed: its narrator goes on, the trace
        (the same file, appended) gets no new header, and the board's clock
        goes on from the trace's last time (`offset_ms` is added to every
        time fed)."""
        self.seed = seed if resumed is None else resumed.seed
        self.narrator = Narrator(seed=seed) if resumed is None else resumed.narrator
        self.offset_ms = 0 if resumed is None else resumed.last_t
        self.sinks = list(sinks)
        self._trace = recorder
        self._battery = None if resumed is None else resumed.millivolts  # the last reading in the trace
        if trace is not None:
            from .trace import TraceWriter

            self._trace = TraceWriter(trace, self.seed, header=resumed is None)

    def attach(self, sink):
        """One more sink, told after those before it. Only the code that
        builds a board attaches (a part that needs the board itself, like
        the card table, is built after it): nothing attaches itself."""
        self.sinks.append(sink)

    def feed(self, event, now_ms):
        now_ms += self.offset_ms
        narrator, trace = self.narrator, self._trace
        before = narrator.battery if trace is not None and type(event) is Battery else None
        outs = narrator.handle(event, now_ms)
        if before is not None:  # a reading: written when it is news (no new names here: the board's heap)
            if not outs and event.millivolts == self._battery and before == narrator.battery:
                trace = None
            self._battery = event.millivolts
        if trace is not None:
            trace.record(now_ms, event, outs)
        if outs:
            for sink in self.sinks:
                sink.present(outs, now_ms)
        return outs

    def record(self, obj):
        """A line of another record in the trace (the card table's: hal.trace.EXTRA_KEYS)."""
        if self._trace is not None:
            self._trace.extra(obj)

    def close(self):
        if self._trace is not None:
            close = getattr(self._trace, "close", None)
            if close is not None:
                close()
            self._trace = None
