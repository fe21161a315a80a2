"""Bot guests benchmark (issues 6 and 15): seeded bot-only games with the
digital card table, headless, every bot pressing the board like a person.

    python bench/bench_bots.py [--games 1000] [--seed 1] [--ablation] [--ablation-games N]
                               [--jobs N] [--before REV] [--before-games N]

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
- bot-only games per second (target >= 150), over all of them and per
  table, of wall time and of CPU time (the workers' with --jobs N);
- the speed-up against the code before the speed work (--before REV, by
  default commit ee8e7ce, its tree taken from git): the same seeded tables
  of one level, --before-games each, played by both codes in turn in fresh
  processes of this run, with their wins (the same decisions: the same wins);
- the bots' belief of where the suspects and the Inspecteur are: the mean
  chance it gives the true place at each turn call (the bench, not the
  bots, reads the narrator for the truth), the mean log chance of each
  suspect's, and the same for the belief that hears each suspect's moves on
  its own (before issue 15's joint step) in the same games; and the
  firmware's share of a game's time;
- with --ablation: the expert with each of its parts switched off in turn
  (levels expert-no-PART), one seat against two hard-2026, and heads-up.
"""

import argparse
import json
import math
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from firmware.board import SUSPECTS  # noqa: E402
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
BEFORE = "ee8e7ce"  # the code before the speed work
# Its figures, when git cannot give its tree: `nice -n 10 python bench/bench_bots.py --games 1000 --ablation`
# at ee8e7ce (docs/bots.md): 45 games per CPU second over the bench; three experts 29, three hard-2026 77.
BEFORE_FIGURES = "45 games per CPU second over the bench (three experts 29, three hard-2026 77, three random 27)"
SPEED_TABLES = ([BEST] * 3, [YARDSTICK] * 3, ["random"] * 3, [BEST, YARDSTICK, YARDSTICK])
JOBS = 1


class Tally:
    """Mistakes, gambles and games per level over every table of the run."""

    def __init__(self):
        self.by_level = {}
        self.games = 0
        self.seconds = self.cpu = 0.0
        self.tables = []  # (levels, games, seconds, CPU seconds)

    def add(self, t):
        self.tables.append((t["table"], t["games"], t["seconds"], t["cpu_seconds"]))
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
    return tally.add(tournament(levels, games, seed=seed, rotate=True, jobs=JOBS))


# Played in a fresh process with the code of a tree on its path: each table's summary, as JSON.
PLAY = """
import json, sys
from sim.bots.tournament import tournament
games, seed = int(sys.argv[2]), int(sys.argv[3])
print(json.dumps([tournament(t, games, seed=seed, rotate=True) for t in json.loads(sys.argv[1])]))
"""


def play_in(tree, tables, games, seed):
    """The summaries of `tables` played by the code of `tree`, in a fresh process."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    r = subprocess.run(
        [sys.executable, "-c", PLAY, json.dumps(tables), str(games), str(seed)],
        cwd=str(tree),
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if r.returncode != 0:
        raise RuntimeError("the tables did not play in %s: %s" % (tree, (r.stderr.strip().splitlines() or ["?"])[-1]))
    return json.loads(r.stdout)


def speed_up(rev, games, seed):
    """The one-level tables (and the expert against two hard-2026) played by
    the code of `rev` and by this code, in turn, in fresh processes: their
    games per CPU second, the speed-up, and whether the wins are the same."""
    with tempfile.TemporaryDirectory(prefix="bench-bots-before-") as tmp:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], capture_output=True, check=False)
        if archive.returncode != 0:
            print("speed-up: git cannot give the tree of %s; before, %s" % (rev, BEFORE_FIGURES))
            return
        subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
        print("speed-up against %s (its tree from git), %d games a table, one process each, in turn:" % (rev, games))
        print("  | table | before, games per CPU second | now | speed-up | the same wins |")
        print("  |---|---|---|---|---|")
        cpu = {"before": 0.0, "now": 0.0}
        for levels in SPEED_TABLES:
            (before,) = play_in(tmp, [levels], games, seed)
            (now,) = play_in(ROOT, [levels], games, seed)
            cpu["before"] += before["cpu_seconds"]
            cpu["now"] += now["cpu_seconds"]
            same = [x["wins"] for x in before["seats"]] == [x["wins"] for x in now["seats"]]
            print(
                "  | %s | %.1f | %.1f | %.2f x | %s |"
                % (
                    ",".join(levels),
                    before["games_per_cpu_second"],
                    now["games_per_cpu_second"],
                    before["cpu_seconds"] / now["cpu_seconds"],
                    "yes" if same else "NO",
                ),
            )
        n = games * len(SPEED_TABLES)
        print(
            "  all %d games: %.1f games per CPU second before, %.1f now: %.2f x"
            % (n, n / cpu["before"], n / cpu["now"], cpu["before"] / cpu["now"])
        )


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
    the narrator; the bots never do), and for the suspects its log."""

    def __init__(self, belief, board):
        self.belief, self.board = belief, board
        self.chances, self.logs, self.right = [], [], 0
        self._turn = False

    def say(self, say, now_ms):
        self._turn = self._turn or say.key == "turn.call"

    def burst_end(self, now_ms):
        turn, self._turn = self._turn, False
        if not turn or self.belief.current is None:
            return
        for who, place in self.board.narrator.positions.items():
            p = self.belief.chance(who, place)
            self.chances.append(p)
            self.right += self.belief.likeliest(who) == place
            if who in SUSPECTS:
                self.logs.append(math.log(max(p, 1e-9)))


BELIEFS = (  # (what it hears, Whereabouts' keywords)
    ("with sound clues", {"clues": True}),
    ("with sound clues, each suspect's moves on its own", {"clues": True, "joint": False}),
    ("without sound clues", {"clues": False}),
)


def whereabouts(games, seed):
    """Each of BELIEFS hearing the same games of three experts: (mean chance at the
    true place, likeliest right, mean log chance at the suspects' true places)."""
    chances, logs, right = [[] for _ in BELIEFS], [[] for _ in BELIEFS], [0] * len(BELIEFS)
    for k in range(games):
        board = Board(seed=seed + k)
        watch = []
        for _, kw in BELIEFS:
            belief = Whereabouts(**kw)
            board.attach(belief)
            watch.append(Truth(belief, board))
        for truth in watch:
            board.attach(truth)
        bots = {g: Bot(g, BEST, seed + k) for g in ("COMTE", "LAVANDE", "PECHE")}
        session = Session(seed + k, bots=bots, answer_rollcall=True, sheets=False)
        board.attach(session)
        run(board, session)
        for i, t in enumerate(watch):
            chances[i] += t.chances
            logs[i] += t.logs
            right[i] += t.right
    return [(statistics.mean(c), r / len(c), statistics.mean(lg)) for c, lg, r in zip(chances, logs, right)]


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
    p.add_argument("--jobs", type=int, default=1, help="worker processes playing each table's games (default 1)")
    p.add_argument(
        "--before", default=BEFORE, help="the code to measure the speed-up against (default %s; none: skip)" % BEFORE
    )
    p.add_argument("--before-games", type=int, default=200, help="games of each table of the speed-up (default 200)")
    args = p.parse_args(argv)
    if args.games < 2:
        p.error("--games takes at least 2 games")
    if args.jobs < 1:
        p.error("--jobs takes at least 1")
    global JOBS
    JOBS = args.jobs
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
    for (what, _), (mean, right, log) in zip(BELIEFS, whereabouts(k, seed)):
        print(
            "whereabouts %s, %d games: mean chance at the true place %.3f (even: %.3f),"
            " likeliest place right %.1f %%, mean log chance at a suspect's %.4f"
            % (what, k, mean, 1 / 9, 100 * right, log)
        )
    print("games per second, each table (--jobs %d):" % JOBS)
    print("  | table | games | games/s (wall) | games per CPU second |")
    print("  |---|---|---|---|")
    for levels, games, seconds, cpu in tally.tables:
        print("  | %s | %d | %.1f | %.1f |" % (",".join(levels), games, games / seconds, games / cpu))
    elapsed = time.perf_counter() - t0
    print(
        "%d bot-only games in %.1f s of tables: %.0f games/s, %.0f per CPU second (target >= 150); whole bench %.1f s"
        % (tally.games, tally.seconds, tally.games / tally.seconds, tally.games / tally.cpu, elapsed)
    )
    if args.before != "none":
        speed_up(args.before, args.before_games, seed)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
