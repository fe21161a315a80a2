"""Scripted whole games, for tests and benchmarks: a player that reads the
narrator's views (it knows where the Inspecteur is) and plays to a verdict.
Deterministic: the same seeds give the same events."""

from firmware import Narrator
from firmware.board import GUESTS, INSPECTEUR, PLACES
from firmware.events import Battery, ButtonDown, ButtonUp, PadDown, PadUp, Switch
from firmware.rng import Rng

PRESS_MS = 2500  # between two presses
RELEASE_MS = 120


class ScriptedGame:
    def __init__(self, seed, players=None, policy_seed=None, battery_every=8):
        self.n = Narrator(seed=seed)
        self.rng = Rng(seed * 7919 + 1 if policy_seed is None else policy_seed)
        self.players = players or 2 + self.rng.below(3)
        self.battery_every = battery_every
        self.t = 0
        self.events = []  # (t, event)
        self.turns = 0
        self.asked = None  # the guest the roll call asks about

    def send(self, event, dt):
        self.t += dt
        self.events.append((self.t, event))
        out = self.n.handle(event, self.t)
        for a in out:
            if getattr(a, "key", None) == "rollcall.ask":
                self.asked = a.args["guest"]
        return out

    def press(self, down, up):
        self.send(down, PRESS_MS)
        self.send(up, RELEASE_MS)
        if len(self.events) % (2 * self.battery_every) == 0:
            self.send(Battery(4500 - len(self.events)), 10)

    def pad(self, pad):
        self.press(PadDown(pad), PadUp(pad))

    def button(self, b):
        self.press(ButtonDown(b), ButtonUp(b))

    def play(self, max_presses=2000):
        n, rng = self.n, self.rng
        self.send(Switch(True), 0)
        playing = GUESTS[: self.players]
        presses = 0
        while n.state != "over" and presses < max_presses:
            presses += 1
            state = n.state
            if state == "rollcall":
                self.button("YES" if self.asked in playing else "NO")
            elif state == "move":
                self.turns += 1
                here = n.guests[n.current]
                ready = self.turns > 3 * len(n.active)
                target = n.positions[INSPECTEUR]
                if not ready or target == here or rng.below(3) == 0:
                    target = rng.choice(PLACES)
                    if target == here:
                        self.button("WAIT" if rng.below(4) == 0 else "REPEAT")
                        continue
                self.pad(target)
            elif state == "moved":
                here = n.guests[n.current]
                if n.positions[INSPECTEUR] == here and INSPECTEUR not in n.hidden and self.turns > 3:
                    self.button("ACCUSE")
                else:
                    self.button("SEARCH" if rng.below(2) else "STOP")
            elif state in ("confirm", "found"):
                self.button("YES" if rng.below(4) else "NO")
            elif state == "verdict":
                self.button("YES" if rng.below(3) == 0 else "NO")
            else:
                raise AssertionError("scripted game stuck in %s" % state)
        return self


def scripted_events(seed, players=None):
    """(events, narrator) of one whole scripted game."""
    g = ScriptedGame(seed, players).play()
    return g.events, g.n
