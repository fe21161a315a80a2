"""Traces: written line by line, read back, replayed into Narrator(seed);
`clue-fx replay` reports identical (exit 0) or the first difference (exit 1)."""

import io
import json
import subprocess
import sys

import pytest

from firmware.events import Tick
from hal.runner import Board
from hal.trace import TraceError, read, replay
from tests.support.games import scripted_events


def record(seed):
    """A trace of a whole scripted game, written by hal.runner.Board."""
    evs, _ = scripted_events(seed)
    stream = io.StringIO()
    board = Board(seed=seed, trace=stream)
    for t, e in evs:
        board.feed(e, t)
        board.feed(Tick(), t + 1)  # idle ticks: left out of the trace
    board.feed(Tick(), evs[-1][0] + 900_000)  # ... except the one that puts the board to sleep
    return stream.getvalue()


def test_trace_format_header_and_lines():
    text = record(5)
    lines = [json.loads(x) for x in text.splitlines()]
    assert lines[0] == {"trace": "cfx/1", "seed": 5}
    assert lines[1] == {"t": 0, "in": {"type": "Switch", "on": True}}
    assert lines[2]["out"]["type"] == "Say" and lines[2]["out"]["key"] == "power.greeting"
    ticks = [x for x in lines if x.get("in", {}).get("type") == "Tick"]
    assert len(ticks) == 1  # only the tick that made the board sleep
    assert lines[-1]["out"] == {"type": "PowerOff", "reason": "idle"}


def test_written_and_flushed_line_by_line(tmp_path):
    path = tmp_path / "live.jsonl"
    with open(path, "w", encoding="utf-8") as f:
        board = Board(seed=3, trace=f)
        from firmware.events import Switch

        board.feed(Switch(True), 0)
        # another reader sees every line at once, before anything is closed
        seen = path.read_text(encoding="utf-8").splitlines()
        assert len(seen) == 4 and json.loads(seen[1])["in"]["type"] == "Switch"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_replay_reproduces_a_trace_exactly(seed):
    s, records = read(io.StringIO(record(seed)))
    assert s == seed
    assert replay(s, records) is None


def test_replay_finds_the_first_difference():
    text = record(4)
    lines = text.splitlines()
    i = next(k for k, x in enumerate(lines) if '"turn.call"' in x)
    tampered = json.loads(lines[i])
    tampered["out"]["args"]["guest"] = "NOBODY"
    lines[i] = json.dumps(tampered)
    seed, records = read(io.StringIO("\n".join(lines)))
    t, event, want, got = replay(seed, records)
    assert want.args == {"guest": "NOBODY"} and got.key == "turn.call"


def test_replay_with_another_seed_differs():
    seed, records = read(io.StringIO(record(4)))
    assert replay(seed + 1, records) is not None


@pytest.mark.parametrize("bad,msg", [("", "empty trace"), ("not json\n", "line 1: not JSON"),
                                     ('{"trace": "cfx/9", "seed": 1}\n', "line 1: expected"),
                                     ('{"trace": "cfx/1", "seed": 1}\n{"t": 0, "in": {"type": "PadDown", '
                                      '"pad": "KITCHEN"}}\n', "line 2: unknown pad")])
def test_bad_traces_say_where(bad, msg):
    with pytest.raises(TraceError, match=msg):
        read(io.StringIO(bad))


def cli(*args):
    return subprocess.run([sys.executable, "-m", "hal.cli"] + list(args), capture_output=True, text=True)


def test_cli_replay_identical_and_different(tmp_path):
    good = tmp_path / "good.jsonl"
    good.write_text(record(9), encoding="utf-8")
    r = cli("replay", str(good))
    assert r.returncode == 0 and r.stdout.startswith("identical"), r.stdout + r.stderr
    bad = tmp_path / "bad.jsonl"
    bad.write_text(good.read_text().replace('"guest": "COMTE"', '"guest": "AZUR"', 1), encoding="utf-8")
    r = cli("replay", str(bad))
    assert r.returncode == 1 and "differs at t=" in r.stdout
    r = cli("replay", str(tmp_path / "missing.jsonl"))
    assert r.returncode == 2 and "cannot read" in r.stderr and "Traceback" not in r.stderr


def test_cli_replay_of_a_torn_trace_replays_its_intact_part(tmp_path):
    torn = tmp_path / "torn.jsonl"
    torn.write_text(record(9) + '{"t": 99999, "in": {"type": "Pad', encoding="utf-8")
    r = cli("replay", str(torn))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "was torn" in r.stdout and "identical:" in r.stdout and "Traceback" not in r.stderr
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text(torn.read_text().replace('"guest": "COMTE"', '"guest": "AZUR"', 1), encoding="utf-8")
    assert cli("replay", str(tampered)).returncode == 1  # the intact part must still be identical
