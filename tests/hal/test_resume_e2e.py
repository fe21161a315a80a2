"""Nothing lost, on real processes: `clue-fx play --text` killed with
SIGKILL mid-game, then `--resume` (the same guests, the same turn, REPEAT
gives the last announcement, the trace replays identical); --trace never
truncates a game; a trace under `ulimit -f` stops in one line and the game
goes on; a closed stdout and a console that is not UTF-8 end quietly."""

import json
import os
import signal
import subprocess
import sys

import pytest

from hal.trace import TraceFollower, read, replay
from tests.support.cfx import with_file_limit  # noqa: E402

ENV = dict(os.environ, PYTHONIOENCODING="utf-8")


def clue_fx(*args, input=None, env=None, timeout=60):
    return subprocess.run([sys.executable, "-m", "hal.cli", *args], input=input, capture_output=True,
                          env=env or ENV, timeout=timeout, check=False)


def start_text_board(trace, seed=3):
    return subprocess.Popen(
        [sys.executable, "-m", "hal.cli", "play", "--text", "--lang", "en", "--seed", str(seed), "--trace", str(trace)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV,
    )


def keys(proc, text):
    proc.stdin.write(text.encode())
    proc.stdin.flush()


def play_then_kill(trace):
    """A roll call and a move on a real text board, then SIGKILL; its stdout."""
    proc = start_text_board(trace)
    follow = TraceFollower(str(trace))
    try:
        keys(proc, "yynn\n")
        follow.wait_say("turn.call", timeout=30)
        start = len(follow.records)
        keys(proc, "9\n")
        # the tap's PadUp comes after the PadDown's answer was printed: then the burst is whole
        follow.wait(lambda f: {"type": "PadUp", "pad": "ECURIE"} in [r[2] for r in f.records[start:]],
                    timeout=30, what="the stables pressed and released")
    finally:
        proc.kill()  # SIGKILL: no cleanup at all
        out, _ = proc.communicate(timeout=30)
        follow.close()
    assert proc.returncode == -signal.SIGKILL
    return out.decode()


def test_a_killed_text_board_resumes_where_it_was(tmp_path):
    trace = tmp_path / "game.jsonl"
    before = play_then_kill(trace)
    said = [x for x in before.splitlines() if x.startswith("Edmond: ")]
    lines_before = trace.read_text(encoding="utf-8").splitlines()
    r = clue_fx("play", "--text", "--lang", "en", "--resume", str(trace), input=b"r\nx\n")
    out = r.stdout.decode()
    assert r.returncode == 0, r.stderr
    assert "seed 3" in out and "the game goes on: " in out
    after = out.split("the game goes on", 1)[1]
    assert said[-1] in after  # REPEAT: the last announcement again
    assert "Good evening" not in after and "are you playing?" not in after  # no new roll call
    lines = trace.read_text(encoding="utf-8").splitlines()
    assert lines[: len(lines_before)] == lines_before and len(lines) > len(lines_before)  # appended
    seed, records = read(open(trace, encoding="utf-8"))
    assert seed == 3 and replay(seed, records) is None
    times = [json.loads(x)["t"] for x in lines[1:]]
    assert times == sorted(times)  # the board's clock went on from the trace's last time


def test_an_existing_trace_is_never_truncated(tmp_path):
    trace = tmp_path / "game.jsonl"
    r = clue_fx("play", "--text", "--lang", "en", "--seed", "3", "--trace", str(trace), input=b"yynn\nx\n")
    assert r.returncode == 0
    kept = trace.read_bytes()
    r = clue_fx("play", "--text", "--lang", "en", "--trace", str(trace), input=b"x\n")
    assert r.returncode == 2 and b"Traceback" not in r.stderr
    assert r.stderr.decode().count("\n") == 1 and "--resume %s" % trace in r.stderr.decode()
    assert trace.read_bytes() == kept


def test_resume_refuses_a_trace_that_does_not_replay(tmp_path):
    trace = tmp_path / "game.jsonl"
    clue_fx("play", "--text", "--lang", "en", "--seed", "3", "--trace", str(trace), input=b"yynn\nx\n")
    text = trace.read_text(encoding="utf-8")
    trace.write_text(text.replace('"seed": 3', '"seed": 4', 1), encoding="utf-8")
    r = clue_fx("play", "--text", "--lang", "en", "--resume", str(trace), input=b"x\n")
    err = r.stderr.decode()
    assert r.returncode == 2 and err.count("\n") == 1 and "does not replay identical" in err, err



def test_a_trace_under_ulimit_f_stops_in_one_line_and_the_game_goes_on(tmp_path):
    trace = tmp_path / "game.jsonl"
    r = subprocess.run([*with_file_limit(1500), "play", "--text", "--lang", "en", "--seed", "3", "--trace", str(trace)],
                       input=b"yynn\n9\nr\nx\n", capture_output=True, env=ENV, timeout=60, check=False)
    err = r.stderr.decode()
    assert r.returncode == 0, err
    assert err.startswith("clue-fx: the trace %s stops here: " % trace) and err.count("\n") == 1, err
    assert "Traceback" not in err
    assert r.stdout.decode().count("At the stables") == 2  # the game went on: said, then repeated
    assert trace.stat().st_size <= 1500
    # what was written replays (its intact part)
    r = clue_fx("replay", str(trace))
    assert r.returncode == 0, r.stdout + r.stderr


def test_a_closed_stdout_ends_quietly(tmp_path):
    # `| head -1`: the reader takes one line and goes away
    p = subprocess.Popen([sys.executable, "-m", "hal.cli", "play", "--text", "--lang", "en", "--seed", "3"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV)
    p.stdout.readline()
    p.stdout.close()
    _, err = p.communicate(b"?\n" * 2000 + b"yynn\n9\nx\n", timeout=60)
    assert b"Traceback" not in err and b"BrokenPipe" not in err, err
    assert p.returncode == 141


@pytest.mark.parametrize("encoding", ["latin-1", "ascii"])
def test_a_console_that_is_not_utf8_gets_what_it_can_show(encoding):
    env = dict(ENV, PYTHONIOENCODING=encoding)
    r = clue_fx("play", "--text", "--lang", "en", "--seed", "3", input=b"yynn\n9\nx\n", env=env)
    assert r.returncode == 0 and b"Traceback" not in r.stderr, r.stderr
    assert b"(a horse neighs)" in r.stdout  # the stables' sound, its note replaced


@pytest.mark.parametrize("cut_at", [700, 1900, 3100, 4400, 5800])
def test_killed_at_any_moment_it_resumes_losing_at_most_the_press_in_flight(tmp_path, cut_at):
    """SIGKILL once the trace has grown past `cut_at` bytes, wherever the
    board is (mid-line, mid-burst), while keys pour in; then --resume."""
    trace = tmp_path / "game.jsonl"
    proc = subprocess.Popen(
        [sys.executable, "-m", "hal.cli", "play", "--text", "--lang", "en", "--seed", "3", "--trace", str(trace)],
        stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=ENV,
    )
    follow = TraceFollower(str(trace))
    try:
        proc.stdin.write(b"yynn\n" + b"9r" * 400 + b"\n")
        proc.stdin.flush()
        follow.wait(lambda f: trace.exists() and trace.stat().st_size >= cut_at, timeout=30, what="the trace grew")
    finally:
        proc.kill()
        proc.wait(30)
        follow.close()
    kept = trace.read_bytes()
    r = clue_fx("play", "--text", "--lang", "en", "--resume", str(trace), input=b"r\nx\n")
    assert r.returncode == 0, r.stderr
    err = r.stderr.decode()
    assert "Traceback" not in err and err.count("\n") <= 2, err  # at most: a torn line, a press left out
    after = trace.read_bytes()
    whole = kept[: kept.rfind(b"\n") + 1]  # the intact lines before the kill
    inputs = [x for x in whole.splitlines() if b'"in"' in x]
    kept_inputs = [x for x in after.splitlines() if b'"in"' in x][: len(inputs)]
    assert kept_inputs[: len(inputs) - 1] == inputs[: len(inputs) - 1]  # all but the press in flight survived
    seed, records = read(open(trace, encoding="utf-8"))
    assert seed == 3 and replay(seed, records) is None


def test_a_trace_removed_mid_game_is_said_once_and_the_game_goes_on(tmp_path):
    trace = tmp_path / "game.jsonl"
    proc = start_text_board(trace)
    follow = TraceFollower(str(trace))
    try:
        keys(proc, "yynn\n")
        follow.wait_say("turn.call", timeout=30)
        trace.unlink()
        keys(proc, "9\nr\nx\n")
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        follow.close()
    assert proc.returncode == 0
    assert err.decode() == "clue-fx: the trace %s stops here: the file was removed; the game goes on\n" % trace
    assert out.decode().count("At the stables") == 2
