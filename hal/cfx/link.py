"""The host's link to its rig, as one table (firmware/table.py's habit):
four states, what may happen in each, and where each happening leads.

    link = Link()                 # DOWN
    link.go(OPENED, now)          # HELLO; a happening a state does not list raises
    link.game_ms(now)             # the game's clock: the host's, less the time away

Theory of operation (docs/PROTOCOL.md, Liveness and faults):

- DOWN: no port. The game waits; its clock stands still.
- HELLO: the port is open (or the rig went silent on it) and the host asks
  `HELLO?` every ping period until the rig introduces itself. Event lines
  are not the rig's yet: they are dropped. A STATE from a rig the host
  already knew (a hung rig reading what waited) means it is back.
- SYNC: the rig said HELLO; the host asked `STATE?` and takes event lines
  already (their numbers start after the HELLO). The game's clock runs.
- UP: STATE answered, host and rig agree: Ticks flow, the rig's speaker is
  waited on, every gap in the numbers is a `STATE?`.

A silence of PINGS_LOST pings in SYNC or UP is SILENT: back to HELLO. The
port vanishing is CLOSED from anywhere; opening it again is OPENED. The
Host (hal.cfx.host) does what each happening means and moves the link here,
so that the table says every way the link can go and nothing else goes.
"""

PING_MS = 2000  # a rig silent this long is pinged; HELLO? is repeated as often
PINGS_LOST = 3  # unanswered pings: the rig is gone

DOWN = "down"
HELLO = "hello"
SYNC = "sync"
UP = "up"
STATES = (DOWN, HELLO, SYNC, UP)

# What happens to a link.
OPENED = "opened"  # the port is open, the first time or again
CLOSED = "closed"  # the port vanished (or was closed)
INTRODUCED = "introduced"  # the rig said HELLO
AGREED = "agreed"  # the rig's STATE arrived, and the host took it
SILENT = "silent"  # PINGS_LOST pings unanswered on a port still open

TABLE = {
    DOWN: {OPENED: HELLO, CLOSED: DOWN},
    HELLO: {OPENED: HELLO, CLOSED: DOWN, INTRODUCED: SYNC, AGREED: UP},
    SYNC: {OPENED: HELLO, CLOSED: DOWN, INTRODUCED: SYNC, AGREED: UP, SILENT: HELLO},
    UP: {OPENED: HELLO, CLOSED: DOWN, INTRODUCED: SYNC, AGREED: UP, SILENT: HELLO},
}

# What each state does.
TAKES_EVENTS = (SYNC, UP)  # event lines are the rig's (else dropped, counted "ignored")
CLOCK_RUNS = (SYNC, UP)  # the game's clock runs (it stands still while the rig is away)
TICKS = (UP,)  # Ticks go to the firmware, DONE is waited for
PINGED = (SYNC, UP)  # a silence is answered with PING (in HELLO: HELLO? again)


class Link:
    """The link's state, and the game's clock that runs only in CLOCK_RUNS."""

    def __init__(self):
        self.state = DOWN
        self._paused = True
        self._paused_since = None  # None: never ran yet
        self._paused_total = 0

    def go(self, happening, now):
        """Move on `happening` at `now` (host ms); returns the state it left.
        A happening the state does not list is a bug of the host, not of the
        rig: it raises."""
        nxt = TABLE[self.state].get(happening)
        if nxt is None:
            raise RuntimeError(
                "link: %s cannot happen in %s (only %s)" % (happening, self.state, ", ".join(TABLE[self.state]))
            )
        before, self.state = self.state, nxt
        if nxt in CLOCK_RUNS:
            self._resume(now)
        elif not self._paused:
            self._paused = True
            self._paused_since = now
        return before

    def game_ms(self, now):
        """The game's time at host time `now`: 0 until the link first runs."""
        if self._paused_since is None:
            return 0
        paused = self._paused_total
        if self._paused:
            paused += now - self._paused_since
        return max(0, now - paused)

    def _resume(self, now):
        if self._paused:
            if self._paused_since is None:
                self._paused_total = now  # the game's clock starts at 0 here
            else:
                self._paused_total += now - self._paused_since
            self._paused_since = now
            self._paused = False
