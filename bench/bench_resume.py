"""What keeping a game costs (docs/testing.md, Nothing lost): a long evening of
scripted games traced to a real file the way every board writes it (a line
flushed at a time, fsync after each input's burst), then resumed (every
input replayed into Narrator(seed) and checked), then resumed again with
its last line torn as a kill leaves it.

    python bench/bench_resume.py [--games 150] [--seed 7]
"""

import argparse
import os
import pathlib
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from firmware.events import Switch  # noqa: E402
from hal.resume import resume  # noqa: E402
from hal.runner import Board  # noqa: E402
from hal.trace import TraceFile  # noqa: E402
from tests.support.games import ScriptedGame  # noqa: E402


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=150, help="games in the one trace (OFF and ON between)")
    p.add_argument("--seed", type=int, default=7)
    args = p.parse_args()
    g = ScriptedGame(args.seed)
    g.play()
    for _ in range(args.games - 1):
        g.send(Switch(False), 1000)
        g.play()
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "evening.jsonl")
        board = Board(seed=args.seed, trace=TraceFile(open(path, "w", encoding="utf-8"), path))  # noqa: SIM115
        start = time.perf_counter()
        for t, e in g.events:
            board.feed(e, t)
        wrote = time.perf_counter() - start
        board.close()
        lines = sum(1 for _ in open(path, encoding="utf-8"))
        print(
            "%d games, %d inputs: a trace of %d lines, %.0f KB, written in %.1f s (%.2f ms an input, fsync included)"
            % (args.games, len(g.events), lines, os.path.getsize(path) / 1024, wrote, wrote * 1000 / len(g.events))
        )
        for torn in (False, True):
            if torn:
                with open(path, "ab") as f:
                    f.write(b'{"t": 1, "in": {"type": "Pa')  # killed mid-line
            start = time.perf_counter()
            resumed, stream = resume(path)
            took = time.perf_counter() - start
            stream.close()
            print(
                "resume%s: %d inputs replayed and checked in %.2f s%s"
                % (" (last line torn)" if torn else "", resumed.inputs, took, "; " + resumed.notes[0] if torn else "")
            )


if __name__ == "__main__":
    main()
