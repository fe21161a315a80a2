"""Bot guests benchmark (issues 6 and 15): seeded bot-only games with the
digital card table, headless, every bot pressing the board like a person.

    python bench/bench_bots.py [--games 1000] [--seed 1] [--ablation] [--ablation-games N]

Prints, all measured in this run (seats rotated with the seed wherever a
table mixes levels, which cancels the bias of the seats):
- the best level (expert) in one seat against two hard-2026 bots: its share
  of the wins (target >= 40 %; the fair share is 33.3 %);
- the expert heads-up against hard-2026 (target >= 60 %);
- tables of three bots of one level (expert, hard-2026, random policy): the
  winner's mean turns, and the expert's against the random policy's
  (target <= 0.40);
- one table of every seat level (easy, medium, hard, expert): win shares;
- wrong accusations made though certain (mistakes: target 0) and gambles
  (accusations made without certainty, deliberately), per level, over all
  the games above;
- bot-only games per second (target >= 150), over all of them and per table;
- the bots' belief of where the suspects and the Inspecteur are: the mean
  chance it gives the true place at each turn call (the bench, not the
  bots, reads the narrator for the truth), and the firmware's share of a
  game's time;
- with --ablation: the expert with each of its parts switched off in turn
  (levels expert-no-PART), one seat against two hard-2026, and heads-up.
"""

import argparse
import pathlib
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hal.runner import Board  # noqa: E402
from hal.sink import Sink  # noqa: E402
from sim.bots.expert import PARTS, WHAT  # noqa: E402
from sim.bots.games import play_bot_game, run  # noqa: E402
from sim.bots.mind import Bot  # noqa: E402
from sim.bots.session import Session  # noqa: E402
from sim.bots.tournament import tournament  # noqa: E402
from sim.bots.whereabouts import Whereabouts  # noqa: E402

BEST = "expert"
YARDSTICK = "hard-2026"


class Tally:
    """Mistakes, gambles and games per level over every table of the run."""

    def __init__(self):
        self.by_level = {}
        self.games = 0
        self.seconds = self.cpu = 0.0

    def add(self, t):
        self.games += t["games"]
        self.seconds += t["seconds"]
        self.cpu += t["cpu_seconds"]
        for s in t["seats"]:
            d = self.by_level.setdefault(s["level"], {"seats": 0, "mistakes": 0, "gambles": 0, "gambles_won": 0})
            d["seats"] += t["games"]
            for k in ("mistakes", "gambles", "gambles_won"):
                d[k] += s[k]
        return t


def table(tally, levels, games, seed):
    return tally.add(tournament(levels, games, seed=seed, rotate=True))


def pct(x):
    return "%5.1f %%" % (100 * x)


class FirmwareClock:
    """Times the firmware's share of a game: wraps each board's Narrator.handle."""

    def __init__(self):
        self.seconds = 0.0

    def __call__(self, board):
        handle = board.narrator.handle

        def timed(event, now_ms):
            t0 = time.perf_counter()
            out = handle(event, now_ms)
            self.seconds += time.perf_counter() - t0
            return out

        board.narrator.handle = timed


class Truth(Sink):
    """After each turn call the belief heard (a sink before this one): the
    chance it gives the place where each mover really is (the bench reads
    the narrator; the bots never do)."""

    def __init__(self, belief, board):
        self.belief, self.board = belief, board
        self.chances, self.right = [], 0
        self._turn = False

    def say(self, say, now_ms):
        self._turn = self._turn or say.key == "turn.call"

    def burst_end(self, now_ms):
        turn, self._turn = self._turn, False
        if not turn or self.belief.current is None:
            return
        for who, place in self.board.narrator.positions.items():
            self.chances.append(self.belief.chance(who, place))
            self.right += self.belief.likeliest(who) == place


def whereabouts(games, seed, clues):
    chances, right = [], 0
    for k in range(games):
        board = Board(seed=seed + k)
        belief = Whereabouts(clues=clues)
        truth = Truth(belief, board)
        board.attach(belief)
        board.attach(truth)
        bots = {g: Bot(g, BEST, seed + k) for g in ("COMTE", "LAVANDE", "PECHE")}
        session = Session(seed + k, bots=bots, answer_rollcall=True, sheets=False)
        board.attach(session)
        run(board, session)
        chances += truth.chances
        right += truth.right
    return statistics.mean(chances), right / len(chances)


def firmware_share(games, seed):
    clock = FirmwareClock()
    t0 = time.perf_counter()
    for k in range(games):
        play_bot_game(seed + k, [BEST] * 3, narrator_check=clock)
    return clock.seconds / (time.perf_counter() - t0)


def ablation(tally, games, seed, whole):
    """`whole`: (three, two) of the expert with every part, when already played with these games and seeds."""
    print("ablation: the expert with one part off, %d games a table (seats rotated):" % games)
    print("  | level | what is off | one seat vs two %s | heads-up vs %s |" % (YARDSTICK, YARDSTICK))
    print("  |---|---|---|---|")
    for level, what in [(BEST, "nothing")] + [("%s-no-%s" % (BEST, p), WHAT[p]) for p in PARTS]:
        if level == BEST and whole is not None:
            three, two = whole
        else:
            three = table(tally, [level, YARDSTICK, YARDSTICK], games, seed)
            two = table(tally, [level, YARDSTICK], games, seed)
        print("  | %s | %s | %s | %s |" % (level, what, pct(three["seats"][0]["share"]), pct(two["seats"][0]["share"])))


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=1000, help="games of each table (default 1000)")
    p.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    p.add_argument("--ablation", action="store_true", help="also the ablation table (the expert's parts off in turn)")
    p.add_argument("--ablation-games", type=int, default=None, help="games of each ablation table (default --games)")
    args = p.parse_args(argv)
    if args.games < 2:
        p.error("--games takes at least 2 games")
    n, seed = args.games, args.seed
    tally = Tally()
    t0 = time.perf_counter()

    three = table(tally, [BEST, YARDSTICK, YARDSTICK], n, seed)
    s = three["seats"][0]
    print(
        "%s in one seat against two %s, %d games: win share %s (target >= 40 %%, fair 33.3 %%); %s seats %s and %s"
        % (BEST, YARDSTICK, n, pct(s["share"]), YARDSTICK, *(pct(x["share"]) for x in three["seats"][1:]))
    )
    two = table(tally, [BEST, YARDSTICK], n, seed)
    print(
        "%s heads-up against %s, %d games: win share %s (target >= 60 %%)"
        % (BEST, YARDSTICK, n, pct(two["seats"][0]["share"]))
    )

    print("tables of three bots of one level, %d games each:" % n)
    means = {}
    for lv in (BEST, YARDSTICK, "random"):
        t = table(tally, [lv] * 3, n, seed)
        means[lv] = t["winner_mean_turns"]
        print(
            "  %-9s winner's mean turns %.2f, game's mean turns %.1f, unfinished %d, %.0f games/s (%.0f per CPU second)"
            % (lv, means[lv], t["mean_turns"], t["unfinished"], t["games_per_second"], t["games_per_cpu_second"])
        )
    print(
        "%s vs random-policy baseline: the winner's mean turns %.2f vs %.2f, ratio %.2f (target <= 0.40)"
        % (BEST, means[BEST], means["random"], means[BEST] / means["random"])
    )
    print("  (%s: ratio %.2f)" % (YARDSTICK, means[YARDSTICK] / means["random"]))

    mix = table(tally, ["easy", "medium", "hard", BEST], n, seed)
    print(
        "one table of every seat level, %d games: win rate %s"
        % (n, ", ".join("%s %s" % (x["level"], pct(x["share"]).strip()) for x in mix["seats"]))
    )

    if args.ablation:
        games = args.ablation_games or n
        ablation(tally, games, seed, (three, two) if games == n else None)

    print("accusations over every table above (per game a bot of the level played):")
    for lv, d in tally.by_level.items():
        print(
            "  %-18s wrong accusations per game %.3f (made though certain: %d), gambles per game %.3f (%d of %d won)"
            % (lv, d["mistakes"] / d["seats"], d["mistakes"], d["gambles"] / d["seats"], d["gambles_won"], d["gambles"])
        )
        if d["mistakes"] and lv not in ("easy",):
            print("  !! %s bots accused wrongly %d times though certain" % (lv, d["mistakes"]))

    k = max(2, n // 10)
    share = firmware_share(k, seed)
    print(
        "time of an expert bots' game: the firmware %.1f %%, the card table and the bots' minds %.1f %%"
        % (100 * share, 100 - 100 * share)
    )
    for clues in (True, False):
        mean, right = whereabouts(k, seed, clues)
        print(
            "whereabouts %s sound clues, %d games: mean chance at the true place %.3f (even: %.3f),"
            " likeliest place right %.1f %%" % ("with" if clues else "without", k, mean, 1 / 9, 100 * right)
        )
    elapsed = time.perf_counter() - t0
    print(
        "%d bot-only games in %.1f s of tables: %.0f games/s, %.0f per CPU second (target >= 150); whole bench %.1f s"
        % (tally.games, tally.seconds, tally.games / tally.seconds, tally.games / tally.cpu, elapsed)
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
