"""The host's side of CFX/1, sans I/O: bytes from the rig in, bytes to the
rig out, events to its desk (hal.desk: the Board, the switch, the schedule
of Ticks, the speaker's AudioDone; no batteries of its own: the rig's
readings are fed as they come), stepped like every screen's; the clock is
a number handed in. It handshakes
(HELLO?), resyncs (STATE?), debounces rigs that do not, pings a silent rig
and keeps the game while the rig is away. Its link's states are one table:
hal/cfx/link.py, with the theory of operation.

    host = hal.compose.serial_host(console, audio="rig", seed=7)   # the composer builds it, once
    host.opened(now); host.on_bytes(data, now); host.step(now); port.write(host.take())

hal/cfx/serve.py runs it on a port; tests/support/link.py joins it to a rig in memory.
"""

from .. import edges
from ..console import describe, describe_edge
from . import ids, wire
from . import link as states
from .link import DOWN, HELLO, PING_MS, PINGS_LOST, UP
from .rig_inputs import SWITCH, Inputs
from .seq import BACK, DUPLICATE, Budget, Numbers

MIN_PING_MS = 100  # a shorter ping period floods the rig (--ping-ms)


class _Mute:
    """A console that shows nothing (a Host built without one)."""

    quiet = True

    def write(self, text):
        pass

    def line(self, text, now_ms):
        pass

    def heard(self, kind, ident, down, now_ms):
        pass


class Host:
    """Bytes and the time in, bytes out (`take()`), news and events on the
    console, events to `desk`. `now` is the host's monotonic clock in ms;
    the firmware's (the desk's) is the host's less the time the rig was away.

    Parts handed in: `desk` (hal.desk.Desk, built by hal.compose: its
    Board's sinks wired, no virtual batteries, its speaker polled in its
    step: the one way AudioDone reaches the board), `console`
    (hal.console.Console: `write` for the link's news, `line` for events,
    stamped with the game's time, silent when `quiet`), `speaker` the rig's
    own (hal.cfx.rig_speaker.RigSpeaker, --audio rig: told of the rig's HELLO,
    DONE and going, its PLAY and STOP lines carried in `take()`), or None."""

    def __init__(self, desk, *, console=None, speaker=None, verbose=0, ping_ms=PING_MS):
        if type(ping_ms) is not int or ping_ms < MIN_PING_MS:
            why = "the ping period is %r ms: give at least %d ms (default %d)"
            raise ValueError(why % (ping_ms, MIN_PING_MS, PING_MS))
        self.desk = desk
        self.console = console if console is not None else _Mute()
        self.speaker = speaker
        self.verbose = verbose
        self.ping_ms = ping_ms
        self.reader = wire.LineReader(checks="learn")
        self._link = states.Link()
        self._out = bytearray()
        self.rig_name = None
        self.features = ()
        self.numbers = Numbers()  # the last event number taken since HELLO
        self._hello_heard = False  # a HELLO since the port was opened: its lines are the rig's
        self._unsure = False  # lines were lost and the STATE that settles it is awaited
        self._errs = Budget()  # ERR answers: a few a second at most
        self.inputs = Inputs()  # what the rig said of each input (raw), what the firmware was told (fed)
        self.raw, self.fed = self.inputs.raw, self.inputs.fed
        self._last_rx = 0
        self._pings = 0
        self._next_ping = 0
        self._now = 0
        self._state_by = None  # STATE? asked, the answer awaited by then
        # For tests and the pytest plugin: counters and what was sent.
        names = "lines events errors gaps duplicates repeats resyncs recovered ignored reconnects pongs rig_errs"
        self.stats = dict.fromkeys(names.split(), 0)
        self.watchers = []  # callables(host), told after each change

    @property
    def board(self):
        return self.desk.board

    @property
    def millivolts(self):
        """The batteries the rig last reported (None before its first reading)."""
        return self.inputs.millivolts

    @property
    def last_seq(self):
        return self.numbers.last

    @property
    def link(self):
        """The link's state: DOWN, HELLO, SYNC or UP (hal/cfx/link.py)."""
        return self._link.state

    def game_ms(self, now):
        """The firmware's time at host time `now` (it stands still while the rig is away)."""
        return self._link.game_ms(now)

    # -- output ----------------------------------------------------------------

    def send(self, text):
        self._out += wire.frame(text)
        if self.verbose > 1:
            self.news("  host> %s" % text)

    def send_raw(self, data):
        """Bytes straight onto the line (tests: noise towards the rig)."""
        self._out += data

    def take(self):
        """The bytes to write to the port, once (the rig's speaker's lines too)."""
        if self.speaker is not None and self.speaker.lines:
            for line in self.speaker.take_lines():
                self.send(line)
        data = bytes(self._out)
        self._out = bytearray()
        return data

    def news(self, text):
        """A line of the link's news: shown even when the console is quiet."""
        self.console.write(text)

    def _changed(self):
        for w in self.watchers:
            w(self)

    # -- the port ----------------------------------------------------------------

    def opened(self, now):
        """The port is open (first time or again): ask the rig who it is."""
        self.reader.reset()
        self._out = bytearray()
        if self.speaker is not None:
            self.speaker.take_lines()  # nothing said to a rig that was not there
        self._now = now
        self._hello_heard = False  # whoever is there now has not said who it is
        self._link.go(states.OPENED, now)
        self._ask_hello(now)
        self._changed()

    def closed(self, now, why="the port vanished"):
        """The port is gone (USB unplugged, a rig that stopped reading): the
        game waits for it. Said once, not at each failed reopening."""
        if self.link in states.PINGED or (self.link == HELLO and self._hello_heard):
            self.news("rig gone: %s; the game waits for it" % why)
        self._link.go(states.CLOSED, now)
        if self.speaker is not None:
            self.speaker.rig_gone()
        self._changed()

    def _gone(self, now, why):
        """The rig stopped answering on a port still open: wait for its HELLO."""
        self.news("rig gone: %s; the game waits for it" % why)
        self._link.go(states.SILENT, now)
        if self.speaker is not None:
            self.speaker.rig_gone()
        self._ask_hello(now)
        self._changed()

    def _ask_hello(self, now):
        self.send(wire.HELLO_Q)
        self._next_ping = now + self.ping_ms

    def _ask_state(self, now):
        self.send(wire.STATE_Q)
        self._state_by = now + self.ping_ms // 2

    # -- the clock ---------------------------------------------------------------

    def step(self, now):
        """Timers: debounce, pings; while the rig is up, the desk's step
        (Ticks, the speaker's AudioDone, the DONE timeout). Returns the ms
        until the next thing is due (the loop's longest wait)."""
        self._now = now
        due = self.desk.schedule.tick_ms
        link = self.link
        if self._state_by is not None and now >= self._state_by and link in states.PINGED:
            self._ask_state(now)  # the answer was lost: again
        if self.inputs.lock:
            settled, due = self.inputs.due(now, due)
            self._feed_edges(settled, now)
        if link in states.TICKS:
            game_ms = self.game_ms(now)
            self.desk.step(game_ms)
            due = min(due, self.desk.wait_ms(game_ms))
        if link != DOWN and now >= self._next_ping:
            self._probe(now)
        if self.link != DOWN:
            due = min(due, max(0, self._next_ping - now))
        return due

    def _probe(self, now):
        """The ping period ended: HELLO? again, PING a silent rig, or it is gone."""
        if self.link not in states.PINGED:
            self._ask_hello(now)
        elif now - self._last_rx < self.ping_ms:
            self._next_ping = self._last_rx + self.ping_ms
        elif self._pings >= PINGS_LOST:
            self._gone(now, "%d pings unanswered" % PINGS_LOST)
        else:
            if self._pings == 0 and self.link == UP and self._state_by is None:
                # A lost last line has no later line to show its gap:
                # the first probe of a silence asks the state too.
                self._ask_state(now)
            self._pings += 1
            self.send(wire.PING)
            self._next_ping = now + self.ping_ms

    # -- input ---------------------------------------------------------------------

    def on_bytes(self, data, now):
        self._now = now
        for kind, value in self.reader.feed(data):
            if kind == "line":
                self.on_line(value, now)
            else:
                self.stats["errors"] += 1  # noise is no sign of life: a loose wire makes it too
                if self.verbose:
                    self.news("  rig line dropped: %s" % value)
                self._answer_err(value, now)

    def on_line(self, text, now):
        self._now = now
        self.stats["lines"] += 1
        self._last_rx = now
        self._pings = 0
        if self.verbose > 1:
            self.news("  rig>  %s" % text)
        try:
            msg = ids.check(wire.parse_rig(text))
        except wire.LineError as e:
            self.stats["errors"] += 1
            if self.verbose:
                self.news("  rig line not understood: %s" % e)
            self._answer_err(e.reason, now)
            return
        kind = msg[0]
        if kind == "edge":
            taken = self._numbered(msg[1], now)
            if taken:
                self._edge_line(msg[2], msg[3], msg[4], now, gap=taken > 1)
        elif kind == "battery":
            if self._numbered(msg[1], now):
                self._feed_battery(msg[2], now)
        elif kind == "done":
            if self._numbered(msg[1], now) and self.speaker is not None:
                self.speaker.rig_done()  # the desk's next step hears it: AudioDone
        elif kind == "hello":
            self._hello(msg, now)
        elif kind == "state":
            self._state(msg, now)
        elif kind == "pong":
            self.stats["pongs"] += 1
        elif kind == "err":
            self.stats["rig_errs"] += 1
            if self.verbose:
                self.news("  rig says ERR %s" % msg[1])
        self._changed()

    def _answer_err(self, reason, now):
        """`ERR reason`, to a rig that said HELLO only (what talks before it
        may be a REPL that echoes), and a few a second at most."""
        if self._hello_heard and self._errs.allow(now):
            self.send(wire.err_line(reason))

    def _hello(self, msg, now):
        _, name, proto, features = msg
        if proto != wire.PROTO:
            self.news("rig %s speaks %s; this host speaks %s: trying anyway" % (name, proto, wire.PROTO))
        again = self.rig_name is not None
        self.rig_name = name
        self.features = features
        self.inputs.debounced = "debounced" in features
        self.numbers.reset()
        self._hello_heard = True
        if self.link == UP:
            self.news("rig %s said HELLO again (it restarted): resync" % name)
        elif again:
            self.stats["reconnects"] += 1
            self.news("rig %s is back" % name)
        else:
            self.news("rig %s CFX/1 (%s)" % (name, ",".join(features) or "no features"))
        if self.speaker is not None and "audio" not in features:
            self.news("rig %s has no speaker: --audio rig shows captions only" % name)
        self._link.go(states.INTRODUCED, now)
        self.stats["resyncs"] += 1
        self._ask_state(now)
        self._next_ping = now + self.ping_ms
        if self.speaker is not None:
            self.speaker.rig_hello(features, self.game_ms(now))  # a sentence the rig lost is sent again

    def _state(self, msg, now):
        if self.link == HELLO and not self._hello_heard:
            self.stats["ignored"] += 1  # no HELLO on this port yet: not the rig's STATE (PROTOCOL.md)
            return
        _, on, mv, pads, buttons = msg
        self._state_by = None
        self._unsure = False
        was_on = self.inputs.believes(SWITCH)
        settled, recovered = self.inputs.agree(on, pads, buttons, now)
        self.stats["recovered"] += recovered
        self._feed_edges(settled, now)
        if mv and mv != self.inputs.millivolts:
            self._feed_battery(mv, now)
        if self.link != UP:
            if self.link == HELLO:
                # Gone, then its answer to a STATE? asked before it went quiet
                # arrives first (a hung rig reads what waited): it is back.
                self.stats["reconnects"] += 1
                self.news("rig %s is back" % self.rig_name)
            self._link.go(states.AGREED, now)
            self.desk.schedule.tick_now()  # the first Tick at once
            goes_on = self.stats["resyncs"] > 1 or self.stats["reconnects"]
            if goes_on and was_on and not on:
                how = "its switch is OFF: the board is off"
            else:
                how = "the game goes on" if goes_on else "the game can start"
            self.news("rig %s ready: %s" % (self.rig_name, how))

    def _numbered(self, seq, now):
        """Whether the event line numbered `seq` is taken: not before HELLO,
        not twice, not an older one; a gap before it asks STATE?. Returns
        the lines lost before it + 1 (0: not taken)."""
        if self.link not in states.TAKES_EVENTS:
            self.stats["ignored"] += 1  # who is it? STATE? after its HELLO will tell
            return 0
        before = self.numbers.last
        verdict, gap = self.numbers.take(seq)
        if verdict == DUPLICATE:
            self.stats["duplicates"] += 1
            if self.verbose:
                self.news("  duplicate line %d dropped" % seq)
            return 0
        if verdict == BACK:
            # A duplicate arriving late, or the rig restarted and its HELLO was lost.
            self.stats["duplicates"] += 1
            self.news("rig numbers went back (%s -> %d): line dropped, resync" % (before, seq))
            self._ask_state(now)
            return 0
        if gap:
            self.stats["gaps"] += 1
            self._unsure = True
            self.news("%d rig line(s) lost before %d: asking STATE?" % (gap, seq))
            self._ask_state(now)
        self.stats["events"] += 1
        return gap + 1

    def _edge_line(self, kind, ident, down, now, gap=False):
        key = (kind, ident)
        if self.inputs.believes(key) == down:
            # The state the host holds, again. With no line lost since the
            # last STATE, a rig repeated itself: nothing changes (one physical
            # press is never two). After lost lines (this line's gap, or an
            # earlier one whose STATE? is on its way) the opposite edge was
            # lost. Before a link's first STATE the host's belief is stale:
            # that STATE settles it instead.
            what = describe_edge(kind, ident, down) if self.verbose else ""
            if not gap and not self._unsure:
                self.stats["repeats"] += 1
                if what:
                    self.news("  %s repeated: changes nothing" % what)
                return
            if self.link != UP:
                self.stats["ignored"] += 1
                if what:
                    self.news("  %s before STATE: left to STATE" % what)
                return
            self.stats["recovered"] += 1
            if what:
                self.news("  %s again: its opposite was lost" % what)
            self._feed_edges(self.inputs.edge(key, not down, now), now)
        self._feed_edges(self.inputs.edge(key, down, now), now)

    def _feed_edges(self, settled, now):
        """What the rig's inputs settled to, told to the desk (hal.desk.Desk.press)."""
        if settled:
            game_ms = self.game_ms(now)
            for kind, ident, down in settled:
                self.console.heard(kind, ident, down, game_ms)
                self.desk.press(kind, ident, down, game_ms)

    def _feed_battery(self, mv, now):
        self.inputs.millivolts = mv
        game_ms = self.game_ms(now)
        event = edges.battery(mv)
        if self.verbose:
            self.console.line(describe(event), game_ms)
        self.desk.feed(event, game_ms)

    def touch(self, kind, ident, down):
        """Tests, the pytest plugin: ask the rig to act as if an input
        changed (extension: `TOUCH`, a rig with the `touch` feature)."""
        self.send(wire.touch_line(kind, ident, down))
