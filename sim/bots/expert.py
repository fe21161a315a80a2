"""The expert bot's decisions (issue 15): moves, searches, hypotheses and
accusations chosen for the odds of winning the race, not for information
alone. A `Bot` of level "expert" (sim/bots/mind.py) hears and remembers
like a hard bot and asks its `Expert` what to do.

What it weighs:
- the chances of the cards (`chances`): each card's probability of being in
  the confidential case and each triple's, from the engine (exact when it
  gives them; otherwise from its rough location weights);
- where the suspects and the Inspecteur are (sim/bots/whereabouts.py): the
  moves go where unread suspects are likely to be seen, and, the closer
  the bot is to the solution, where the Inspecteur is (the hunt);
- the race: an accusation is a bet that wins with the chance of the likeliest
  triple; waiting wins only if nobody else finishes first while the bot
  becomes certain and finds the Inspecteur again (`wait_odds`, with the
  pace of hard bots measured in self-play; heads-up moved by what the table
  heard of the rival's progress). It accuses when the bet is the better
  one: a deliberate gamble, counted apart from a mistake.

Parts can be switched off for the ablation table (docs/bots.md): a level
"expert-no-PART[-no-PART...]" with PART among PARTS.
"""

import math

from firmware.board import INSPECTEUR, PLACES

from ..cards.deck import OF_KIND
from .hypotheses import best_hypothesis

PARTS = ("exact", "where", "hunt", "gamble", "hyp")
WHAT = {
    "exact": "the exact engine (else the propagation engine, its rough chances calibrated)",
    "where": "the whereabouts filter (else an even belief: every place alike)",
    "hunt": "moves towards the Inspecteur as the solution nears (else only towards unread suspects)",
    "gamble": "accusations by the odds of the race (else only when certain)",
    "hyp": "the most informative hypothesis with two rivals or more (else at random among the case candidates)",
}

# The chance to win by waiting (not accusing now), by the bot's turn and
# how many rivals are left: measured in 600 games of an expert that never
# gambles, one seat against one or two hard-2026 bots (the chance barely
# depends on how many solutions are left: the race is decided by the rivals).
# A rival who shows it is certain (a turn with neither hypothesis nor search)
# halves it. Heads-up (1) raised by about 0.1 from the measured 0.5 .. 0.33: gambling
# at the measured odds lost share (an expert that may gamble later waits better).
# Index: the turn; beyond the table, the last.
WAIT_ODDS = {
    1: (0.6, 0.6, 0.6, 0.6, 0.6, 0.6, 0.55, 0.53, 0.5, 0.46, 0.42, 0.42, 0.4),
    2: (0.33, 0.33, 0.33, 0.33, 0.33, 0.33, 0.31, 0.32, 0.31, 0.3, 0.28, 0.25, 0.15),
}
# Heads-up the wait odds move with the rival's public progress (bench/bench_wait.py, seeds 1-1500:
# 1 500 games a table of expert-no-gamble against hard-2026 and experts, the turns where a gamble is
# a question): logistic weights of the chance to win by waiting on (1, turn/10, their hand cards
# unseen/10, cases unread/10, hypotheses nobody refuted/10), and on (1, turn/10) alone; the odds
# move by PROGRESS times the difference of the two (the rival far from done: wait more).
PROGRESS_FIT = ((-0.776, 0.638, 1.046, 2.878, -0.692), (0.298, -0.187))
# The rough chances (propagation and its location weights) are too shy: of
# the bot's likeliest triples, those given 0.1 were right 0.2 of the time,
# 0.2 -> 0.38, 0.3 -> 0.5, 0.5 -> 0.45 (the same 600 games): the chance of
# the likeliest triple is read through this line (piecewise linear).
CALIBRATION = ((0.0, 0.0), (0.1, 0.2), (0.2, 0.38), (0.3, 0.48), (0.5, 0.5), (0.6, 0.7), (1.0, 1.0))
SEARCH_AT = 1.0  # search when this many unread suspects are expected to hide here (a hypothesis teaches more)
PLACE_BONUS = 0.1  # a place whose card may be in the case: a hypothesis there names it


def parse_level(level):
    """'expert-no-gamble-no-hunt' -> the parts on: {'exact', 'where', 'hyp'}; None if not an expert level."""
    if level != "expert" and not level.startswith("expert-no-"):
        return None
    off = level[len("expert") :].split("-no-")[1:]
    if [p for p in off if p not in PARTS] or len(set(off)) != len(off):
        return None
    return set(PARTS) - set(off)


def marginals(mind):
    """card -> P(in the case) for the cards that can be there (rough: the
    propagation's location weights, each kind summing to 1)."""
    marg = {}
    for kind in ("suspect", "place", "weapon"):
        raw = {c: mind.weights(c).get(0, 0.0) for c in OF_KIND[kind] if mind.poss[c] & 1}
        total = sum(raw.values()) or 1.0
        for c, v in raw.items():
            marg[c] = v / total
    return marg


def chances(mind, marg=None):
    """(card -> P(in the case), [(P, triple)] likeliest first, exact?) from what `mind` knows."""
    if getattr(mind, "solutions", None) is not None:  # the exact engine
        return mind.case_chances(), sorted(((p, t) for t, p in mind.solutions().items()), reverse=True), True
    marg = marg or marginals(mind)
    s, p, w = mind.candidates()
    bad = set(mind.not_all)
    triples = [(marg[a] * marg[b] * marg[c], (a, b, c)) for a in s for b in p for c in w if (a, b, c) not in bad]
    total = sum(x for x, _ in triples) or 1.0
    return marg, sorted(((x / total, t) for x, t in triples), reverse=True), False


def _sigmoid(z):
    return 1.0 / (1.0 + math.exp(-z))


def calibrated(p):
    for (x0, y0), (x1, y1) in zip(CALIBRATION, CALIBRATION[1:]):
        if p <= x1:
            return y0 + (y1 - y0) * (p - x0) / (x1 - x0)
    return 1.0


class Expert:
    WAIT = 1.0  # a scale of WAIT_ODDS (bench-tuned)
    # In a game of two guests the chance to win by waiting, times this: the gambles it removes
    # were the marginal ones (eight sets of 2 000 games, bench_wait.py --screen: x 1.2 / 1.3 / 1.45 /
    # 1.6 won +0.33 / +0.55 / +0.56 / +0.47 points; six fresh sets at 1.3: +0.63; docs/bots.md).
    # Not when two are left of three or more: there it made three experts slower (7.47 -> 7.53 turns).
    WAIT_HEADS_UP = 1.3
    READY = 0.5  # the chance to win by waiting, times this for each rival who shows it is certain
    SEARCH_AT = SEARCH_AT
    PLACE_BONUS = PLACE_BONUS
    SEARCH_GAIN = 0.5  # what reading one more case is worth, in the hypothesis score's units (0: SEARCH_AT)
    SEEN = False  # count the unread suspects likely *seen* there (else likely there, hidden or not)
    BLOCKING = True  # a refuter shows the named card the bot knows they hold (hypotheses.best_hypothesis)
    BLOCKED = 0.5  # a place whose card a rival is known to hold: a hypothesis there is blocked (in suspects read)
    HUNT = 2.0  # what meeting the Inspecteur is worth when certain, in suspects read
    HUNT_HEADS_UP = 0.0  # the same with one rival left
    READY_SEARCH = 0.0  # certain, arrived without him in sight: search if he may hide here more likely than this
    GAMBLE_HUNT = True  # two rivals: when the odds say gamble, hunt him as if certain
    GAMBLE_SEARCH = 0.2  # ... and search where he may hide more likely than this
    HYP_HEADS_UP_RANDOM = True  # heads-up, hypotheses at random among what can be in the case
    PROGRESS = 3.0  # heads-up the wait odds follow the rival's progress this much (PROGRESS_FIT; 0: by the turn)

    def __init__(self, bot, parts):
        self.bot = bot
        self.parts = set(parts)
        self._at = self._marg_at = None
        self._chances = self._margs = None
        self.ready_rivals = set()  # rivals who played a turn with neither a hypothesis nor a search
        self._turn_of = None
        self._turn_busy = False
        self.progress = {}  # rival -> [suspects met, hypotheses nobody refuted, {refuter: cards shown to them}]

    # -- what the table shows of the rivals -------------------------------------

    def heard(self, key, args):
        """A sentence of the board: whose turn, a search."""
        if key == "turn.call" or key in ("game.over", "game.last_guest"):
            g = self._turn_of
            if g is not None and g != self.bot.guest and not self._turn_busy:
                self.ready_rivals.add(g)  # a turn with nothing to learn: only a certain detective plays it
            self._turn_of = args.get("guest") if key == "turn.call" else None
            self._turn_busy = False
        elif key in ("search.result", "accuse.confirm", "accuse.found_inspecteur", "move.same_place",
                     "move.stay_to_accuse"):
            self._turn_busy = True
        elif key == "accuse.wrong":
            self.ready_rivals.discard(args.get("guest"))
        # the suspects a rival met: named where they arrive, found or arriving where they stand
        if key == "place.enter":
            met = [(self._turn_of, s) for s in args.get("suspects", ())]
        elif key == "search.result" or (key == "move.arrives" and args.get("who") != INSPECTEUR):
            who = args.get("suspects", ()) if key == "search.result" else (args.get("who"),)
            met = [(g, s) for g, at in self.bot.where.guests.items() if at == args.get("place") for s in who]
        else:
            return
        for g, s in met:
            if g is not None and g != self.bot.guest:
                self._rival(g)[0].add(s)

    def hypothesis_made(self, asker, public=None):
        if asker == self._turn_of:
            self._turn_busy = True
        if asker != self.bot.guest and public is not None:
            shower, tally = public["shower"], self._rival(asker)
            tally[1] += shower is None
            if shower is not None:
                tally[2][shower] = tally[2].get(shower, 0) + 1

    def _rival(self, g):
        return self.progress.setdefault(g, [set(), 0, {}])

    def unseen(self, g):
        """How many cards outside the case and their hand rival `g` has not seen, as far as the table
        heard: the other hands (less the cards shown to them: those I showed, and as many as each
        other refuter showed, up to a hand) and the suspects' cases (less those they met)."""
        met, _, shows = self._rival(g)
        hand = 12 // len(self.bot.guests)
        known = len(self.bot.shown_to.get(g, ())) + sum(min(hand, n) for s, n in shows.items() if s != self.bot.guest)
        return 12 - hand - min(known, 12 - hand) + 8 - len(met)

    # -- what it believes ------------------------------------------------------

    def odds(self):
        """(card chances, triples likeliest first, exact?), computed once per fact learnt."""
        mind = self.bot.mind
        key = (mind.learnt, len(mind.not_all))
        if self._at != key or self._chances is None:
            self._chances, self._at = chances(mind, self._marg()), key
        return self._chances

    def _marg(self):
        mind = self.bot.mind
        key = (mind.learnt, len(mind.not_all))
        if self._marg_at != key:
            self._marg_at, self._chances = key, None
            if getattr(mind, "solutions", None) is not None:  # the exact engine: each card's chance, counted
                self._margs = {c: p for c, p in mind.case_chances().items() if p > 0}
            else:
                self._margs = marginals(mind)
        return self._margs

    def best(self):
        """(P, triple) of the likeliest solution (P as the engine gives it)."""
        return self.odds()[1][0]

    def spread(self):
        """The effective number of solutions left, about 1 / sum of P(triple)^2
        (1 when certain), from the cards' chances as if the kinds were
        independent (cheap: no triple counted)."""
        marg = self._marg()
        squares = 1.0
        for kind in self.bot.mind.candidates():
            squares *= sum(marg.get(c, 0.0) ** 2 for c in kind) or 1.0
        return 1.0 / squares

    def chance(self, who, place):
        if "where" not in self.parts:
            return 1.0 / len(PLACES)
        return self.bot.where.chance(who, place)

    def seen_chance(self, who, place):
        """The chance `who` is at `place` and not hidden there."""
        if "where" in self.parts and self.bot.where.visible.get(who) == place:
            return 1.0
        return self.chance(who, place) * 0.75

    # -- the race -----------------------------------------------------------------

    def rivals(self):
        return [g for g in self.bot.where.guests if g != self.bot.guest]

    def wait_odds(self):
        """The chance to win by waiting: becoming certain and finding the
        Inspecteur again before any rival finishes (measured: WAIT_ODDS)."""
        rivals = self.rivals()
        row = WAIT_ODDS[min(len(rivals), 2)]
        odds = row[min(self.bot.turns, len(row) - 1)] * (0.75 if len(rivals) > 2 else 1.0)
        if self.PROGRESS and len(rivals) == 1:
            odds += self.PROGRESS * self.progress_shift(rivals[0])
        for g in rivals:
            if g in self.ready_rivals:
                odds *= self.READY
        two = len(rivals) == 1 and len(self.bot.guests) == 2
        return self.WAIT * (self.WAIT_HEADS_UP if two else 1.0) * odds

    def progress_shift(self, g):
        """How much rival `g`'s public progress moves the chance to win by waiting (PROGRESS_FIT)."""
        met, nobody, _ = self._rival(g)
        turn = min(self.bot.turns, 16) / 10.0
        x = (1.0, turn, (self.unseen(g) - 8 + len(met)) / 10.0, (8 - len(met)) / 10.0, nobody / 10.0)
        full, by_turn = PROGRESS_FIT
        return _sigmoid(sum(a * b for a, b in zip(full, x))) - _sigmoid(sum(a * b for a, b in zip(by_turn, x)))

    def best_chance(self):
        """The chance the likeliest triple is the solution."""
        _, triples, exact = self.odds()
        return triples[0][0] if exact else calibrated(triples[0][0])

    def gamble(self):
        """Accuse now, uncertain: the likeliest triple's chance beats waiting."""
        if "gamble" not in self.parts or self.bot.mind.solution() is not None:
            return False
        return self.best_chance() > self.wait_odds()

    def accusation(self):
        sol = self.bot.mind.solution()
        return sol if sol is not None else self.best()[1]

    def would_accuse(self):
        return self.bot.mind.solution() is not None or self.gamble()

    # -- moves ----------------------------------------------------------------------

    def move(self):
        bot = self.bot
        here = bot.here()
        in_sight = bot._inspecteur_in_sight() and not bot._tried_accuse
        if in_sight and self.would_accuse():
            return ("press", "ACCUSE")
        places = [p for p in PLACES if p != here]
        if bot.ready() or (self.gamble_hunt() and self.gamble()):
            return ("press", max(places, key=lambda p: self.seen_chance(INSPECTEUR, p) + bot.rng.random() * 1e-6))
        unread = bot._unread()
        cands = bot.mind.candidates()[1]
        hunt = self.hunt_value() if "hunt" in self.parts else 0.0
        seats = bot.guests
        first = seats[(seats.index(bot.guest) + 1) % len(seats)]  # who tries to refute my hypotheses first
        best, best_score = None, -1.0
        for p in places:
            score = sum((self.seen_chance if self.SEEN else self.chance)(s, p) for s in unread)
            if p in cands:
                score += self.PLACE_BONUS
            elif self.BLOCKED and bot.mind.location(p) == first:
                score -= self.BLOCKED  # the first to refute holds this place's card: they would show it
            score += hunt * self.seen_chance(INSPECTEUR, p)
            score += bot.rng.random() * 0.01
            if score > best_score:
                best, best_score = p, score
        return ("press", best)

    def gamble_hunt(self):
        """Hunt the Inspecteur as if certain when the odds say gamble: with
        two rivals (screened on seeds 1-2000, one seat against two hard-2026:
        44.1 % with it, 42.4 % without; heads-up it lost share, 58.1 %
        against 59.9 %: more gambles at even odds, when the one rival was far
        from done; at the table of easy, medium, hard and expert, 42.0 %
        with it, 47.8 % without, seeds 1-1000: slow rivals, and the wait
        odds of three rivals are a guess)."""
        return self.GAMBLE_HUNT and "hunt" in self.parts and len(self.rivals()) == 2

    def hunt_value(self):
        """What meeting the Inspecteur is worth, in suspects read: more as
        the solution nears (a hypothesis there may finish it, a gamble may pay).
        Heads-up, nothing: the race is slower there and the suspects' cases
        are worth more (the ablation: 53.3 % without the hunt, 49.9 % with it,
        1 000 games; one seat against two, the hunt adds 4 points)."""
        if len(self.rivals()) < 2:
            return self.HUNT_HEADS_UP / self.spread()
        return self.HUNT / self.spread()

    def after_arrival(self):
        bot = self.bot
        here = bot.here()
        in_sight = bot._inspecteur_in_sight() and not bot._tried_accuse
        if in_sight and bot.ready():
            return ("press", "ACCUSE")
        if bot._hyp_done:
            if in_sight and self.gamble():
                return ("press", "ACCUSE")
            return ("press", "STOP")  # a search *or* a hypothesis: after one, the turn ends
        if bot.ready():
            if self.chance(INSPECTEUR, here) > self.READY_SEARCH:
                return ("press", "SEARCH")  # nothing left to learn: a search may find him (was: above 0.2 only)
            return ("press", "STOP")
        if self.gamble_hunt() and not in_sight and self.chance(INSPECTEUR, here) > self.GAMBLE_SEARCH and self.gamble():
            return ("press", "SEARCH")  # ready to bet on the likeliest triple if he is found
        hidden = sum(self.chance(s, here) for s in bot._unread())
        if self.HYP_HEADS_UP_RANDOM and len(self.rivals()) < 2:
            # heads-up the most informative hypothesis lost share (54.7 % against
            # 57.3 % on seeds 1-2000, 55.0 against 56.5 on 20000-21999): at
            # random among what can be in the case, a search if a suspect is expected here
            if not in_sight and hidden >= self.SEARCH_AT:
                return ("press", "SEARCH")
            bot._hyp_done = True
            s, _, w = bot.mind.candidates()
            return ("hypothesis", bot.rng.choice(s), bot.rng.choice(w))
        if self.SEARCH_GAIN > 0 and "hyp" in self.parts:
            # a search reads the cases of the suspects hiding here; a hypothesis teaches what it scores
            pair, score = self.scored_hypothesis(here)
            if not in_sight and hidden * self.SEARCH_GAIN > score:
                return ("press", "SEARCH")
            bot._hyp_done = True
            return ("hypothesis",) + pair
        if not in_sight and hidden >= self.SEARCH_AT:
            return ("press", "SEARCH")
        bot._hyp_done = True
        s, w = bot.choose_hypothesis(here)
        return ("hypothesis", s, w)

    def scored_hypothesis(self, place):
        """((suspect, weapon), score) of the most informative hypothesis at `place`."""
        bot = self.bot
        return best_hypothesis(bot.mind, bot.guest, place, bot.guests, bot.rng, with_score=True, blocking=self.BLOCKING)

    def hypothesis(self, place):
        return self.scored_hypothesis(place)[0]

    def found(self):
        """A search found the Inspecteur: accuse now?"""
        return self.would_accuse()
