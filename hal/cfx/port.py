"""Opening a CFX/1 line: any pyserial URL (`serial_for_url`: /dev/ttyACM0,
COM3, socket://, rfc2217://, loop://), or a pty this program makes for the
other end, its path a symlink that survives unplug and replug (as
/dev/serial/by-id does). One place for the errors an opening meets, used by
the serve loop, the virtual rig and the monitor.

    port = open_url("/dev/ttyACM0", timeout=0.02)   # PortError if it cannot be opened
    not_a_port("nonsense://x")                      # why no pyserial handler takes it, or None
    vanished(exc)                                   # an error of a port that went away
    pty = Pty("/tmp/cfx"); pty.read(0.1); pty.write(b"..."); pty.close()

What open_url opens is a `Line` (hal/cfx/line.py): one program per port (a
second is refused, PortBusy, naming who holds it), and writes that never
block (a rig that stops reading for WRITE_DEADLINE_MS raises Stalled, an
OSError: the caller takes the port as vanished and opens it again). A
symlink to a pty newer than the link is refused: the program that made
the link is gone and another got its pty's number.
"""

import os
import sys
import time

from .line import WRITE_DEADLINE_MS, Line, PortBusy, PortError, Stalled, holder, lock_port

BAUD = 115200
__all__ = ["BAUD", "WRITE_DEADLINE_MS", "Line", "PortBusy", "PortError", "Pty", "Stalled", "not_a_port", "open_url",
           "stale_link", "vanished"]  # fmt: skip


def _device(url):
    """The path of a local device `url` names (None for socket://, loop://...)."""
    if "://" in url or os.name != "posix":
        return None
    return url


def stale_link(path):
    """Why the symlink `path` no longer leads to the pty its maker made, or
    None: the pty is gone, or a newer one has its number (another program's)."""
    if not os.path.islink(path):
        return None
    target = os.path.realpath(path)
    if not target.startswith("/dev/pts/"):
        return None
    try:
        made = os.stat(target).st_ctime_ns
    except OSError:
        return "its pty %s is gone: the program that made %s has stopped" % (target, path)
    if os.lstat(path).st_mtime_ns < made:
        return "%s is a newer pty than the link: the program that made %s has stopped" % (target, path)
    return None


def _stamp(link, tty):
    """Give `link` the ctime of its pty `tty` and return once the clock that
    stamps files is past it: a pty made from then on (this one's number, once
    it is gone) is stamped later than the link, and stale_link sees it. (A
    link stamped as made, a tick of that clock later, could have the stamp of
    a pty that took its number within the tick: taken for its own.)"""
    if not tty.startswith("/dev/pts/") or os.utime not in os.supports_follow_symlinks:
        return
    made = os.stat(tty).st_ctime_ns
    os.utime(link, ns=(made, made), follow_symlinks=False)
    deadline = time.monotonic() + 0.5  # a tick is a few ms
    while _file_clock_ns() <= made and time.monotonic() < deadline:
        time.sleep(0.0005)


def _file_clock_ns():
    """The clock files are stamped with: Linux's CLOCK_REALTIME_COARSE (a tick behind time.time())."""
    if sys.platform.startswith("linux"):
        return time.clock_gettime_ns(getattr(time, "CLOCK_REALTIME_COARSE", 5))
    return time.time_ns()


def open_url(url, baudrate=BAUD, timeout=None, deadline_ms=WRITE_DEADLINE_MS):
    """The open port of `url`, a Line; PortBusy when another program holds
    it, PortError when it cannot be opened."""
    import serial

    path = _device(url)
    lock = None
    if path is not None:
        why = stale_link(path)
        if why:
            raise PortError(url, why)
        if os.path.exists(path):
            lock = lock_port(url, path)
    try:
        extra = {"exclusive": True} if path is not None else {}
        port = serial.serial_for_url(url, baudrate=baudrate, timeout=timeout, **extra)
    except (serial.SerialException, OSError, ValueError) as e:
        if lock is not None:
            lock.release()
        if path is not None and "exclusively lock" in str(e):
            raise PortBusy(url, holder(path)) from None
        raise PortError(url, e) from None
    return Line(port, url, lock=lock, deadline_ms=deadline_ms)


def not_a_port(url):
    """Why no pyserial handler takes `url` (waiting for it would not help), or None."""
    import serial

    try:
        serial.serial_for_url(url, do_not_open=True)
    except ValueError as e:
        return str(e)
    return None


def vanished(exc):
    """Whether `exc`, raised by a read or a write, means the port went away."""
    import serial

    return isinstance(exc, (serial.SerialException, OSError))  # Stalled is an OSError


class Pty:
    """A pty whose other end is for another program, at `path` (a symlink
    to the pty's slave, made atomically). Raw: no echo, no line editing, a
    UART and not a terminal. `blocking` False: a write nobody reads raises
    BlockingIOError instead of waiting (a line drops what nobody reads)."""

    def __init__(self, path, blocking=False):
        import pty
        import tty

        self.path = path
        self.master, self.slave = pty.openpty()
        tty.setraw(self.slave)
        os.set_blocking(self.master, blocking)
        tmp = path + ".new"
        if os.path.lexists(tmp):
            os.unlink(tmp)
        os.symlink(os.ttyname(self.slave), tmp)
        _stamp(tmp, os.ttyname(self.slave))
        os.replace(tmp, path)

    def wait(self, wait_s, also=()):
        """The fds among the master and `also` that are ready to read within `wait_s`."""
        import select

        r, _, _ = select.select([self.master, *also], [], [], wait_s)
        return r

    def read(self, wait_s=0.1):
        """What the other end wrote, waiting at most `wait_s`; b"" if nothing."""
        if self.master not in self.wait(wait_s):
            return b""
        return self.read_now()

    def read_now(self):
        try:
            return os.read(self.master, 4096)
        except (BlockingIOError, OSError):
            return b""

    def write(self, data):
        """OSError (BlockingIOError among them) when nobody reads the other end."""
        os.write(self.master, data)

    def close(self):
        if os.path.lexists(self.path):
            os.unlink(self.path)
        os.close(self.master)
        os.close(self.slave)
