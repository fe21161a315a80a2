"""Pawns on a capacitive pad: the board's touch driver (hal/mcu/pads.py and
the rest stage of hal/mcu/inputs.py, the code that runs on the Pico) against
a model of the MPR121's own touch status as the board read it before (its
baseline follows the signal while the pad is not touched and holds still
while it is: Adafruit's filter settings), on simulated touch data, the same
data for both, in one run.

The simulated electrode (one pad, read every 10 ms as the board polls):
filtered data about 700 counts, Gaussian noise (--noise, counts), a slow
drift of the room (8 counts over 10 minutes); a hand touching a pawn drops
it by 40-90 counts, with a tremor, for 150-900 ms, reaching and leaving in
30-80 ms; a pawn with a steel washer resting there drops it by 8-25 counts
(--pawn), pawns add up. Each session is a random walk of 40 actions, 1-5 s
apart, on that one pad:

- put: a hand brings a pawn and leaves it (the game's press: must press);
- lift: a hand takes a resting pawn away (must not press);
- straighten: a hand touches a resting pawn and leaves it (must not press).

Printed for each: how many puts pressed, how many lifts and straightens
pressed (false presses), presses in 10 idle minutes, and the delay from
the hand's first contact to the press (median, 90th percentile).

    python bench/bench_pads.py [--sessions 200] [--seed 1] [--noise 1.5] [--pawn 8 25]
"""

import argparse
import json
import os
import random
import statistics
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from hal.mcu import config  # noqa: E402
from hal.mcu.inputs import Inputs  # noqa: E402
from hal.mcu.pads import Pads  # noqa: E402

POLL_MS = 10
BASE = 700


class Electrode:
    """The simulated electrode: its filtered data at each poll."""

    def __init__(self, rng, noise):
        self.rng = rng
        self.noise = noise
        self.pawns = []  # the drops of the pawns resting
        self.t = 0
        self.samples = []  # (t, value) to come, from the script
        self.drift_phase = rng.random() * 6.28

    def quiet(self, ms, extra=0.0):
        """The pad with its pawns (and `extra` more drop), for `ms`."""
        for _ in range(ms // POLL_MS):
            self.emit(sum(self.pawns) + extra)

    def emit(self, drop):
        import math

        drift = 8 * math.sin(self.drift_phase + self.t / 95_000)
        value = BASE + drift - drop + self.rng.gauss(0, self.noise)
        self.samples.append((self.t, max(0, min(1023, round(value)))))
        self.t += POLL_MS

    def hand(self, before, after):
        """A hand on the pad: from the pawns `before` to the pawns `after`
        (their drops), reaching and leaving in 30-80 ms, 150-900 ms on it."""
        rng = self.rng
        finger = rng.uniform(40, 90)
        reach = rng.randint(3, 8)
        hold = rng.randint(15, 90)
        leave = rng.randint(3, 8)
        start = self.t
        tremor = 0.0
        for k in range(reach):
            self.emit(sum(before) + finger * (k + 1) / reach)
        for _ in range(hold):
            tremor = max(-8.0, min(8.0, tremor + rng.gauss(0, 2)))
            self.emit(max(sum(before), sum(after)) + finger + tremor)
        for k in range(leave):
            f = 1 - (k + 1) / leave
            self.emit(sum(after) + (finger + max(0, sum(before) - sum(after))) * f)
        self.pawns = list(after)
        return start


class Controller:
    """What Pads reads: one MPR121 with one electrode, on the simulated data."""

    electrodes = 1

    def __init__(self):
        self.value = BASE

    def read_filtered(self, buf):
        buf[0] = self.value & 0xFF
        buf[1] = self.value >> 8

    def baseline(self, e):
        return BASE & ~3


class Nothing:
    names = ()

    def read(self, now=0):
        return 0


def new_driver():
    ctl = Controller()
    pads = Pads([ctl], ((0, 0, "ECURIE"),), config.TOUCH_THRESHOLD, config.RELEASE_THRESHOLD, config.PAD_REST_MS)
    inputs = Inputs(pads, Nothing(), Nothing(), config.DEBOUNCE_MS)  # (the rest stage is for contacts)
    presses = []

    def feed(t, value):
        ctl.value = value
        for kind, _, down in inputs.poll(t):
            if kind == "PAD" and down:
                presses.append(t)

    return feed, presses


def new_chip_model():
    """The MPR121's touch status as the board read it before: a baseline
    that follows the signal while the pad is not touched (down at once, up
    by a count every 14 ms) and holds while it is; touched at `touch`
    below it, released within `release`; a press is the status going up."""
    state = {"base": BASE, "touched": False, "up": 0}
    presses = []
    touch, release = config.TOUCH_THRESHOLD, config.RELEASE_THRESHOLD

    def feed(t, value):
        d = state["base"] - value
        if state["touched"]:
            if d <= release:
                state["touched"] = False
        elif d >= touch:
            state["touched"] = True
            presses.append(t + config.DEBOUNCE_MS)  # the board's debounce, as before
        elif value < state["base"]:
            state["base"] = value
        elif value > state["base"]:
            state["up"] += POLL_MS
            if state["up"] >= 14:
                state["base"] += state["up"] // 14
                state["up"] %= 14

    return feed, presses


def session(rng, noise, pawn_range):
    """A random session on one pad: (samples, [(kind, t_start, t_end)])."""
    e = Electrode(rng, noise)
    e.quiet(2000)
    actions = []
    for _ in range(40):
        pawns = e.pawns
        choices = ["put"] if not pawns else ["put", "lift", "straighten"] if len(pawns) < 4 else ["lift", "straighten"]
        kind = rng.choice(choices)
        if kind == "put":
            after = pawns + [rng.uniform(*pawn_range)]
        elif kind == "lift":
            after = list(pawns)
            after.pop(rng.randrange(len(after)))
        else:
            after = list(pawns)
        start = e.hand(pawns, after)
        actions.append((kind, start, e.t))
        e.quiet(rng.randint(1000, 5000))
    return e.samples, actions


def score(samples, actions, make):
    feed, presses = make()
    for t, v in samples:
        feed(t, v)
    out = {"put": [0, 0], "lift": [0, 0], "straighten": [0, 0]}
    delays = []
    bounds = [a[1] for a in actions[1:]] + [samples[-1][0] + 1]
    for (kind, start, _end), nxt in zip(actions, bounds):
        mine = [p for p in presses if start <= p < nxt]
        out[kind][0] += 1
        out[kind][1] += 1 if mine else 0
        if kind == "put" and mine:
            delays.append(mine[0] - start)
    return out, delays


def idle(rng, noise, make, minutes=10):
    e = Electrode(rng, noise)
    e.quiet(minutes * 60_000)
    feed, presses = make()
    for t, v in e.samples:
        feed(t, v)
    return len(presses)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sessions", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--noise", type=float, default=1.5, help="the electrode's noise, counts (Gaussian sigma)")
    ap.add_argument("--pawn", type=float, nargs=2, default=(8, 25), help="a resting pawn's drop, counts (range)")
    args = ap.parse_args(argv)
    results = {}
    for name, make in (("before (the chip's status)", new_chip_model), ("now (hal/mcu/pads.py)", new_driver)):
        rng = random.Random(args.seed)
        total = {"put": [0, 0], "lift": [0, 0], "straighten": [0, 0]}
        delays = []
        for _ in range(args.sessions):
            samples, actions = session(rng, args.noise, args.pawn)
            got, d = score(samples, actions, make)
            for k, counts in total.items():
                counts[0] += got[k][0]
                counts[1] += got[k][1]
            delays += d
        idle_presses = idle(random.Random(args.seed), args.noise, make)
        delays.sort()
        results[name] = {
            "puts pressed": "%d of %d" % (total["put"][1], total["put"][0]),
            "lifts pressed (false)": "%d of %d" % (total["lift"][1], total["lift"][0]),
            "straightens pressed (false)": "%d of %d" % (total["straighten"][1], total["straighten"][0]),
            "presses in 10 idle minutes": idle_presses,
            "delay to the press, median ms": statistics.median(delays) if delays else None,
            "delay to the press, p90 ms": delays[int(0.9 * (len(delays) - 1))] if delays else None,
        }
    print(json.dumps({"sessions": args.sessions, "noise": args.noise, "pawn": args.pawn, **results}, indent=1))


if __name__ == "__main__":
    main()
