"""Traces (DESIGN.md, Traces): JSON Lines, written as things happen and
flushed at once, so a crash or an unplugged cable loses nothing.

    {"trace": "cfx/1", "seed": 7}
    {"t": 1200, "in": {"type": "PadDown", "pad": "ECURIE"}}
    {"t": 1200, "out": {"type": "Say", "key": "place.enter", "args": {...}, "clips": [...]}}

Ticks are left out unless the firmware acted on one (the idle sleep).

    TraceWriter(stream, seed).record(now_ms, event, actions)
    seed, records = read(stream);  replay(seed, records) -> None or the first difference
    TraceFollower(path).wait_say("turn.call")   # a trace another process is writing
"""

import json
import sys
import time

from firmware import Narrator, actions, events

FORMAT = "cfx/1"


class TraceWriter:
    def __init__(self, stream, seed):
        self._stream = stream
        self._line({"trace": FORMAT, "seed": seed})

    def _line(self, obj):
        self._stream.write(json.dumps(obj, ensure_ascii=False) + "\n")
        self._stream.flush()

    def record(self, now_ms, event, outs):
        """One event and the actions it caused."""
        if type(event) is events.Tick and not outs:
            return
        self._line({"t": now_ms, "in": event.as_dict()})
        for action in outs:
            self._line({"t": now_ms, "out": action.as_dict()})

    def close(self):
        self._stream.close()


class TraceFile:
    """The trace's file, for hal.trace's writer: a write that fails (a full
    disk) is said once, in one line, and the game goes on without its trace."""

    def __init__(self, f, path):
        self._f = f
        self.path = path

    def write(self, text):
        self._do(lambda f: f.write(text))

    def flush(self):
        self._do(lambda f: f.flush())

    def close(self):
        self._do(lambda f: f.close())
        self._f = None

    def _do(self, step):
        if self._f is None:
            return
        try:
            step(self._f)
        except OSError as e:
            f, self._f = self._f, None
            print("clue-fx: the trace %s stops here: %s; the game goes on" % (self.path, e.strerror), file=sys.stderr)
            try:
                f.close()
            except OSError:
                pass  # what the disk would not take is lost


class TraceError(ValueError):
    pass


def read(stream):
    """(seed, [(t, "in"|"out", Event or Action), ...]) from a trace stream."""
    seed = None
    records = []
    for lineno, line in enumerate(stream, 1):
        line = line.strip()
        if not line:
            continue
        try:
            obj = json.loads(line)
        except ValueError as e:
            raise TraceError("line %d: not JSON (%s)" % (lineno, e)) from None
        if lineno == 1:
            if obj.get("trace") != FORMAT or not isinstance(obj.get("seed"), int):
                raise TraceError('line 1: expected {"trace": "%s", "seed": N}, got %s' % (FORMAT, line))
            seed = obj["seed"]
            continue
        try:
            if "in" in obj:
                records.append((obj["t"], "in", events.from_dict(obj["in"])))
            elif "out" in obj:
                records.append((obj["t"], "out", actions.from_dict(obj["out"])))
            else:
                raise ValueError('neither "in" nor "out"')
        except (KeyError, ValueError) as e:
            raise TraceError("line %d: %s" % (lineno, e)) from None
    if seed is None:
        raise TraceError("empty trace")
    return seed, records


def replay(seed, records):
    """Feed the trace's inputs to Narrator(seed); compare its outputs.

    Returns None when identical, else (t, event, expected, got): the first
    difference, where expected/got is an action or None (one side ended).
    """
    narrator = Narrator(seed=seed)
    expected = []
    pending = None  # (t, event) whose outputs we are collecting

    def check(t, event, got):
        for i in range(max(len(expected), len(got))):
            want = expected[i] if i < len(expected) else None
            have = got[i] if i < len(got) else None
            if want != have:
                return (t, event, want, have)
        return None

    for t, way, obj in records:
        if way == "out":
            expected.append(obj)
            continue
        if pending is not None:
            diff = check(pending[0], pending[1], narrator.handle(pending[1], pending[0]))
            if diff:
                return diff
        pending = (t, obj)
        expected = []
    if pending is not None:
        return check(pending[0], pending[1], narrator.handle(pending[1], pending[0]))
    return None


# -- following a trace another process writes ------------------------------------


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
