"""Where each suspect and the Inspecteur may be, from what a guest hears:
the announcements (place.enter, search.result, move.leaves, move.heads,
move.arrives), the sound clues between turns (a suspect's unseen arrival at
that place) and the ring (movers go one arrow per turn).

It follows RULES.md (Between turns): a sound clue comes from a suspect
only, never from the Inspecteur; a mover hidden where it stood leaves
unseen (so a place watched by a guest may still lose a hidden mover
silently); a seen departure of the Inspecteur names where he is heading
(`move.heads`), which places him exactly; exactly one or two suspects move
between turns, so the suspects' moves are heard together (`JOINT`: what was
seen of some tells of the others). A belief, not the board's state: it is
built from the spoken sentences only. It is a Sink (hal.sink): it hears
what a guest at the table hears.

    w = Whereabouts()
    w.hear(actions)            # every burst of actions the board outputs
    w.chance("ROSE", "ECURIE") # 0..1
    w.likeliest("INSPECTEUR")  # the place most likely to hold him
"""

from firmware import chances
from firmware.board import INSPECTEUR, MOVERS, PLACES, SUSPECTS, neighbours
from firmware.world import SNEAKERS
from hal.sink import Sink

from .repeat import Repeats


def _odds(chance):
    num, den = chance
    return num / den


# What a guest can know of the board's habits (RULES.md, Chances), from the
# firmware's own chances: one suspect moves after a turn, and a second one
# sometimes (1.5 movers of 8 on average); the Inspecteur moves 1 turn in 3.
MOVE_SUSPECT = (1 + _odds(chances.SECOND_SUSPECT)) / len(SUSPECTS)
MOVE_INSPECTEUR = _odds(chances.INSPECTEUR_MOVES)
HIDE = _odds(chances.HIDE)
SNEAK = _odds(chances.SNEAK)
CLUE = _odds(chances.SOUND_CLUE)
_IDX = {p: i for i, p in enumerate(PLACES)}
_NB = [tuple(_IDX[q] for q in neighbours(p)) for p in PLACES]


class Whereabouts(Sink):
    JOINT = True  # the suspects' moves heard together (False: each suspect's on its own, as before)

    def __init__(self, clues=True, memory=1.0, joint=None):
        """`clues`: listen to the sound clues. `memory`: how much of what was
        heard is kept each turn (1.0: all; less blurs the belief back to
        even, for forgetful guests)."""
        self.clues = clues
        self.memory = memory
        self.joint = self.JOINT if joint is None else joint  # one or two suspects move a turn
        n = len(PLACES)
        self.p = {m: [1.0 / n] * n for m in MOVERS}
        self.guests = {}  # guest still in the game -> place (None on START)
        self.current = None
        self.visible = {}  # mover -> place where it was last seen and stays in sight
        self._named = set()  # named or found at the current guest's place this turn
        self._leaves, self._arrives, self._heads, self._sounds = {}, {}, {}, []
        self._between = False
        self._sfx = None  # a place's sound just heard: the pawn's own arrival, or a clue
        self._repeats = Repeats()

    # -- questions --------------------------------------------------------------

    def chance(self, who, place):
        return self.p[who][_IDX[place]]

    def likeliest(self, who, avoid=None):
        best, best_p = None, -1.0
        for i, place in enumerate(PLACES):
            if place != avoid and self.p[who][i] > best_p:
                best, best_p = place, self.p[who][i]
        return best

    def watched(self):
        return set(p for p in self.guests.values() if p is not None)

    # -- listening ------------------------------------------------------------------

    def hear(self, actions):
        """One burst of the board's actions, as a guest hears it."""
        self.present(actions, 0)

    def present(self, actions, now_ms):
        if not self._repeats.heard(actions):  # REPEAT is not news
            super().present(actions, now_ms)

    def sfx(self, sfx, now_ms):
        self._sound_was_a_clue()
        self._sfx = sfx.place

    def stop_audio(self, now_ms):
        self._sound_was_a_clue()

    def power_off(self, reason, now_ms):
        self._sound_was_a_clue()

    def burst_end(self, now_ms):
        self._sound_was_a_clue()

    def _sound_was_a_clue(self):
        """The sound before was not followed by a pawn entering that place:
        something nobody saw arrived there."""
        if self._sfx is not None:
            self._sounds.append(self._sfx)
            self._sfx = None

    def say(self, say, now_ms):
        key, args = say.key, say.args
        if self._sfx is not None:
            if key == "place.enter" and args["place"] == self._sfx:
                self._sfx = None  # the pawn's own arrival
            else:
                self._sound_was_a_clue()
        if key == "rollcall.welcome":
            self.guests = {g: None for g in args["guests"]}
        elif key == "turn.call":
            if self._between:
                self._after_moves()
            self.current = args["guest"]
            self._named = set()
            self._between = True
        elif key == "place.enter":
            self._enter(args["place"], args["suspects"], args["inspecteur"])
        elif key == "search.result":
            self._search(args["place"], args["suspects"], args["inspecteur"])
        elif key == "move.leaves":
            self._leaves[args["who"]] = args["place"]
        elif key == "move.arrives":
            self._arrives[args["who"]] = args["place"]
        elif key == "move.heads":
            self._leaves[args["who"]] = args["place"]
            self._heads[args["who"]] = args["to"]
        elif key == "move.leaves_arrives":  # both ends in view, said once (issue 29): the same news
            self._leaves[args["who"]] = args["place"]
            self._heads[args["who"]] = args["to"]
            self._arrives[args["who"]] = args["to"]
        elif key == "accuse.wrong":
            self.guests.pop(args["guest"], None)
            self._unwatched()
        elif key in ("game.last_guest", "game.over"):
            self._between = False

    def _unwatched(self):
        """Movers in sight where no guest stands any more may now slip away unseen."""
        watched = self.watched()
        for who, there in list(self.visible.items()):
            if there not in watched:
                del self.visible[who]

    def _set(self, who, place):
        vec = [0.0] * len(PLACES)
        vec[_IDX[place]] = 1.0
        self.p[who] = vec

    def _scale(self, who, place, factor):
        vec = self.p[who]
        vec[_IDX[place]] *= factor
        total = sum(vec)
        if total <= 0:  # what we believed was wrong: start again, evenly
            vec = [0.0 if q == place else 1.0 for q in PLACES]
            total = sum(vec)
        self.p[who] = [x / total for x in vec]

    def _enter(self, place, suspects, inspecteur):
        self.guests[self.current] = place
        self._unwatched()
        for who in MOVERS:
            if who in suspects or (who == INSPECTEUR and inspecteur):
                self._set(who, place)
                self.visible[who] = place
                self._named.add(who)
            else:
                if self.visible.get(who) == place:
                    del self.visible[who]  # not named: it is not here in sight
                self._scale(who, place, HIDE)  # here only if hiding

    def _search(self, place, suspects, inspecteur):
        for who in MOVERS:
            if who in suspects or (who == INSPECTEUR and inspecteur):
                self._set(who, place)
                self.visible[who] = place
                self._named.add(who)
            elif who not in self._named:
                self._scale(who, place, 0.0)  # nobody else is hiding here

    def _after_moves(self):
        """The moves between two turns, from what was announced and heard."""
        watched = self.watched()
        self._ws = {}  # the drift's weights of each place, for these watched places
        before = {who: list(vec) for who, vec in self.p.items()}  # where they were when the moves began
        unknown = []  # suspects with no news: they stayed, or moved unseen
        for who in MOVERS:
            if who in self._arrives:
                self._set(who, self._arrives[who])
                self.visible[who] = self._arrives[who]
            elif who in self._heads:  # seen leaving, heading there; arrived unseen (he may hide)
                self._set(who, self._heads[who])
                self.visible.pop(who, None)
            elif who in self._leaves:
                src = self._leaves[who]
                self.visible.pop(who, None)
                vec = [0.0] * len(PLACES)
                for j in _NB[_IDX[src]]:
                    if PLACES[j] in watched:  # it would have been seen arriving, unless it sneaked in
                        vec[j] = SNEAK if who in SNEAKERS else 0.0
                    else:
                        vec[j] = 1.0
                total = sum(vec)
                self.p[who] = [x / total for x in vec]
            elif who in self.visible:
                pass  # it would have been seen leaving
            elif who == INSPECTEUR or not self.joint:
                self._drift(who, watched)
            else:
                unknown.append(who)
        together = bool(unknown) and self._suspects_moved(unknown, watched)  # the clues heard with them
        if not together:
            for who in unknown:  # what was heard does not fit one or two movers: each on its own
                self._drift(who, watched)
        if self.clues and not together:
            for place in self._sounds:
                self._sound(place, watched, before)
        if self.memory < 1.0:
            n = len(PLACES)
            for who in MOVERS:
                if who not in self.visible:
                    self.p[who] = [self.memory * x + (1 - self.memory) / n for x in self.p[who]]
        self._leaves, self._arrives, self._heads, self._sounds = {}, {}, {}, []

    def _suspects_moved(self, unknown, watched):
        """Exactly one or two suspects move between turns, any of the eight
        alike (RULES.md): from the suspects seen moving and the clues heard,
        the chance that each suspect with no news (`unknown`) stayed, moved
        unseen and unheard, or made one of the clues; its belief becomes that
        mixture. False when what was heard fits no such set of movers."""
        seen = sum(1 for who in SUSPECTS if who in self._arrives or who in self._leaves)
        clues = [_IDX[p] for p in self._sounds if p not in watched] if self.clues else []
        if seen + len(clues) > 2:
            return False
        unseen = 0.5 * (1.0 - CLUE if self.clues else 1.0)  # half: one of two neighbours
        w = [0.5 * SNEAK if place in watched else unseen for place in PLACES]
        quiet, silent, heard = {}, {}, {}  # who -> P(moved unseen, unheard), where to; P(made each clue)
        for who in unknown:
            vec = self.p[who]
            # ring: the places one arrow from each place are its two neighbours
            silent[who] = to = [(vec[a] + vec[b]) * x for (a, b), x in zip(_NB, w)]
            quiet[who] = sum(to)
            heard[who] = [to[k] / unseen * 0.5 * CLUE for k in clues]  # clues: unwatched places
        n = len(SUSPECTS)
        two = _odds(chances.SECOND_SUSPECT)
        prior = (None, (1 - two) / n, two * 2 / (n * (n - 1)))  # one given set of 1 or 2 movers
        went = dict((who, 0.0) for who in unknown)
        made = dict((who, [0.0] * len(clues)) for who in unknown)
        total = prior[seen] if seen and not clues else 0.0  # nobody else moved
        if seen < 2 and len(clues) < 2:  # one more mover
            for who in unknown:
                if clues:
                    f = prior[seen + 1] * heard[who][0]
                    made[who][0] += f
                else:
                    f = prior[seen + 1] * quiet[who]
                    went[who] += f
                total += f
        if not seen:  # two movers nobody saw: every pair, summed one suspect at a time
            p2 = prior[2]
            Q = sum(quiet.values())
            if not clues:
                for who in unknown:
                    went[who] += p2 * quiet[who] * (Q - quiet[who])
                total += p2 * (Q * Q - sum(q * q for q in quiet.values())) / 2
            elif len(clues) == 1:  # one made the clue, the other went unheard
                H = sum(h[0] for h in heard.values())
                for who in unknown:
                    h, q = heard[who][0], quiet[who]
                    made[who][0] += p2 * h * (Q - q)
                    went[who] += p2 * q * (H - h)
                total += p2 * (H * Q - sum(heard[who][0] * quiet[who] for who in unknown))
            else:  # each made one of the two clues
                H0 = sum(h[0] for h in heard.values())
                H1 = sum(h[1] for h in heard.values())
                for who in unknown:
                    h0, h1 = heard[who]
                    made[who][0] += p2 * h0 * (H1 - h1)
                    made[who][1] += p2 * h1 * (H0 - h0)
                total += p2 * (H0 * H1 - sum(h[0] * h[1] for h in heard.values()))
        if total <= 0:
            return False
        for who in unknown:
            g = went[who] / total  # moved unseen, unheard
            if clues:
                clue = [m / total for m in made[who]]
                s = 1.0 - g - sum(clue)  # stayed
                if s + g < 0.01:  # never quite certain it made a clue: a belief must survive a surprise
                    clue = [c * 0.99 / sum(clue) for c in clue]
                    s, g = (0.01 * s / (s + g), 0.01 * g / (s + g)) if s + g > 0 else (0.01, 0.0)
            else:
                clue, s = (), 1.0 - g
            if g > 0:  # the mixture of three beliefs, each summing to 1
                r = g / quiet[who]
                vec = [x * s + y * r for x, y in zip(self.p[who], silent[who])]
            else:
                vec = [x * s for x in self.p[who]]
            for c, k in zip(clue, clues):
                vec[k] += c
            self.p[who] = vec
        return True

    def _drift(self, who, watched):
        """No news of `who`: it stayed, or moved where nobody saw it. It is
        not in sight (else its departure would have been announced), so where
        a guest stands it can only be hiding, and a hidden mover leaves
        unseen. An unseen arrival of a suspect gives a sound clue now and
        then (none was heard for it); the Inspecteur's never does."""
        move = MOVE_INSPECTEUR if who == INSPECTEUR else MOVE_SUSPECT
        unseen = 1.0 - CLUE if self.clues and who in SUSPECTS else 1.0
        seen = SNEAK if who in SNEAKERS else 0.0  # a seen arrival would have been announced
        key = (seen, unseen)
        ws = self._ws.get(key)
        if ws is None:  # one list per kind of mover and set of watched places
            ws = self._ws[key] = [(seen if place in watched else unseen) * move * 0.5 for place in PLACES]
        vec = self.p[who]
        stay = 1 - move
        new = [x * stay for x in vec]
        for i, x in enumerate(vec):
            if x:
                a, b = _NB[i]
                new[a] += x * ws[a]
                new[b] += x * ws[b]
        total = sum(new)
        if total <= 0:
            new, total = [1.0] * len(PLACES), float(len(PLACES))
        self.p[who] = [x / total for x in new]

    def _sound(self, place, watched, before):
        """A sound clue at `place`: one suspect nobody saw arrived there (the
        Inspecteur gives none), from a neighbour where it was out of sight
        (`before`: the beliefs when the moves began)."""
        if place in watched:
            return  # an arrival there would have been seen: not a clue
        k = _IDX[place]
        weight = {}
        for who in SUSPECTS:
            if who in self.visible or who in self._leaves:
                continue  # in sight, or seen leaving: the clue is not theirs
            weight[who] = sum(before[who][i] for i in _NB[k]) * MOVE_SUSPECT * 0.5 + 1e-9
        total = sum(weight.values())
        for who, w in weight.items():
            a = min(w / total, 0.99)  # never quite certain: a belief must survive a surprise
            vec = [(1 - a) * x for x in self.p[who]]
            vec[k] += a
            self.p[who] = vec
