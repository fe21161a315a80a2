"""Resume (hal.resume): a trace rebuilds its game by replaying its inputs
into Narrator(seed); a crash's torn line or cut burst loses only the press
in flight; the game goes on appending to the same file, its clock going on."""

import json

import pytest

from firmware import Narrator
from firmware.events import ButtonDown, ButtonUp, Tick
from hal.resume import ResumeError, inspect, resume
from hal.runner import Board
from hal.trace import read, replay
from tests.support.games import scripted_events


def write_game(path, seed, upto=None):
    """A scripted game's first `upto` events, traced by a Board into `path`;
    the events and a Narrator that took the same."""
    evs, _ = scripted_events(seed)
    evs = evs[:upto]
    with open(path, "w", encoding="utf-8") as f:
        board = Board(seed=seed, trace=f)
        for t, e in evs:
            board.feed(e, t)
            board.feed(Tick(), t + 1)
    alone = Narrator(seed=seed)
    for t, e in evs:
        alone.handle(e, t)
        alone.handle(Tick(), t + 1)
    return evs, alone


def says(outs):
    return [a for a in outs if type(a).__name__ == "Say"]


@pytest.mark.parametrize("seed", [2, 5])
def test_a_resumed_game_is_the_same_game_and_repeat_gives_the_last_announcement(tmp_path, seed):
    path = tmp_path / "g.jsonl"
    evs, alone = write_game(path, seed, upto=120)
    resumed, stream = resume(str(path))
    assert resumed.seed == seed and resumed.inputs == len(read(open(path))[1]) - sum(
        1 for r in read(open(path))[1] if r[1] == "out"
    )
    assert resumed.last_t == max(t for t, _ in evs)
    n = resumed.narrator
    assert (n.state, n.guests, n.active, n.current, n.positions) == (
        alone.state, alone.guests, alone.active, alone.current, alone.positions)
    board = Board(trace=stream, resumed=resumed)
    t = 500  # board time after the restart; the board adds the trace's last time
    got = board.feed(ButtonDown("REPEAT"), t)
    want = alone.handle(ButtonDown("REPEAT"), resumed.last_t + t)
    assert says(got) and got == want
    board.feed(ButtonUp("REPEAT"), t + 100)
    board.close()
    lines = path.read_text(encoding="utf-8").splitlines()
    assert sum(1 for x in lines if x.startswith('{"trace"')) == 1  # appended, no second header
    assert json.loads(lines[-1])["t"] == resumed.last_t + t + 100  # the clock went on
    seed2, records = read(open(path, encoding="utf-8"))
    assert replay(seed2, records) is None  # the whole file, old and new, replays identical


def test_a_torn_last_line_is_cut_away_and_the_file_goes_on_whole(tmp_path):
    path = tmp_path / "g.jsonl"
    write_game(path, 3, upto=60)
    whole = path.read_bytes()
    path.write_bytes(whole + b'{"t": 99999, "in": {"type": "Pad')  # killed mid-line
    resumed, stream = resume(str(path))
    assert any("torn" in note for note in resumed.notes)
    assert path.read_bytes() == whole  # cut back to the last whole line
    Board(trace=stream, resumed=resumed).feed(ButtonDown("REPEAT"), 10)
    stream.close()
    assert replay(*read(open(path, encoding="utf-8"))) is None


def test_a_burst_cut_short_loses_only_the_press_in_flight(tmp_path):
    path = tmp_path / "g.jsonl"
    write_game(path, 4, upto=80)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    bursts = [i for i in range(1, len(lines) - 2)
              if '"in"' in lines[i] and '"out"' in lines[i + 1] and '"out"' in lines[i + 2]]
    i = bursts[-1]  # an input that said two things or more: killed after the first
    path.write_text("".join(lines[: i + 2]), encoding="utf-8")
    resumed, stream = resume(str(path))
    stream.close()
    assert any("cut short" in note for note in resumed.notes), resumed.notes
    assert path.read_text(encoding="utf-8") == "".join(lines[:i])  # the press in flight, no more
    assert resumed.inputs == sum(1 for x in lines[1:i] if '"in"' in x)
    assert replay(*read(open(path, encoding="utf-8"))) is None


def test_a_trace_that_does_not_replay_identical_is_refused_in_one_line(tmp_path):
    path = tmp_path / "g.jsonl"
    write_game(path, 6, upto=60)
    text = path.read_text(encoding="utf-8")
    i = text.index('"turn.call"') if '"turn.call"' in text else text.index('"rollcall.ask"')
    j = text.index('"guest": "', i) + len('"guest": "')
    k = text.index('"', j)
    path.write_text(text[:j] + ("AZUR" if text[j:k] != "AZUR" else "COMTE") + text[k:], encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(ResumeError, match="does not replay identical") as e:
        resume(str(path))
    assert "\n" not in str(e.value)
    assert path.read_bytes() == before  # refused: not touched


@pytest.mark.parametrize("content,why", [
    (b"", "empty trace"),
    (b"\x00\xff\xfe garbage\n\x01\x02\n", "not JSON"),
    (b'{"trace": "cfx/1", "seed": 1}\n{"t": null, "in": {"type": "Switch", "on": true}}\n', '"t" is a time'),
])
def test_what_is_not_a_trace_cannot_be_resumed(tmp_path, content, why):
    path = tmp_path / "x.jsonl"
    path.write_bytes(content)
    with pytest.raises(ResumeError, match=why):
        inspect(str(path))
    with pytest.raises(ResumeError, match="directory"):
        inspect(str(tmp_path))
