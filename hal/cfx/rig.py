"""A virtual touch rig speaking CFX/1: the board's pads, buttons, switch and
batteries in software, on a pty it creates (it prints the path to give
`clue-fx serve --port`) or on a serial URL. Keys press pads and buttons, as
in `clue-fx play --text`. Faults on demand, for reliability tests: lines
dropped, corrupted or duplicated at random rates, a reboot, an unplug.

    clue-fx rig                      # prints: rig on /tmp/clue-fx-rig-1234/tty
    clue-fx serve --port /tmp/clue-fx-rig-1234/tty --audio rig

From Python (tests):

    with VirtualRig() as rig:        # a pty, a thread
        rig.switch(True); rig.tap_pad("ECURIE"); rig.wait(lambda r: r.played, 2.0)
"""

import os
import random
import sys
import threading
import time

from . import wire as cfx

FEATURES = ("pads", "buttons", "switch", "battery", "audio", "debounced", "touch")
BATTERY_EVERY_MS = 10000
MILLIVOLTS = 4500


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
        # what happened, for tests and the console
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
            data[i] = 33 + (data[i] + 1 + self.rng.randrange(90)) % 94
            if data[i] == 42:  # keep it a checksum error, not a new framing
                data[i] = 43
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
                self.errors.append(value)
                self.emit(cfx.err_line(value))

    def on_line(self, text, now):
        try:
            msg = cfx.parse_host(text)
        except ValueError as e:
            self.errors.append(cfx.reason_of(e))
            self.emit(cfx.err_line(cfx.reason_of(e)))
            return
        self.heard.append(msg)
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
            self.queue.extend(msg[1])
            if self._until is None:
                self._until = now + self.clip_ms
        elif kind == "stop":
            self.queue = []
            self._until = None
        elif kind == "touch":
            if "touch" not in self.features:
                self.emit(cfx.err_line("unknown_command"))
                return
            _, what, ident, down = msg
            if what == "PAD":
                self.pad(ident, down)
            elif what == "BTN":
                self.button(ident, down)
            else:
                self.switch(down)

    # -- time ------------------------------------------------------------------------

    def step(self, now):
        """The speaker and the battery report. Returns the ms until the next."""
        due = 1000
        while self._until is not None and now >= self._until:
            self.played.append(self.queue.pop(0))
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


class VirtualRig:
    """A RigCore on a real line, run by a thread: a pty it creates (its path
    is `self.path`, a symlink that survives unplug/replug, like
    /dev/serial/by-id), or a pyserial URL. Methods are safe from any thread."""

    def __init__(self, url=None, link=None, echo=None, **core):
        self.url = url
        self.core = RigCore(**core)
        self.echo = echo  # callable(direction, text) for the console
        self._lock = threading.Condition()
        self._master = None
        self._slave = None
        self._port = None
        self._thread = None
        self._running = False
        self._dir = None
        self.path = url
        if url is None:
            if link is None:
                import tempfile

                self._dir = tempfile.mkdtemp(prefix="clue-fx-rig-")
                link = os.path.join(self._dir, "tty")
            self.path = link
        self.plugged = False

    def _clock(self):
        return int(time.monotonic() * 1000)

    # -- the line ---------------------------------------------------------------------

    def _plug(self):
        if self.url is not None:
            import serial

            self._port = serial.serial_for_url(self.url, baudrate=115200, timeout=0.02)
        else:
            import pty
            import tty

            self._master, self._slave = pty.openpty()
            tty.setraw(self._slave)  # no echo, no line editing: a UART, not a terminal
            os.set_blocking(self._master, False)
            tmp = self.path + ".new"
            if os.path.lexists(tmp):
                os.unlink(tmp)
            os.symlink(os.ttyname(self._slave), tmp)
            os.replace(tmp, self.path)
        self.plugged = True

    def _unplug(self):
        self.plugged = False
        self.core.take()  # what was on its way is lost with the cable
        if self._port is not None:
            self._port.close()
            self._port = None
        if self._master is not None:
            if os.path.lexists(self.path):
                os.unlink(self.path)
            os.close(self._master)
            os.close(self._slave)
            self._master = self._slave = None

    def _write(self):
        data = self.core.take()
        if not data or not self.plugged:
            return
        if self.echo:
            self.echo("rig>", data)
        try:
            if self._port is not None:
                self._port.write(data)
            else:
                os.write(self._master, data)
        except (BlockingIOError, OSError):
            pass  # nobody reading: the line drops it, as a UART would

    def _read(self, wait_s):
        import select

        if self._port is not None:
            data = self._port.read(1)  # waits at most its 20 ms timeout
            if data and self._port.in_waiting:
                data += self._port.read(self._port.in_waiting)
            return data
        r, _, _ = select.select([self._master, self._wake_r], [], [], wait_s)
        if self._wake_r in r:
            os.read(self._wake_r, 512)
        if self._master in r:
            try:
                return os.read(self._master, 4096)
            except (BlockingIOError, OSError):
                return b""
        return b""

    # -- the thread ----------------------------------------------------------------------

    def start(self):
        self._wake_r, self._wake_w = os.pipe()
        self._plug()
        with self._lock:
            self.core.boot(self._clock())
            self._write()
        self._running = True
        self._thread = threading.Thread(target=self._loop, name="virtual-rig", daemon=True)
        self._thread.start()
        return self

    def _loop(self):
        due = 0
        while self._running:
            if not self.plugged:
                time.sleep(0.01)
                continue
            try:
                data = self._read(min(max(due, 1), 100) / 1000.0)
            except Exception:  # the port went away under us
                data = b""
            with self._lock:
                if not self.plugged:
                    continue
                now = self._clock()
                if data:
                    if self.echo:
                        self.echo("host>", data)
                    self.core.on_bytes(data, now)
                due = self.core.step(now)
                self._write()
                self._lock.notify_all()

    def _wake(self):
        try:
            os.write(self._wake_w, b"x")
        except OSError:
            pass

    def do(self, fn):
        """Run fn(core) under the lock and send what it said."""
        with self._lock:
            result = fn(self.core)
            if self.plugged:
                self.core.step(self._clock())
                self._write()
            self._lock.notify_all()
        self._wake()
        return result

    def close(self):
        self._running = False
        self._wake()
        if self._thread is not None:
            self._thread.join(2)
        with self._lock:
            if self.plugged:
                self._unplug()
        for fd in (getattr(self, "_wake_r", None), getattr(self, "_wake_w", None)):
            if fd is not None:
                os.close(fd)
        self._wake_r = self._wake_w = None
        if self._dir is not None:
            try:
                os.rmdir(self._dir)
            except OSError:
                pass

    def __enter__(self):
        return self.start() if self._thread is None else self

    def __exit__(self, *exc):
        self.close()

    # -- the Python API -----------------------------------------------------------------------

    def press_pad(self, pad):
        self.do(lambda c: c.pad(pad, True))

    def release_pad(self, pad):
        self.do(lambda c: c.pad(pad, False))

    def tap_pad(self, pad):
        """A pawn put down and lifted (or a finger): PAD DOWN then PAD UP."""
        self.do(lambda c: (c.pad(pad, True), c.pad(pad, False)))

    def press_button(self, button):
        """A button pressed and released."""
        self.do(lambda c: (c.button(button, True), c.button(button, False)))

    def hold_button(self, button, down):
        self.do(lambda c: c.button(button, down))

    def switch(self, on):
        self.do(lambda c: c.switch(on))

    def battery(self, millivolts):
        self.do(lambda c: c.battery(millivolts, self._clock()))

    def send_raw(self, data):
        self.do(lambda c: c.raw(data))

    def reboot(self):
        """The rig restarts: numbering from 0, HELLO; inputs as they are."""
        self.do(lambda c: c.boot(self._clock()))

    def mute(self, muted=True):
        """A hung rig: it hears the host and says nothing."""
        self.do(lambda c: setattr(c, "muted", muted))

    def faults(self, **kw):
        """Set fault rates or counts: drop, corrupt, duplicate (rates 0..1);
        drop_next, corrupt_next, duplicate_next (the next n lines)."""
        self.do(lambda c: [setattr(c, k, v) for k, v in kw.items()])

    def unplug(self):
        """The USB cable pulled: the port vanishes (its path too)."""
        with self._lock:
            if self.plugged:
                self._unplug()
        self._wake()

    def replug(self, reboot=True):
        """The cable back in: the same path, a new line; a USB rig reboots."""
        with self._lock:
            if not self.plugged:
                self._plug()
                if reboot:
                    self.core.boot(self._clock())
                self._write()
        self._wake()

    def wait(self, predicate, timeout=5.0):
        """Wait until predicate(core) is true (checked after each change),
        at most `timeout` seconds; returns its last value."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while True:
                value = predicate(self.core)
                left = deadline - time.monotonic()
                if value or left <= 0:
                    return value
                self._lock.wait(min(left, 0.05))


# -- the command ----------------------------------------------------------------------


KEYS_HELP = (
    "keys: 1-9 the places  c l p z the START pads  s f r a y n w the buttons\n"
    "      o switch  - + battery  B reboot  U unplug/replug  M mute  ? help  x quit"
)


def run(args):
    from ..terminal import key_events

    def echo(direction, data):
        for line in data.decode("ascii", "replace").splitlines():
            print("%-5s %s" % (direction, line), flush=True)

    features = tuple(f for f in args.features.split(",") if f)
    rig = VirtualRig(
        url=args.port,
        link=args.link,
        echo=None if args.quiet else echo,
        name=args.name,
        features=features,
        clip_ms=args.clip_ms,
        drop=args.drop,
        corrupt=args.corrupt,
        duplicate=args.duplicate,
        seed=args.seed,
    )
    try:
        rig.start()
    except Exception as e:
        print("clue-fx rig: cannot open %s: %s" % (args.port, e))
        return 2
    import signal

    signal.signal(signal.SIGTERM, _interrupted)  # kill: unplug cleanly all the same
    print("rig on %s" % rig.path, flush=True)
    print(KEYS_HELP, flush=True)
    try:
        for key in _keys(sys.stdin):
            if key in ("x", "\x04", "\x03"):
                break
            if key == "o":
                rig.switch(not rig.core.switch_on)
            elif key in "-+":
                rig.battery(rig.core.millivolts + (100 if key == "+" else -100))
            elif key == "B":
                rig.reboot()
            elif key == "U":
                if rig.plugged:
                    rig.unplug()
                    print("[unplugged]", flush=True)
                else:
                    rig.replug()
                    print("[plugged in again]", flush=True)
            elif key == "M":
                rig.mute(not rig.core.muted)
                print("[muted]" if rig.core.muted else "[talking again]", flush=True)
            elif key in "?h":
                print(KEYS_HELP, flush=True)
            elif key.strip():
                evs = key_events(key.lower())
                if evs is None:
                    print("[%r is not a key: ? for the keys]" % key, flush=True)
                    continue
                for ev in evs:
                    rig.do(lambda c, ev=ev: _apply(c, ev))
    except KeyboardInterrupt:
        pass
    finally:
        rig.close()
    return 0


def _interrupted(signum, frame):
    raise KeyboardInterrupt


def _apply(core, event):
    name = type(event).__name__
    if name in ("PadDown", "PadUp"):
        core.pad(event.pad, name == "PadDown")
    elif name in ("ButtonDown", "ButtonUp"):
        core.button(event.button, name == "ButtonDown")


def _keys(stdin):
    """Keys one by one, as they come: at once on a terminal, each character
    from a pipe. At the end of a pipe the rig stays on until interrupted."""
    fd = stdin.fileno()
    saved = None
    if stdin.isatty():
        import termios
        import tty

        saved = termios.tcgetattr(fd)
        tty.setcbreak(fd)
    try:
        while True:
            ch = os.read(fd, 1).decode("utf-8", "replace")
            if not ch:
                break
            yield ch
    finally:
        if saved is not None:
            import termios

            termios.tcsetattr(fd, termios.TCSADRAIN, saved)
    threading.Event().wait()  # no more keys: serve until Ctrl-C or SIGTERM
