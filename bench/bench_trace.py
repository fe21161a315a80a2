"""What a trace costs an hour awake (issue 42): scripted games spread over
hours of board time and played through the desk as a screen's loop plays
them (tests/support/long_games.py: the loop's steps jittered, a reading every
10 s awake), the batteries steady or falling around the low mark. Each game
is written twice in the same run: as the Board writes it (a reading when it
is news) and with every reading (the Board before issue 42), the baseline.

    python bench/bench_trace.py [--games 20] [--hours 1] [--seed 1]
"""

import argparse
import io
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hal.trace import read, replay  # noqa: E402
from tests.support.long_games import HOUR_MS, LongGame, falling  # noqa: E402


def battery_lines(text):
    return sum(1 for line in text.splitlines() if '"type": "Battery"' in line)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=20, help="games of each kind (seeds from --seed on)")
    p.add_argument("--hours", type=float, default=1.0, help="board time each game is spread over")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    if args.games < 1 or not 0 < args.hours <= 24:
        p.error("--games from 1, --hours above 0 and at most 24")
    start = time.perf_counter()
    for kind in ("steady", "falling"):
        every = now = awake = readings_every = readings_now = 0
        for seed in range(args.seed, args.seed + args.games):
            levels = [(0, 4500)] if kind == "steady" else falling(seed, args.hours)
            g = LongGame(seed, args.hours, levels).play()
            if replay(*read(io.StringIO(g.text))) is not None:
                sys.exit("seed %d: the trace does not replay identical" % seed)
            every += len(g.every.encode())
            now += len(g.text.encode())
            awake += g.awake_ms
            readings_every += battery_lines(g.every)
            readings_now += battery_lines(g.text)
        hours = awake / HOUR_MS
        sizes = (every / hours / 1000, now / hours / 1000, now / every, 100 - 100 * now / every)
        lines = (readings_every / hours, readings_now / hours)
        print(
            "%-7s batteries, %d games, %.1f h awake: %.1f KB an hour awake with every reading, %.1f KB now "
            "(%.2f×, %.0f %% less)"
            % ((kind, args.games, hours) + sizes)
            + "; readings written an hour %.0f -> %.1f; replay identical" % lines
        )
    print("(%.1f s)" % (time.perf_counter() - start))


if __name__ == "__main__":
    main()
