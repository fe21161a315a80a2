"""Board: one Narrator on one kind of board. Every board kind (terminal,
pygame window, serial host, scripts) feeds it events with its own clock and
hands the actions to its sinks; the trace is written here, once for all."""

from firmware import Narrator

from .trace import TraceWriter


class Board:
    def __init__(self, seed=0, trace=None, sinks=()):
        """`trace`: an open text stream to write the trace to, or None.
        `sinks`: callables taking (actions, now_ms), called in order."""
        self.seed = seed
        self.narrator = Narrator(seed=seed)
        self.sinks = list(sinks)
        self._trace = TraceWriter(trace, seed) if trace is not None else None

    def feed(self, event, now_ms):
        outs = self.narrator.handle(event, now_ms)
        if self._trace is not None:
            self._trace.record(now_ms, event, outs)
        if outs:
            for sink in self.sinks:
                sink(outs, now_ms)
        return outs

    def close(self):
        if self._trace is not None:
            self._trace.close()
            self._trace = None
