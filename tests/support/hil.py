"""Test support for hardware-in-the-loop and end-to-end tests: follow a
process's console, and a player who answers the narrator until a game ends
(the trace follower is hal.trace.TraceFollower).

Nothing here sleeps for a fixed time: every wait is for a condition, with a
deadline, polling a file or a pipe that another process is writing.
"""

import threading
import time

from firmware.board import GUESTS, PLACES
from hal.trace import Timeout


class ConsoleFollower:
    """The lines a subprocess prints, gathered by a thread; wait for one."""

    def __init__(self, stream):
        self.lines = []
        self._cond = threading.Condition()
        self._thread = threading.Thread(target=self._pump, args=(stream,), daemon=True)
        self._thread.start()

    def _pump(self, stream):
        for line in stream:
            with self._cond:
                self.lines.append(line.rstrip("\n"))
                self._cond.notify_all()

    def wait_for(self, text, timeout=10.0, start=0):
        deadline = time.monotonic() + timeout
        with self._cond:
            while True:
                for i in range(start, len(self.lines)):
                    if text in self.lines[i]:
                        return i
                left = deadline - time.monotonic()
                if left <= 0:
                    raise Timeout("console never said %r; it said:\n%s" % (text, "\n".join(self.lines[-30:])))
                self._cond.wait(left)


# Keys after which the player acts; the others (move.arrives, ...) are news.
_DECISIONS = (
    "rollcall.ask",
    "turn.call",
    "place.enter",
    "move.same_place",
    "accuse.confirm",
    "accuse.found_inspecteur",
    "search.result",
    "accuse.announce",
    "accuse.not_here",
    "game.over",
)


class Player:
    """Plays a game to its end through `press` (callables on the rig) while
    `trace` shows what the narrator said: COMTE and LAVANDE play; each guest
    walks the ring, accuses where the Inspecteur shows, else searches, and
    every accusation is declared right. Not a rule of the game: a person's
    choices, made from the sentences alone."""

    def __init__(self, trace, tap_pad, press_button, *, players=("COMTE", "LAVANDE"), timeout=10.0, retry_after=None):
        """`retry_after`: seconds of silence after which the last press is made
        again, as a person does when the board did not hear it (a line that
        loses both edges of a press loses the press)."""
        self.trace = trace
        self.tap_pad = tap_pad
        self.press_button = press_button
        self.players = players
        self.timeout = timeout
        self.at = {}  # guest -> place
        self.seen = 0  # Says handled
        self.moves = 0
        self.retry_after = retry_after
        self.retries = 0
        self._last = None  # the last press, to make again

    def _press(self, fn, arg):
        self._last = (fn, arg)
        self._last_at = time.monotonic()
        fn(arg)

    def _next_decision(self):
        deadline = time.monotonic() + self.timeout
        while True:
            if self.retry_after and self._last and time.monotonic() - self._last_at > self.retry_after:
                self.retries += 1
                self._press(*self._last)
            says = self.trace.says()
            for i in range(self.seen, len(says)):
                if says[i]["key"] in _DECISIONS:
                    self.seen = i + 1
                    return says[i]
            if time.monotonic() > deadline:
                raise Timeout("the narrator said nothing to act on; last: %s" % [s["key"] for s in says[-5:]])
            time.sleep(0.005)

    def until(self, key):
        """Play up to the next `key`, and stop before acting on it; its Say."""
        while True:
            before = self.seen
            say = self._next_decision()
            if say["key"] == key:
                if key == "turn.call":
                    self.guest = say["args"]["guest"]
                self.seen = before  # step() will act on it
                return say
            self._act(say)

    def skip(self):
        """Pass over the next decision without acting (a test acts instead)."""
        return self._next_decision()

    def step(self):
        """Answer the next decision; returns its key."""
        return self._act(self._next_decision())

    def _act(self, say):
        key = say["key"]
        args = say.get("args") or {}
        if key == "rollcall.ask":
            self._press(self.press_button, "YES" if args["guest"] in self.players else "NO")
        elif key in ("turn.call", "move.same_place", "accuse.not_here"):
            if key == "turn.call":
                self.guest = args["guest"]
            here = self.at.get(self.guest)
            nxt = PLACES[(PLACES.index(here) + 1) % len(PLACES)] if here else PLACES[GUESTS.index(self.guest)]
            if key == "accuse.not_here":
                self._press(self.press_button, "SEARCH")
                return key
            self.at[self.guest] = nxt
            self.moves += 1
            self._press(self.tap_pad, nxt)
        elif key == "place.enter":
            self._press(self.press_button, "ACCUSE" if args.get("inspecteur") else "SEARCH")
        elif key in ("accuse.confirm", "accuse.found_inspecteur", "accuse.announce"):
            self._press(self.press_button, "YES")
        else:
            self._last = None  # news: nothing of ours to make again
        # search.result without the Inspecteur: the turn ends, turn.call follows
        return key

    def play(self, max_steps=400):
        for _ in range(max_steps):
            if self.step() == "game.over":
                return self.moves
        raise AssertionError("no game.over after %d decisions" % max_steps)
