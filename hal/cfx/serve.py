"""The host's port loop: a hal.cfx.host.Host on a real serial line (CFX/1,
docs/PROTOCOL.md). One thread owns the port, reopens it when it vanished
(USB unplugged), reads what came, runs the Host's timers and writes what
the Host wants written. Any pyserial URL names the port: /dev/ttyACM0,
COM3, socket://host:port, rfc2217://host:port, loop://.

    loop = Serve("/dev/ttyACM0", host)    # hal/cli/serve.py builds the host
    loop.run()                            # until loop.running is False
"""

import time

from ..schedule import TICK_MS
from . import port as port_

REOPEN_MS = 500  # how often a vanished port is tried again
READ_WAIT_S = 0.02  # the loop's longest wait for a byte: the timers' grain


class Serve:
    """The loop around a Host: one thread owns the port, reopens it when it
    vanished, and writes what the Host wants written."""

    def __init__(self, url, host, baudrate=port_.BAUD, clock=None):
        self.url = url
        self.host = host
        self.baudrate = baudrate
        self.clock = clock or (lambda: int(time.monotonic() * 1000))
        self.port = None
        self.running = True
        self._next_open = 0
        self._told = False
        self._ever_opened = False  # a port busy at the first open is refused, not waited for
        self.calls = []  # fn(host) from other threads, run by the loop

    def call(self, fn):
        """Run fn(host) in the loop's thread (the Host is not thread-safe)."""
        self.calls.append(fn)

    def _open(self, now):
        try:
            # One read timeout for good: setting it reconfigures the port
            # (tcsetattr, or a telnet exchange for rfc2217://).
            self.port = port_.open_url(self.url, baudrate=self.baudrate, timeout=READ_WAIT_S)
        except port_.PortError as e:
            self.port = None
            if isinstance(e, port_.PortBusy) and not self._ever_opened:
                raise  # one host per port: another program holds it
            if not self._told:
                self.host.news("waiting for the rig on %s (%s)" % (self.url, e.why))
                self._told = True
            return False
        self._told = False
        self._ever_opened = True
        self.host.opened(now)
        return True

    def _close(self, now, why):
        try:
            self.port.close()
        except Exception:
            pass
        self.port = None
        self.host.closed(now, why)

    def once(self, wait_ms):
        """One turn of the loop: read what came (waiting at most wait_ms),
        run the timers, write. Returns the wait for the next turn."""
        now = self.clock()
        if self.port is None:
            if now >= self._next_open and not self._open(now):
                self._next_open = now + REOPEN_MS
            if self.port is None:
                time.sleep(min(wait_ms, REOPEN_MS) / 1000.0)
                return self.host.step(self.clock())
        # Only the port's own errors mean the port vanished: the console's
        # or the trace's (a closed stdout, a full disk) are not the rig's.
        try:
            data = self._read()
        except Exception as e:  # SerialException, OSError
            return self._lost(e)
        now = self.clock()
        while self.calls:
            self.calls.pop(0)(self.host)
        if data:
            self.host.on_bytes(data, now)
        due = self.host.step(now)
        out = self.host.take()
        if out:
            try:
                self.port.write(out)
            except Exception as e:
                return self._lost(e)
        return due

    def _lost(self, e):
        if not port_.vanished(e):
            raise e
        why = getattr(e, "why", None) or "the port vanished"  # Stalled says the rig stopped reading
        self._close(self.clock(), why + (" (%s)" % e if self.host.verbose else ""))
        return REOPEN_MS

    def _read(self):
        return port_.read_some(self.port)  # at most READ_WAIT_S; at once when a byte is there

    def run(self):
        due = 0
        while self.running:
            due = self.once(min(max(due, 1), TICK_MS))
        if self.port is not None:
            self.port.close()
        return 0
