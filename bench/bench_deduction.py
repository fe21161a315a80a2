"""The exact deduction engine's speed (issue 15): the time of one update
(a learnt fact, then the queries a bot makes) over the positions of real
bot games, against the propagation engine it replaced, in the same run.

    python bench/bench_deduction.py [--games 20] [--seed 1] [--guests 4] [--repeat 3]

The facts are recorded from seeded bot-only games (hard bots, every fact
each bot's mind learns, in order), then replayed into each engine. An
update is one fact, then: solution(), candidates(), the chances of the
23 cards (weights, as a hard bot's hypothesis choice reads them), and
known() of the 8 suspect cases (and, for the exact engine, the chance of
each card to be in the case: the hint). Prints the median, p95 and max per
update for each engine, and for the exact engine's other queries: the 23
cards' weights (a hard bot's choice of hypothesis), count() and
solutions(). The machine is shared: each update is timed --repeat times
and its fastest time kept (the first run alone is printed too). Last,
whole games: --rate-games seeded games of 3 hard bots (each with its
detective sheet) with each engine, in games per CPU second.
"""

import argparse
import pathlib
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from firmware.board import SUSPECTS  # noqa: E402
from sim.bots import mind  # noqa: E402
from sim.bots.frozen import propagation  # noqa: E402
from sim.bots.games import play_bot_game  # noqa: E402
from sim.cards import sheet  # noqa: E402
from sim.cards.deck import CARDS  # noqa: E402
from sim.cards.deduction import Deduction  # noqa: E402


def record(games, seed, guests):
    """[(guests, me, facts)] of every hard bot's mind in `games` bot games."""
    minds = []

    class Recorder(propagation.Deduction):
        def __init__(self, guests, me=None, sizes=None, lazy=False):  # the bots' exact engine is lazy: no matter here
            super().__init__(guests, me, sizes)
            self.facts = []
            minds.append((tuple(guests), me, self.facts))

        def holds(self, where, card):
            self.facts.append(("holds", where, card))
            super().holds(where, card)

        def lacks(self, where, cards):
            self.facts.append(("lacks", where, tuple(cards)))
            super().lacks(where, cards)

        def shows_one_of(self, where, cards):
            self.facts.append(("shows_one_of", where, tuple(cards)))
            super().shows_one_of(where, cards)

        def wrong_accusation(self, triple):
            self.facts.append(("wrong_accusation", tuple(triple)))
            super().wrong_accusation(triple)

    saved = mind.Deduction
    mind.Deduction = Recorder
    try:
        for k in range(games):
            play_bot_game(seed + k, ["hard"] * guests)
    finally:
        mind.Deduction = saved
    return minds


def queries(d):
    """What a bot asks after a fact: is it certain, what can be in the case
    and how likely, which cases are known."""
    d.solution()
    d.candidates()
    if hasattr(d, "case_chances"):
        d.case_chances()
    for s in SUSPECTS:
        d.known("case:" + s)


def hypothesis_queries(d):
    """What a hard bot asks to choose a hypothesis: every card's chances."""
    for c in CARDS:
        d.weights(c)


def replay(engine, minds, extra=False):
    """Seconds per update (fact + queries), and per extra query (count + solutions)."""
    updates, extras = [], []
    for guests, me, facts in minds:
        d = engine(guests, me=me)
        for f in facts:
            t0 = time.perf_counter()
            getattr(d, f[0])(*f[1:])
            queries(d)
            t1 = time.perf_counter()
            updates.append(t1 - t0)
            if extra:
                hypothesis_queries(d)
                t2 = time.perf_counter()
                d.count()
                d.solutions()
                extras.append((t2 - t1, time.perf_counter() - t2))
    return updates, extras


def fastest(engine, minds, repeat, extra=False):
    """replay() `repeat` times; each update's fastest time (and the first run's)."""
    runs = [replay(engine, minds, extra) for _ in range(repeat)]
    best = [min(ts) for ts in zip(*(r[0] for r in runs))]
    extras = [tuple(min(e) for e in zip(*es)) for es in zip(*(r[1] for r in runs))]
    return best, extras, runs[0][0]


def summary(name, times):
    times = sorted(times)
    p95 = times[int(0.95 * (len(times) - 1))]
    print(
        "%-34s n=%5d  median %7.3f ms  p95 %7.3f ms  max %7.3f ms"
        % (name, len(times), 1e3 * statistics.median(times), 1e3 * p95, 1e3 * times[-1])
    )


def game_rate(engine, games, seed):
    """Games per CPU second of 3 hard bots whose minds and sheets use `engine`."""
    saved = mind.Deduction, sheet.Deduction

    def made(guests, me=None, sizes=None, lazy=False):  # the propagation engine takes no `lazy`
        return engine(guests, me, sizes, lazy=lazy) if engine is Deduction else engine(guests, me, sizes)

    mind.Deduction = sheet.Deduction = made
    try:
        t = time.process_time()
        for k in range(games):
            play_bot_game(seed + k, ["hard"] * 3)
        return games / (time.process_time() - t)
    finally:
        mind.Deduction, sheet.Deduction = saved


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--guests", type=int, default=4)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--rate-games", type=int, default=20)
    a = ap.parse_args()
    minds = record(a.games, a.seed, a.guests)
    n = sum(len(f) for _, _, f in minds)
    print("%d games of %d hard bots: %d minds, %d facts" % (a.games, a.guests, len(minds), n))
    old, _, old1 = fastest(propagation.Deduction, minds, a.repeat)
    new, extras, new1 = fastest(Deduction, minds, a.repeat, extra=True)
    summary("propagation engine, per update", old)
    summary("exact engine, per update", new)
    summary("  (first run only) propagation", old1)
    summary("  (first run only) exact", new1)
    summary("exact engine, weights() of 23 cards", [e[0] for e in extras])
    summary("exact engine, count()+solutions()", [e[1] for e in extras])
    if a.rate_games:
        for name, engine in (("propagation", propagation.Deduction), ("exact", Deduction)):
            print(
                "%d games of 3 hard bots, %s engine: %.1f games per CPU second"
                % (a.rate_games, name, game_rate(engine, a.rate_games, a.seed))
            )


if __name__ == "__main__":
    main()
