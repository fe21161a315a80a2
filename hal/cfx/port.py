"""An open CFX/1 line, one module from opening to reading: any pyserial URL
(`serial_for_url`: /dev/ttyACM0, COM3, socket://, rfc2217://, loop://), or
a pty this program makes for the other end, its path a symlink that
survives unplug and replug (as /dev/serial/by-id does). One place for the
errors an opening meets, used by the serve loop, the virtual rig and the
monitor.

    port = open_url("/dev/ttyACM0", timeout=0.02)   # a Line; PortError if it cannot be opened
    data = read_some(port)                          # what waits, or one byte within the timeout
    port.write(data)                                # Stalled (an OSError) past the deadline
    not_a_port("nonsense://x")                      # why no pyserial handler takes it, or None
    vanished(exc)                                   # an error of a port that went away
    pty = Pty("/tmp/cfx"); pty.read(0.1); pty.write(b"..."); pty.close()
    lock = lock_port(url, "/dev/ttyACM0"); holder("/dev/ttyACM0")   # one program per port

What open_url opens is a `Line`: held by one program only (a second is
refused, PortBusy, naming who holds it), and written without ever blocking
(docs/PROTOCOL.md, Liveness and faults: a rig that stops reading for
WRITE_DEADLINE_MS raises Stalled, an OSError: the caller takes the port as
vanished and opens it again). A symlink to a pty newer than the link is
refused: the program that made the link is gone and another got its pty's
number.

The lock: a file per device in the temporary folder, `flock`ed (the kernel
lets go of it when its process dies, kill -9 included) and holding the pid
and command of its holder; and pyserial's `exclusive` flock on the device
itself, which other programs that lock (pyserial's, minicom) respect. Who
holds a device without either is looked for in /proc.
"""

import os
import sys
import tempfile
import time

BAUD = 115200
WRITE_DEADLINE_MS = 1000  # bytes the rig has not taken for this long: it stopped reading
PENDING_MAX = 64 * 1024  # or this many waiting


class PortError(Exception):
    """A port that cannot be opened (not there yet, busy, a bad URL)."""

    def __init__(self, url, why):
        super().__init__("%s: %s" % (url, why))
        self.url = url
        self.why = why


class PortBusy(PortError):
    """Another program holds the port; `holder` says who, as well as it can."""

    def __init__(self, url, holder):
        super().__init__(url, "busy: %s holds it" % holder)
        self.holder = holder


class Stalled(OSError):
    """The other end stopped reading: what was written waited past the deadline."""

    def __init__(self, url, pending, waited_ms):
        self.why = "the rig stopped reading (%d bytes not taken in %d ms)" % (pending, waited_ms)
        super().__init__(self.why)
        self.url = url


def _lock_path(path):
    real = os.path.realpath(path)
    folder = os.path.join(tempfile.gettempdir(), "clue-fx-ports")
    os.makedirs(folder, exist_ok=True)
    return os.path.join(folder, "LCK.." + real.strip("/").replace("/", "_"))


def _command():
    argv = list(sys.argv) or ["python"]
    if argv[0].endswith(os.path.join("hal", "cli", "__main__.py")) or os.path.basename(argv[0]) == "clue-fx":
        argv[0] = "clue-fx"
    else:
        argv[0] = os.path.basename(argv[0])
    return " ".join(argv)[:160]


class PortLock:
    """The lock file of a device, held (flock) until release()."""

    def __init__(self, fd, path):
        self.fd = fd
        self.path = path

    def release(self):
        if self.fd is not None:
            os.close(self.fd)  # the flock goes with the descriptor
            self.fd = None


def lock_port(url, path):
    """Hold the device `path` for this process: a PortLock, or PortBusy."""
    try:
        import fcntl
    except ImportError:  # no flock (Windows): its ports are exclusive anyway
        return PortLock(None, None)
    try:
        lock_path = _lock_path(path)
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o666)
    except OSError:  # a temporary folder we cannot write: the device's own flock still holds
        return PortLock(None, None)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise PortBusy(url, holder(path)) from None
    os.ftruncate(fd, 0)
    os.write(fd, ("%d %s\n" % (os.getpid(), _command())).encode("utf-8", "replace"))
    return PortLock(fd, lock_path)


def holder(path):
    """Who holds the device `path`: "pid N (command)" from its lock file or
    /proc, or "another program" when neither says."""
    try:
        with open(_lock_path(path), encoding="utf-8", errors="replace") as f:
            pid, _, command = f.read().strip().partition(" ")
        if pid.isdigit() and _alive(int(pid)):
            return "pid %s (%s)" % (pid, command)
    except OSError:
        pass
    found = _proc_holders(os.path.realpath(path))
    if found:
        return ", ".join("pid %d (%s)" % pc for pc in found[:3])
    return "another program"


def _alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # another user's
    return True


def _proc_holders(real):
    """(pid, command) of the processes with `real` open, as far as /proc shows."""
    out = []
    try:
        pids = [p for p in os.listdir("/proc") if p.isdigit() and int(p) != os.getpid()]
    except OSError:
        return out
    for pid in pids:
        fd_dir = "/proc/%s/fd" % pid
        try:
            fds = os.listdir(fd_dir)
        except OSError:
            continue
        for fd in fds:
            try:
                if os.readlink(os.path.join(fd_dir, fd)) == real:
                    with open("/proc/%s/cmdline" % pid, "rb") as f:
                        command = f.read().replace(b"\0", b" ").decode("utf-8", "replace").strip()
                    out.append((int(pid), command[:160]))
                    break
            except OSError:
                continue
    return out


class Line:
    """A pyserial port whose writes never block: what the other end does not
    take at once waits here, and goes at the next write or read; waiting past
    `deadline_ms` (or more than PENDING_MAX bytes) drops it, empties the
    port's output queue and raises Stalled. Everything else is the port's."""

    def __init__(self, port, url, lock=None, deadline_ms=WRITE_DEADLINE_MS, clock=time.monotonic):
        self.port = port
        self.url = url
        self.deadline_ms = deadline_ms
        self._lock = lock
        self._clock = clock
        self._pending = bytearray()
        self._since = None
        fd = getattr(port, "fd", None)
        self._fd = fd if isinstance(fd, int) else None  # posix: the device's fd, opened O_NONBLOCK
        self._socket = getattr(port, "_socket", None) if self._fd is None else None  # socket://

    def __getattr__(self, name):
        return getattr(self.port, name)

    @property
    def in_waiting(self):
        return self.port.in_waiting

    def pending(self):
        """Bytes written and not yet taken by the other end."""
        return len(self._pending)

    def _send(self, data):
        try:
            if self._fd is not None:
                return os.write(self._fd, data)
            if self._socket is not None and type(self.port).__module__.endswith("protocol_socket"):
                return self._socket.send(data)
            return self.port.write(data) or 0  # rfc2217://, loop://: the handler's own write
        except (BlockingIOError, InterruptedError):
            return 0

    def _push(self):
        pending = self._pending
        while pending:
            n = self._send(bytes(pending))
            if not n:
                break
            del pending[:n]
        if not pending:
            self._since = None
            return
        now = self._clock()
        if self._since is None:
            self._since = now
        waited = int((now - self._since) * 1000)
        if waited >= self.deadline_ms or len(pending) > PENDING_MAX:
            n = len(pending)
            pending.clear()
            self._since = None
            try:
                self.port.reset_output_buffer()  # what the kernel holds too: the rig gets a fresh start
            except Exception:
                pass
            raise Stalled(self.url, n, waited)

    def write(self, data):
        self._pending += data
        self._push()
        return len(data)

    def read(self, size=1):
        if self._pending:
            self._push()
        return self.port.read(size)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        try:
            self.port.close()
        finally:
            if self._lock is not None:
                self._lock.release()
                self._lock = None


# -- opening a line --------------------------------------------------------------------


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


def read_some(port):
    """What came on `port` (a Line or any pyserial port): all the bytes that
    wait, or else one within the port's read timeout (pyserial's own idiom)."""
    return port.read(port.in_waiting or 1)
