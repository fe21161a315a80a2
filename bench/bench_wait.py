"""The chance to win by waiting, by the rivals' public progress (issue 15).

    python bench/bench_wait.py [--games 1500] [--seed 1] [--tables R:R,R] [--rivals S] [--log F] [--read F]
    python bench/bench_wait.py --screen expert,hard-2026 --games 2000 --seed 1 [--before S] [--after S]

Seeded games of an expert that never gambles (expert-no-gamble) against
hard-2026 bots and against experts (one rival and two; the experts with
--rivals settings, by default PROGRESS=0: as when the expert's
PROGRESS_FIT was measured), seats rotated. The
bench logs what the bot knew at each of its turn calls ("turn" rows) and at
each moment a gamble would have been an accusation ("moment" rows: the
Inspecteur in sight, or found by its search): its turn, the likeliest
triple's chance, and what the whole table heard of each rival
(bench/wait_progress.py: turns, hypotheses, those nobody refuted, searches,
suspects met, and the cards outside the case and their hand they have not
seen), then whether it won. It prints:
- the fit of the chance to win by waiting (logistic, by the turn alone and
  with the rivals' progress; held-out log loss) and the won share by the
  bot's turn and the closest rival's cards unseen;
- the gambles replayed: heads-up the expert plays the same game as
  expert-no-gamble up to its first gamble, so a threshold is worth, offline,
  the likeliest triple's truth at the first moment it says gamble, else the
  game as played (with two rivals an approximation: the expert hunts him
  when the odds say gamble). Each threshold against the expert's own table.

--screen TABLE plays the experts of the table as --before (default
PROGRESS=0: the wait odds by the turn alone, as before) and as --after
(default: as they are), the same seeds, and prints both, the games whose
winner changed and the paired standard error. Settings: the Expert's class
attributes (upper case; JOINT: the whereabouts') and wait_progress.install's variants: progress=P
(the odds move by P times the shift of wait_progress.FIT, one or two rivals),
heads_up_only=True (that shift with one rival only), hunt_close=C,
unseen_ready=True.
"""

import argparse
import ast
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from wait_progress import FIT, install, log_loss, logistic, mean_se, shift, tally, uninstall  # noqa: E402
from wait_progress import features as progress_features  # noqa: E402

from firmware.board import GUESTS  # noqa: E402
from firmware.table import FOUND  # noqa: E402
from hal.runner import Board  # noqa: E402
from hal.sink import Sink  # noqa: E402
from sim.bots.expert import WAIT_ODDS, Expert  # noqa: E402
from sim.bots.games import GameResult, run  # noqa: E402
from sim.bots.mind import Bot  # noqa: E402
from sim.bots.session import Session  # noqa: E402
from sim.bots.tournament import play_games, seating  # noqa: E402

LOGGED = "expert-no-gamble"
TABLES = (
    (LOGGED, "hard-2026"),
    (LOGGED, "hard-2026", "hard-2026"),
    (LOGGED, "expert"),
    (LOGGED, "expert", "expert"),
)


class Log(Sink):
    """What the logged bot knew at its turn calls and at the moments a gamble would accuse."""

    def __init__(self, bot, game):
        self.bot, self.game, self.rows = bot, game, []
        self._moments = set()

    def row(self, kind):
        x = self.bot.expert
        t = tally(x)
        rivals = [t.row(g, g in x.ready_rivals) for g in x.rivals()]
        r = {"kind": kind, "game": self.game, "turn": self.bot.turns, "best": round(x.best_chance(), 4)}
        r.update(spread=round(x.spread(), 3), rivals=rivals)
        self.rows.append(r)
        return r

    def say(self, say, now_ms):
        if say.key == "turn.call" and say.args.get("guest") == self.bot.guest:
            self.row("turn")

    def moment(self):
        bot = self.bot
        key = (bot.turns, bot.phase)
        if key in self._moments or bot.mind.solution() is not None:
            return
        if bot.phase == FOUND or (bot._inspecteur_in_sight() and not bot._tried_accuse):
            self._moments.add(key)
            self.row("moment")["triple"] = list(bot.expert.best()[1])


LOGS = {}  # id of the logged bot's Expert -> its Log
_gamble = Expert.gamble


def _logged_gamble(self):
    log = LOGS.get(id(self))
    if log is not None:
        log.moment()
    return _gamble(self)


def play(levels, games, seed, rivals):
    install(**rivals)  # the tally, and the expert rivals' settings
    Expert.gamble = _logged_gamble
    rows = []
    for k in range(games):
        order, _ = seating(levels, k, True)
        board = Board(seed=seed + k)
        bots = {g: Bot(g, lv, seed + k) for g, lv in zip(GUESTS, order)}
        session = Session(seed + k, bots=bots, answer_rollcall=True, sheets=False)
        board.attach(session)
        me = next(b for b in bots.values() if b.level == LOGGED)
        log = Log(me, "%s/%d" % (",".join(levels), seed + k))
        LOGS.clear()
        LOGS[id(me.expert)] = log
        board.attach(log)
        run(board, session, 500)
        won = GameResult(session, order).winner == me.guest
        for r in log.rows:
            r["won"] = won
            r["table"] = ",".join(levels[1:])
            if "triple" in r:
                r["right"] = tuple(r.pop("triple")) == tuple(session.table.deal.solution)
        rows.extend(log.rows)
    Expert.gamble = _gamble
    uninstall()
    return rows


# -- the fit -----------------------------------------------------------------
# A row's rival i: [turns, hypotheses, nobody refuted, searches, suspects met, shown certain, cards unseen]


def features(row):
    """The model's inputs: the bot's turn; the rivals' hand cards unseen, cases unread, hypotheses nobody refuted."""
    return progress_features(row["turn"], row["rivals"])


NAMES = ("1", "turn/10", "hand cards unseen/10", "cases unread/10", "nobody refuted/10")


def by_turn(row):
    return features(row)[:2]


def useful(row):
    """The rows where a gamble is a question: not certain, the likeliest triple 0.2 or more, no rival shown certain."""
    return 0.2 <= row["best"] < 1.0 and not any(r[5] for r in row["rivals"])


def fit(rows, f):
    return logistic([f(r) for r in rows], [float(r["won"]) for r in rows])


def report(rows):
    for n in (1, 2):
        part = [r for r in rows if r.get("kind", "turn") == "turn" and len(r["rivals"]) == n and useful(r)]
        if not part:
            continue
        even = [r for r in part if int(r["game"].split("/")[1]) % 2 == 0]
        odd = [r for r in part if int(r["game"].split("/")[1]) % 2 == 1]
        print(
            "\n%d rival%s: %d rows (not certain, the likeliest triple >= 0.2, no rival shown certain) of %d games"
            % (n, "s" * (n > 1), len(part), len(set(r["game"] for r in part)))
        )
        for name, f in (("by the turn alone", by_turn), ("with the rivals' progress", features)):
            w = fit(even, f)
            loss = log_loss([f(r) for r in odd], [r["won"] for r in odd], w)
            print("  %s: held-out log loss %.4f (fit on even seeds, scored on odd)" % (name, loss))
            weights = ", ".join("%.3f" % x for x in fit(part, f))
            print("    fit on all: (%s)  # %s" % (weights, ", ".join(NAMES[: len(w)])))
        table(part)


def table(rows):
    """Won share by the bot's turn (rows) and the closest rival's cards unseen (columns)."""
    cuts = (0, 3, 5, 7, 99)
    print("  won share by the bot's turn and the fewest cards a rival has not seen (<= 2, 3-4, 5-6, 7+):")
    for lo, hi in ((1, 6), (6, 8), (8, 10), (10, 13), (13, 99)):
        cells = []
        for a, b in zip(cuts, cuts[1:]):
            v = [r["won"] for r in rows if lo <= r["turn"] < hi and a <= min(x[6] for x in r["rivals"]) < b]
            cells.append("%4.2f (%4d)" % (sum(v) / len(v), len(v)) if len(v) >= 20 else "    -      ")
        print("   turns %2d-%2d: %s" % (lo, min(hi - 1, 99), " ".join(cells)))


# -- the gamble, replayed ------------------------------------------------------
# Heads-up an expert that never gambles plays the same game as the expert up to its first gamble,
# so each threshold is worth, offline: the first moment it says gamble, the likeliest triple's
# truth (or its chance, the steadier figure); else the game as played.


def wait_of(row, progress, fit=FIT):
    """The expert's wait odds at a row, with the progress shift scaled by `progress` (0: the table)."""
    n, turn = len(row["rivals"]), row["turn"]
    table_row = WAIT_ODDS[min(n, 2)]
    odds = table_row[min(turn, len(table_row) - 1)] * (0.75 if n > 2 else 1.0)
    if progress:
        odds += progress * shift(turn, row["rivals"], fit)
    for r in row["rivals"]:
        odds *= Expert.READY if r[5] else 1.0
    return odds


def replay(rows, threshold):
    """game -> (the value with the likeliest triple's truth, with its chance) of gambling at `threshold`."""
    out = {}
    for r in rows:
        g = r["game"]
        if g in out and out[g][2]:
            continue
        if r["kind"] == "moment" and r["best"] > threshold(r):
            out[g] = (float(r["right"]), r["best"], True)
        elif g not in out:
            out[g] = (float(r["won"]), float(r["won"]), False)
    return out


def policies(rows):
    first = {}
    for r in rows:
        first.setdefault(r["game"], len(r["rivals"]))
    for n in (1, 2):
        part = [r for r in rows if first[r["game"]] == n]
        if not part:
            continue
        even = [r for r in part if int(r["game"].split("/")[1]) % 2 == 0]
        odd = [r for r in part if int(r["game"].split("/")[1]) % 2 == 1]
        learn = [r for r in even if r["kind"] == "turn" and useful(r)]
        fits = {}
        for k in (1, 2):
            rk = [r for r in learn if len(r["rivals"]) == k]
            if rk:
                fits[k] = (fit(rk, features), fit(rk, by_turn))
        print(
            "\n%d rival%s at the deal: gambles replayed (won: the triple's truth; chance: its chance)"
            % (n, "s" * (n > 1))
        )
        compare(part, POLICIES, "all %d games" % len(set(r["game"] for r in part)))
        held = [("the table + %.1f x this run's shift" % p, lambda r, p=p, f=fits: wait_of(r, p, f)) for p in (1, 2)]
        compare(odd, held, "fit on the even seeds of this run, replayed on the odd ones")


def compare(rows, thresholds, title):
    games = sorted(set(r["game"] for r in rows))
    base = replay(rows, lambda r: wait_of(r, 0.0))
    print("  %s; the table (WAIT_ODDS) wins %.4f" % (title, sum(base[g][0] for g in games) / len(games)))
    for name, thr in thresholds:
        v = replay(rows, thr)
        m, se = mean_se([v[g][0] - base[g][0] for g in games])
        by_chance = sum(v[g][1] - base[g][1] for g in games) / len(games)
        gambles = sum(v[g][2] for g in games)
        print("    %-40s %+.4f (SE %.4f; by the chance %+.4f), %d gambles" % (name, m, se, by_chance, gambles))


POLICIES = (
    [("never", lambda r: 1.0)]
    + [("the table + %.1f x the progress shift" % p, lambda r, p=p: wait_of(r, p)) for p in (0.5, 1.0, 2.0, 3.0)]
    + [("the table x %.2f" % k, lambda r, k=k: k * wait_of(r, 0.0)) for k in (0.8, 0.9, 1.1, 1.2)]
)


# -- paired screening --------------------------------------------------------------


def settings(text):
    """'PROGRESS=0,progress=2,heads_up_only=True' -> install()'s keywords (upper case: the Expert's attributes)."""
    kw = {}
    for item in filter(None, text.split(",")):
        k, v = item.split("=")
        kw[k] = ast.literal_eval(v)
    if kw.pop("heads_up_only", False):
        kw["fit"] = {1: FIT[1]}
    return kw


def screen(levels, games, seed, before, after):
    """Seat 0's expert as `before`, then as `after` (install's keywords), on the same seeds."""
    out = []
    for kw in (before, after):
        install(**kw)
        res, cpu = play_games(levels, seed, range(games), True, 500)
        uninstall()
        out.append(res)
        wins = [r[1] == 0 for r in res]
        g = [v for r in res for v in r[3] if v[0] == 0 and v[2]]
        turns = [r[2] for r in res if r[1] is not None]
        mistakes = sum(1 for r in res for v in r[3] if not v[1] and not v[2])
        print(
            "%-40s seat 0 (%s) won %.2f %%, gambles %d (won %d), mistakes %d, winner's mean turns %.3f, %.0f CPU s"
            % (
                ",".join("%s=%s" % kv for kv in kw.items() if kv[0] != "fit") or "as it is",
                levels[0],
                100.0 * sum(wins) / games,
                len(g),
                sum(v[1] for v in g),
                mistakes,
                sum(turns) / len(turns),
                cpu,
            )
        )
    d = [(b[1] == 0) - (a[1] == 0) for a, b in zip(*out)]
    m, se = mean_se(d)
    print(
        "after against before: %+.2f points (paired SE %.2f), %d of %d games with another winner"
        % (100 * m, 100 * se, sum(1 for x in d if x), games)
    )


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=1500, help="games a table")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tables", help="the rivals of each table, e.g. hard-2026:hard-2026,hard-2026 (default: all four)")
    ap.add_argument("--rivals", default="PROGRESS=0", help="the expert rivals' settings (default: as PROGRESS_FIT's)")
    ap.add_argument("--log", help="write the rows here (JSON lines)")
    ap.add_argument("--read", help="fit the rows of this file instead of playing")
    ap.add_argument("--screen", help="a table whose seat 0 is an expert: play it as it is and as the variant")
    ap.add_argument("--before", default="PROGRESS=0", help="settings of the expert before (default: as it was)")
    ap.add_argument("--after", default="", help="settings after, e.g. PROGRESS=0,progress=2 (default: as it is)")
    a = ap.parse_args()
    if a.screen:
        print("%d games, seeds %d-%d, table %s, seats rotated" % (a.games, a.seed, a.seed + a.games - 1, a.screen))
        print("before: %s; after: %s" % (a.before or "as it is", a.after or "as it is"))
        screen(a.screen.split(","), a.games, a.seed, settings(a.before), settings(a.after))
        return
    if a.read:
        rows = [json.loads(line) for line in open(a.read, encoding="utf-8")]
    else:
        rows = []
        tables = [(LOGGED,) + tuple(t.split(",")) for t in a.tables.split(":")] if a.tables else TABLES
        for levels in tables:
            rows.extend(play(levels, a.games, a.seed, settings(a.rivals)))
        if a.log:
            with open(a.log, "w", encoding="utf-8") as f:
                for r in rows:
                    f.write(json.dumps(r) + "\n")
    print("%d rows; tables %s" % (len(rows), sorted(set(r["table"] for r in rows))))
    report(rows)
    policies(rows)


if __name__ == "__main__":
    main()
