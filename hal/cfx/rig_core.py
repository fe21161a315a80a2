"""A touch rig's core in software, sans I/O (the h11 way): the board's
pads, buttons, switch and batteries, a speaker that "plays" clips for a
while, host bytes in, bytes out (`take()`), the time a number handed in.
Faults on demand, for reliability tests: lines dropped, corrupted or
duplicated at random rates or the next n, a hung rig (muted).

    core = RigCore(clip_ms=100)
    core.boot(now); core.pad("ECURIE", True); core.on_bytes(data, now); core.step(now)
    port.write(core.take())

hal/cfx/virtual.py runs it on a pty or a serial URL (`clue-fx rig`);
tests join it to a host in memory (tests/support/link.py).
"""

import random

from . import ids
from . import wire as cfx
from .seq import trim
from .wire import BTN, PAD

FEATURES = ("pads", "buttons", "switch", "battery", "audio", "debounced", "touch")
BATTERY_EVERY_MS = 10000
MILLIVOLTS = 4500
QUEUE_MAX = 256  # clips waiting to play; past it, `ERR queue_full` (as the board's rig)


class RigCore:
    """The rig with no I/O: inputs and host bytes in, bytes out (`take()`).
    `now` is in ms. Faults apply to every line the rig sends."""

    def __init__(
        self,
        *,
        name="virtual-rig",
        features=FEATURES,
        millivolts=MILLIVOLTS,
        clip_ms=0,
        drop=0.0,
        corrupt=0.0,
        duplicate=0.0,
        seed=None,
        battery_every_ms=BATTERY_EVERY_MS,
    ):
        self.name = name
        self.features = tuple(features)
        self.millivolts = millivolts
        self.clip_ms = clip_ms
        self.drop = drop
        self.corrupt = corrupt
        self.duplicate = duplicate
        self.rng = random.Random(seed)
        self.battery_every_ms = battery_every_ms
        self.reader = cfx.LineReader()
        self.switch_on = False
        self.pads = []  # down, in the order pressed
        self.buttons = []
        self.seq = 0
        self.muted = False  # a hung rig: hears, says nothing
        self.queue = []  # clips to play
        self._until = None  # the clip playing ends then
        self._next_battery = None
        self._out = bytearray()
        # deterministic faults for tests: the next n lines
        self.drop_next = 0
        self.duplicate_next = 0
        self.corrupt_next = 0
        # what happened, for tests and the console (each list the last seq.KEEP at least)
        self.heard = []  # host lines, parsed
        self.played = []  # clips finished playing, in order
        self.plays = []  # each PLAY's clips, as received
        self.errors = []  # reasons of host lines dropped
        self.sent = []  # lines sent (before faults)

    # -- output -------------------------------------------------------------------

    def take(self):
        data = bytes(self._out)
        self._out = bytearray()
        return data

    def emit(self, text):
        """Send one line, through the faults."""
        self.sent.append(text)
        trim(self.sent)
        if self.muted:
            return
        if self.drop_next:
            self.drop_next -= 1
            return
        if self.drop and self.rng.random() < self.drop:
            return
        data = cfx.frame(text)
        if self.corrupt_next or (self.corrupt and self.rng.random() < self.corrupt):
            if self.corrupt_next:
                self.corrupt_next -= 1
            data = bytearray(data)
            i = self.rng.randrange(len(data) - 1)  # never the "\n"
            was = data[i]
            # another printable byte, never the same one (a corruption that
            # changes nothing is no corruption)...
            data[i] = 33 + (was - 33 + 1 + self.rng.randrange(93)) % 94
            if data[i] == 42:  # ...nor a new "*": a checksum error, not a new framing
                data[i] = 43 if was != 43 else 44
        self._out += data
        if self.duplicate_next or (self.duplicate and self.rng.random() < self.duplicate):
            if self.duplicate_next:
                self.duplicate_next -= 1
            self._out += data

    def raw(self, data):
        """Bytes straight onto the line: noise, garbage, a half line."""
        self._out += data

    def _event(self, line_of_seq):
        self.emit(line_of_seq(self.seq))
        self.seq = cfx.next_seq(self.seq)

    # -- the board's inputs -----------------------------------------------------------

    def boot(self, now=0):
        """Power-up (or a reboot): numbering from 0, the speaker quiet, HELLO.
        The pads, buttons and switch keep their state: they are physical."""
        self.seq = 0
        self.queue = []
        self._until = None
        self.reader.reset()
        self._next_battery = now
        self.emit(cfx.hello_line(self.name, self.features))

    def pad(self, pad, down):
        if (pad in self.pads) == down:
            return
        if down:
            self.pads.append(pad)
        else:
            self.pads.remove(pad)
        self._event(lambda s: cfx.pad_line(s, pad, down))

    def button(self, button, down):
        if (button in self.buttons) == down:
            return
        if down:
            self.buttons.append(button)
        else:
            self.buttons.remove(button)
        self._event(lambda s: cfx.button_line(s, button, down))

    def switch(self, on):
        if self.switch_on == on:
            return
        self.switch_on = on
        self._event(lambda s: cfx.switch_line(s, on))

    def edge(self, kind, ident, down):
        """An input changes, by the words of hal.edges: PAD, BTN or SW."""
        if kind == PAD:
            self.pad(ident, down)
        elif kind == BTN:
            self.button(ident, down)
        else:
            self.switch(down)

    def battery(self, millivolts, now=None):
        self.millivolts = millivolts
        self._event(lambda s: cfx.battery_line(s, millivolts))
        if now is not None:
            self._next_battery = now + self.battery_every_ms

    def state_text(self):
        return cfx.state_line(self.switch_on, self.millivolts, self.pads, self.buttons)

    # -- the host's lines -----------------------------------------------------------------

    def on_bytes(self, data, now):
        for kind, value in self.reader.feed(data):
            if kind == "line":
                self.on_line(value, now)
            else:
                self._error(value)

    def _error(self, reason):
        self.errors.append(reason)
        trim(self.errors)
        self.emit(cfx.err_line(reason))

    def on_line(self, text, now):
        try:
            msg = ids.check(cfx.parse_host(text))
        except cfx.LineError as e:
            self._error(e.reason)
            return
        self.heard.append(msg)
        trim(self.heard)
        kind = msg[0]
        if kind == "hello?":
            self.emit(cfx.hello_line(self.name, self.features))
        elif kind == "state?":
            self.emit(self.state_text())
        elif kind == "ping":
            self.emit(cfx.PONG)
        elif kind == "play":
            if "audio" not in self.features:
                self.emit(cfx.err_line("no_audio"))
                return
            self.plays.append(list(msg[1]))
            trim(self.plays)
            room = QUEUE_MAX - len(self.queue)
            self.queue.extend(msg[1][:room])
            if len(msg[1]) > room:
                self.emit(cfx.err_line("queue_full"))  # the clips past the queue are not played
            if self._until is None:
                self._until = now + self.clip_ms
        elif kind == "stop":
            self.queue = []
            self._until = None
        elif kind == "touch":
            if "touch" not in self.features:
                self.emit(cfx.err_line("unknown_command"))
                return
            self.edge(msg[1], msg[2], msg[3])

    # -- time ------------------------------------------------------------------------

    def step(self, now):
        """The speaker and the battery report. Returns the ms until the next."""
        due = 1000
        while self._until is not None and now >= self._until:
            self.played.append(self.queue.pop(0))
            trim(self.played)
            if self.queue:
                self._until += self.clip_ms
            else:
                self._until = None
                self._event(cfx.done_line)
        if self._until is not None:
            due = min(due, self._until - now)
        if self._next_battery is not None and self.battery_every_ms:
            if now >= self._next_battery:
                self.battery(self.millivolts, now)
            due = min(due, self._next_battery - now)
        return max(0, due)
