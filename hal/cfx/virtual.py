"""A virtual touch rig: a RigCore (hal/cfx/rig.py) on a real line, run by
a thread, on a pty it makes (its path to give `clue-fx serve --port`) or a
serial URL; and the keys of `clue-fx rig`, which press pads and buttons as
in `clue-fx play --text`, and reboot, unplug or mute the rig on demand.

    with VirtualRig() as rig:        # a pty, a thread
        rig.switch(True); rig.tap_pad("ECURIE"); rig.wait(lambda r: r.played, 2.0)

    keys = Keys(rig, print)          # clue-fx rig (hal/cli/rig.py)
    for ch in read_keys(sys.stdin):
        if not keys.key(ch): break
"""

import os
import threading
import time

from .. import terminal
from ..edges import edge_of
from . import port
from .rig import RigCore


class VirtualRig:
    """A RigCore on a real line, run by a thread: a pty it creates (its path
    is `self.path`, a symlink that survives unplug/replug, like
    /dev/serial/by-id), or a pyserial URL. Methods are safe from any thread."""

    def __init__(self, url=None, link=None, echo=None, **core):
        """`url`: speak on this pyserial URL; else on a pty whose path is
        `link` (default: a new temporary folder's "tty", made by start()).
        `echo`: callable(direction, bytes) told of what goes each way.
        The rest is RigCore's."""
        self.url = url
        self.core = RigCore(**core)
        self.echo = echo
        self._lock = threading.Condition()
        self._pty = None
        self._port = None
        self._thread = None
        self._running = False
        self._dir = None
        self._wake_r = self._wake_w = None
        self.path = url if url is not None else link
        self.plugged = False

    def _clock(self):
        return int(time.monotonic() * 1000)

    # -- the line ---------------------------------------------------------------------

    def _plug(self):
        if self.url is not None:
            self._port = port.open_url(self.url, timeout=0.02)
        else:
            self._pty = port.Pty(self.path)
        self.plugged = True

    def _unplug(self):
        self.plugged = False
        self.core.take()  # what was on its way is lost with the cable
        if self._port is not None:
            self._port.close()
            self._port = None
        if self._pty is not None:
            self._pty.close()
            self._pty = None

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
                self._pty.write(data)
        except OSError:
            pass  # nobody reading: the line drops it, as a UART would

    def _read(self, wait_s):
        if self._port is not None:
            data = self._port.read(1)  # waits at most its 20 ms timeout
            if data and self._port.in_waiting:
                data += self._port.read(self._port.in_waiting)
            return data
        r = self._pty.wait(wait_s, also=(self._wake_r,))
        if self._wake_r in r:
            os.read(self._wake_r, 512)
        if self._pty.master in r:
            return self._pty.read_now()
        return b""

    # -- the thread ----------------------------------------------------------------------

    def start(self):
        if self.path is None:
            import tempfile

            self._dir = tempfile.mkdtemp(prefix="clue-fx-rig-")
            self.path = os.path.join(self._dir, "tty")
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
        for fd in (self._wake_r, self._wake_w):
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


# -- the keys of `clue-fx rig` --------------------------------------------------------

KEYS_HELP = (
    "keys: %s-%s the places  %s the START pads  %s the buttons\n"
    "      o switch  - + battery  B reboot  U unplug/replug  M mute  ? help  x quit"
    % (terminal.PLACE_KEYS[0], terminal.PLACE_KEYS[-1], " ".join(terminal.START_KEYS), " ".join(terminal.BUTTON_KEYS))
)
BATTERY_STEP_MV = terminal.BATTERY_STEP_MV
QUIT = ("x", "\x04", "\x03")


class Keys:
    """What each key does to a VirtualRig; the rig's news go to `write`."""

    def __init__(self, rig, write):
        self.rig = rig
        self.write = write

    def key(self, key):
        """Act on one key; False to quit."""
        rig = self.rig
        if key in QUIT:
            return False
        if key == "o":
            rig.switch(not rig.core.switch_on)
        elif key in "-+":
            rig.battery(rig.core.millivolts + (BATTERY_STEP_MV if key == "+" else -BATTERY_STEP_MV))
        elif key == "B":
            rig.reboot()
        elif key == "U":
            if rig.plugged:
                rig.unplug()
                self.write("[unplugged]")
            else:
                rig.replug()
                self.write("[plugged in again]")
        elif key == "M":
            rig.mute(not rig.core.muted)
            self.write("[muted]" if rig.core.muted else "[talking again]")
        elif key in "?h":
            self.write(KEYS_HELP)
        elif key.strip():
            evs = terminal.key_events(key.lower())
            if evs is None:
                self.write("[%r is not a key: ? for the keys]" % key)
            for ev in evs or ():
                edge = edge_of(ev)
                rig.do(lambda c, edge=edge: c.edge(*edge))
        return True


def echo_to(write):
    """An `echo` for VirtualRig: each line that goes either way, as text."""

    def echo(direction, data):
        for line in data.decode("ascii", "replace").splitlines():
            write("%-5s %s" % (direction, line))

    return echo


def read_keys(stdin):
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
