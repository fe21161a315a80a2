"""Traces (DESIGN.md, Traces): JSON Lines, written as things happen and
flushed at once, so a crash or an unplugged cable loses nothing.

    {"trace": "cfx/1", "seed": 7}
    {"t": 1200, "in": {"type": "PadDown", "pad": "ECURIE"}}
    {"t": 1200, "out": {"type": "Say", "key": "place.enter", "args": {...}, "clips": [...]}}

Ticks are left out unless the firmware acted on one (the idle sleep); a
battery reading is left out (by hal.runner's Board) when it repeats the last
one written and changed nothing in the firmware: a reader takes a missing
reading as unchanged, and replay needs nothing re-created.

    TraceWriter(stream, seed).record(now_ms, event, actions)
    seed, records = read(stream);  replay(seed, records) -> None or the first difference
    TraceFollower(path).wait_say("turn.call")   # a trace another process is writing
"""

import json

try:  # CPython's files and clocks: the writer and the reader run without them (the offline app's page)
    import errno
    import os
    import stat
    import sys
    import time
except ImportError:  # MicroPython's WebAssembly port
    errno = os = stat = sys = time = None

from firmware import Narrator, actions, events

FORMAT = "cfx/1"

try:
    TOO_DEEP = RecursionError
except NameError:  # MicroPython has no RecursionError (the offline app's page): it raises RuntimeError
    TOO_DEEP = RuntimeError


def dumps(obj):
    """One trace line's JSON: non-ASCII as is (CPython's ensure_ascii=False; MicroPython's only way)."""
    try:
        return json.dumps(obj, ensure_ascii=False)
    except TypeError:  # MicroPython's json takes no ensure_ascii (and writes text as it is)
        return json.dumps(obj)


class TraceWriter:
    def __init__(self, stream, seed, header=True):
        """`header` False: the stream goes on with a trace already begun (a resumed game)."""
        self._stream = stream
        if header:
            self._line({"trace": FORMAT, "seed": seed})

    def _line(self, obj):
        self._stream.write(dumps(obj) + "\n")
        self._stream.flush()

    def record(self, now_ms, event, outs):
        """One event and the actions it caused."""
        if type(event) is events.Tick and not outs:
            return
        self._line({"t": now_ms, "in": event.as_dict()})
        for action in outs:
            self._line({"t": now_ms, "out": action.as_dict()})
        sync = getattr(self._stream, "sync", None)
        if sync is not None:
            sync()  # on the disk itself, input by input: a power cut loses at most the press in flight

    def extra(self, obj):
        """A line of another record sharing the trace (hal.trace.EXTRA_KEYS): replay skips it."""
        self._line(obj)

    def close(self):
        self._stream.close()


class TraceFile:
    """The trace's file, for hal.trace's writer: a write that fails (a full
    disk) is said once, in one line (to `say`, default stderr), and the game
    goes on without its trace. `sync` puts what was written on the disk
    itself (fsync), for a regular file."""

    def __init__(self, f, path, say=None):
        self._f = f
        self.path = path
        self.say = say or (lambda text: print("clue-fx: " + text, file=sys.stderr))
        try:
            self._syncs = stat.S_ISREG(os.fstat(f.fileno()).st_mode)
        except (OSError, ValueError, AttributeError):
            self._syncs = False  # a pipe, a device, a stream without a file: nothing to sync

    def write(self, text):
        self._do(lambda f: f.write(text))

    def flush(self):
        self._do(lambda f: f.flush())

    def sync(self):
        if self._syncs:
            self._do(_sync)

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
            self.say("the trace %s stops here: %s; the game goes on" % (self.path, e.strerror or e))
            try:
                f.close()
            except OSError:
                pass  # what the disk would not take is lost


def _sync(f):
    if os.fstat(f.fileno()).st_nlink == 0:  # removed: what follows would go nowhere anyone can read
        raise OSError(errno.ENOENT, "the file was removed")
    os.fsync(f.fileno())


class TraceError(ValueError):
    pass


MAX_LINE = 1 << 16  # a trace's longest line, in bytes: longer is not a trace (/dev/zero)
EXTRA_KEYS = ("table",)  # lines of other records sharing the file (the card table's): replay skips them


class Trace:
    """A trace as read: `seed`; `records` [(t, "in"|"out", Event or Action)];
    `starts` the offset of each record's line; `extras` [(offset, dict)] (the
    lines replay skips); `end` the offset after the last intact line; `torn`
    the number of a last line cut short (a crash, a full disk), else None."""

    def __init__(self):
        self.seed = None
        self.records = []
        self.starts = []
        self.extras = []
        self.end = 0
        self.torn = None


def _lines(stream):
    """(lineno, offset, raw line) of a text or binary stream, each at most MAX_LINE long."""
    lineno = offset = 0
    while True:
        try:
            raw = stream.readline(MAX_LINE + 1)
        except UnicodeDecodeError:
            raise TraceError("line %d is not text (UTF-8): not a trace" % (lineno + 1)) from None
        if not raw:
            return
        lineno += 1
        if len(raw) > MAX_LINE:
            raise TraceError("line %d is longer than %d bytes: not a trace" % (lineno, MAX_LINE))
        yield lineno, offset, raw
        offset += len(raw)


def _time(obj, lineno):
    t = obj.get("t")
    if type(t) is not int or t < 0:
        raise TraceError('line %d: "t" is a time in ms (a whole number from 0), not %r' % (lineno, t))
    return t


def load(stream):
    """The Trace of a stream (text, or binary for the offsets in bytes).
    A last line that is not JSON is torn (kept out, `torn` says so); any
    other fault raises TraceError naming its line."""
    trace = Trace()
    pending = None  # the line that did not parse: torn if nothing follows
    for lineno, offset, raw in _lines(stream):
        try:
            text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        except UnicodeDecodeError:
            text = None
        if lineno == 1 and text is not None:
            text = text.lstrip("\ufeff")  # a trace saved again by an editor that marks UTF-8
        if text is not None and not text.strip():
            trace.end = offset + len(raw)
            continue
        if pending is not None:
            raise pending
        try:
            if text is None:
                raise ValueError("not UTF-8 text")
            obj = json.loads(text)
        except TOO_DEEP:  # whole, but nested deeper than any trace: not a cut line
            raise TraceError("line %d: JSON nested too deep for a trace" % lineno) from None
        except ValueError as e:
            pending = TraceError("line %d: not JSON (%s)" % (lineno, e))
            trace.torn = lineno
            continue
        if not isinstance(obj, dict):
            raise TraceError("line %d: a trace line is a JSON object, not %s" % (lineno, type(obj).__name__))
        if trace.seed is None:
            if obj.get("trace") != FORMAT or type(obj.get("seed")) is not int:
                raise TraceError('line 1: expected {"trace": "%s", "seed": N}, got %s' % (FORMAT, text.strip()[:80]))
            trace.seed = obj["seed"]
        elif any(k in obj for k in EXTRA_KEYS):
            trace.extras.append((offset, obj))
        else:
            trace.records.append(_record(obj, lineno))
            trace.starts.append(offset)
        trace.end = offset + len(raw)
    if trace.seed is None:
        raise pending or TraceError("empty trace")
    return trace


def _record(obj, lineno):
    t = _time(obj, lineno)
    try:
        if "in" in obj:
            return (t, "in", events.from_dict(obj["in"]))
        if "out" in obj:
            return (t, "out", actions.from_dict(obj["out"]))
        raise ValueError('neither "in" nor "out"')
    except (KeyError, ValueError, TypeError) as e:
        raise TraceError("line %d: %s" % (lineno, e)) from None


def read(stream):
    """(seed, [(t, "in"|"out", Event or Action), ...]) from a trace stream
    (the intact part of a torn one: hal.trace.load says which line was torn)."""
    trace = load(stream)
    return trace.seed, trace.records


def groups(records):
    """[(index of the input, t, event, [its actions])] of a trace's records."""
    out = []
    for i, (t, way, obj) in enumerate(records):
        if way == "in":
            out.append((i, t, obj, []))
        elif out:
            out[-1][3].append(obj)
    return out


def handle(narrator, event, t):
    """narrator.handle, with an input it cannot take (a hand-made trace) a TraceError."""
    try:
        return narrator.handle(event, t)
    except (TypeError, ValueError, KeyError, AttributeError) as e:
        raise TraceError("at t=%d the firmware cannot take %r (%s)" % (t, event, e)) from None


def first_difference(t, event, want, got):
    for i in range(max(len(want), len(got))):
        a = want[i] if i < len(want) else None
        b = got[i] if i < len(got) else None
        if a != b:
            return (t, event, a, b)
    return None


def replay(seed, records, cut_short=False):
    """Feed the trace's inputs to Narrator(seed); compare its outputs.

    Returns None when identical, else (t, event, expected, got): the first
    difference, where expected/got is an action or None (one side ended).
    `cut_short`: the last input's recorded actions may be only the first of
    those it caused (the trace ends in the middle of its burst: a crash).
    """
    narrator = Narrator(seed=seed)
    gs = groups(records)
    for k, (_, t, event, want) in enumerate(gs):
        got = handle(narrator, event, t)
        if cut_short and k == len(gs) - 1 and got[: len(want)] == want:
            return None
        diff = first_difference(t, event, want, got)
        if diff:
            return diff
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
