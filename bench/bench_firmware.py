"""Firmware benchmark (issue 2): complete scripted games per second on one
core, mean events per game, and the dispatch cost of Narrator.handle against
the same few-state machine written on `transitions`, in the same run.

    python bench/bench_firmware.py [--games 2000]

Targets: >= 1000 complete games/s; our dispatch faster than the library's.
"""

import argparse
import pathlib
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from firmware import Narrator  # noqa: E402
from firmware.events import ButtonDown  # noqa: E402
from tests.support.driver import Driver, stage  # noqa: E402
from tests.support.games import ScriptedGame  # noqa: E402


def bench_games(count):
    """Play `count` whole games with the scripted player, then replay their
    events into fresh Narrators: the second figure is the firmware alone."""
    t0 = time.perf_counter()
    games = [ScriptedGame(seed).play() for seed in range(count)]
    played = time.perf_counter() - t0
    assert all(g.n.state == "over" for g in games)
    events = [g.events for g in games]
    t0 = time.perf_counter()
    for seed, evs in enumerate(events):
        n = Narrator(seed=seed)
        handle = n.handle
        for t, e in evs:
            handle(e, t)
    replayed = time.perf_counter() - t0
    per_game = [len(e) for e in events]
    return count / played, count / replayed, statistics.mean(per_game), sum(per_game) / replayed


def narrator_ping_pong():
    """A Narrator in a guest's turn, standing with the known Inspecteur: ACCUSE
    (moved -> confirm, says accuse.confirm) and NO (confirm -> moved)."""
    d = Driver(seed=1, chances={"second_suspect": (0, 1), "inspecteur_moves": (0, 1)})
    d.start()
    stage(d.n, {"INSPECTEUR": "ECURIE"})
    d.pad("ECURIE")
    assert d.n.state == "moved"
    return d.n


def bench_dispatch(presses):
    n = narrator_ping_pong()
    accuse, no = ButtonDown("ACCUSE"), ButtonDown("NO")
    handle = n.handle
    t0 = time.perf_counter()
    for i in range(presses // 2):
        handle(accuse, 10_000 + i)
        handle(no, 10_000 + i)
    ours = (time.perf_counter() - t0) / presses
    assert n.state == "moved"

    from transitions import Machine

    class Model:
        said = None

        def confirm(self):
            self.said = "accuse.confirm"

    model = Model()
    Machine(
        model=model,
        states=["rollcall", "move", "moved", "confirm", "found", "verdict", "over"],
        transitions=[
            {"trigger": "ACCUSE", "source": "moved", "dest": "confirm", "after": "confirm"},
            {"trigger": "NO", "source": "confirm", "dest": "moved"},
            {"trigger": "place", "source": "move", "dest": "moved"},
            {"trigger": "STOP", "source": "moved", "dest": "move"},
            {"trigger": "YES", "source": "confirm", "dest": "verdict"},
        ],
        initial="moved",
        auto_transitions=False,
    )
    t0 = time.perf_counter()
    for _ in range(presses // 2):
        model.ACCUSE()
        model.NO()
    theirs = (time.perf_counter() - t0) / presses
    assert model.state == "moved"
    return ours, theirs


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--presses", type=int, default=200_000)
    args = parser.parse_args(argv)
    print("firmware bench: %d scripted games, %d dispatch presses, Python %s" % (
        args.games, args.presses, sys.version.split()[0]))
    with_player, firmware_only, mean_events, events_per_s = bench_games(args.games)
    print("complete games/s (scripted player + firmware): %8.0f" % with_player)
    print("complete games/s (firmware alone, replayed):   %8.0f" % firmware_only)
    print("mean events per game:                           %8.1f" % mean_events)
    print("events handled per second:                      %8.0f" % events_per_s)
    ours, theirs = bench_dispatch(args.presses)
    print("dispatch, Narrator.handle:   %6.2f us/press" % (ours * 1e6))
    print("dispatch, transitions:       %6.2f us/press" % (theirs * 1e6))
    print("ratio transitions / ours:    %6.1fx (ours is faster: %s)" % (theirs / ours, ours < theirs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
