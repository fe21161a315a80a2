"""A virtual touch rig: a RigCore (hal/cfx/rig_core.py) on a real line, run by
a thread, on a pty it makes (its path to give `clue-fx serve --port`) or a
serial URL (reopened when its line drops); and the keys of `clue-fx rig`
(hal/cfx/keys.py), which press pads and buttons as in `clue-fx play
--text`, and reboot, unplug or mute the rig on demand.

    with VirtualRig() as rig:        # a pty, a thread
        rig.switch(True); rig.tap_pad("ECURIE"); rig.wait(lambda r: r.played, 2.0)

    keys = hal.cfx.keys.Keys(rig, print)          # clue-fx rig (hal/cli/rig.py)
    for ch in hal.cfx.keys.read_keys(sys.stdin):
        if not keys.key(ch): break
"""

import json
import os
import tempfile
import threading
import time

from . import port
from .rig_core import RigCore

REOPEN_S = 0.5  # a serial URL whose line dropped is tried again this often


class VirtualRig:
    """A RigCore on a real line, run by a thread: a pty it creates (its path
    is `self.path`, a symlink that survives unplug/replug, like
    /dev/serial/by-id), or a pyserial URL. Methods are safe from any thread."""

    def __init__(self, url=None, link=None, echo=None, keep=None, **core):
        """`url`: speak on this pyserial URL; else on a pty whose path is
        `link` (default: a new temporary folder's "tty", made by start()).
        `echo`: callable(direction, bytes) told of what goes each way.
        `keep`: a file where the board's physical state (the switch, the
        pawns down, the batteries) outlives this program, as a board's
        outlives its USB cable: a rig restarted on the same `link` or `url`
        comes back as it was left (default: beside the link, or in the
        temporary folder for a URL; none for a new temporary pty).
        The rest is RigCore's."""
        self.url = url
        if keep is None and (url is not None or link is not None):
            keep = _keep_path(url, link)
        self.keep = keep
        self.restored = False  # the state came from `keep`
        self._saved = None
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
        self.lost = False  # plugged, but the URL's line dropped: reopening
        self.reopen_tries = 0

    def _clock(self):
        return int(time.monotonic() * 1000)

    # -- the line ---------------------------------------------------------------------

    def _plug(self):
        if self.url is not None:
            self._port = port.open_url(self.url, timeout=0.02)
        else:
            self._pty = port.Pty(self.path)  # replaces a link a killed rig left
        self.plugged = True

    def _line_lost(self):
        """The URL's line dropped under us (socat gone, a TCP peer closed):
        close it and try it again every REOPEN_S, without spinning."""
        self.core.take()
        try:
            self._port.close()
        except Exception:
            pass
        self._port = None
        self.lost = True

    def _reopen(self):
        self.reopen_tries += 1
        try:
            self._port = port.open_url(self.url, timeout=0.02)
        except port.PortError:
            return False
        self.lost = False
        self.core.emit(_hello(self.core))  # the same rig, not rebooted: it says who it is
        self._write()
        return True

    def _unplug(self):
        self.plugged = False
        self.lost = False
        self.core.take()  # what was on its way is lost with the cable
        if self._port is not None:
            self._port.close()
            self._port = None
        if self._pty is not None:
            self._pty.close()
            self._pty = None

    def _write(self):
        data = self.core.take()
        if not data or not self.plugged or self.lost:
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
            return port.read_some(self._port)  # waits at most its 20 ms timeout
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
        self._restore()
        self._plug()
        with self._lock:
            self.core.boot(self._clock())
            self._write()
        self._running = True
        self._thread = threading.Thread(target=self._loop, name="virtual-rig", daemon=True)
        self._thread.start()
        return self

    def _idle(self, wait_s):
        """Wait for a wake-up (a key, close) at most `wait_s`: no spinning."""
        import select

        r, _, _ = select.select([self._wake_r], [], [], wait_s)
        if r:
            os.read(self._wake_r, 512)

    def _loop(self):
        due = 0
        while self._running:
            if not self.plugged:
                self._idle(REOPEN_S)
                continue
            if self.lost:
                with self._lock:
                    back = self.plugged and self._reopen()
                if not back:
                    self._idle(REOPEN_S)
                continue
            try:
                data = self._read(min(max(due, 1), 100) / 1000.0)
            except Exception:  # the port went away under us
                with self._lock:
                    if self._port is not None:
                        self._line_lost()
                continue
            with self._lock:
                if not self.plugged or self.lost:
                    continue
                now = self._clock()
                if data:
                    if self.echo:
                        self.echo("host>", data)
                    self.core.on_bytes(data, now)
                    self._save()  # a TOUCH moves the board too
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
            # kept before it is said: a rig killed between the two must not come back
            # without a change the host has already heard (the switch ON, a pawn)
            self._save()
            if self.plugged and not self.lost:
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
            if self.plugged and not self.lost:
                self._unplug()
        if self.keep is not None and os.path.exists(self.keep):
            os.unlink(self.keep)  # put away: only a rig that died keeps its board for the next
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
                try:
                    self._plug()
                except port.PortError:  # a URL not there now: tried again every REOPEN_S
                    self.plugged = self.lost = True
                    return
                if reboot:
                    self.core.boot(self._clock())
                self._write()
        self._wake()

    # -- the board's physical state, kept across restarts -------------------------------------

    def _restore(self):
        if self.keep is None:
            return
        try:
            with open(self.keep, encoding="utf-8") as f:
                kept = json.load(f)
            core = self.core
            switch, pads, mv = bool(kept["switch"]), [str(p) for p in kept["pads"]], int(kept["millivolts"])
        except (OSError, ValueError, KeyError, TypeError):
            return  # none yet, or unreadable: a board as it comes out of its box
        core.switch_on, core.pads, core.millivolts = switch, pads, mv
        self.restored = True

    def _save(self):
        """The switch, the pawns and the batteries, for a rig restarted here."""
        if self.keep is None:
            return
        c = self.core
        kept = {"switch": c.switch_on, "pads": list(c.pads), "millivolts": c.millivolts}
        if kept == self._saved:
            return
        try:
            tmp = self.keep + ".new"
            with open(tmp, "w", encoding="utf-8") as f:
                json.dump(kept, f)
            os.replace(tmp, self.keep)
            self._saved = kept
        except OSError:
            pass  # a folder that cannot be written: the rig works, and forgets

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


def _hello(core):
    from .wire import hello_line

    return hello_line(core.name, core.features)


def _keep_path(url, link):
    if url is None:
        return link + ".state"
    name = "".join(c if c.isalnum() else "_" for c in url)[-80:]
    return os.path.join(tempfile.gettempdir(), "clue-fx-rig-%s.state" % name)
