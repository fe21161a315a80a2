"""An open serial port as the host needs it: held by one program only, and
written without ever blocking (docs/PROTOCOL.md, Liveness and faults).

    lock = lock_port(url, "/dev/ttyACM0")   # PortBusy naming the holder
    line = Line(pyserial_port, url, lock)   # what port.open_url returns
    line.write(data)                        # Stalled (an OSError) past the deadline
    line.read(1); line.in_waiting; line.close()

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
