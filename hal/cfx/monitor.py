"""The line monitor behind `clue-fx monitor` (hal/cli/monitor.py tells a
user what it shows): `Monitor` decodes the bytes of each direction into
display lines with checksum verdicts, sans I/O; `as_host` runs it as the
host (HELLO?, then what the user types), `pass_through` between a rig and a
host on a pty.

Why a pass-through and not a sniffer: a serial port has one reader (two
programs reading /dev/ttyACM0 steal bytes from each other), and a USB CDC
line has no tap; standing in the middle is the only way to see both
directions of any pyserial URL, rfc2217:// included, with their timing.
"""

import threading
import time

from firmware.events import AudioDone

from ..edges import battery, event_of
from . import ids
from . import port as port_
from . import wire as cfx

RIG = "rig>"
HOST = "host>"


def _show(raw):
    """Bytes as printable text, the others as \\xHH."""
    out = []
    for b in raw:
        out.append(chr(b) if 32 <= b <= 126 else "\\x%02x" % b)
    return "".join(out)


def said(captions, clips):
    """': "Lord Gray, it is your turn."', what clips say in an edition ("" without captions)."""
    if captions is None or not clips:
        return ""
    try:
        return ': "%s"' % captions.of(clips)
    except KeyError:
        return ": (clips the edition lacks)"


class Monitor:
    """Decodes what goes each way: feed(direction, bytes, t) -> display lines.
    No I/O: the loops below, or a test, hand it bytes."""

    def __init__(self, max_raw=cfx.MAX_LINE + 100, captions=None):
        self.max_raw = max_raw
        self.captions = captions  # hal.captions.Captions: a PLAY line shows what it says
        self._raw = {RIG: bytearray(), HOST: bytearray()}
        # Each end reads as the host does: once a line with a right checksum
        # came, a line without one is a checksum error (noise hit its "*").
        self._readers = {RIG: cfx.LineReader(checks="learn"), HOST: cfx.LineReader(checks="learn")}
        self._t0 = None
        self.counts = {"ok": 0, "unchecked": 0, "bad": 0}

    def feed(self, direction, data, t):
        if self._t0 is None:
            self._t0 = t
        out = []
        raw = self._raw[direction]
        start = 0
        while True:
            nl = data.find(b"\n", start)
            if nl < 0:
                raw += data[start:]
                if len(raw) > self.max_raw:  # a runaway line: show what came, go on
                    del raw[: len(raw) - self.max_raw]
                return out
            raw += data[start:nl]
            out.append(self.line(direction, bytes(raw), t))
            raw.clear()
            start = nl + 1

    def line(self, direction, raw, t):
        stamp = "%9.3f %-5s " % (t - self._t0, direction)
        text = raw[:-1] if raw.endswith(b"\r") else raw
        if not text:
            return stamp + "(blank line)"
        got = self._readers[direction].feed(raw + b"\n")
        shown = _show(text)
        if not got:
            return stamp + shown
        kind, value = got[0]
        if kind == "error":
            self.counts["bad"] += 1
            detail = value
            if value == "checksum":
                star = text.find(b"*")
                if star >= 0:
                    detail = "BAD checksum: says *%s, bytes give *%02X" % (
                        _show(text[star + 1 :]),
                        cfx.checksum(text[:star]),
                    )
                else:
                    detail = "BAD checksum: none, after lines that had one"
            elif value == "too_long":
                detail = "TOO LONG: %d bytes, at most %d" % (len(text), cfx.MAX_LINE)
            else:
                detail = "BAD BYTES: not printable ASCII"
            return "%s%-44s %s (dropped: ERR %s)" % (stamp, shown, detail, value)
        if b"*" in text:
            verdict = "ok " + _show(text[text.find(b"*") :])
            self.counts["ok"] += 1
        else:
            verdict = "no checksum"
            self.counts["unchecked"] += 1
        parse = cfx.parse_rig if direction == RIG else cfx.parse_host
        try:
            meaning = _meaning(ids.check(parse(value)), self.captions)
        except cfx.LineError as e:
            meaning = "NOT UNDERSTOOD: %s (answer: ERR %s)" % (e, e.reason)
        return "%s%-44s %-12s %s" % (stamp, _show(text), verdict, meaning)


def _meaning(msg, captions=None):
    kind = msg[0]
    if kind == "edge":
        return "#%d %r" % (msg[1], event_of(msg[2], msg[3], msg[4]))
    if kind == "battery":
        return "#%d %r" % (msg[1], battery(msg[2]))
    if kind == "done":
        return "#%d %r" % (msg[1], AudioDone())
    if kind == "hello":
        return "rig %s speaks %s, features: %s" % (msg[1], msg[2], ", ".join(msg[3]) or "none")
    if kind == "state":
        _, on, mv, pads, buttons = msg
        return "state: switch %s, %d mV, pads down: %s, buttons down: %s" % (
            "ON" if on else "OFF",
            mv,
            ", ".join(pads) or "none",
            ", ".join(buttons) or "none",
        )
    if kind == "play":
        return "play clips %s%s" % (" ".join(str(n) for n in msg[1]), said(captions, msg[1]))
    if kind == "err":
        return "the other end did not understand a line: %s" % msg[1]
    if kind == "touch":
        return "touch %s %s %s" % (msg[1], msg[2], "down" if msg[3] else "up")
    return {"pong": "alive", "ping": "are you there?", "hello?": "who are you?", "state?": "your state?",
            "stop": "stop playing"}.get(kind, kind)  # fmt: skip


# -- the loops ------------------------------------------------------------------


class _PortEnd:
    def __init__(self, port):
        self.port = port

    def read(self):
        return port_.read_some(self.port)

    def write(self, data):
        self.port.write(data)

    def close(self):
        self.port.close()


class _Printer:
    def __init__(self, monitor, out):
        self.monitor = monitor
        self.out = out
        self.lock = threading.Lock()

    def __call__(self, direction, data):
        with self.lock:
            for line in self.monitor.feed(direction, data, time.monotonic()):
                self.out.write(line + "\n")
            self.out.flush()

    def say(self, text):
        with self.lock:
            self.out.write(text + "\n")
            self.out.flush()


def _pump(src, dst, direction, printer, running):
    while running[0]:
        try:
            data = src.read()
        except Exception as e:  # the port vanished
            printer.out.write("%s side closed: %s\n" % (direction, e))
            running[0] = False
            return
        if data:
            printer(direction, data)
            try:
                dst.write(data)
            except OSError:
                pass  # the host side is not open yet: the line drops it


def pass_through(port, host_path, out, captions=None):
    """Stand between the rig on `port` (an open pyserial port) and a host on
    a pty made at `host_path`, passing bytes both ways and showing each line
    on `out` (a text stream) until one side closes or Ctrl-C."""
    printer = _Printer(Monitor(captions=captions), out)
    rig = _PortEnd(port)
    running = [True]
    host = port_.Pty(host_path, blocking=True)
    out.write("monitor: rig on %s, host side on %s (clue-fx serve --port %s)\n" % (port.name, host.path, host.path))
    out.flush()
    threads = [
        threading.Thread(target=_pump, args=(rig, host, RIG, printer, running), daemon=True),
        threading.Thread(target=_pump, args=(host, rig, HOST, printer, running), daemon=True),
    ]
    for t in threads:
        t.start()
    try:
        while running[0]:
            threads[0].join(0.2)
    except KeyboardInterrupt:
        pass
    running[0] = False
    host.close()
    rig.close()
    return 0


def as_host(port, typed, out, hello=True, captions=None):
    """Be the host of the rig on `port`: show what it says on `out`, send each
    line of `typed` (an iterable of text lines) framed, HELLO? first."""
    printer = _Printer(Monitor(captions=captions), out)
    rig = _PortEnd(port)
    running = [True]
    out.write("monitor: %s. Type lines for the rig (HELLO?, STATE?, PING, PLAY 1 2 3); Ctrl-D quits.\n" % port.name)
    out.flush()
    t = threading.Thread(target=_pump, args=(rig, _Null(), RIG, printer, running), daemon=True)
    t.start()

    def send(text):
        data = cfx.frame(text)
        printer(HOST, data)
        port.write(data)

    if hello:
        send(cfx.HELLO_Q)
    try:
        for line in typed:
            text = line.strip()
            if not text:
                continue
            try:
                send(text)
            except cfx.LineError as e:
                printer.say("not sent: %s" % e)
    except KeyboardInterrupt:
        pass
    running[0] = False
    t.join(1)
    rig.close()
    return 0


class _Null:
    def write(self, data):
        pass
