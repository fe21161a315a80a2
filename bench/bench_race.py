"""Where bot games are won and lost (issue 15): seeded games of one table,
seats rotated, and for each level when its bots become certain, how many of
their own turns it takes from certainty to the game's end, the games lost
while certain, who was certain first and how often that one won, and the
gambles won and lost.

    python bench/bench_race.py [--games 1000] [--seed 1] [--table expert,hard-2026] [--oracle]

--oracle (a measurement, never a bot): the expert, once certain, is told
where the Inspecteur truly is (the bench reads the narrator): what a
perfect hunt would be worth.
"""

import argparse
import collections
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from firmware.board import GUESTS, INSPECTEUR, PLACES  # noqa: E402
from hal.runner import Board  # noqa: E402
from hal.sink import Sink  # noqa: E402
from sim.bots import expert as expert_mod  # noqa: E402
from sim.bots.games import GameResult, run  # noqa: E402
from sim.bots.mind import Bot  # noqa: E402
from sim.bots.session import Session  # noqa: E402
from sim.bots.tournament import seating  # noqa: E402


class Watch(Sink):
    """Hears the board beside the bots: at each turn call, who is certain now."""

    def __init__(self, session):
        self.session = session
        self.certain = {}  # guest -> their own turns when first certain at a turn call
        self.first = None  # the first guest certain

    def say(self, say, now_ms):
        if say.key != "turn.call":
            return
        for g, b in self.session.bots.items():
            if g not in self.certain and b.mind is not None and b.mind.solution() is not None:
                self.certain[g] = b.turns
                self.first = self.first or g


def oracle(board_of):
    """The expert told, once certain, where the Inspecteur is (measurement only)."""
    move, after = expert_mod.Expert.move, expert_mod.Expert.after_arrival

    def truth():
        return board_of["board"].narrator.positions[INSPECTEUR]

    def o_move(self):
        bot = self.bot
        if not bot.ready():
            return move(self)
        if bot._inspecteur_in_sight() and not bot._tried_accuse:
            return ("press", "ACCUSE")
        here, there = bot.here(), truth()
        return ("press", there if there != here else next(p for p in PLACES if p != here))

    def o_after(self):
        bot = self.bot
        if not bot.ready() or bot._hyp_done:
            return after(self)
        if bot._inspecteur_in_sight() and not bot._tried_accuse:
            return ("press", "ACCUSE")
        return ("press", "SEARCH" if truth() == bot.here() else "STOP")

    expert_mod.Expert.move, expert_mod.Expert.after_arrival = o_move, o_after


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--table", default="expert,hard-2026")
    ap.add_argument("--oracle", action="store_true", help="the expert, once certain, knows where the Inspecteur is")
    a = ap.parse_args()
    levels = a.table.split(",")
    board_of = {}
    if a.oracle:
        oracle(board_of)
    st = collections.defaultdict(collections.Counter)
    cert_at = collections.defaultdict(list)
    after = collections.defaultdict(list)  # level -> (own turns from certainty to the end, won)
    for k in range(a.games):
        order, _ = seating(levels, k, True)
        board = board_of["board"] = Board(seed=a.seed + k)
        bots = {g: Bot(g, lv, a.seed + k) for g, lv in zip(GUESTS, order)}
        session = Session(a.seed + k, bots=bots, answer_rollcall=True, sheets=False)
        board.attach(session)
        watch = Watch(session)
        board.attach(watch)
        run(board, session, 500)
        r = GameResult(session, order)
        for g, b in session.bots.items():
            lv, won = b.level, r.winner == g
            s = st[lv]
            s["seats"] += 1
            s["wins"] += won
            c = watch.certain.get(g)
            if c is None and b.mind.solution() is not None:
                c = b.turns  # certain during its last turn
            cert_at[lv].append(c)
            if c is not None:
                s["certain"] += 1
                after[lv].append((b.turns - c, won))
                if not won and r.winner is not None:
                    s["lost while certain"] += 1
            if watch.first == g:
                s["first certain"] += 1
                s["first certain, won"] += won
        for g, _, right, gamble in r.verdicts:
            if gamble:
                st[session.bots[g].level]["gambles"] += 1
                st[session.bots[g].level]["gambles won"] += right
    print(
        "%d games, seeds %d-%d, table %s, seats rotated%s"
        % (a.games, a.seed, a.seed + a.games - 1, a.table, ", oracle hunt" if a.oracle else "")
    )
    for lv, s in st.items():
        n = s["seats"]
        print("\n%s: %d seats, won %.1f %%" % (lv, n, 100.0 * s["wins"] / n))
        cum = ["%.2f" % (sum(1 for x in cert_at[lv] if x is not None and x <= t) / n) for t in range(4, 16)]
        print("  certain by its own turn 4..15:", " ".join(cum))
        won = [x for x, w in after[lv] if w]
        hist = collections.Counter(won)
        print(
            "  own turns from certainty to its win: mean %.2f; %s"
            % (sum(won) / max(1, len(won)), ", ".join("%d: %d" % kv for kv in sorted(hist.items())))
        )
        print(
            "  certain in %d games, lost %d of them; first certain %d times, won %d of those"
            % (s["certain"], s["lost while certain"], s["first certain"], s["first certain, won"])
        )
        print("  gambles %d, won %d" % (s["gambles"], s["gambles won"]))


if __name__ == "__main__":
    main()
