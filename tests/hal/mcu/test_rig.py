"""The board as a CFX/1 rig: hal/mcu/rig.py running under the real
`micropython` on a pty (socat EXEC:), on fake pins, talking to `clue-fx
serve` running in CPython with --audio rig. A whole game across the two
interpreters: presses on the fake board, events through the serial line into
the firmware on the host, PLAY lines back, DFPlayer frames on the board's
UART, DONE back to the host."""

import shutil
import signal
import subprocess
import sys

import pytest

from firmware.events import AudioDone
from tests.support.mcu import harness
from tests.support.mcu.dfplayer import df_frame
from tests.support.mcu.rig import Trace, frames, play_the_scripted_game, wait_for

pytestmark = pytest.mark.skipif(
    not all(shutil.which(x) for x in ("micropython", "mpy-cross", "socat")),
    reason="needs micropython, mpy-cross and socat",
)


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
    assert frames(uart) == [df_frame(0x06, 22), df_frame(0x0F, 0x0101, 1), stop]  # the play asks for an ACK
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
