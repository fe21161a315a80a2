"""The rivals' public progress, tallied for the bench (bench/bench_wait.py),
the variants of the expert screened with it, and the fit's arithmetic. Measurement only:
`install()` patches the expert's class for the games of this process (as
bench_race.py's --oracle does), and `uninstall()` puts it back. The expert
keeps its own tally of what its heads-up wait odds use (Expert.progress,
Expert.unseen), which the bench reads and adds to (the rivals' turns,
hypotheses and searches); the variants here were dropped (docs/bots.md,
"What was tried").

What a seat hears of a rival, and only that: their turns; their hypotheses,
and those nobody could refute (the refutation's public part); who showed
them a card (and which, when it was this bot: its own hand); the suspects
they met (named where they arrive, found by a search where they stand, or
arriving where they stand: the board says it aloud).

    install(progress=2.0)      # the wait odds follow the rivals' progress (one or two rivals)
    tally(expert).unknown(g)   # the cards outside the case and g's hand that g has not seen
    uninstall()
"""

import math

from sim.bots import expert as expert_mod
from sim.bots.mind import Bot
from sim.bots.whereabouts import Whereabouts

# Logistic weights of the chance to win by waiting on (1, turn/10, hand cards unseen/10, cases
# unread/10, hypotheses nobody refuted/10), summed over the rivals, and on (1, turn/10) alone:
# `python bench/bench_wait.py --games 1500 --seed 1` (expert-no-gamble against hard-2026 and
# against experts, one and two rivals; the rows where a gamble is a question). Heads-up it is
# the expert's own PROGRESS_FIT.
FIT = {
    1: expert_mod.PROGRESS_FIT,
    2: ((-1.751, 0.952, 0.507, 1.113, -0.636), (-0.468, -0.167)),
}
sigmoid = expert_mod._sigmoid


class Tally:
    """What the bench logs of each rival beyond the expert's own tally (Expert.progress: the
    suspects met, the hypotheses nobody refuted, the cards shown; Expert.unseen): their turns,
    hypotheses and searches."""

    def __init__(self, expert):
        self.expert = expert
        self.of = {}
        self.turn_of = None

    def rival(self, g):
        return self.of.setdefault(g, [0, 0, 0])  # turns, hypotheses, searches

    def heard(self, key, args):
        me = self.expert.bot.guest
        if key == "turn.call" or key in ("game.over", "game.last_guest"):
            self.turn_of = args.get("guest") if key == "turn.call" else None
            if self.turn_of is not None and self.turn_of != me:
                self.rival(self.turn_of)[0] += 1
        elif key == "search.result" and self.turn_of is not None and self.turn_of != me:
            self.rival(self.turn_of)[2] += 1

    def refutation(self, public):
        if public["asker"] != self.expert.bot.guest:
            self.rival(public["asker"])[1] += 1

    def unknown(self, g):
        return self.expert.unseen(g)

    def row(self, g, ready):
        """[turns, hypotheses, nobody refuted, searches, suspects met, shown certain, cards unseen]."""
        turns, hypotheses, searches = self.rival(g)
        met, nobody, _ = self.expert._rival(g)
        return [turns, hypotheses, nobody, searches, len(met), ready, self.unknown(g)]


def features(turn, rivals):
    """The fit's inputs from the bot's turn and its rivals' rows (Tally.row)."""
    x = [1.0, min(turn, 16) / 10.0, 0.0, 0.0, 0.0]
    for r in rivals:
        x[2] += (r[6] - 8 + r[4]) / 10.0  # hand cards unseen
        x[3] += (8 - r[4]) / 10.0  # cases unread
        x[4] += r[2] / 10.0  # hypotheses nobody refuted
    return x


def shift(turn, rivals, fit=FIT):
    """How much the rivals' progress moves the chance to win by waiting (0 where there is no fit)."""
    if len(rivals) not in fit:
        return 0.0
    full, alone = fit[len(rivals)]
    x = features(turn, rivals)
    return sigmoid(sum(a * b for a, b in zip(full, x))) - sigmoid(sum(a * b for a, b in zip(alone, x)))


# -- the fit's arithmetic (pure Python: the bench needs no numpy) ------------------


def logistic(xs, ys, steps=12, ridge=1e-3):
    """Newton's method for P(won) = 1 / (1 + exp(-w.x)); the weights."""
    n = len(xs[0])
    w = [0.0] * n
    for _ in range(steps):
        g = [0.0] * n
        h = [[ridge * (i == j) for j in range(n)] for i in range(n)]
        for x, y in zip(xs, ys):
            p = sigmoid(sum(a * b for a, b in zip(w, x)))
            for i in range(n):
                g[i] += (y - p) * x[i]
                for j in range(i + 1):
                    h[i][j] += p * (1 - p) * x[i] * x[j]
        for i in range(n):
            for j in range(i + 1, n):
                h[i][j] = h[j][i]
        w = [a + b for a, b in zip(w, solve(h, g))]
    return w


def solve(a, b):
    """a x = b by Gaussian elimination (a small, positive definite)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] for i in range(n)]


def log_loss(xs, ys, w):
    total = 0.0
    for x, y in zip(xs, ys):
        p = min(1 - 1e-6, max(1e-6, sigmoid(sum(a * b for a, b in zip(w, x)))))
        total -= math.log(p if y else 1 - p)
    return total / len(xs)


def mean_se(d):
    m = sum(d) / len(d)
    return m, math.sqrt(sum((x - m) ** 2 for x in d) / max(1, len(d) - 1) / len(d))


def tally(expert):
    t = expert.__dict__.get("_tally")
    if t is None:
        t = expert._tally = Tally(expert)
    return t


_SAVED = {}


def _owner(name):
    """Whose class attribute `name` is: the Expert's, or the whereabouts' (JOINT)."""
    X = expert_mod.Expert
    return Whereabouts if not hasattr(X, name) and hasattr(Whereabouts, name) else X


def install(progress=0.0, hunt_close=-1, unseen_ready=False, fit=FIT, **attributes):
    """Every expert of this process keeps a Tally; `progress`: the wait odds move by this times
    the progress shift (on top of the expert's own: set PROGRESS=0 for the figures of before);
    `hunt_close`: heads-up, hunt the Inspecteur when the odds say gamble if the rival has at most
    this many cards unseen; `unseen_ready`: a rival with none unseen counts as shown certain;
    `attributes`: the Expert's class attributes (PROGRESS=0 ...), or the whereabouts'
    (JOINT=False). All at their defaults: the expert's own decisions."""
    X = expert_mod.Expert
    if not _SAVED:
        _SAVED.update(heard=X.heard, wait_odds=X.wait_odds, gamble_hunt=X.gamble_hunt, learn=Bot.learn_refutation)
        _SAVED["attributes"] = {k: getattr(_owner(k), k) for k in attributes}
    for k, v in attributes.items():
        setattr(_owner(k), k, v)
    heard, wait_odds, gamble_hunt, learn = (_SAVED[k] for k in ("heard", "wait_odds", "gamble_hunt", "learn"))

    def p_heard(self, key, args):
        heard(self, key, args)
        tally(self).heard(key, args)

    def p_learn(self, public, card=None):
        learn(self, public, card)
        if self.expert is not None:
            tally(self.expert).refutation(public)

    def p_wait_odds(self):
        """WAIT x (the table + progress x the shift) x READY for each rival shown certain."""
        odds = wait_odds(self)
        rivals = self.rivals()
        t = tally(self)
        if progress:
            rows = [t.row(g, g in self.ready_rivals) for g in rivals]
            ready = sum(1 for g in rivals if g in self.ready_rivals)
            odds += self.WAIT * self.READY**ready * progress * shift(self.bot.turns, rows, fit)
        if unseen_ready:
            for g in rivals:
                if g not in self.ready_rivals and t.unknown(g) == 0:
                    odds *= self.READY
        return odds

    def p_gamble_hunt(self):
        rivals = self.rivals()
        if len(rivals) == 1 and self.GAMBLE_HUNT and "hunt" in self.parts:
            return tally(self).unknown(rivals[0]) <= hunt_close
        return gamble_hunt(self)

    X.heard, X.wait_odds, X.gamble_hunt, Bot.learn_refutation = p_heard, p_wait_odds, p_gamble_hunt, p_learn


def uninstall():
    if _SAVED:
        X = expert_mod.Expert
        X.heard, X.wait_odds, X.gamble_hunt = _SAVED["heard"], _SAVED["wait_odds"], _SAVED["gamble_hunt"]
        for k, v in _SAVED["attributes"].items():
            setattr(_owner(k), k, v)
        Bot.learn_refutation = _SAVED["learn"]
        _SAVED.clear()
