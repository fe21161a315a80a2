"""The host's bookkeeping of a rig's lines, sans I/O: which event numbers it
takes (docs/PROTOCOL.md, Sequence numbers), how many `ERR` answers it may
send (never a flood: a crashed rig's REPL echoes what it is sent), and the
bound on the lists kept for tests (a long game never grows them).

    numbers = Numbers()
    numbers.take(7)     -> (TAKE, 0)      in order (or the first since HELLO)
    numbers.take(9)     -> (TAKE, 1)      one line lost before 9
    numbers.take(9)     -> (DUPLICATE, 0) the last again: dropped
    numbers.take(2)     -> (BACK, 0)      older: dropped, and a resync
    budget = Budget(4, 1000); budget.allow(now)   # at most 4 a second
    trim(items)                                   # keep the last KEEP
"""

from .wire import SEQ_MOD

TAKE = "take"
DUPLICATE = "duplicate"
BACK = "back"

KEEP = 4096  # the lists kept for tests keep this many at least, twice as many at most
ERR_PER_S = 4  # ERR answers a second, at most


class Numbers:
    """The last event number taken since the rig's HELLO (`last`, None for none)."""

    def __init__(self):
        self.last = None

    def reset(self):
        self.last = None

    def take(self, seq):
        """(verdict, lines lost before it). TAKE: the line is the rig's next
        (gap > 0: lines were lost); DUPLICATE: the last number again,
        dropped; BACK: an older number, dropped: a duplicate arriving late,
        or a restart whose HELLO was lost; numbering goes on from it, and
        the host asks STATE? to be sure."""
        last = self.last
        if last is None:
            self.last = seq
            return TAKE, 0  # the first since HELLO: the STATE? after it covers what came before
        d = (seq - last) % SEQ_MOD
        if d == 0:
            return DUPLICATE, 0
        self.last = seq
        if d > SEQ_MOD // 2:
            return BACK, 0
        return TAKE, d - 1


class Budget:
    """At most `n` of something every `window_ms`; counts what it refused."""

    def __init__(self, n=ERR_PER_S, window_ms=1000):
        self.n = n
        self.window_ms = window_ms
        self._start = None
        self._used = 0
        self.refused = 0

    def allow(self, now):
        if self._start is None or now - self._start >= self.window_ms:
            self._start = now
            self._used = 0
        if self._used < self.n:
            self._used += 1
            return True
        self.refused += 1
        return False


def trim(items, keep=None):
    """Keep the last `keep` (KEEP) of the list `items` once it holds twice
    as many (cheap: one deletion every `keep` appends)."""
    if keep is None:
        keep = KEEP
    if len(items) > 2 * keep:
        del items[:-keep]
