"""Feed a file of trace inputs to Narrator(seed) and print its actions as
JSON Lines: runs unchanged under CPython and MicroPython.

    micropython tests/mp_feed.py INPUTS SEED     (MICROPYPATH=<repo root>)
"""

import json
import sys

from firmware import Narrator, events


def feed(path, seed, write):
    n = Narrator(seed=seed)
    with open(path) as f:
        for line in f:
            rec = json.loads(line)
            out = n.handle(events.from_dict(rec["in"]), rec["t"])
            write(json.dumps({"t": rec["t"], "out": [a.as_dict() for a in out]}))


if __name__ == "__main__":
    feed(sys.argv[1], int(sys.argv[2]), print)
