"""Helpers for hardware-in-the-loop tests of a rig (the pytest plugin, the
end-to-end tests, the bench): follow a trace file as it is written, follow a
process's console, and a player who answers the narrator until a game ends.

Nothing here sleeps for a fixed time: every wait is for a condition, with a
deadline, polling a file or a pipe that another process is writing.
"""

import json
import threading
import time

from firmware.board import GUESTS, PLACES


class Timeout(AssertionError):
    pass


class TraceFollower:
    """A trace file (DESIGN.md, Traces) read as another process writes it."""

    def __init__(self, path):
        self.path = path
        self.records = []  # (t, "in"|"out", dict)
        self._f = None
        self._partial = ""

    def poll(self):
        if self._f is None:
            try:
                self._f = open(self.path, encoding="utf-8")  # noqa: SIM115
            except FileNotFoundError:
                return
        chunk = self._f.read()
        if not chunk:
            return
        text = self._partial + chunk
        lines = text.split("\n")
        self._partial = lines.pop()
        for line in lines:
            if not line.strip():
                continue
            obj = json.loads(line)
            if "in" in obj:
                self.records.append((obj["t"], "in", obj["in"]))
            elif "out" in obj:
                self.records.append((obj["t"], "out", obj["out"]))

    def says(self, start=0):
        """The Say actions from record `start` on, as dicts."""
        self.poll()
        return [r[2] for r in self.records[start:] if r[1] == "out" and r[2]["type"] == "Say"]

    def inputs(self, kinds=("PadDown", "PadUp", "ButtonDown", "ButtonUp", "Switch")):
        self.poll()
        return [r[2] for r in self.records if r[1] == "in" and r[2]["type"] in kinds]

    def wait_say(self, key, start=0, timeout=10.0):
        """The first Say `key` from record `start` on; Timeout if none comes."""
        deadline = time.monotonic() + timeout
        while True:
            for say in self.says(start):
                if say["key"] == key:
                    return say
            if time.monotonic() > deadline:
                seen = [s["key"] for s in self.says(start)]
                raise Timeout("no %r within %.1f s; said: %s" % (key, timeout, seen))
            time.sleep(0.005)  # polling a file another process writes

    def wait(self, predicate, timeout=10.0, what="condition"):
        deadline = time.monotonic() + timeout
        while True:
            self.poll()
            value = predicate(self)
            if value:
                return value
            if time.monotonic() > deadline:
                raise Timeout("%s not met within %.1f s" % (what, timeout))
            time.sleep(0.005)

    def close(self):
        if self._f is not None:
            self._f.close()


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
