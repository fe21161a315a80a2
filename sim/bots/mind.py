"""Bot guests: players that press the board's pads and buttons and hear
only what the board says (its Say and Sfx actions), like a person at the
table; the card table tells them what a player would see of the cards.
They never read the firmware's hidden state.

    bot = Bot("LAVANDE", level="hard", seed=3)
    bot.sit(guests, hand)        # the deal: who plays, my cards
    bot.hear(actions)            # every burst the board outputs (a Bot is a hal.sink.Sink)
    bot.next_action()            # ("press", "ECURIE") | ("hypothesis", suspect, weapon) | None

The levels are described in sim/bots/levels.py and docs/bots.md. An
expert bot (level "expert", or "expert-no-PART..." for the ablations) asks
its Expert (sim/bots/expert.py) what to do; Bot(guest, "hard-2026") is the
frozen bot of sim/bots/frozen/ (its own class).

A bot's phase is what the board waits for from it, named after the board's
own states (firmware/table.py), as far as the bot heard: MOVE, MOVED,
CONFIRM, FOUND, VERDICT, or None when it is someone else's turn.
"""

import random

from firmware.board import GUESTS, INSPECTEUR, PLACES, SUSPECTS, WEAPONS
from firmware.table import CONFIRM, FOUND, MOVE, MOVED, VERDICT
from hal.sink import Sink

from ..cards.deduction import Deduction
from .expert import Expert, parse_level
from .frozen.hard2026 import Bot as Hard2026
from .frozen.propagation import Deduction as Propagation
from .hypotheses import best_hypothesis
from .levels import HARD_2026, LEVELS
from .repeat import Repeats
from .whereabouts import Whereabouts


class Bot(Sink):
    PLACE_BONUS = 0.1  # a place whose card may be in the case: worth a tenth of a suspect to read
    SEARCH_AT = 0.2  # search when this many unread suspects are expected to hide here (bench-tuned)

    def __new__(cls, guest, level="hard", seed=0):
        if cls is Bot and level == HARD_2026:
            return Hard2026(guest, level, seed)  # frozen, its own class: not a Bot, so no __init__ again
        return super().__new__(cls)

    def __init__(self, guest, level="hard", seed=0):
        if guest not in GUESTS:
            raise ValueError("unknown guest %r: guests are %s" % (guest, ", ".join(GUESTS)))
        parts = parse_level(level)
        if level not in LEVELS and parts is None:
            raise ValueError("unknown bot level %r: levels are %s" % (level, ", ".join(LEVELS)))
        self.guest = guest
        self.level = level
        self.expert = Expert(self, parts) if parts is not None else None
        sharp = level == "hard" or parts is not None  # remembers everything, hears the clues
        self.rng = random.Random(seed * 1000003 + GUESTS.index(guest))
        self.phase = None  # what the board waits for from me: MOVE, MOVED, CONFIRM, FOUND, VERDICT
        self.turns = 0
        self.mind = None
        self.where = Whereabouts(clues=sharp, memory=0.6 if level == "easy" else 1.0)
        self.sharp = sharp
        self.opened = set()
        self.shown_to = {}  # asker -> cards I showed them
        self._hyp_done = False
        self._tried_accuse = False
        self.gambled = False  # the last accusation was made without certainty
        self._repeats = Repeats()

    def __repr__(self):
        return "Bot(%r, %r)" % (self.guest, self.level)

    # -- what the table tells a player -------------------------------------------

    def sit(self, guests, hand):
        self.guests = tuple(guests)
        self.hand = tuple(hand)
        if self.expert is not None and "exact" not in self.expert.parts:
            self.mind = Propagation(self.guests, me=self.guest)
        else:  # the table's facts are true: counted once when the bot next asks, not once per fact
            self.mind = Deduction(self.guests, me=self.guest, lazy=True)
        for c in hand:
            self.mind.holds(self.guest, c)

    def learn_case(self, suspect, card):
        self.opened.add(suspect)
        self._holds("case:" + suspect, card)

    # A fact every deal the engine still counts already satisfies changes no
    # count: it is not given to the engine (each fact costs the exact engine a
    # solve). The exact engine tells from what it last counted (places_now:
    # it does not count the facts waiting for the next question).

    def _poss(self):
        places_now = getattr(self.mind, "places_now", None)
        return places_now() if places_now is not None else self.mind.poss

    def _holds(self, where, card):
        if self._poss()[card] != 1 << self.mind.index[where]:
            self.mind.holds(where, card)

    def _lacks(self, where, cards):
        bit = 1 << self.mind.index[where]
        poss = self._poss()
        if any(poss[c] & bit for c in cards):
            self.mind.lacks(where, cards)

    def _shows_one_of(self, where, cards):
        bit = 1 << self.mind.index[where]
        poss = self._poss()
        if not any(poss[c] == bit for c in cards):
            self.mind.shows_one_of(where, cards)

    def learn_refutation(self, public, card=None):
        """`public`: what everyone saw (asker, named, passed, shower);
        `card`: the card shown, for the asker's eyes only."""
        asker, named, passed, shower = public["asker"], public["named"], public["passed"], public["shower"]
        mine = asker == self.guest
        if self.expert is not None:
            self.expert.hypothesis_made(asker, public)
        if mine and card is not None:
            self._holds(shower, card)
        if self.level == "easy":
            return  # little memory: only the cards it saw
        if mine or self.sharp or self.level == "random":
            for g in passed:
                if g != self.guest:
                    self._lacks(g, named)
            if shower is not None and shower != self.guest and not mine:
                self._shows_one_of(shower, named)

    def learn_accusation(self, guest, triple, right):
        if not right and self.level != "easy":
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
        if self.expert is not None:
            self.expert.heard(key, say.args)
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
        elif key in ("move.same_place", "move.stay_to_accuse"):
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
        if self.mind.solution() is not None:
            return True
        if self.level == "easy":
            return self._at_most(3) or (self.turns > 8 and self._at_most(8))
        return False

    def _at_most(self, n):
        """At most `n` triples can still be the solution (the engine's count()
        only when the bounds do not tell: each card that can be in the case
        is in one triple at least, and at most every triple of them is)."""
        cands = self.mind.candidates()
        if max(len(k) for k in cands) > n:
            return False
        s, p, w = cands
        wrong = sum(1 for t in set(self.mind.not_all) if t[0] in s and t[1] in p and t[2] in w)
        if len(s) * len(p) * len(w) - wrong <= n:
            return True
        return self.mind.count() <= n

    def accusation(self):
        """The three the bot names: the solution, or (easy, early) a guess."""
        sol = self.mind.solution() if self.expert is None else self.expert.accusation()
        self.gambled = self.mind.solution() is None
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
            yes = self.ready() if self.expert is None else self.expert.found()
            return ("press", "YES" if yes else "NO")
        return None

    def _can_accuse(self):
        """Ready, with the Inspecteur in sight and no accusation tried yet. ready() is asked only
        then: with facts waiting it costs their count, which a bot that moves or asks at random
        never needs (they are counted together later: the same deals, so the same answers)."""
        return self._inspecteur_in_sight() and not self._tried_accuse and self.ready()

    def _inspecteur_in_sight(self):
        here = self.here()
        return here is not None and self.where.visible.get(INSPECTEUR) == here

    def _move(self):
        if self.expert is not None:
            return self.expert.move()
        here = self.here()
        if self._can_accuse():
            return ("press", "ACCUSE")
        places = [p for p in PLACES if p != here]
        if self.level == "random" or (self.level == "easy" and self.rng.random() < 0.5):
            return ("press", self.rng.choice(places))
        if self.ready():
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
        if self.sharp:
            mind = self.mind
            known = set(m for m in mind.poss.values() if m & (m - 1) == 0)  # the locations of the cards known
            return [s for s in SUSPECTS if 1 << mind.index["case:" + s] not in known]
        return [s for s in SUSPECTS if s not in self.opened]

    def _after_arrival(self):
        if self.expert is not None:
            return self.expert.after_arrival()
        here = self.here()
        if self._can_accuse():
            return ("press", "ACCUSE")
        if self._hyp_done:
            return ("press", "STOP")  # a search *or* a hypothesis: after one, the turn ends
        if self.level == "random":
            if self.rng.random() < 0.3:
                return ("press", "SEARCH")
            self._hyp_done = True
            return ("hypothesis", self.rng.choice(SUSPECTS), self.rng.choice(WEAPONS))
        if self.ready():
            if self.where.chance(INSPECTEUR, here) > 0.2:
                return ("press", "SEARCH")
            return ("press", "STOP")
        hidden = sum(self.where.chance(s, here) for s in self._unread())
        if hidden >= self.SEARCH_AT and self.level != "easy":
            return ("press", "SEARCH")
        self._hyp_done = True
        s, w = self.choose_hypothesis(here)
        return ("hypothesis", s, w)

    def choose_hypothesis(self, place):
        if self.expert is not None and "hyp" in self.expert.parts:
            return self.expert.hypothesis(place)
        if self.level == "hard":
            return best_hypothesis(self.mind, self.guest, place, self.guests, self.rng)
        if self.level in ("medium", "easy") or self.expert is not None:
            s, _, w = self.mind.candidates()
            return self.rng.choice(s), self.rng.choice(w)
        return self.rng.choice(SUSPECTS), self.rng.choice(WEAPONS)

    def show(self, asker, options):
        """Which of `options` to show `asker` (several named cards in hand)."""
        if self.sharp or self.level == "medium":
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
        else:
            card = self.rng.choice(options)
        self.showed(asker, card)
        return card

    def showed(self, asker, card):
        """The table tells the bot which card it showed (when it had one only)."""
        self.shown_to.setdefault(asker, set()).add(card)
