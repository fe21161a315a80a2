"""The host's side of CFX/1, sans I/O: bytes from the rig in, bytes to the
rig out, events into a hal.runner.Board; the clock is a number handed in.
It handshakes (HELLO?), resyncs (STATE?), debounces rigs that do not,
pings a silent rig and keeps the game while the rig is away. Its link's
states are one table: hal/cfx/link.py, with the theory of operation.

    board = Board(seed, trace, sinks=[console])        # the composer builds...
    host = Host(board, console=console, audio="rig")   # ...and hands the parts in
    board.attach(host)                                 # --audio rig: PLAY and STOP
    host.opened(now); host.on_bytes(data, now); host.step(now); port.write(host.take())

hal/cfx/serve.py runs it on a port; tests/support/link.py joins it to a rig in memory.
"""

from firmware.events import AudioDone, Battery

from .. import edges
from ..schedule import Schedule
from ..sink import Sink
from . import ids, wire
from . import link as states
from .inputs import DEBOUNCE_MS, Inputs
from .link import DOWN, HELLO, PING_MS, PINGS_LOST, SYNC, UP

TICK_MS = 100  # the firmware's clock, fed while the rig is up
DONE_TIMEOUT_MS = 120000  # a rig that never says DONE: give up waiting

__all__ = ["Host", "DOWN", "HELLO", "SYNC", "UP", "TICK_MS", "PING_MS", "PINGS_LOST", "DEBOUNCE_MS"]


class _Mute:
    """A console that shows nothing (a Host built without one)."""

    quiet = True

    def write(self, text):
        pass

    def line(self, text, now_ms):
        pass


class Host(Sink):
    """Bytes and the time in, bytes out (`take()`), news and events on the
    console, events into `board`. `now` is the host's monotonic clock in ms;
    the firmware's is the host's less the time the rig was away.

    Parts handed in: `board` (hal.runner.Board, its sinks wired by the
    composer), `console` (hal.console.Console: `write` for the link's news,
    `line` for events, stamped with the game's time, silent when `quiet`),
    `speaker` (--audio host: a Sink of the board whose `poll()` is True once
    drained, hal.audio.AudioOut). With `audio` "rig" the Host is the sink
    that sends PLAY and STOP: the composer attaches it to the board."""

    def __init__(self, board, *, console=None, speaker=None, audio="none", verbose=0, ping_ms=PING_MS):
        self.board = board
        self.console = console if console is not None else _Mute()
        self.speaker = speaker
        self.audio = audio
        self.verbose = verbose
        self.ping_ms = ping_ms
        self.schedule = Schedule(tick_ms=TICK_MS)  # Ticks only: the rig reports its batteries
        self.reader = wire.LineReader(checks="learn")
        self._link = states.Link()
        self._out = bytearray()
        self.rig_name = None
        self.features = ()
        self.last_seq = None
        self.inputs = Inputs()  # what the rig said of each input (raw), what the firmware was told (fed)
        self.raw, self.fed = self.inputs.raw, self.inputs.fed
        self.millivolts = None
        self.playing = False  # --audio rig: clips sent, DONE awaited
        self._unfinished = []  # those clips, sent again if the rig comes back
        self._clips = []  # the clips of the burst being presented
        self._done_by = 0
        self._last_rx = 0
        self._pings = 0
        self._next_ping = 0
        self._now = 0
        self._state_by = None  # STATE? asked, the answer awaited by then
        # For tests and the pytest plugin: counters and what was sent.
        names = "lines events errors gaps duplicates resyncs recovered ignored reconnects pongs rig_errs"
        self.stats = dict.fromkeys(names.split(), 0)
        self.plays = []  # each PLAY line's clips, in order
        self.watchers = []  # callables(host), told after each change

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
        """The bytes to write to the port, once."""
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
        self._now = now
        self._link.go(states.OPENED, now)
        self._ask_hello(now)
        self._changed()

    def closed(self, now, why="the port vanished"):
        """The port is gone (USB unplugged): the game waits for it."""
        if self.link != DOWN:
            self.news("rig gone: %s; the game waits for it" % why)
        self._link.go(states.CLOSED, now)
        self._changed()

    def _gone(self, now, why):
        """The rig stopped answering on a port still open: wait for its HELLO."""
        self.news("rig gone: %s; the game waits for it" % why)
        self._link.go(states.SILENT, now)
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
        """Timers: debounce, Ticks, pings, DONE timeout. Returns the ms until
        the next thing is due (the loop's longest wait)."""
        self._now = now
        due = TICK_MS
        link = self.link
        if self._state_by is not None and now >= self._state_by and link in states.PINGED:
            self._ask_state(now)  # the answer was lost: again
        if self.inputs.lock:
            settled, due = self.inputs.due(now, due)
            self._feed_edges(settled, now)
        if self.speaker is not None and self.speaker.poll():
            self._feed(AudioDone(), now)
        if link in states.TICKS:
            for event in self.schedule.due(now):
                self.board.feed(event, self.game_ms(now))
            due = min(due, self.schedule.wait_ms(now))
            if self.playing and now >= self._done_by:
                self.news("rig never said DONE: going on")
                self._done()
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
                self.send(wire.err_line(value))

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
            self.send(wire.err_line(e.reason))
            return
        kind = msg[0]
        if kind == "edge":
            if self._numbered(msg[1], now):
                self._edge_line(msg[2], msg[3], msg[4], now)
        elif kind == "battery":
            if self._numbered(msg[1], now):
                self._feed_battery(msg[2], now)
        elif kind == "done":
            if self._numbered(msg[1], now) and self.playing:
                self._done()
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

    def _hello(self, msg, now):
        _, name, proto, features = msg
        if proto != wire.PROTO:
            self.news("rig %s speaks %s; this host speaks %s: trying anyway" % (name, proto, wire.PROTO))
        again = self.rig_name is not None
        self.rig_name = name
        self.features = features
        self.inputs.debounced = "debounced" in features
        self.last_seq = None
        if self.link == UP:
            self.news("rig %s said HELLO again (it restarted): resync" % name)
        elif again:
            self.stats["reconnects"] += 1
            self.news("rig %s is back" % name)
        else:
            self.news("rig %s CFX/1 (%s)" % (name, ",".join(features) or "no features"))
        if self.audio == "rig" and "audio" not in features:
            self.news("rig %s has no speaker: --audio rig shows captions only" % name)
        self._link.go(states.INTRODUCED, now)
        self.stats["resyncs"] += 1
        self._ask_state(now)
        self._next_ping = now + self.ping_ms
        if self.playing and self._unfinished:
            for line in wire.play_lines(self._unfinished):
                self.send(line)  # the sentence the rig lost, again
            self._done_by = now + DONE_TIMEOUT_MS

    def _state(self, msg, now):
        if self.link == HELLO and self.rig_name is None:
            self.stats["ignored"] += 1  # no HELLO yet: not the rig's STATE (PROTOCOL.md)
            return
        _, on, mv, pads, buttons = msg
        self._state_by = None
        settled, recovered = self.inputs.agree(on, pads, buttons, now)
        self.stats["recovered"] += recovered
        self._feed_edges(settled, now)
        if mv and mv != self.millivolts:
            self._feed_battery(mv, now)
        if self.link != UP:
            if self.link == HELLO:
                # Gone, then its answer to a STATE? asked before it went quiet
                # arrives first (a hung rig reads what waited): it is back.
                self.stats["reconnects"] += 1
                self.news("rig %s is back" % self.rig_name)
            self._link.go(states.AGREED, now)
            self.schedule.next_tick = now  # the first Tick at once
            goes_on = self.stats["resyncs"] > 1 or self.stats["reconnects"]
            self.news("rig %s ready: the game %s" % (self.rig_name, "goes on" if goes_on else "can start"))

    def _numbered(self, seq, now):
        """Whether the event line numbered `seq` is taken: not before HELLO,
        not twice; a gap before it asks STATE?."""
        if self.link not in states.TAKES_EVENTS:
            self.stats["ignored"] += 1  # who is it? STATE? after its HELLO will tell
            return False
        gap = wire.seq_gap(self.last_seq, seq)
        if gap < 0:
            if seq == self.last_seq:
                self.stats["duplicates"] += 1
                if self.verbose:
                    self.news("  duplicate line %d dropped" % seq)
                return False
            # An older number: the rig restarted and its HELLO was lost.
            self.stats["gaps"] += 1
            self.news("rig numbers went back (%s -> %d): resync" % (self.last_seq, seq))
            self.last_seq = seq
            self._ask_state(now)
            return False
        if self.last_seq is None:
            gap = 0  # the first event since HELLO: STATE? covers what came before
        self.last_seq = seq
        if gap:
            self.stats["gaps"] += 1
            self.news("%d rig line(s) lost before %d: asking STATE?" % (gap, seq))
            self._ask_state(now)
        self.stats["events"] += 1
        return True

    def _edge_line(self, kind, ident, down, now):
        key = (kind, ident)
        if self.inputs.believes(key) == down:
            # A rig reports changes only, and duplicates are gone by now: the
            # opposite edge was lost (this line's gap, or an earlier one whose
            # STATE? is on its way). Before a link's first STATE the host's
            # belief is stale: that STATE settles it instead.
            what = edges.describe(edges.event_of(kind, ident, down)) if self.verbose else ""
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
        for kind, ident, down in settled:
            self._feed(edges.event_of(kind, ident, down), now)

    def _feed_battery(self, mv, now):
        self.millivolts = mv
        self._feed(edges.battery(mv), now)

    def _done(self):
        """The rig's speaker finished (or never will): AudioDone."""
        self.playing = False
        self._unfinished = []
        self._feed(AudioDone(), self._now)

    def _feed(self, event, now):
        game_ms = self.game_ms(now)
        if self.verbose or type(event) is not Battery:
            self.console.line(edges.describe(event), game_ms)
        self.board.feed(event, game_ms)

    # -- the firmware's actions, --audio rig: the rig's speaker (a Sink) ----------

    def _rig_speaks(self):
        return self.audio == "rig" and "audio" in self.features

    def say(self, say, now_ms):
        self._clips.extend(say.clips)

    def sfx(self, sfx, now_ms):
        self._clips.append(sfx.clip)

    def stop_audio(self, now_ms):
        if self._rig_speaks():
            self._clips = []
            self.send(wire.STOP)
            self.playing = False
            self._unfinished = []

    def burst_end(self, now_ms):
        clips, self._clips = self._clips, []
        if clips and self._rig_speaks():
            for line in wire.play_lines(clips):
                self.send(line)
                self.plays.append(wire.parse_host(line)[1])
            self.playing = True
            self._unfinished.extend(clips)
            self._done_by = self._now + DONE_TIMEOUT_MS

    def touch(self, kind, ident, down):
        """Tests, the pytest plugin: ask the rig to act as if an input
        changed (extension: `TOUCH`, a rig with the `touch` feature)."""
        self.send(wire.touch_line(kind, ident, down))
