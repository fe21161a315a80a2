"""The suspects and the Inspecteur on the ring: where each one is, who is
hidden, the scene at the start of a game, and the moves between turns
(RULES.md, Setting the scene; Between turns; Hiding)."""

from .actions import Sfx
from .board import INSPECTEUR, MOVERS, PLACES, SUSPECTS, neighbours
from .phrases import say

SNEAKERS = SUSPECTS  # who may sneak into a watched place: suspects only, never the Inspecteur


class World:
    def __init__(self, rng, chances):
        self._rng = rng
        self._chances = chances
        self.place = {}  # mover -> place
        self.hidden = set()

    def put(self, who, place, hidden=False):
        self.place[who] = place
        if hidden:
            self.hidden.add(who)
        else:
            self.hidden.discard(who)

    def set_scene(self):
        """Everyone on a random place; nobody watches yet, so each may hide."""
        hide = self._chances["hide"]
        for who in MOVERS:
            place = self._rng.choice(PLACES)
            self.put(who, place, self._rng.chance(hide))

    def _at(self, place, hidden):
        """The suspects at `place` that are (hidden True) or are not hidden, in
        the order of RULES.md. A loop, not a comprehension: each comprehension
        is one more function in the board's RAM."""
        out = []
        for s in SUSPECTS:
            if self.place[s] == place and (s in self.hidden) == hidden:
                out.append(s)
        return out

    def visible_at(self, place):
        return self._at(place, False)

    def inspecteur_visible_at(self, place):
        return self.place[INSPECTEUR] == place and INSPECTEUR not in self.hidden

    def search(self, place):
        """Find everyone hiding at `place`: (suspects found, Inspecteur found)."""
        found = self._at(place, True)
        inspecteur = self.place[INSPECTEUR] == place and INSPECTEUR in self.hidden
        for s in found:
            self.hidden.discard(s)
        if inspecteur:
            self.hidden.discard(INSPECTEUR)
        return found, inspecteur

    def move_between_turns(self, watched):
        """One or two suspects, maybe the Inspecteur, one arrow each.

        `watched` lists the places where a guest still in the game stands.
        Returns the actions that tell the guests what they saw or heard:
        every seen move first, then the sound clues (RULES.md, Between
        turns: a sound never stands beside a spoken move not its own).
        """
        rng, chances = self._rng, self._chances
        movers = list(SUSPECTS)
        rng.shuffle(movers)
        count = 2 if rng.chance(chances["second_suspect"]) else 1
        movers = movers[:count]
        if rng.chance(chances["inspecteur_moves"]):
            movers.append(INSPECTEUR)
        out = []
        sounds = []
        for who in movers:
            self._step(who, watched, out, sounds)
        return out + sounds

    def _step(self, who, watched, out, sounds):
        """One mover's arrow: its sentence to `out`, its sound clue to `sounds`.
        The draws are the same whatever is said (and in the same order)."""
        rng, chances = self._rng, self._chances
        src = self.place[who]
        dst = rng.choice(neighbours(src))
        # A mover hidden where it stood leaves unseen: nobody knew it was there.
        leave_seen = src in watched and who not in self.hidden
        if dst in watched:
            # seen arriving, unless a suspect sneaks in: unannounced, hidden (never the Inspecteur)
            sneaked = who in SNEAKERS and rng.chance(chances["sneak"])
            self.put(who, dst, sneaked)
            if not sneaked:  # arrived in sight: one sentence, its departure in it when that was seen too
                if leave_seen:
                    out.append(say("move.leaves_arrives", {"who": who, "place": src, "to": dst}))
                else:
                    out.append(say("move.arrives", {"who": who, "place": dst}))
                return
        else:
            self.put(who, dst, rng.chance(chances["hide"]))
            if not leave_seen:
                # Only a suspect's unseen move may be heard: a sound clue means
                # "a suspect has just entered" (the rulebook), never the Inspecteur.
                if who != INSPECTEUR and rng.chance(chances["sound_clue"]):
                    sounds.append(Sfx(dst))
                return
        if leave_seen:  # "leaves" alone: it sneaked in, or went where nobody watches
            if who == INSPECTEUR:  # his seen departure says where he is heading (he never sneaks)
                out.append(say("move.heads", {"who": who, "place": src, "to": dst}))
            else:
                out.append(say("move.leaves", {"who": who, "place": src}))
