"""Bot guests benchmark (issue 6): seeded bot-only games with the digital
card table, headless, every bot pressing the board like a person.

    python bench/bench_bots.py [--games 1000] [--seed 1]

Prints, all measured in this run:
- mixed tables (3 guests: one easy, one medium, one hard bot, seats rotated
  with the seed): win rate by level, wrong accusations per game by level;
- tables of one level (3 bots of the same level, --games // 2 games each):
  how games end, mean game turns and mean turns of the winner to a correct
  accusation, wrong accusations per game;
- hard bots against the random-policy baseline (same deduction, random
  moves, searches and hypotheses): the ratio of the winner's mean turns;
- the bots' belief of where the suspects and the Inspecteur are, with and
  without the sound clues: the mean chance it gives the true place at each
  turn call (the bench, not the bots, reads the narrator for the truth);
- the firmware's share of the time of a hard bots' game (the rest is the
  card table and the bots' minds);
- games per second over everything.
Target: hard bots make no wrong accusation, ever.
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
from sim.bots.games import play_bot_game, run  # noqa: E402
from sim.bots.mind import Bot  # noqa: E402
from sim.bots.session import Session  # noqa: E402
from sim.bots.whereabouts import Whereabouts  # noqa: E402

LEVELS = ("easy", "medium", "hard")


def mixed(games, seed):
    wins = dict.fromkeys(LEVELS + ("nobody",), 0)
    wrong = dict.fromkeys(LEVELS, 0)
    for k in range(games):
        s = seed + k
        levels = [LEVELS[(i + s) % 3] for i in range(3)]
        r = play_bot_game(s, levels)
        wins[r.levels[r.winner] if r.winner else "nobody"] += 1
        for g in r.wrong:
            wrong[r.levels[g]] += 1
    return wins, wrong


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


def same_level(level, games, seed, clock=None):
    ends = {"right": 0, "last guest": 0, "unfinished": 0}
    turns, winner_turns, wrong = [], [], 0
    for k in range(games):
        r = play_bot_game(seed + k, [level] * 3, narrator_check=clock)
        ends[r.how] += 1
        wrong += len(r.wrong)
        if r.how == "right":
            turns.append(r.turns)
            winner_turns.append(r.winner_turns)
    return ends, turns, winner_turns, wrong


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
        bots = {g: Bot(g, "hard", seed + k) for g in ("COMTE", "LAVANDE", "PECHE")}
        session = Session(seed + k, bots=bots, answer_rollcall=True)
        board.attach(session)
        run(board, session)
        chances += truth.chances
        right += truth.right
    return statistics.mean(chances), right / len(chances)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=1000, help="mixed-table games (default 1000)")
    p.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    args = p.parse_args(argv)
    if args.games < 2:
        p.error("--games takes at least 2 games")
    n, played = args.games, 0
    t0 = time.perf_counter()

    wins, wrong = mixed(n, args.seed)
    played += n
    print("mixed tables (easy, medium, hard; seats rotated), %d games:" % n)
    for lv in LEVELS:
        print("  %-6s win rate %5.1f %%   wrong accusations per game %.3f" % (lv, 100 * wins[lv] / n, wrong[lv] / n))
    if wins["nobody"]:
        print("  unfinished: %d" % wins["nobody"])

    print("tables of one level (3 bots), %d games each:" % (n // 2))
    means = {}
    for lv in LEVELS + ("random",):
        clock = FirmwareClock() if lv == "hard" else None
        t1 = time.perf_counter()
        ends, turns, wturns, bad = same_level(lv, n // 2, args.seed, clock)
        if clock is not None:
            hard_time, firmware_time = time.perf_counter() - t1, clock.seconds
        played += n // 2
        means[lv] = statistics.mean(wturns) if wturns else float("nan")
        print(
            "  %-6s correct accusation %5.1f %%, last guest %4.1f %%, unfinished %d;"
            " mean turns to a correct accusation: game %.1f, winner %.1f;"
            " wrong accusations per game %.3f"
            % (
                lv,
                100 * ends["right"] / (n // 2),
                100 * ends["last guest"] / (n // 2),
                ends["unfinished"],
                statistics.mean(turns) if turns else float("nan"),
                means[lv],
                bad / (n // 2),
            )
        )
        if lv == "hard" and bad:
            print("  !! hard bots accused wrongly %d times" % bad)
    print(
        "hard bots vs random-policy baseline: the winner's mean turns %.1f vs %.1f, ratio %.2f (lower is better)"
        % (means["hard"], means["random"], means["hard"] / means["random"])
    )
    print(
        "time of a hard bots' game: the firmware %.1f %%, the card table and the bots' minds %.1f %%"
        % (100 * firmware_time / hard_time, 100 - 100 * firmware_time / hard_time)
    )
    k = max(2, n // 10)
    for clues in (True, False):
        mean, right = whereabouts(k, args.seed, clues)
        played += k
        print(
            "whereabouts %s sound clues, %d games: mean chance at the true place %.3f (even: %.3f),"
            " likeliest place right %.1f %%" % ("with" if clues else "without", k, mean, 1 / 9, 100 * right)
        )
    elapsed = time.perf_counter() - t0
    print("%d games in %.1f s: %.0f games/s" % (played, elapsed, played / elapsed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
