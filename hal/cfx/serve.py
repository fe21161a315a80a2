"""Run the firmware for a touch rig on a serial line (CFX/1, spec/PROTOCOL.md).

The rig reports pads, buttons, the switch and the batteries; this host turns
its lines into firmware events, feeds the clock, and speaks: on this
computer's speakers (--audio host), on the rig's speaker (--audio rig: PLAY,
STOP, then DONE), or as captions only (--audio none). It pings a silent rig,
notices a port that vanished, keeps the game and carries on when the rig
returns. Any pyserial URL names the port: /dev/ttyACM0, COM3,
socket://host:port, rfc2217://host:port, loop://.

    clue-fx serve --port /dev/ttyACM0 --audio host --lang fr --trace game.jsonl
"""

import time

from .host import TICK_MS, Host  # noqa: F401  (Host: hal.cli.serve builds one)

REOPEN_MS = 500  # how often a vanished port is tried again
READ_WAIT_S = 0.02  # the loop's longest wait for a byte: the timers' grain


# -- the I/O loop ------------------------------------------------------------------


class Serve:
    """The loop around a Host: one thread owns the port, reopens it when it
    vanished, and writes what the Host wants written."""

    def __init__(self, url, host, baudrate=115200, clock=None):
        self.url = url
        self.host = host
        self.baudrate = baudrate
        self.clock = clock or (lambda: int(time.monotonic() * 1000))
        self.port = None
        self.running = True
        self._next_open = 0
        self._told = False
        self.calls = []  # fn(host) from other threads, run by the loop

    def call(self, fn):
        """Run fn(host) in the loop's thread (the Host is not thread-safe)."""
        self.calls.append(fn)

    def _open(self, now):
        import serial

        try:
            # One read timeout for good: setting it reconfigures the port
            # (tcsetattr, or a telnet exchange for rfc2217://).
            self.port = serial.serial_for_url(self.url, baudrate=self.baudrate, timeout=READ_WAIT_S)
        except (serial.SerialException, OSError, ValueError) as e:
            self.port = None
            if not self._told:
                self.host.console("waiting for the rig on %s (%s)" % (self.url, e))
                self._told = True
            return False
        self._told = False
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
        try:
            data = self._read(wait_ms)
            now = self.clock()
            while self.calls:
                self.calls.pop(0)(self.host)
            if data:
                self.host.on_bytes(data, now)
            due = self.host.step(now)
            out = self.host.take()
            if out:
                self.port.write(out)
        except Exception as e:  # SerialException, OSError: the port vanished
            if not _port_error(e):
                raise
            self._close(self.clock(), "the port vanished" + (" (%s)" % e if self.host.verbose else ""))
            return REOPEN_MS
        return due

    def _read(self, wait_ms):
        port = self.port
        first = port.read(1)  # at most READ_WAIT_S; at once when a byte is there
        if not first:
            return first
        n = port.in_waiting
        return first + port.read(n) if n else first

    def run(self):
        due = 0
        while self.running:
            due = self.once(min(max(due, 1), TICK_MS))
        if self.port is not None:
            self.port.close()
        return 0


def _port_error(e):
    import serial

    return isinstance(e, (serial.SerialException, OSError))


# -- the command ----------------------------------------------------------------


def make_audio(lang, notice):
    """hal.audio.AudioOut if this build has it and a sound device answers, else None."""
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # the console is the game's
    try:
        from ..audio import AudioOut
    except ImportError:
        notice("no hal.audio in this build: captions only")
        return None
    try:
        return AudioOut(lang=lang, backend="auto", notice=notice)
    except Exception as e:  # no mixer, no device: the game goes on in captions
        notice("no sound (%s): captions only" % e)
        return None
