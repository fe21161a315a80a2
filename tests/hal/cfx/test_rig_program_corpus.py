"""No host line ends the rig program's loop: every line of a corpus (every
host command, valid and not, rig lines sent the wrong way, every ERR,
garbage, a NUL, over-long lines, wrong checksums, CR LF) is fed to
hal/mcu/rig.py running under the real `micropython` on a pty (socat, the
fake `machine`), and after each one the program is still running and
answers PING with PONG. Each wait is for a line, with a deadline.

The same program on CPython (fake devices): a fault of the program's own
while obeying a line is answered `ERR internal`, and the loop goes on."""

import shutil
import time

import pytest

from hal.cfx import wire as cfx
from tests.support.mcu import harness

WAIT_S = 10  # the longest one answer may take

# Reasons a rig or a host may answer; the rig must answer none of them.
REASONS = ("checksum", "too_long", "bad_bytes", "bad_args", "bad_seq", "bad_number", "bad_proto",
           "unknown_command", "unknown_event", "unknown_pad", "unknown_button", "no_audio", "queue_full",
           "unsupported", "internal")  # fmt: skip

# (bytes sent, the answer the rig gives: a line it starts with, or None for no
# line of its own). Each is followed by "\n" (a half line ends there) and a
# framed PING. No 0x03: Ctrl-C on the line stops the program on purpose.
CORPUS = [
    (b"HELLO?", "HELLO pico-board CFX/1 "),
    (b"STATE?", "STATE OFF "),
    (b"PING", "PONG"),
    (b"PLAY 1 2 3", None),
    (b"STOP", None),
    (b"PLAY 0", "ERR bad_number"),
    (b"PLAY x", "ERR bad_number"),
    (b"PLAY 1 x", "ERR bad_number"),
    (b"PLAY -1", "ERR bad_number"),
    (b"PLAY 1234567", "ERR bad_number"),
    (b"PLAY 99999", "ERR bad_number"),  # past the DFPlayer card's last clip
    (b"PLAY", "ERR bad_args"),
    (b"PLAY ", "ERR bad_number"),
    (b"PLAY" + b" 7" * 37, None),  # the queue may refuse some (ERR queue_full)
    (b"STOP", None),
    (b"TOUCH PAD ECURIE DOWN", "ERR unsupported"),  # it used to kill the loop (no firmware on a rig)
    (b"TOUCH PAD NOPE DOWN", "ERR unsupported"),
    (b"TOUCH BTN YES UP", "ERR unsupported"),
    (b"TOUCH SW ON", "ERR unsupported"),
    (b"TOUCH SW MAYBE", "ERR bad_args"),
    (b"TOUCH PAD ecurie DOWN", "ERR unknown_pad"),
    (b"TOUCH BTN YES", "ERR bad_args"),
    (b"TOUCH LED 1 ON", "ERR bad_args"),
    (b"TOUCH", "ERR bad_args"),
    (b"PING 3", "ERR bad_args"),
    (b"HELLO? please", "ERR bad_args"),
    (b"STATE? now", "ERR bad_args"),
    (b"STOP STOP", "ERR bad_args"),
    (b"DANCE", "ERR unknown_command"),
    (b"ping", "ERR unknown_command"),
    (b" PING", "ERR bad_args"),
    (b"PING ", "ERR bad_args"),
    # rig lines sent the wrong way (a host's command has one word, or is PLAY, TOUCH, ERR)
    (b"HELLO pico-board CFX/1 pads", "ERR bad_args"),
    (b"0 PAD ECURIE DOWN", "ERR bad_args"),
    (b"1 BTN YES UP", "ERR bad_args"),
    (b"2 SW ON", "ERR bad_args"),
    (b"3 BAT 4400", "ERR bad_args"),
    (b"4 DONE", "ERR bad_args"),
    (b"STATE ON 4410 ECURIE YES", "ERR bad_args"),
    (b"PONG", "ERR unknown_command"),
    (b"17", "ERR unknown_command"),
    # framing
    (b"PING\r", "PONG"),  # CR LF
    (b"PING*10", "PONG"),  # its right checksum
    (b"PING*00", "ERR checksum"),
    (b"PING*1", "ERR checksum"),
    (b"PING*zz", "ERR checksum"),
    (b"PING*10*10", "ERR checksum"),
    (b"*", "ERR checksum"),
    (b"*00", "ERR unknown_command"),  # an empty line with its (right) checksum
    (b"\x00", "ERR bad_bytes"),
    (b"PI\x00NG", "ERR bad_bytes"),
    (b"\x00\xff\xfe garbage \x1b[2J", "ERR bad_bytes"),
    (b"\xff" * 40, "ERR bad_bytes"),
    (b"\tPING", "ERR bad_bytes"),
    (b"P" * 201, "ERR too_long"),
    (b"PLAY" + b" 1" * 100, "ERR too_long"),
    (b"x" * 500, "ERR too_long"),
    (b"PLAY 1 2", None),  # a half line, ended by the "\n" that follows
    (b"", None),  # a blank line
    (b"\r", None),
]
CORPUS += [(b"ERR " + r.encode(), None) for r in REASONS] + [(b"ERR", None), (b"ERR ", None)]
CORPUS += [(cfx.frame(line.decode()).rstrip(b"\n"), answer) for line, answer in CORPUS[:40] if b"*" not in line
           and all(32 <= b <= 126 for b in line) and 0 < len(line) <= cfx.MAX_LINE - 3]  # fmt: skip

needs_tools = pytest.mark.skipif(
    not all(shutil.which(x) for x in ("micropython", "mpy-cross", "socat")),
    reason="needs micropython, mpy-cross and socat",
)


class Line:
    """The host's end of the board's pty: bytes out, lines in, read until a
    line is there or a deadline passes."""

    def __init__(self, path):
        import serial

        self.port = serial.serial_for_url(path, baudrate=115200, timeout=0.05)
        self.reader = cfx.LineReader()
        self.lines = []  # ("line", text) | ("error", reason), as they came

    def until(self, predicate, what, start=0, timeout=WAIT_S):
        deadline = time.monotonic() + timeout
        while True:
            got = predicate(self.lines[start:])
            if got:
                return got
            if time.monotonic() > deadline:
                raise AssertionError("no %s within %d s; the rig said %r" % (what, timeout, self.lines[start:]))
            try:
                data = self.port.read(256)
            except OSError as e:  # SerialException too: the other end is gone
                said = self.lines[start:]
                raise AssertionError("the line closed waiting for %s (%s); the rig said %r" % (what, e, said)) from None
            self.lines += self.reader.feed(data)

    def close(self):
        self.port.close()


def _pongs(n):
    """A predicate: the lines once `n` PONGs have come."""
    return lambda lines: lines.count(("line", cfx.PONG)) >= n and lines


@needs_tools
def test_no_host_line_ends_the_rig_programs_loop(tmp_path):
    fs, fakes, env, _ = harness.rig_board(tmp_path)
    with harness.PtyBoard(str(fs), str(fakes), env=env, program="main.py", stderr_to_pty=False) as board:
        line = Line(board.path)
        try:
            line.port.write(cfx.frame("PING"))
            line.until(_pongs(1), "PONG at start")
            for data, answer in CORPUS:
                start = len(line.lines)
                line.port.write(data + b"\n" + cfx.frame("PING"))
                # the PING after the line: its PONG is the last answer to wait for
                got = line.until(_pongs(2 if answer == cfx.PONG else 1), "PONG after %r" % (data,), start)
                assert board.proc.poll() is None, "the rig program ended at %r: %s" % (data, board.proc.stderr.read())
                said = [v for k, v in got if k == "line" and not v[:1].isdigit()]
                errs = [v for v in said if v.startswith("ERR ")]
                if answer is None:
                    assert errs in ([], ["ERR queue_full"]), (data, said)
                else:
                    assert said and said[0].startswith(answer), (data, said)
                    assert said[1:] == [cfx.PONG], (data, said)
                assert [k for k, _ in got] == ["line"] * len(got), (data, got)  # the rig's lines are all whole
        finally:
            line.close()
        assert board.proc.poll() is None


# -- the same program on CPython, with fake devices ------------------------------------


class _Config:
    BATTERY_EVERY_MS = 10000
    NO_BATTERY_MV = 1000


class _Inputs:
    def poll(self, now):
        return []

    def switch_on(self):
        return False

    def pads_down(self):
        return []

    def buttons_down(self):
        return []


class _Gauge:
    def millivolts(self):
        return 4400


class _BrokenSpeaker:
    """A speaker whose driver has a bug: queue() raises."""

    dropped = 0

    def queue(self, clips):
        raise RuntimeError("a bug in the driver")

    def stop(self, now):
        raise OSError(5, "EIO")

    def poll(self, now):
        return False


class _Devices:
    inputs = _Inputs()
    gauge = _Gauge()
    speaker = _BrokenSpeaker()
    config = _Config()


class _Clock:
    def now(self):
        return 0


def test_a_fault_of_the_rig_program_while_obeying_a_line_is_answered_err_internal():
    from hal.mcu.rig import Rig

    out = []
    rig = Rig(_Devices(), _Clock(), out.append)
    rig.receive(cfx.frame("PLAY 1 2") + cfx.frame("STOP") + cfx.frame("TOUCH PAD ECURIE DOWN") + cfx.frame("PING"))
    lines = cfx.LineReader().feed(b"".join(out))
    assert [v for _, v in lines] == ["ERR internal", "ERR internal", "ERR unsupported", "PONG"]
