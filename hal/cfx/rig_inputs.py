"""The rig's inputs as the host holds them, sans I/O: what the rig last said
of each (`raw`), what the firmware was told (`fed`), and the lock-out that
debounces a rig that does not (PROTOCOL.md: one physical press is never
two). Inputs are keyed (kind, id) with the words of hal.edges: ("PAD",
"ECURIE"), ("BTN", "YES"), ("SW", ""). Each method returns the edges to
feed the firmware, in order, as (kind, id, down): the host makes them
events (hal.edges.event_of).

    inputs.edge(("PAD", "ECURIE"), True, now)   -> [("PAD", "ECURIE", True)]
    inputs.due(now, 100)                         -> (edges settled, ms to the next)
    inputs.agree(on, pads, buttons, now)         -> (edges, inputs recovered)
"""

from firmware.board import BUTTONS, PADS

from ..edges import BTN, PAD, SW

DEBOUNCE_MS = 30  # lock-out after an edge, for rigs that do not debounce
SWITCH = (SW, "")


class Inputs:
    def __init__(self):
        self.raw = {}
        self.fed = {}
        self.lock = {}  # input -> lock-out end (host ms)
        self.debounced = False  # the rig said so in its HELLO: no lock-out here
        self.millivolts = None  # the batteries the rig last reported

    def believes(self, key):
        return self.raw.get(key, False)

    def edge(self, key, down, now):
        """The rig says `key` is now `down`."""
        self.raw[key] = down
        if key in self.lock and not self.debounced:
            return []  # settles when the lock-out ends (due)
        return self._settle(key, now)

    def due(self, now, wait_ms):
        """The inputs whose lock-out ended by `now`; and the ms until the next
        ends (at most `wait_ms`)."""
        out = []
        for key in list(self.lock):
            end = self.lock[key]
            if now >= end:
                del self.lock[key]
                out += self._settle(key, now)
            else:
                wait_ms = min(wait_ms, end - now)
        return out, wait_ms

    def agree(self, on, pads, buttons, now):
        """A STATE: every input as the rig has it. Returns the edges (the
        presses before the switch goes ON, a pawn left on the board, and after
        it goes OFF) and how many inputs the host had wrong (recovered)."""
        want = {}
        for p in PADS:
            want[(PAD, p)] = p in pads
        for b in BUTTONS:
            want[(BTN, b)] = b in buttons
        order = list(want)
        if self.raw.get(SWITCH, False) != on:
            if on:
                order.append(SWITCH)
            else:
                order.insert(0, SWITCH)
        want[SWITCH] = on
        out = []
        recovered = 0
        for key in order:
            if self.raw.get(key, False) != want[key]:
                recovered += 1
                self.raw[key] = want[key]
                self.lock.pop(key, None)
                out += self._settle(key, now, force=True)
        return out, recovered

    def _settle(self, key, now, force=False):
        down = self.raw.get(key, False)
        if self.fed.get(key, False) == down:
            return []
        self.fed[key] = down
        if not self.debounced and not force:
            self.lock[key] = now + DEBOUNCE_MS
        return [(key[0], key[1], down)]
