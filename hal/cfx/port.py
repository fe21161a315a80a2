"""Opening a CFX/1 line: any pyserial URL (`serial_for_url`: /dev/ttyACM0,
COM3, socket://, rfc2217://, loop://), or a pty this program makes for the
other end, its path a symlink that survives unplug and replug (as
/dev/serial/by-id does). One place for the errors an opening meets, used by
the serve loop, the virtual rig and the monitor.

    port = open_url("/dev/ttyACM0", timeout=0.02)   # PortError if it cannot be opened
    not_a_port("nonsense://x")                      # why no pyserial handler takes it, or None
    vanished(exc)                                   # an error of a port that went away
    pty = Pty("/tmp/cfx"); pty.read(0.1); pty.write(b"..."); pty.close()
"""

import os

BAUD = 115200


class PortError(Exception):
    """A port that cannot be opened (not there yet, busy, a bad URL)."""

    def __init__(self, url, why):
        super().__init__("%s: %s" % (url, why))
        self.url = url
        self.why = why


def open_url(url, baudrate=BAUD, timeout=None):
    """The open pyserial port of `url`; PortError when it cannot be opened."""
    import serial

    try:
        return serial.serial_for_url(url, baudrate=baudrate, timeout=timeout)
    except (serial.SerialException, OSError, ValueError) as e:
        raise PortError(url, e) from None


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

    return isinstance(exc, (serial.SerialException, OSError))


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
