"""The 13 pads (9 places, 4 START squares) on the touch controllers, read as
one bitmask: bit i is `names[i]`.

The driver keeps a level for each electrode and watches its signal (the
MPR121's filtered data, lower when touched) against it:

- a drop of `touch` counts or more below the level is a hand on the pad.
  On an empty pad that is a press, at once. It lasts until the signal comes
  back within `release` of the level;
- a pressed pad whose signal stays still (within `release`) for `rest_ms`
  is a pawn resting: its signal becomes the pad's level, the pad reads
  released, and the drop it made is remembered as the pawns resting there;
- a hand on a pad where pawns rest is a press only if it leaves one more
  pawn: the driver waits until the signal has been still for SETTLE_MS
  (the hand gone), then it is a press if the signal settled more than
  `release` below the level (a pawn added), nothing if it rose more than
  `release` above it (a pawn lifted off) or came back to it (a pawn
  straightened). So a resting pawn never hides the next pawn's press, and
  taking a pawn away is not a press of the place it leaves;
- a rise above the level is never a press: the level follows it at once
  (a pawn gone, the electrode warming up) and creeps down by one count
  every DRIFT_MS while the signal sits a little below it (a room's slow
  drift), never while the pad is touched.

The level starts at the chip's own baseline (config.BASELINES from `clue-fx
calibrate`, or its first reading), so a pawn left on the board at power-on
reads as pressed (with BASELINES), then rests. A pawn resting since
power-up, pressed on (the rulebook: "placing your pawn on its START square
and pressing on it"), is a press: the first hand on such a pad that leaves
it as it was counts, where another resting pawn's would be a pawn
straightened. The chip's own touch status is not used: its baseline
does not move while a pad is touched (Adafruit's filter settings), so a
resting pawn with a steel washer held its pad down and hid the next pawn.
docs/build-a-board.md has the figures (bench/bench_pads.py, simulated
touch data).
"""

from array import array

DRIFT_MS = 500  # the level creeps down one count this often, at most
SETTLE_MS = 100  # a hand on a pad where pawns rest: decided once the signal is this still


class Pads:
    def __init__(self, controllers, layout, touch=12, release=6, rest_ms=1500):
        """`controllers`: MPR121 objects; `layout`: (controller index,
        electrode, pad id) for each pad, as in config.PAD_ELECTRODES;
        `touch`, `release`: counts below the level (config's
        TOUCH_THRESHOLD, RELEASE_THRESHOLD); `rest_ms`: config.PAD_REST_MS."""
        self.controllers = controllers
        names = []  # a loop: a comprehension is one more function in RAM
        for _, _, pad in layout:
            names.append(pad)
        self.names = tuple(names)
        self._layout = layout
        self.touch = touch
        self.release = release
        self.rest_ms = rest_ms
        n = len(layout)
        self._level = array("H", bytes(2 * n))  # the level each pad is measured from
        self._rest = array("H", bytes(2 * n))  # how far the pawns resting there took it down
        self._ref = array("H", bytes(2 * n))  # where a touched pad's signal settled
        self._low = array("H", bytes(2 * n))  # the deepest it went while touched
        self._since = [0] * n  # since when it has stayed there
        # one buffer for every controller's filtered data; each pad's offset in it
        total = 0
        for c in controllers:
            total += 2 * c.electrodes
        self._buf = bytearray(total)
        self._views = []  # a memoryview of it per controller, made once
        self._at = array("B", bytes(n))
        at = 0
        for c in controllers:
            self._views.append(memoryview(self._buf)[at : at + 2 * c.electrodes])
            at += 2 * c.electrodes
        i = 0
        for c, e, _ in layout:
            start = 0
            for k in range(c):
                start += 2 * controllers[k].electrodes
            self._at[i] = start + 2 * e
            i += 1
        self._started = False
        self._drift_at = 0
        self.errors = 0  # I2C reads that failed (the last state was kept)
        self._down = 0
        self._waiting = 0  # touched where pawns rest: press or not, once the hand is gone
        self._boot = 0  # pads whose pawns rest since power-up: the first hand on one is a press
        self._held = 0  # such a press, held SETTLE_MS so that it is heard

    def _start(self):
        """Each level from the chip's own baseline (calibrated or first reading)."""
        i = 0
        for c, e, _ in self._layout:
            self._level[i] = self.controllers[c].baseline(e)
            i += 1
        self._started = True

    def read(self, now=0):
        views = self._views
        try:
            for i in range(len(self.controllers)):
                self.controllers[i].read_filtered(views[i])
            first = not self._started
            if first:
                self._start()
        except OSError:
            self.errors += 1
            return self._down  # a glitch on the bus: nothing moved
        level = self._level
        rest = self._rest
        ref = self._ref
        low = self._low
        since = self._since
        touch = self.touch
        release = self.release
        drift = now - self._drift_at >= DRIFT_MS
        if drift:
            self._drift_at = now
        down = self._down
        waiting = self._waiting
        b = self._buf
        at = self._at
        bit = 1
        for i in range(len(at)):
            o = at[i]
            s = (b[o + 1] << 8 | b[o]) & 0x3FF
            if (down | waiting) & bit:
                if s < low[i]:  # noqa: PLR1730 (no call a pad a poll)
                    low[i] = s
                if down & bit and level[i] - s <= release:
                    if not (self._held & bit and now - since[i] < SETTLE_MS):
                        down ^= bit  # let go (a press on the pawn of power-up: once it has been heard)
                        self._held &= ~bit
                elif s - ref[i] > release or ref[i] - s > release:
                    if down & bit and s < ref[i] and now - since[i] >= SETTLE_MS:
                        # a hand again on a pawn that had settled: that one rests; one more, or one less?
                        rest[i] += level[i] - ref[i]
                        level[i] = ref[i]
                        down ^= bit
                        waiting |= bit
                        low[i] = s
                    ref[i] = s  # still moving: a hand
                    since[i] = now
                else:
                    r = (3 * ref[i] + s) >> 2  # still: where it settles, smoothed
                    ref[i] = r
                    if waiting & bit:
                        gone = r - low[i]  # risen from the deepest by half the drop at least: the hand has gone
                        if now - since[i] >= SETTLE_MS and gone >= touch and 2 * gone >= level[i] - low[i]:
                            waiting ^= bit
                            if level[i] - r > release:
                                down |= bit  # it left one more pawn: a press
                                since[i] = now
                            elif self._boot & bit and r - level[i] <= release:
                                down |= bit  # pressed on the pawn resting since power-up: a press
                                self._held |= bit
                                since[i] = now
                            elif r - level[i] > release:  # it took a pawn away
                                rest[i] = rest[i] - (r - level[i]) if rest[i] > r - level[i] else 0
                                level[i] = r
                            self._boot &= ~bit
                    elif now - since[i] >= self.rest_ms:
                        rest[i] += level[i] - r  # still: a pawn resting is the new level
                        level[i] = r
                        down ^= bit
            elif level[i] - s >= touch:
                ref[i] = low[i] = s
                since[i] = now
                if rest[i] > release or self._boot & bit:
                    waiting |= bit  # a pawn added, or one taken away?
                else:
                    down |= bit  # a press
            elif s > level[i]:
                level[i] = s
            elif drift and s < level[i]:
                level[i] -= 1
            bit <<= 1
        if first:
            self._boot = down  # a pawn there at power-up (a calibrated level): pressed on later, a press
        self._down = down
        self._waiting = waiting
        return down
