"""The host's side of CFX/1, sans I/O: bytes from the rig in, bytes to the
rig out, events into a hal.runner.Board; the clock is a number handed in.
It handshakes (HELLO?), resyncs (STATE?), debounces rigs that do not,
pings a silent rig and keeps the game while the rig is away.
hal/serve.py runs it on a real port; tests join it to a rig in memory."""

from firmware import events
from firmware.actions import PowerOff, Say, Sfx, StopAudio
from firmware.board import BUTTONS, PADS

from . import wire as cfx

TICK_MS = 100  # the firmware's clock, fed while the rig is up
PING_MS = 2000  # a rig silent this long is pinged; HELLO? is repeated as often
PINGS_LOST = 3  # unanswered pings: the rig is gone
DEBOUNCE_MS = 30  # lock-out after an edge, for rigs that do not debounce
DONE_TIMEOUT_MS = 120000  # a rig that never says DONE: give up waiting

# Link states
DOWN = "down"  # no port open
HELLO = "hello"  # port open, waiting for the rig to introduce itself
SYNC = "sync"  # HELLO seen, STATE? asked
UP = "up"


def _input_key(event):
    """(kind, id, down) of an input event, or None for Battery and AudioDone."""
    name = type(event).__name__
    if name == "PadDown":
        return ("PAD", event.pad), True
    if name == "PadUp":
        return ("PAD", event.pad), False
    if name == "ButtonDown":
        return ("BTN", event.button), True
    if name == "ButtonUp":
        return ("BTN", event.button), False
    if name == "Switch":
        return ("SW", ""), event.on
    return None


def _event_of(key, down):
    kind, ident = key
    if kind == "PAD":
        return events.PadDown(ident) if down else events.PadUp(ident)
    if kind == "BTN":
        return events.ButtonDown(ident) if down else events.ButtonUp(ident)
    return events.Switch(down)


def _describe(event):
    key = _input_key(event)
    if key is None:
        name = type(event).__name__
        if name == "Battery":
            return "battery %d mV" % event.millivolts
        return {"AudioDone": "audio done", "Tick": "tick"}.get(name, repr(event))
    (kind, ident), down = key
    if kind == "SW":
        return "switch %s" % ("ON" if down else "OFF")
    return "%s %s %s" % ("pad" if kind == "PAD" else "button", ident, "down" if down else "up")


class Host:
    """The host's side of CFX/1 with no I/O: bytes and the time in, bytes to
    write out (`take()`), console lines out (`console`), events into the
    firmware's Board. A thin loop (`run`) or a test drives it:

        host.opened(now); host.on_bytes(data, now); host.step(now); port.write(host.take())

    `now` is the host's monotonic clock in ms. The firmware's clock is the
    host's minus the time the rig was away: the game waits while it is gone.
    """

    def __init__(
        self,
        *,
        seed=0,
        lang="fr",
        audio="none",
        trace=None,
        console=None,
        verbose=0,
        audio_out=None,
        captions=None,
        quiet=False,
        ping_ms=PING_MS,
    ):
        from ..captions import Captions
        from ..runner import Board

        self.audio = audio
        self.verbose = verbose
        self.quiet = quiet  # only the link's news: no events, no sentences
        self.ping_ms = ping_ms
        self.console = console if console is not None else (lambda line: None)
        self.captions = captions if captions is not None else Captions(lang)
        self.audio_out = audio_out
        sinks = [self]
        if audio_out is not None:
            sinks.append(audio_out)
        self.board = Board(seed=seed, trace=trace, sinks=sinks)
        self.reader = cfx.LineReader(checks="learn")
        self._out = bytearray()
        self.link = DOWN
        self.rig_name = None
        self.features = ()
        self.last_seq = None
        # What the rig last said of each input, and what the firmware was told.
        self.raw = {}
        self.fed = {}
        self._lock = {}  # input -> debounce lock-out end (host ms)
        self.millivolts = None
        self.playing = False  # --audio rig: clips sent, DONE awaited
        self._unfinished = []  # those clips, sent again if the rig comes back
        self._done_by = 0
        self._last_rx = 0
        self._pings = 0
        self._next_ping = 0
        self._next_tick = 0
        self._paused = True
        self._paused_since = None
        self._paused_total = 0
        self._now = 0
        self._state_by = None  # STATE? asked, the answer awaited by then
        # For tests and the pytest plugin: counters and what was sent.
        self.stats = {
            "lines": 0,
            "events": 0,
            "errors": 0,
            "gaps": 0,
            "duplicates": 0,
            "resyncs": 0,
            "recovered": 0,
            "ignored": 0,
            "reconnects": 0,
            "pongs": 0,
            "rig_errs": 0,
        }
        self.plays = []  # each PLAY line's clips, in order
        self.watchers = []  # callables(host), told after each change

    # -- time ------------------------------------------------------------------

    def game_ms(self, now):
        if self._paused_since is None:
            return 0  # the game's clock starts when the rig is first up
        paused = self._paused_total
        if self._paused:
            paused += now - self._paused_since
        return max(0, now - paused)

    def _pause(self, now):
        if not self._paused:
            self._paused = True
            self._paused_since = now

    def _resume(self, now):
        if self._paused:
            if self._paused_since is None:
                self._paused_total = now
            else:
                self._paused_total += now - self._paused_since
            self._paused_since = now
            self._paused = False

    # -- output ----------------------------------------------------------------

    def send(self, text):
        self._out += cfx.frame(text)
        if self.verbose > 1:
            self.console("  host> %s" % text)

    def send_raw(self, data):
        """Bytes straight onto the line (tests: noise towards the rig)."""
        self._out += data

    def take(self):
        """The bytes to write to the port, once."""
        data = bytes(self._out)
        self._out = bytearray()
        return data

    def say(self, now, text):
        if not self.quiet:
            self.console("%8.3f  %s" % (self.game_ms(now) / 1000.0, text))

    def _changed(self):
        for w in self.watchers:
            w(self)

    # -- the port ----------------------------------------------------------------

    def opened(self, now):
        """The port is open (first time or again): ask the rig who it is."""
        self.reader.reset()
        self._out = bytearray()
        self.link = HELLO
        self._pause(now)
        self.send(cfx.HELLO_Q)
        self._next_ping = now + self.ping_ms
        self._now = now
        self._changed()

    def closed(self, now, why="the port vanished"):
        """The port is gone (USB unplugged): the game waits for it."""
        if self.link == UP:
            self._pause(now)
        if self.link != DOWN:
            self.console("rig gone: %s; the game waits for it" % why)
        self.link = DOWN
        self._changed()

    def _gone(self, now, why):
        """The rig stopped answering on a port still open: wait for its HELLO."""
        self.console("rig gone: %s; the game waits for it" % why)
        self._pause(now)
        self.link = HELLO
        self.send(cfx.HELLO_Q)
        self._next_ping = now + self.ping_ms
        self._changed()

    # -- the clock ---------------------------------------------------------------

    def step(self, now):
        """Timers: debounce, Ticks, pings, DONE timeout. Returns the ms until
        the next thing is due (the loop's longest wait)."""
        self._now = now
        due = TICK_MS
        if self._state_by is not None and now >= self._state_by and self.link in (UP, SYNC):
            self._ask_state(now)  # the answer was lost: again
        if self._lock:
            for key in list(self._lock):
                end = self._lock[key]
                if now >= end:
                    del self._lock[key]
                    self._settle(key, now)
                else:
                    due = min(due, end - now)
        if self.audio_out is not None and self.audio_out.poll():
            self._feed_event(events.AudioDone(), now)
        if self.link == UP:
            if now >= self._next_tick:
                self._next_tick = now + TICK_MS
                self.board.feed(events.Tick(), self.game_ms(now))
            due = min(due, max(0, self._next_tick - now))
            if self.playing and now >= self._done_by:
                self.console("rig never said DONE: going on")
                self.playing = False
                self._unfinished = []
                self._feed_event(events.AudioDone(), now)
        if self.link in (UP, SYNC, HELLO) and now >= self._next_ping:
            if self.link != HELLO and now - self._last_rx < self.ping_ms:
                self._next_ping = self._last_rx + self.ping_ms
            elif self.link == HELLO:
                self.send(cfx.HELLO_Q)
                self._next_ping = now + self.ping_ms
            elif self._pings >= PINGS_LOST:
                self._gone(now, "%d pings unanswered" % PINGS_LOST)
            else:
                if self._pings == 0 and self.link == UP and self._state_by is None:
                    # A lost last line has no later line to show its gap:
                    # the first probe of a silence asks the state too.
                    self._ask_state(now)
                self._pings += 1
                self.send(cfx.PING)
                self._next_ping = now + self.ping_ms
        if self.link != DOWN:
            due = min(due, max(0, self._next_ping - now))
        return due

    # -- input ---------------------------------------------------------------------

    def on_bytes(self, data, now):
        self._now = now
        for kind, value in self.reader.feed(data):
            if kind == "line":
                self.on_line(value, now)
            else:
                self.stats["errors"] += 1  # noise is no sign of life: a loose wire makes it too
                if self.verbose:
                    self.console("  rig line dropped: %s" % value)
                self.send(cfx.err_line(value))

    def on_line(self, text, now):
        self._now = now
        self.stats["lines"] += 1
        self._last_rx = now
        self._pings = 0
        if self.verbose > 1:
            self.console("  rig>  %s" % text)
        try:
            msg = cfx.parse_rig(text)
        except ValueError as e:
            self.stats["errors"] += 1
            if self.verbose:
                self.console("  rig line not understood: %s" % e)
            self.send(cfx.err_line(cfx.reason_of(e)))
            return
        kind = msg[0]
        if kind == "hello":
            self._hello(msg, now)
        elif kind == "state":
            self._state(msg, now)
        elif kind == "event":
            self._event(msg[1], msg[2], now)
        elif kind == "pong":
            self.stats["pongs"] += 1
        elif kind == "err":
            self.stats["rig_errs"] += 1
            if self.verbose:
                self.console("  rig says ERR %s" % msg[1])
        self._changed()

    def _hello(self, msg, now):
        _, name, proto, features = msg
        if proto != cfx.PROTO:
            self.console("rig %s speaks %s; this host speaks %s: trying anyway" % (name, proto, cfx.PROTO))
        again = self.rig_name is not None
        self.rig_name = name
        self.features = features
        self.last_seq = None
        if self.link == UP:
            self.console("rig %s said HELLO again (it restarted): resync" % name)
        elif again:
            self.stats["reconnects"] += 1
            self.console("rig %s is back" % name)
        else:
            self.console("rig %s CFX/1 (%s)" % (name, ",".join(features) or "no features"))
        if self.audio == "rig" and "audio" not in features:
            self.console("rig %s has no speaker: --audio rig shows captions only" % name)
        if self.link != UP:
            self._resume(now)
        self.link = SYNC
        self.stats["resyncs"] += 1
        self._ask_state(now)
        self._next_ping = now + self.ping_ms
        if self.playing and self._unfinished:
            for line in cfx.play_lines(self._unfinished):
                self.send(line)  # the sentence the rig lost, again
            self._done_by = now + DONE_TIMEOUT_MS

    def _ask_state(self, now):
        self.send(cfx.STATE_Q)
        self._state_by = now + self.ping_ms // 2

    def _state(self, msg, now):
        _, on, mv, pads, buttons = msg
        self._state_by = None
        want = {}
        for p in PADS:
            want[("PAD", p)] = p in pads
        for b in BUTTONS:
            want[("BTN", b)] = b in buttons
        sw = ("SW", "")
        # Presses before the switch goes ON (a pawn left on the board), after it goes OFF.
        order = [k for k in want if not k == sw]
        if self.raw.get(sw, False) != on:
            if on:
                order.append(sw)
            else:
                order.insert(0, sw)
        want[sw] = on
        for key in order:
            if self.raw.get(key, False) != want[key]:
                self.stats["recovered"] += 1
                self.raw[key] = want[key]
                self._lock.pop(key, None)
                self._settle(key, now, force=True)
        if mv and mv != self.millivolts:
            self._feed_battery(mv, now)
        if self.link != UP:
            if self.link == HELLO and self.rig_name is not None:
                # Gone, then its answer to a STATE? asked before it went quiet
                # arrives first (a hung rig reads what waited): it is back.
                self.stats["reconnects"] += 1
                self.console("rig %s is back" % self.rig_name)
            self._resume(now)
            self.link = UP
            self._next_tick = now
            goes_on = self.stats["resyncs"] > 1 or self.stats["reconnects"]
            self.console("rig %s ready: the game %s" % (self.rig_name, "goes on" if goes_on else "can start"))

    def _event(self, seq, event, now):
        if self.link in (DOWN, HELLO):
            self.stats["ignored"] += 1  # who is it? STATE? after its HELLO will tell
            return
        gap = cfx.seq_gap(self.last_seq, seq)
        if gap < 0:
            if seq == self.last_seq:
                self.stats["duplicates"] += 1
                if self.verbose:
                    self.console("  duplicate line %d dropped" % seq)
                return
            # An older number: the rig restarted and its HELLO was lost.
            self.stats["gaps"] += 1
            self.console("rig numbers went back (%s -> %d): resync" % (self.last_seq, seq))
            self.last_seq = seq
            self._ask_state(now)
            return
        if self.last_seq is None:
            gap = 0  # the first event since HELLO: STATE? covers what came before
        self.last_seq = seq
        if gap:
            self.stats["gaps"] += 1
            self.console("%d rig line(s) lost before %d: asking STATE?" % (gap, seq))
            self._ask_state(now)
        self.stats["events"] += 1
        name = type(event).__name__
        if name == "Battery":
            self._feed_battery(event.millivolts, now)
            return
        if name == "AudioDone":
            if self.playing:
                self.playing = False
                self._unfinished = []
                self._feed_event(event, now)
            return
        key, down = _input_key(event)
        if self.raw.get(key, False) == down:
            # A rig reports changes only, and duplicates are gone by now: an
            # edge the host already believes means the opposite edge was lost
            # (this line's gap, or an earlier one whose STATE? is on its way).
            # Before the first STATE of a link, the host's belief is stale:
            # the coming STATE settles it instead.
            if self.link != UP:
                self.stats["ignored"] += 1
                if self.verbose:
                    self.console("  %s before STATE: left to STATE" % _describe(event))
                return
            self.stats["recovered"] += 1
            if self.verbose:
                self.console("  %s again: its opposite was lost" % _describe(event))
            self._edge(key, not down, now)
        self._edge(key, down, now)

    def _edge(self, key, down, now):
        self.raw[key] = down
        if key in self._lock and "debounced" not in self.features:
            return  # settles when the lock-out ends (step)
        self._settle(key, now)

    def _settle(self, key, now, force=False):
        down = self.raw.get(key, False)
        if self.fed.get(key, False) == down:
            return
        self.fed[key] = down
        if "debounced" not in self.features and not force:
            self._lock[key] = now + DEBOUNCE_MS
        self._feed_event(_event_of(key, down), now)

    def _feed_battery(self, mv, now):
        self.millivolts = mv
        self._feed_event(events.Battery(mv), now)

    def _feed_event(self, event, now):
        if self.verbose or type(event).__name__ != "Battery":
            self.say(now, _describe(event))
        self.board.feed(event, self.game_ms(now))

    # -- the firmware's actions ----------------------------------------------------

    def present(self, actions, game_ms):
        clips = []
        show = (lambda line: None) if self.quiet else self.console
        for a in actions:
            kind = type(a)
            if kind is Say:
                text = "Edmond: %s" % self.captions.of(a.clips)
                if self.verbose:
                    text += "  [%s]" % a.key
                show("%8.3f  %s" % (game_ms / 1000.0, text))
                clips.extend(a.clips)
            elif kind is Sfx:
                show("%8.3f  (%s)" % (game_ms / 1000.0, self.captions.clip(a.clip)))
                clips.append(a.clip)
            elif kind is StopAudio:
                if self.audio == "rig" and "audio" in self.features:
                    clips = []
                    self.send(cfx.STOP)
                    self.playing = False
                    self._unfinished = []
            elif kind is PowerOff:
                show("%8.3f  [the board is off: %s]" % (game_ms / 1000.0, a.reason))
        if clips and self.audio == "rig" and "audio" in self.features:
            for line in cfx.play_lines(clips):
                self.send(line)
                self.plays.append(cfx.parse_host(line)[1])
            self.playing = True
            self._unfinished.extend(clips)
            self._done_by = self._now + DONE_TIMEOUT_MS

    # -- tests and the pytest plugin: touches a rig with the `touch` feature ------

    def touch(self, kind, ident, down):
        """Ask the rig to act as if an input changed (extension: `TOUCH`)."""
        self.send(cfx.touch_line(kind, ident, down))
