"""Where bot games are won and lost (issue 15): seeded games of one table,
seats rotated, and for each level when its bots become certain, how many of
their own turns it takes from certainty to the game's end, the games lost
while certain, who was certain first and how often that one won, and the
gambles won and lost.

    python bench/bench_race.py [--games 1000] [--seed 1] [--table expert,hard-2026] [--oracle [WHAT]]

--oracle WHAT (a measurement, never a bot; the bench reads the narrator or
the other bots): what a piece of perfect knowledge would be worth to the
expert. `certain` (the default): once certain, it is told where the
Inspecteur truly is, every turn (a perfect hunt); `snapshot`: told once,
at its first move once certain, then it follows him by ear as usual;
`suspects`: its whereabouts of the suspects are the truth all game;
`hand`: it is told its rivals' hands at its first move.

The expert's belief of the Inspecteur at its first move once certain is
printed too: by the chance of his likeliest place then, how often he was
there and how often the expert went on to win.
"""

import argparse
import collections
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from firmware.board import GUESTS, INSPECTEUR, PLACES, SUSPECTS  # noqa: E402
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


ORACLES = ("certain", "snapshot", "suspects", "hand")


def oracle(board_of, what="certain"):
    """The expert told what `what` says (ORACLES; a measurement only)."""
    move, after = expert_mod.Expert.move, expert_mod.Expert.after_arrival
    chance = expert_mod.Expert.chance

    def truth(who=INSPECTEUR):
        return board_of["board"].narrator.positions[who]

    def told_once(self, tell):
        if not getattr(self, "_told", False):
            self._told = True
            tell(self.bot)
        return move(self)

    if what == "snapshot":
        expert_mod.Expert.move = lambda self: (
            told_once(self, lambda bot: bot.where._set(INSPECTEUR, truth())) if self.bot.ready() else move(self)
        )
        return
    if what == "hand":

        def tell_hands(bot):
            for g, other in board_of["session"].bots.items():
                if g != bot.guest:
                    for c in other.hand:
                        bot.mind.holds(g, c)

        expert_mod.Expert.move = lambda self: told_once(self, tell_hands)
        return
    if what == "suspects":

        def o_chance(self, who, place):
            return float(truth(who) == place) if who in SUSPECTS else chance(self, who, place)

        def o_seen(self, who, place):
            there = who in SUSPECTS and truth(who) == place
            if who in SUSPECTS:
                return float(there and who not in board_of["board"].narrator.hidden)
            return expert_mod.Expert._seen(self, who, place)

        expert_mod.Expert._seen = expert_mod.Expert.seen_chance
        expert_mod.Expert.chance, expert_mod.Expert.seen_chance = o_chance, o_seen
        return

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
    ap = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog=__doc__.split("\n\n", 1)[1],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--table", default="expert,hard-2026")
    ap.add_argument("--oracle", nargs="?", const="certain", choices=ORACLES,
                    help="what the expert is told (a measurement): see above; alone: certain")
    a = ap.parse_args()
    levels = a.table.split(",")
    board_of = {}
    if a.oracle:
        oracle(board_of, a.oracle)
    belief = watch_belief(board_of)
    st = collections.defaultdict(collections.Counter)
    cert_at = collections.defaultdict(list)
    after = collections.defaultdict(list)  # level -> (own turns from certainty to the end, won)
    winner_turns = []  # the winner's own turns, each game won
    for k in range(a.games):
        order, _ = seating(levels, k, True)
        board = board_of["board"] = Board(seed=a.seed + k)
        bots = {g: Bot(g, lv, a.seed + k) for g, lv in zip(GUESTS, order)}
        session = board_of["session"] = Session(a.seed + k, bots=bots, answer_rollcall=True, sheets=False)
        board.attach(session)
        watch = Watch(session)
        board.attach(watch)
        run(board, session, 500)
        r = GameResult(session, order)
        if r.winner is not None:
            winner_turns.append(r.winner_turns)
        for row in belief.pop("game", []):
            row.append(r.winner == row[0])
            belief.setdefault("rows", []).append(row)
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
        % (a.games, a.seed, a.seed + a.games - 1, a.table, ", oracle: %s" % a.oracle if a.oracle else "")
    )
    mean = sum(winner_turns) / max(1, len(winner_turns))
    print("the winner's mean turns: %.2f (%d games won)" % (mean, len(winner_turns)))
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
    rows = belief.get("rows", [])
    if rows:
        print("\nthe expert's belief of the Inspecteur at its first move once certain (%d times):" % len(rows))
        bins = collections.defaultdict(list)
        for _, top, right, won in rows:
            bins[min(int(top * 5), 4)].append((right, won))
        for b in sorted(bins):
            v = bins[b]
            print("  likeliest place's chance %.1f-%.1f: %4d times, he was there %.2f, won %.2f" % (
                b / 5, b / 5 + 0.2, len(v), sum(x for x, _ in v) / len(v), sum(w for _, w in v) / len(v)))


def watch_belief(board_of):
    """Log each expert's belief of the Inspecteur at its first move once certain: {"game": [[guest, the
    likeliest place's chance, he was there]]} for the game being played."""
    belief = {}
    move = expert_mod.Expert.move

    def logged(self):
        bot = self.bot
        if bot.ready() and getattr(self, "_logged", None) is not bot.mind:
            self._logged = bot.mind
            vec = bot.where.p[INSPECTEUR]
            top = max(range(len(vec)), key=vec.__getitem__)
            there = board_of["board"].narrator.positions[INSPECTEUR] == PLACES[top]
            belief.setdefault("game", []).append([bot.guest, vec[top], there])
        return move(self)

    expert_mod.Expert.move = logged
    return belief


if __name__ == "__main__":
    main()
