"""Who plays next (RULES.md, Rounds and turns): every guest still in the
game exactly once a round, in a random order drawn at the start of the
round, and never the same guest twice in a row while another remains.
With two guests that rule alone makes them alternate."""


class Rounds:
    def __init__(self, rng, guests):
        self._rng = rng
        self.active = list(guests)  # still in the game, roll-call order
        self._left = []  # still to play in this round, in order
        self.last = None  # who played the last turn

    def next_guest(self):
        if not self._left:
            self._draw()
        guest = self._left.pop(0)
        self.last = guest
        return guest

    def _draw(self):
        order = list(self.active)
        self._rng.shuffle(order)
        if len(order) > 1 and order[0] == self.last:
            j = 1 + self._rng.below(len(order) - 1)
            order[0], order[j] = order[j], order[0]
        self._left = order

    def eliminate(self, guest):
        self.active.remove(guest)
        if guest in self._left:
            self._left.remove(guest)
