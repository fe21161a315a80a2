"""The hard bot of 2026, frozen (issue 15): the level `hard-2026`, so that
every later bot is measured against it in the same run. Its decisions are
those of sim/bots/mind.py's "hard" before issue 15, on its own copies of the
propagation engine (propagation.py) and of the whereabouts (whereabouts.py):
nothing that evolves later leaks in. Do not change what it decides; making
it faster without changing a single decision is fine (the tests replay
games recorded with the bot of before and compare them move for move).

It remembers everything, others' refutations too, chooses the hypothesis
that should teach it most, listens to the sound clues and accuses only when
the solution is certain.
"""

import math
import random

from firmware.board import GUESTS, INSPECTEUR, PLACES, SUSPECTS, WEAPONS
from firmware.table import CONFIRM, FOUND, MOVE, MOVED, VERDICT
from hal.sink import Sink

from ..repeat import Repeats
from .propagation import Deduction
from .whereabouts import Whereabouts

LEVEL = "hard-2026"


class Bot(Sink):
    PLACE_BONUS = 0.1  # a place whose card may be in the case: worth a tenth of a suspect to read
    SEARCH_AT = 0.2  # search when this many unread suspects are expected to hide here (bench-tuned)

    def __init__(self, guest, level=LEVEL, seed=0):
        if guest not in GUESTS:
            raise ValueError("unknown guest %r: guests are %s" % (guest, ", ".join(GUESTS)))
        if level != LEVEL:
            raise ValueError("the frozen bot plays %s only, not %r" % (LEVEL, level))
        self.guest = guest
        self.level = level
        self.rng = random.Random(seed * 1000003 + GUESTS.index(guest))
        self.phase = None  # what the board waits for from me: MOVE, MOVED, CONFIRM, FOUND, VERDICT
        self.turns = 0
        self.mind = None
        self.where = Whereabouts(clues=True, memory=1.0)
        self.opened = set()
        self.shown_to = {}  # asker -> cards I showed them
        self._hyp_done = False
        self._tried_accuse = False
        self._repeats = Repeats()

    def __repr__(self):
        return "Bot(%r, %r)" % (self.guest, self.level)

    # -- what the table tells a player -------------------------------------------

    def sit(self, guests, hand):
        self.guests = tuple(guests)
        self.hand = tuple(hand)
        self.mind = Deduction(self.guests, me=self.guest)
        for c in hand:
            self.mind.holds(self.guest, c)

    def learn_case(self, suspect, card):
        self.opened.add(suspect)
        self.mind.holds("case:" + suspect, card)

    def learn_refutation(self, public, card=None):
        """`public`: what everyone saw (asker, named, passed, shower);
        `card`: the card shown, for the asker's eyes only."""
        asker, named, passed, shower = public["asker"], public["named"], public["passed"], public["shower"]
        mine = asker == self.guest
        if mine and card is not None:
            self.mind.holds(shower, card)
        for g in passed:
            if g != self.guest:
                self.mind.lacks(g, named)
        if shower is not None and shower != self.guest and not mine:
            self.mind.shows_one_of(shower, named)

    def learn_accusation(self, guest, triple, right):
        if not right:
            self.mind.wrong_accusation(triple)

    # -- what the board says ----------------------------------------------------------

    def hear(self, actions):
        """One burst of the board's actions, as a guest hears it."""
        self.present(actions, 0)

    def present(self, actions, now_ms):
        if not self._repeats.heard(actions):  # REPEAT is not news
            super().present(actions, now_ms)

    def sfx(self, sfx, now_ms):
        self.where.sfx(sfx, now_ms)

    def stop_audio(self, now_ms):
        self.where.stop_audio(now_ms)

    def power_off(self, reason, now_ms):
        self.where.power_off(reason, now_ms)

    def burst_end(self, now_ms):
        self.where.burst_end(now_ms)

    def say(self, say, now_ms):
        """Where everyone is, then what the board waits for from me."""
        self.where.say(say, now_ms)
        key = say.key
        if key == "turn.call":
            if say.args["guest"] == self.guest:
                self.phase = MOVE
                self.turns += 1
                self._hyp_done = False
                self._tried_accuse = False
            else:
                self.phase = None
        elif self.phase is None:
            return
        elif key == "place.enter":
            self.phase = MOVED
        elif key == "move.same_place":
            self.phase = MOVE
        elif key == "accuse.not_here":
            self._tried_accuse = True
        elif key == "accuse.confirm":
            self.phase = CONFIRM
        elif key == "accuse.found_inspecteur":
            self.phase = FOUND
        elif key == "accuse.announce":
            self.phase = VERDICT
        elif key in ("accuse.right", "accuse.wrong", "game.over"):
            self.phase = None

    # -- deciding -------------------------------------------------------------------

    def ready(self):
        """Sure enough of the solution to go and find the Inspecteur."""
        return self.mind.solution() is not None

    def accusation(self):
        """The three the bot names: the solution, or (easy, early) a guess."""
        sol = self.mind.solution()
        if sol is not None:
            return sol
        s, p, w = self.mind.candidates()
        return (self.rng.choice(s), self.rng.choice(p), self.rng.choice(w))

    def here(self):
        return self.where.guests.get(self.guest)

    def next_action(self):
        """What the bot does now, or None when the board waits for someone else."""
        phase = self.phase
        if phase == MOVE:
            return self._move()
        if phase == MOVED:
            return self._after_arrival()
        if phase == CONFIRM:
            return ("press", "YES")
        if phase == FOUND:
            return ("press", "YES" if self.ready() else "NO")
        return None

    def _inspecteur_in_sight(self):
        here = self.here()
        return here is not None and self.where.visible.get(INSPECTEUR) == here

    def _move(self):
        here = self.here()
        ready = self.ready()
        if ready and self._inspecteur_in_sight() and not self._tried_accuse:
            return ("press", "ACCUSE")
        places = [p for p in PLACES if p != here]
        if ready:
            return ("press", self.where.likeliest(INSPECTEUR, avoid=here))
        unread = self._unread()
        cands = self.mind.candidates()[1]
        best, best_score = None, -1.0
        for p in places:
            score = sum(self.where.chance(s, p) for s in unread)
            if p in cands:
                score += self.PLACE_BONUS  # a hypothesis here names this place card
            score += self.rng.random() * 0.01
            if score > best_score:
                best, best_score = p, score
        return ("press", best)

    def _unread(self):
        """Suspects whose case could still teach me something."""
        return [s for s in SUSPECTS if not self.mind.known("case:" + s)]

    def _after_arrival(self):
        here = self.here()
        ready = self.ready()
        if ready and self._inspecteur_in_sight() and not self._tried_accuse:
            return ("press", "ACCUSE")
        if self._hyp_done:
            return ("press", "STOP")  # a search *or* a hypothesis: after one, the turn ends
        if ready:
            if self.where.chance(INSPECTEUR, here) > 0.2:
                return ("press", "SEARCH")
            return ("press", "STOP")
        hidden = sum(self.where.chance(s, here) for s in self._unread())
        if hidden >= self.SEARCH_AT:
            return ("press", "SEARCH")
        self._hyp_done = True
        s, w = self.choose_hypothesis(here)
        return ("hypothesis", s, w)

    def choose_hypothesis(self, place):
        return best_hypothesis(self.mind, self.guest, place, self.guests, self.rng)

    def show(self, asker, options):
        """Which of `options` to show `asker` (several named cards in hand)."""
        before = self.shown_to.get(asker, set())
        for c in options:
            if c in before:
                return c  # they know it already: nothing new for them
        anyone = set().union(*self.shown_to.values()) if self.shown_to else set()
        for c in options:
            if c in anyone:
                card = c
                break
        else:
            card = self.rng.choice(options)
        self.shown_to.setdefault(asker, set()).add(card)
        return card

    def showed(self, asker, card):
        """The table tells the bot which card it showed (when it had one only)."""
        self.shown_to.setdefault(asker, set()).add(card)


def _order(guests, me):
    i = guests.index(me)
    return [guests[(i + k) % len(guests)] for k in range(1, len(guests))]


def best_hypothesis(mind, me, place, guests, rng=None):
    """The (suspect, weapon) whose hypothesis at `place` should teach `me`
    the most: the expected fall of log(number of possible solutions) over
    who refutes with which card, or nobody (rough chances from `mind.weights`).
    (The terms of each card are computed once, not once per pair: the same
    arithmetic in the same order as in 2026, so the same choices.)"""
    cands = mind.candidates()
    sizes = {"suspect": len(cands[0]), "place": len(cands[1]), "weapon": len(cands[2])}
    in_case = set(cands[0]) | set(cands[1]) | set(cands[2])
    refuters = [mind.index[g] for g in _order(guests, me)]
    me_i = mind.index[me]
    kinds = {}
    for c in SUSPECTS:
        kinds[c] = "suspect"
    for c in WEAPONS:
        kinds[c] = "weapon"
    kinds[place] = "place"

    def gain_seen(c):
        n = sizes[kinds[c]]
        if c in in_case and n > 1:
            return math.log(n / (n - 1)) + 0.05
        return 0.05 if mind.location(c) is None else 0.0

    qs, gains, unrefuted = {}, {}, {}
    for c in SUSPECTS + WEAPONS + (place,):
        wc = mind.weights(c)
        qs[c] = [wc.get(r, 0.0) for r in refuters]
        gains[c] = gain_seen(c)
        term = None  # what nobody refuting teaches of c
        if wc.get(me_i, 0.0) < 1.0:
            n = sizes[kinds[c]]
            if c in in_case and n > 1:
                rest = sum(v for i, v in wc.items() if i not in refuters)
                p = wc.get(0, 0.0) / rest if rest > 0 else 0.0
                term = p * math.log(n) + (1 - p) * math.log(n / (n - 1))
        unrefuted[c] = term
    qp, gp, tp = qs[place], gains[place], unrefuted[place]
    steps = range(len(refuters))
    best, best_score = None, -1.0
    for s in SUSPECTS:
        qs_s, gs, ts = qs[s], gains[s], unrefuted[s]
        for w in WEAPONS:
            qw, gw = qs[w], gains[w]
            left = 1.0
            score = 0.0
            for k in steps:
                q0, q1, q2 = qs_s[k], qp[k], qw[k]
                none = (1 - q0) * (1 - q1) * (1 - q2)
                total = q0 + q1 + q2
                if total > 0:
                    p_ref = left * (1 - none)
                    if q0 > 0:
                        score += p_ref * q0 / total * gs
                    if q1 > 0:
                        score += p_ref * q1 / total * gp
                    if q2 > 0:
                        score += p_ref * q2 / total * gw
                left *= none
            # nobody refutes: each named card not mine is in a case
            if ts is not None:
                score += left * ts
            if tp is not None:
                score += left * tp
            tw = unrefuted[w]
            if tw is not None:
                score += left * tw
            if rng is not None:
                score += rng.random() * 1e-6
            if score > best_score:
                best, best_score = (s, w), score
    return best
