"""`clue-fx serve` killed with SIGKILL mid-game, then `--resume` on the same
virtual rig (a real pty): the same guest's turn, REPEAT gives the last
announcement, the game plays on to its end and the whole trace (before and
after the kill) replays identical. A closed stdout ends serve quietly."""

import os
import signal
import subprocess
import sys

import pytest

from hal.cfx.virtual import VirtualRig
from hal.trace import read, replay
from tests.support.cfx import Served, with_file_limit
from tests.support.hil import ConsoleFollower, Player

pytestmark = pytest.mark.timeout(180)


@pytest.fixture
def rig():
    with VirtualRig(clip_ms=0, seed=1) as r:
        yield r


def test_serve_killed_mid_game_resumes_on_the_same_rig(rig, tmp_path):
    first = Served(rig.path, tmp_path)
    try:
        first.console.wait_for("ready: the game can start")
        rig.switch(True)
        player = Player(first.trace, rig.tap_pad, rig.press_button)
        player.until("turn.call")
        player.step()  # a move
        player.until("turn.call")
        player.step()
        last = player.until("turn.call")  # the board waits for this guest's move
    finally:
        first.proc.kill()  # SIGKILL mid-game
        first.proc.wait(10)
        first.trace.close()
    assert first.proc.returncode == -signal.SIGKILL
    second = Served(rig.path, tmp_path, "--resume", str(first.trace_path))
    try:
        second.console.wait_for("the game goes on: ")
        second.console.wait_for("ready: the game can start")
        start = len(second.trace.says())
        rig.press_button("REPEAT")
        again = second.trace.wait(lambda f: [s for s in f.says(start) if s["key"] == "turn.call"], what="REPEAT")[0]
        assert again == last  # the same guest's turn, said again
        player2 = Player(second.trace, rig.tap_pad, rig.press_button)
        player2.at = dict(player.at)
        player2.seen = len(second.trace.says()) - 1  # act on the call REPEAT gave
        player2.play()
        assert second.trace.says()[-1]["key"] == "game.over"
    finally:
        second.stop()
    seed, records = read(open(first.trace_path, encoding="utf-8"))
    assert seed == 5 and replay(seed, records) is None


def test_serve_ends_quietly_when_its_stdout_closes(rig, tmp_path):
    cmd = [sys.executable, "-m", "hal.cli", "serve", "--port", rig.path, "--audio", "none", "--seed", "5",
           "--lang", "en", "-vv"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        proc.stdout.readline()  # `| head -1`
        proc.stdout.close()
        rig.switch(True)  # the greeting and the link's lines: written to no one
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert b"Traceback" not in err and b"BrokenPipe" not in err, err
    assert proc.returncode == 141


def test_a_trace_under_ulimit_f_never_stops_serve(rig, tmp_path):
    """The trace's disk full (RLIMIT_FSIZE) is the trace's trouble, said once:
    not "the port vanished", and the game goes on through the roll call."""
    trace = tmp_path / "serve.jsonl"
    cmd = [*with_file_limit(800), "serve", "--port", rig.path, "--audio", "rig", "--seed", "5",
           "--lang", "en", "--trace", str(trace), "-v"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    console = ConsoleFollower(proc.stdout)
    try:
        console.wait_for("ready: the game can start")
        rig.switch(True)
        at = 0
        for answer in ("YES", "YES", "NO", "NO"):  # the roll call: the Count and Lady Lavande play
            at = console.wait_for("[rollcall.ask]", start=at) + 1
            rig.press_button(answer)
        at = console.wait_for("[turn.call]", start=at)
        stopped = console.wait_for("stops here")
    finally:
        proc.terminate()
        proc.wait(10)
    out = "\n".join(console.lines)
    assert proc.returncode == 0 and "Traceback" not in out, out
    assert out.count("the trace %s stops here" % trace) == 1
    assert stopped < at  # the trace stopped during the roll call, and the game went on to the first turn
    assert "vanished" not in out and "rig gone" not in out, out
    assert trace.stat().st_size <= 800


def test_serve_on_a_console_that_is_not_utf8(rig):
    cmd = [sys.executable, "-m", "hal.cli", "serve", "--port", rig.path, "--audio", "rig", "--seed", "5",
           "--lang", "fr", "-v"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, encoding="ascii",
                            errors="strict", env=dict(os.environ, PYTHONIOENCODING="ascii"))
    console = ConsoleFollower(proc.stdout)
    try:
        console.wait_for("ready: the game can start")
        rig.switch(True)
        greeting = console.lines[console.wait_for("[power.greeting]")]
        console.wait_for("[rollcall.ask]")
    finally:
        proc.terminate()
        proc.wait(10)
    out = "\n".join(console.lines)
    assert "Traceback" not in out and proc.returncode == 0, out
    assert "? (" in greeting  # the jingle's note, replaced; the French words' accents too
