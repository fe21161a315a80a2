"""CFX/1, the serial line between a touch rig and the firmware host
(docs/PROTOCOL.md), as pure code: bytes in, lines and words out. No I/O, no
clock, no firmware: an id is checked for its shape only (hal.cfx.ids checks
it against the board's, hal.edges makes an edge an event). The host, the
virtual rig and the rig program under MicroPython use it, so it sticks to
what MicroPython has (no typing, dataclasses, enum, f-strings with `=`,
str.isascii; one fixed line buffer).

    LineReader().feed(data) -> [("line", text) | ("error", reason), ...]
    frame(text) -> b"text*HH\\n"
    parse_rig(text)  -> ("hello", name, proto, features) | ("edge", seq, kind, id, down)
                        | ("battery", seq, mv) | ("done", seq)
                        | ("state", on, mv, pads, buttons) | ("pong",) | ("err", reason)
    parse_host(text) -> ("hello?",) | ("state?",) | ("play", [n, ...]) | ("stop",)
                        | ("ping",) | ("err", reason)
                        | ("touch", kind, id, down)   (extension)

`kind` is PAD, BTN or SW (the switch's id is "", its `down` is ON). A bad
line raises LineError, a ValueError whose `reason` is the word of `ERR <reason>`.
"""

MAX_LINE = 200  # bytes before the "\n", "*HH" included, a "\r" not counted
SEQ_MOD = 1000
PROTO = "CFX/1"

# The reasons LineReader reports, also sent as `ERR <reason>`.
CHECKSUM = "checksum"
TOO_LONG = "too_long"
BAD_BYTES = "bad_bytes"

_HEX = "0123456789ABCDEF"


class LineError(ValueError):
    """A line that breaks the grammar; `reason` is the one word of the
    `ERR <reason>` to answer (docs/PROTOCOL-extensions.md lists them)."""

    def __init__(self, reason, detail=""):
        super().__init__(reason + ": " + detail if detail else reason)
        self.reason = reason


def checksum(data):
    """The XOR of every byte of `data` (bytes, bytearray or memoryview)."""
    x = 0
    for b in data:
        x ^= b
    return x


def frame(text):
    """`text` as a line on the wire: b"text*HH\\n". LineError if it would be
    longer than MAX_LINE or is not printable ASCII."""
    data = text.encode()
    if len(data) + 3 > MAX_LINE:
        raise LineError(TOO_LONG, "%d bytes, at most %d with the checksum" % (len(data) + 3, MAX_LINE))
    for b in data:
        if b < 32 or b > 126 or b == 42:
            raise LineError(BAD_BYTES, repr(text))
    x = checksum(data)
    return data + b"*" + _HEX[x >> 4].encode() + _HEX[x & 15].encode() + b"\n"


def _hexval(b):
    if 48 <= b <= 57:
        return b - 48
    if 65 <= b <= 70:
        return b - 55
    return -1


class LineReader:
    """Cuts a byte stream into CFX/1 lines, like pyserial's LineReader but
    pure: feed it whatever a read returned, get back what completed.

    ("line", text): a line whose checksum was right, or that had none.
    ("error", reason): a line dropped: `checksum` (wrong or malformed `*HH`),
    `too_long` (once, when the line passes MAX_LINE; the rest up to the next
    "\\n" is dropped silently), `bad_bytes` (not printable ASCII). Blank lines
    are ignored. `checked`/`unchecked` count the lines with/without a checksum.

    `checks`: "optional" (the spec), "required" (a line without one is a
    `checksum` error), or "learn": optional until the first line with a right
    checksum, required from then on (until reset()). A program always adds
    it, a person typing never does; "learn" takes both and stops a line whose
    `*` was hit by noise from passing as a line without checksum.
    """

    def __init__(self, max_line=MAX_LINE, checks="optional"):
        if checks not in ("optional", "required", "learn"):
            raise ValueError("checks is optional, required or learn, got %r" % (checks,))
        self.max_line = max_line
        self.checks = checks
        self.required = checks == "required"
        self._buf = bytearray(max_line + 1)  # + a "\r" before the "\n"
        self._n = 0
        self._skip = False
        self.checked = 0
        self.unchecked = 0

    def reset(self):
        """Forget a partial line, and what "learn" learnt (the port was reopened)."""
        self._n = 0
        self._skip = False
        self.required = self.checks == "required"

    def pending(self):
        """Bytes of an unfinished line held back."""
        return self._n

    def feed(self, data):
        out = []
        start = 0
        size = len(data)
        cap = self.max_line + 1
        while start < size:
            nl = data.find(b"\n", start)
            end = size if nl < 0 else nl
            if not self._skip:
                n = self._n
                k = end - start
                if n + k > cap:
                    self._skip = True
                    self._n = 0
                    out.append(("error", TOO_LONG))
                elif k:
                    self._buf[n : n + k] = data[start:end]
                    self._n = n + k
            if nl < 0:
                break
            if self._skip:
                self._skip = False
            else:
                self._line(out)
            self._n = 0
            start = nl + 1
        return out

    def _line(self, out):
        buf = self._buf
        n = self._n
        if n and buf[n - 1] == 13:
            n -= 1
        if n == 0:
            return
        if n > self.max_line:
            out.append(("error", TOO_LONG))
            return
        x = 0
        star = -1
        for i in range(n):
            b = buf[i]
            if b < 32 or b > 126:
                out.append(("error", BAD_BYTES))
                return
            if b == 42 and star < 0:
                star = i
            x ^= b
        if star < 0:
            if self.required:
                return out.append(("error", CHECKSUM))
            self.unchecked += 1
            return out.append(("line", bytes(buf[0:n]).decode()))
        if star != n - 3:
            return out.append(("error", CHECKSUM))
        hi = _hexval(buf[n - 2])
        lo = _hexval(buf[n - 1])
        # x is the XOR of everything; take back the "*HH" to get the text's
        x ^= 42 ^ buf[n - 2] ^ buf[n - 1]
        if hi < 0 or lo < 0 or (hi << 4 | lo) != x:
            return out.append(("error", CHECKSUM))
        self.checked += 1
        if self.checks == "learn":
            self.required = True
        out.append(("line", bytes(buf[0 : n - 3]).decode()))


# --- sequence numbers ---------------------------------------------------------


def next_seq(seq):
    """The number after `seq` (modulo SEQ_MOD). What the host makes of the
    numbers it is sent is hal.cfx.seq's (Numbers.take): one arithmetic."""
    return (seq + 1) % SEQ_MOD


# --- rig -> host ----------------------------------------------------------------

PAD = "PAD"
BTN = "BTN"
SW = "SW"


def _seq(word):
    if not word.isdigit() or len(word) > 3:
        raise LineError("bad_seq", "%r is not a sequence number 0-999" % (word,))
    return int(word)


def _int(word, what):
    if not word.isdigit() or len(word) > 6:
        raise LineError("bad_number", "%s %r" % (what, word))
    return int(word)


def _two(word, yes, no):
    """DOWN/UP, ON/OFF: True or False."""
    if word == yes:
        return True
    if word == no:
        return False
    raise LineError("bad_args", "%r is neither %s nor %s" % (word, yes, no))


def _ident(word, kind):
    """A pad or button id by its shape: upper-case letters, digits and "_"."""
    ok = word != ""
    for c in word:
        if not ("A" <= c <= "Z" or "0" <= c <= "9" or c == "_"):
            ok = False
    if not ok:
        raise LineError("unknown_pad" if kind == PAD else "unknown_button", repr(word))
    return word


def _ids(word, kind):
    if word == "-":
        return ()
    out = word.split(",")
    for x in out:
        _ident(x, kind)
    return tuple(out)


def _words(text, n, what):
    words = text.split(" ")
    if len(words) != n:
        raise LineError("bad_args", "%s takes %d words, got %r" % (what, n, text))
    return words


def parse_rig(text):
    """A line the rig sent, as a tuple of words (see the module's doc)."""
    words = text.split(" ")
    head = words[0]
    if head.isdigit():
        seq = _seq(head)
        if len(words) < 2:
            raise LineError("bad_args", "%r has no event" % (text,))
        kind = words[1]
        if kind in (PAD, BTN):
            w = _words(text, 4, kind)
            down = _two(w[3], "DOWN", "UP")
            return ("edge", seq, kind, _ident(w[2], kind), down)
        if kind == SW:
            return ("edge", seq, SW, "", _two(_words(text, 3, SW)[2], "ON", "OFF"))
        if kind == "BAT":
            return ("battery", seq, _int(_words(text, 3, "BAT")[2], "millivolts"))
        if kind == "DONE":
            _words(text, 2, "DONE")
            return ("done", seq)
        raise LineError("unknown_event", repr(kind))
    if head == "HELLO":
        if len(words) < 3 or len(words) > 4:
            raise LineError("bad_args", "HELLO <rig-name> CFX/1 <features>, got %r" % (text,))
        if not words[2].startswith("CFX/"):
            raise LineError("bad_proto", repr(words[2]))
        features = () if len(words) == 3 or words[3] == "-" else tuple(words[3].split(","))
        return ("hello", words[1], words[2], features)
    if head == "STATE":
        w = _words(text, 5, "STATE")
        return ("state", _two(w[1], "ON", "OFF"), _int(w[2], "millivolts"), _ids(w[3], PAD), _ids(w[4], BTN))
    if head == "PONG":
        _words(text, 1, "PONG")
        return ("pong",)
    if head == "ERR":
        return ("err", text[4:])
    raise LineError("unknown_command", repr(head))


def hello_line(name, features):
    return "HELLO %s %s %s" % (name, PROTO, ",".join(features) if features else "-")


def pad_line(seq, pad, down):
    return edge_line(seq, PAD, pad, down)


def button_line(seq, button, down):
    return edge_line(seq, BTN, button, down)


def switch_line(seq, on):
    return "%d SW %s" % (seq, "ON" if on else "OFF")


def battery_line(seq, millivolts):
    return "%d BAT %d" % (seq, millivolts)


def done_line(seq):
    return "%d DONE" % seq


def edge_line(seq, kind, ident, down):
    """The line of an input's edge: `kind` PAD, BTN or SW (`ident` "" for SW)."""
    if kind == SW:
        return switch_line(seq, down)
    return "%d %s %s %s" % (seq, kind, ident, "DOWN" if down else "UP")


def state_line(on, millivolts, pads, buttons):
    return "STATE %s %d %s %s" % ("ON" if on else "OFF", millivolts, ",".join(pads) or "-", ",".join(buttons) or "-")


def err_line(reason):
    return "ERR " + reason


PONG = "PONG"
# --- host -> rig ----------------------------------------------------------------

HELLO_Q = "HELLO?"
STATE_Q = "STATE?"
STOP = "STOP"
PING = "PING"


def play_lines(clips):
    """`PLAY` lines queueing `clips` in order, each short enough to frame."""
    lines = []
    line = "PLAY"
    for n in clips:
        word = " %d" % n
        if len(line) + len(word) + 3 > MAX_LINE:
            lines.append(line)
            line = "PLAY"
        line += word
    if line != "PLAY":
        lines.append(line)
    return lines


def touch_line(kind, ident, down):
    """Extension (docs/PROTOCOL-extensions.md): ask a rig with the `touch`
    feature to act as if an input changed; `kind` is PAD, BTN or SW."""
    if kind == "SW":
        return "TOUCH SW %s" % ("ON" if down else "OFF")
    return "TOUCH %s %s %s" % (kind, ident, "DOWN" if down else "UP")


def _touch(text, words):
    if len(words) == 3 and words[1] == SW:
        return ("touch", SW, "", _two(words[2], "ON", "OFF"))
    if len(words) != 4 or words[1] not in (PAD, BTN):
        raise LineError("bad_args", "TOUCH PAD|BTN <id> DOWN|UP or TOUCH SW ON|OFF, got %r" % (text,))
    return ("touch", words[1], _ident(words[2], words[1]), _two(words[3], "DOWN", "UP"))


def parse_host(text):
    """A line the host sent, as a tuple of words (see the module's doc)."""
    words = text.split(" ")
    head = words[0]
    if head == "PLAY":
        if len(words) < 2:
            raise LineError("bad_args", "PLAY needs clip numbers")
        clips = []
        for w in words[1:]:
            n = _int(w, "clip")
            if n == 0:
                raise LineError("bad_number", "clip 0 (clips count from 1)")
            clips.append(n)
        return ("play", clips)
    if head == "TOUCH":
        return _touch(text, words)
    if head == "ERR":
        return ("err", text[4:])
    if len(words) != 1:
        raise LineError("bad_args", "%s takes no words, got %r" % (head, text))
    if head == "HELLO?":
        return ("hello?",)
    if head == "STATE?":
        return ("state?",)
    if head == "STOP":
        return ("stop",)
    if head == "PING":
        return ("ping",)
    raise LineError("unknown_command", repr(head))
