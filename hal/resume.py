"""Resuming a game from its trace (DESIGN.md, Traces; docs/testing.md, Nothing lost).

The trace holds every input the narrator took: replayed into a fresh
Narrator(seed) they rebuild it whole (its guests, its turn, its last
announcement for REPEAT), and the replayed actions must equal the recorded
ones, or the trace is refused. A crash leaves at most a torn last line and
an input whose burst was cut short: both are left out (the press in flight
is lost, nothing else), the file is cut back to its last whole input, and
the game goes on appending to it with the board's clock going on from the
trace's last time.

    resumed, stream = resume("game.jsonl")          # ResumeError: one line
    Board(resumed.seed, trace=stream, sinks=[...], resumed=resumed)

A game switched OFF while it was going (desk.game_going) is offered back by
the screens a keyboard drives, as after a crash: `switched_off(trace)` finds
where that OFF stands, and `resume(path, before_off=True)` cuts the file
back to just before it (the OFF, and what followed while the board was dark,
are left out) and goes on with the game as it was.
"""

try:  # CPython's files: rebuild() alone runs without them (the offline app's page)
    import os

    from .files import Locked, NotRegular, lock, open_regular
except ImportError:  # MicroPython's WebAssembly port
    os = None

from firmware import Narrator, events
from firmware.table import OFF, OVER

from .desk import game_going
from .trace import TraceError, TraceFile, first_difference, groups, handle, load


class ResumeError(Exception):
    """Why a trace cannot be resumed: one line for the player."""


class Resumed:
    """A game rebuilt from its trace: `seed`, `narrator`, `last_t` (the
    board's clock goes on from there), `inputs` replayed, `extras` (the
    lines of other records, e.g. the card table's), `notes` (what was left
    out, one line each), `millivolts` of the last battery reading (or None;
    the readings the trace leaves out are that one, unchanged)."""

    def __init__(self, seed, narrator, last_t, *, inputs, extras, notes, millivolts):
        self.seed = seed
        self.narrator = narrator
        self.last_t = last_t
        self.inputs = inputs
        self.extras = extras
        self.notes = notes
        self.millivolts = millivolts

    @property
    def unfinished(self):
        """A game still going: the board is neither off nor over."""
        return self.narrator.state not in (OFF, OVER)


def rebuild(trace, name="the trace"):
    """(Resumed, the offset to cut the file at) from a hal.trace.Trace."""
    notes = []
    if trace.torn is not None:
        notes.append("the last line of %s (line %d) was torn: left out" % (name, trace.torn))
    gs = groups(trace.records)
    narrator = Narrator(seed=trace.seed)
    cut = trace.end
    kept = len(gs)
    for k, (i, t, event, want) in enumerate(gs):
        try:
            got = handle(narrator, event, t)
        except TraceError as e:
            raise ResumeError("%s cannot be resumed: %s" % (name, e)) from None
        diff = first_difference(t, event, want, got)
        if diff is None:
            continue
        if k == len(gs) - 1 and got[: len(want)] == want:  # the burst in flight when it stopped
            notes.append("the last input of %s (t=%d ms, %s) was cut short: left out" % (name, t, event.as_dict()))
            cut, kept = trace.starts[i], k
            narrator = Narrator(seed=trace.seed)
            for _, t2, e2, _ in gs[:k]:
                narrator.handle(e2, t2)
            break
        raise ResumeError(
            "%s does not replay identical at t=%d ms (recorded %r, the firmware says %r): it cannot be resumed"
            % (name, diff[0], diff[2], diff[3])
        )
    last_t = max([t for _, t, _, _ in gs[:kept]] + [0])
    batteries = [e.millivolts for _, _, e, _ in gs[:kept] if type(e) is events.Battery]
    extras = [obj for offset, obj in trace.extras if offset < cut]
    resumed = Resumed(
        trace.seed, narrator, last_t, inputs=kept, extras=extras, notes=notes,
        millivolts=batteries[-1] if batteries else None,
    )
    return resumed, cut


def switched_off(trace):
    """The offset of the switch OFF that ended a game still going, when the
    trace's board is off since (nothing after it but what a dark board
    takes); None otherwise (a game over, asleep, switched on again...)."""
    narrator = Narrator(seed=trace.seed)
    at = None
    for i, t, event, _ in groups(trace.records):
        if type(event) is events.Switch and not event.on:
            at = trace.starts[i] if game_going(narrator) else None
        try:
            handle(narrator, event, t)
        except TraceError:
            return None
    return at if narrator.state == OFF else None


def inspect(path, before_off=False):
    """The Resumed of the trace at `path`, without touching the file;
    ResumeError. `before_off`: of the game a switch OFF ended (see
    switched_off), None if there is none."""
    if not before_off:
        return rebuild(_load(path), path)[0]
    data = _read(path)
    at = switched_off(_parse(data, path))
    if at is None:
        return None
    return rebuild(_parse(data[:at], path), path)[0]


def resume(path, before_off=False):
    """(Resumed, a hal.trace.TraceFile appending to `path`); ResumeError.
    The trace is locked first (one game at a time in it: a second resume is
    refused before anything is read or cut), then cut back to its last
    whole input."""
    _load(path)  # a regular file that is a trace, before it is opened to write
    try:
        stream = open(path, "a", encoding="utf-8")  # noqa: SIM115
    except OSError as e:
        raise ResumeError("cannot append to the trace %s: %s" % (path, e.strerror or e)) from None
    try:
        lock(stream, path)
        trace = _load(path)  # again, now that it is ours: what another process wrote before the lock counts
        if before_off:  # the game a switch OFF ended: the file as it was just before that OFF
            at = switched_off(trace)
            if at is None:
                raise ResumeError("%s holds no game switched off while it was going" % path)
            with open(path, "r+b") as f:
                f.truncate(at)
            trace = _load(path)
        resumed, cut = rebuild(trace, path)
        with open(path, "r+b") as f:
            f.truncate(cut)
            if cut:
                f.seek(cut - 1)
                if f.read(1) != b"\n":  # an intact last line the crash left without its end
                    f.seek(cut)
                    f.write(b"\n")
        try:
            os.fchmod(stream.fileno(), 0o600)  # the web seats' codes are in it: the owner's alone
        except OSError:
            pass  # not ours to change: it stays as it was
    except Locked as e:
        stream.close()
        raise ResumeError("cannot resume %s: %s" % (path, e.strerror)) from None
    except OSError as e:
        stream.close()
        raise ResumeError("cannot append to the trace %s: %s" % (path, e.strerror or e)) from None
    except ResumeError:
        stream.close()
        raise
    return resumed, TraceFile(stream, path)


def _load(path):
    return _parse(_read(path), path)


def _read(path):
    if os.path.isdir(path):
        raise ResumeError("%s is a directory, not a trace" % path)
    try:
        with open_regular(path, "rb") as f:
            return f.read()
    except NotRegular as e:
        raise ResumeError("%s is not a trace to resume: %s" % (path, e.strerror)) from None
    except OSError as e:
        raise ResumeError("cannot read the trace %s: %s" % (path, e.strerror or e)) from None


def _parse(data, name):
    import io

    try:
        return load(io.BytesIO(data))
    except TraceError as e:
        raise ResumeError("%s is not a trace to resume: %s" % (name, e)) from None
