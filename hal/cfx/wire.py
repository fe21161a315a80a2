"""CFX/1, the serial line between a touch rig and the firmware host
(spec/PROTOCOL.md), as pure code: bytes in, lines and messages out, lines out
as bytes. No I/O, no clock. Both ends use it: `clue-fx serve` and the virtual
rig on CPython, the rig program on a microcontroller under MicroPython, so
this file sticks to what MicroPython has (no typing, dataclasses, enum,
f-strings with `=`, str.isascii; one fixed line buffer).

    LineReader().feed(data) -> [("line", text) | ("error", reason), ...]
    frame(text) -> b"text*HH\\n"
    parse_rig(text)  -> ("hello", name, proto, features) | ("event", seq, event)
                        | ("state", on, mv, pads, buttons) | ("pong",) | ("err", reason)
    parse_host(text) -> ("hello?",) | ("state?",) | ("play", [n, ...]) | ("stop",)
                        | ("ping",) | ("err", reason)
                        | ("touch", "PAD"|"BTN"|"SW", id, down)   (extension)

A malformed or unknown line raises ValueError("<reason>: <detail>"); the
reason (`reason_of(e)`) is one word, ready for `ERR <reason>`.
"""

MAX_LINE = 80  # bytes before the "\n", "*HH" included, a "\r" not counted
SEQ_MOD = 1000
PROTO = "CFX/1"

# The reasons LineReader reports, also sent as `ERR <reason>`.
CHECKSUM = "checksum"
TOO_LONG = "too_long"
BAD_BYTES = "bad_bytes"

_HEX = "0123456789ABCDEF"


def checksum(data):
    """The XOR of every byte of `data` (bytes, bytearray or memoryview)."""
    x = 0
    for b in data:
        x ^= b
    return x


def frame(text):
    """`text` as a line on the wire: b"text*HH\\n". ValueError if it would be
    longer than MAX_LINE or is not printable ASCII."""
    data = text.encode()
    if len(data) + 3 > MAX_LINE:
        raise ValueError("too_long: %d bytes, at most %d with the checksum" % (len(data) + 3, MAX_LINE))
    for b in data:
        if b < 32 or b > 126 or b == 42:
            raise ValueError("bad_bytes: %r" % (text,))
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
    `too_long` (reported once, when the line passes MAX_LINE; the rest up to
    the next "\\n" is dropped silently), `bad_bytes` (a byte that is not
    printable ASCII). Blank lines are ignored. `checked` counts the lines that
    carried a right checksum, `unchecked` those that carried none.

    `checks`: "optional" (the spec: a line may leave out its checksum),
    "required" (a line without one is a `checksum` error), or "learn":
    optional until the first line with a right checksum, required from then
    on (until reset()). A program always adds it, a person typing never
    does; "learn" takes both and stops a line whose `*` was hit by noise
    from passing as a line without checksum.
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


def reason_of(exc):
    """The one-word reason of a ValueError raised by the parsers."""
    text = str(exc.args[0]) if exc.args else "malformed"
    i = text.find(":")
    return text if i < 0 else text[:i]


# --- sequence numbers ---------------------------------------------------------


def next_seq(seq):
    return (seq + 1) % SEQ_MOD


def seq_gap(last, seq):
    """How many event lines were lost between `last` and `seq`: 0 when `seq`
    follows `last`, n > 0 when n went missing, -1 when `seq` is `last` again
    or older (a duplicated line, to drop). `last` None (nothing seen since
    HELLO) -> 0 for seq 0, else seq."""
    if last is None:
        return seq
    d = (seq - last) % SEQ_MOD
    if d == 0 or d > SEQ_MOD // 2:
        return -1
    return d - 1


# --- rig -> host ----------------------------------------------------------------


def _ev():
    # firmware.events is imported on first use: the rig program only formats
    # lines and never pays for the firmware package.
    from firmware import events

    return events


def _seq(word):
    if not word.isdigit() or len(word) > 3:
        raise ValueError("bad_seq: %r is not a sequence number 0-999" % (word,))
    return int(word)


def _int(word, what):
    if not word.isdigit() or len(word) > 6:
        raise ValueError("bad_number: %s %r" % (what, word))
    return int(word)


def _updown(word):
    if word == "DOWN":
        return True
    if word == "UP":
        return False
    raise ValueError("bad_args: %r is neither DOWN nor UP" % (word,))


def _onoff(word):
    if word == "ON":
        return True
    if word == "OFF":
        return False
    raise ValueError("bad_args: %r is neither ON nor OFF" % (word,))


def _ids(word, valid, what):
    if word == "-":
        return ()
    out = word.split(",")
    for x in out:
        if x not in valid:
            raise ValueError("unknown_%s: %r" % (what, x))
    return tuple(out)


def _words(text, n, what):
    words = text.split(" ")
    if len(words) != n:
        raise ValueError("bad_args: %s takes %d words, got %r" % (what, n, text))
    return words


def parse_rig(text):
    """A line the rig sent, as a tuple (see the module's doc)."""
    ev = _ev()
    words = text.split(" ")
    head = words[0]
    if head.isdigit():
        seq = _seq(head)
        if len(words) < 2:
            raise ValueError("bad_args: %r has no event" % (text,))
        kind = words[1]
        if kind in ("PAD", "BTN"):
            w = _words(text, 4, kind)
            down = _updown(w[3])
            try:
                if kind == "PAD":
                    e = ev.PadDown(w[2]) if down else ev.PadUp(w[2])
                else:
                    e = ev.ButtonDown(w[2]) if down else ev.ButtonUp(w[2])
            except ValueError:
                raise ValueError("unknown_%s: %r" % ("pad" if kind == "PAD" else "button", w[2])) from None
            return ("event", seq, e)
        if kind == "SW":
            return ("event", seq, ev.Switch(_onoff(_words(text, 3, "SW")[2])))
        if kind == "BAT":
            return ("event", seq, ev.Battery(_int(_words(text, 3, "BAT")[2], "millivolts")))
        if kind == "DONE":
            _words(text, 2, "DONE")
            return ("event", seq, ev.AudioDone())
        raise ValueError("unknown_event: %r" % (kind,))
    if head == "HELLO":
        if len(words) < 3 or len(words) > 4:
            raise ValueError("bad_args: HELLO <rig-name> CFX/1 <features>, got %r" % (text,))
        if not words[2].startswith("CFX/"):
            raise ValueError("bad_proto: %r" % (words[2],))
        features = () if len(words) == 3 or words[3] == "-" else tuple(words[3].split(","))
        return ("hello", words[1], words[2], features)
    if head == "STATE":
        w = _words(text, 5, "STATE")
        board = _board()
        return (
            "state",
            _onoff(w[1]),
            _int(w[2], "millivolts"),
            _ids(w[3], board.PADS, "pad"),
            _ids(w[4], board.BUTTONS, "button"),
        )
    if head == "PONG":
        _words(text, 1, "PONG")
        return ("pong",)
    if head == "ERR":
        return ("err", text[4:])
    raise ValueError("unknown_command: %r" % (head,))


def _board():
    from firmware import board

    return board


def hello_line(name, features):
    return "HELLO %s %s %s" % (name, PROTO, ",".join(features) if features else "-")


def pad_line(seq, pad, down):
    return "%d PAD %s %s" % (seq, pad, "DOWN" if down else "UP")


def button_line(seq, button, down):
    return "%d BTN %s %s" % (seq, button, "DOWN" if down else "UP")


def switch_line(seq, on):
    return "%d SW %s" % (seq, "ON" if on else "OFF")


def battery_line(seq, millivolts):
    return "%d BAT %d" % (seq, millivolts)


def done_line(seq):
    return "%d DONE" % seq


def event_line(seq, event):
    """The line of a firmware event (PadDown, PadUp, ButtonDown, ButtonUp,
    Switch, Battery, AudioDone); ValueError for one a rig never sends."""
    name = type(event).__name__
    if name in ("PadDown", "PadUp"):
        return pad_line(seq, event.pad, name == "PadDown")
    if name in ("ButtonDown", "ButtonUp"):
        return button_line(seq, event.button, name == "ButtonDown")
    if name == "Switch":
        return switch_line(seq, event.on)
    if name == "Battery":
        return battery_line(seq, event.millivolts)
    if name == "AudioDone":
        return done_line(seq)
    raise ValueError("no CFX/1 line for %r" % (event,))


def state_line(on, millivolts, pads, buttons):
    return "STATE %s %d %s %s" % (
        "ON" if on else "OFF",
        millivolts,
        ",".join(pads) if pads else "-",
        ",".join(buttons) if buttons else "-",
    )


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
    if len(words) == 3 and words[1] == "SW":
        return ("touch", "SW", "", _onoff(words[2]))
    if len(words) != 4 or words[1] not in ("PAD", "BTN"):
        raise ValueError("bad_args: TOUCH PAD|BTN <id> DOWN|UP or TOUCH SW ON|OFF, got %r" % (text,))
    board = _board()
    if words[1] == "PAD" and words[2] not in board.PADS:
        raise ValueError("unknown_pad: %r" % (words[2],))
    if words[1] == "BTN" and words[2] not in board.BUTTONS:
        raise ValueError("unknown_button: %r" % (words[2],))
    return ("touch", words[1], words[2], _updown(words[3]))


def parse_host(text):
    """A line the host sent, as a tuple (see the module's doc)."""
    words = text.split(" ")
    head = words[0]
    if head == "PLAY":
        if len(words) < 2:
            raise ValueError("bad_args: PLAY needs clip numbers")
        clips = []
        for w in words[1:]:
            n = _int(w, "clip")
            if n == 0:
                raise ValueError("bad_number: clip 0 (clips count from 1)")
            clips.append(n)
        return ("play", clips)
    if head == "TOUCH":
        return _touch(text, words)
    if head == "ERR":
        return ("err", text[4:])
    if len(words) != 1:
        raise ValueError("bad_args: %s takes no words, got %r" % (head, text))
    if head == "HELLO?":
        return ("hello?",)
    if head == "STATE?":
        return ("state?",)
    if head == "STOP":
        return ("stop",)
    if head == "PING":
        return ("ping",)
    raise ValueError("unknown_command: %r" % (head,))
