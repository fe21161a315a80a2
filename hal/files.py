"""Files a player names, taken as they are meant to be (CPython only):

- read only if they are regular files: a FIFO named as a trace or a clip
  would block for good on its first read, a device or a folder mislead;
- a trace written by one game at a time: the process that writes it holds
  a lock on it, and a second is refused in one line (two `--resume` of
  one trace wrote it both, and it could never be resumed again).

    with open_regular(path, "rb") as f: ...      # NotRegular (an OSError): one line
    lock(f, path)                                # Locked: one line; held while f is open
"""

import errno
import fcntl
import os
import stat


class NotRegular(OSError):
    """A path that is not a regular file where one is read."""

    def __str__(self):
        return self.strerror


class Locked(OSError):
    """A trace another process is writing."""

    def __str__(self):
        return self.strerror


def _kind(mode):
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def open_regular(path, mode="rb", encoding=None):
    """`path` opened for reading (mode "r" or "rb"), if it is a regular
    file; NotRegular saying what it is instead. Opened without blocking
    first (a FIFO with no writer would block the open itself), then checked."""
    if mode not in ("r", "rb"):
        raise ValueError("open_regular reads: mode 'r' or 'rb', not %r" % mode)
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise NotRegular(errno.EINVAL, "%s, not a file" % _kind(st.st_mode), str(path))
        fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) & ~os.O_NONBLOCK)
    except BaseException:
        os.close(fd)
        raise
    return os.fdopen(fd, mode, encoding=encoding if "b" not in mode else None)


def lock(f, path):
    """Hold an exclusive lock on the open file `f` (a trace being written)
    until it is closed; Locked when another process holds it."""
    try:
        fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        why = "another clue-fx is writing it now: one game at a time in a trace"
        raise Locked(errno.EAGAIN, why, str(path)) from None
    return f
