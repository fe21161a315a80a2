"""Drive a Narrator with scripted presses and a clock that only moves when a
test moves it: no sleeps, no real time."""

from firmware import Narrator
from firmware.actions import Say, Sfx
from firmware.board import GUESTS
from firmware.events import Battery, ButtonDown, ButtonUp, PadDown, PadUp, Switch, Tick

STEP_MS = 1000


class Driver:
    def __init__(self, seed=1, chances=None, narrator=None):
        self.n = narrator or Narrator(seed=seed, chances=chances)
        self.t = 0
        self.log = []  # (t, event, actions)

    def send(self, event, at=None, step=STEP_MS):
        if at is None:
            self.t += step
        else:
            self.t = at
        out = self.n.handle(event, self.t)
        self.log.append((self.t, event, out))
        return out

    # presses: down then up, as a pawn or a finger does
    def pad(self, pad, **kw):
        out = self.send(PadDown(pad), **kw)
        self.send(PadUp(pad), step=100)
        return out

    def button(self, button, **kw):
        out = self.send(ButtonDown(button), **kw)
        self.send(ButtonUp(button), step=100)
        return out

    def switch(self, on, **kw):
        return self.send(Switch(on), **kw)

    def tick(self, **kw):
        return self.send(Tick(), **kw)

    def battery(self, mv, **kw):
        return self.send(Battery(mv), **kw)

    def start(self, guests=("COMTE", "LAVANDE")):
        """Switch on and answer the roll call: YES for `guests`, NO for the rest."""
        self.switch(True)
        out = []
        for g in GUESTS:
            out = self.button("YES" if g in guests else "NO")
        return out


def keys(actions):
    return [a.key for a in actions if type(a) is Say]


def says(actions, key):
    return [a for a in actions if type(a) is Say and a.key == key]


def sfx(actions):
    return [a.place for a in actions if type(a) is Sfx]


def stage(n, where, rest="KIOSQUE"):
    """Put suspects and the Inspecteur where a test wants them: `where` maps
    a mover to a place or (place, hidden); everyone else waits at `rest`."""
    from firmware.board import MOVERS

    for who in MOVERS:
        spot = where.get(who, rest)
        place, hidden = spot if isinstance(spot, tuple) else (spot, False)
        n.world.put(who, place, hidden)
