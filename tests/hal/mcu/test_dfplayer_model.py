"""The emulator's DFPlayer Mini (tools/mcu_port/rp2040js/board.js's
"dfplayer") keeps the module's measured habits, each one settable: a chip
program that speaks to UART0 in raw frames (written here from the
datasheet, apart from hal/mcu) at set times, and the model's own log of
what it took, dropped, started and ended, all on the emulated chip's clock."""

import pytest

from tests.support.mcu import harness, pico
from tests.support.mcu.dfplayer import df_frame

why = pico.available()
pytestmark = pytest.mark.skipif(bool(why) or not harness.shutil.which("mpy-cross"), reason=why or "needs mpy-cross")

# the chip's program: frames sent at set times after the UART is set up, every reply printed with its time
CODE = """import machine, time
u = machine.UART(0, baudrate=9600, tx=machine.Pin(0), rx=machine.Pin(1), timeout=0)
t0 = time.ticks_ms()
plan = PLAN
buf = bytearray(16)
while True:
    now = time.ticks_diff(time.ticks_ms(), t0)
    while plan and plan[0][0] <= now:
        u.write(bytes(plan.pop(0)[1]))
    n = u.any()
    if n:
        got = u.readinto(buf, min(n, 16))
        print('RX', now, ''.join('%02x' % b for b in buf[:got]))
    time.sleep_ms(1)
"""


def _run(tmp_path, plan, end_ms, **figures):
    model = dict(pico.REALISTIC, **figures)
    code = CODE.replace("PLAN", repr([(t, list(df_frame(cmd, param, fb))) for t, cmd, param, fb in plan]))
    run = pico.play([], 0, workdir=str(tmp_path), end_ms=end_ms, dfplayer=model, code=code)
    assert run.status == 0, run.out[-2000:]
    return run


def _replies(run):
    """The reply bytes the chip heard, joined, in order."""
    return bytes.fromhex("".join(line.split()[2] for line in run.out.splitlines() if line.startswith("RX ")))


def test_ready_late_and_commands_before_it_dropped(tmp_path):
    run = _run(tmp_path, [(1000, 0x0F, 0x0101, 0), (1700, 0x0F, 0x0101, 0)], 3000, ready_ms=1500)
    ((dropped_at, _),) = run.dropped
    ((taken_at, _),) = run.frames
    assert taken_at - dropped_at == pytest.approx(700, abs=5)  # the first, before READY, was dropped
    assert _replies(run).startswith(df_frame(0x3F, 2)[:3]) and df_frame(0x3F, 2) in _replies(run)


def test_start_delay_fade_and_the_slower_start_after_an_end(tmp_path):
    # play 1, it ends by itself (400 ms), play 2 without stop: the slow start; stop, play 3: the usual start
    plan = [(2100, 0x0F, 0x0101, 0), (3500, 0x0F, 0x0102, 0), (5000, 0x16, 0, 0), (5200, 0x0F, 0x0103, 0)]
    run = _run(tmp_path, plan, 6500, start_ms=450, after_end_ms=900, fade_ms=60, ready_ms=1500)
    plays = run.plays()
    assert [clip for _, clip in plays] == [1, 2, 3] and not run.dropped
    starts = {clip: t for t, clip, _ in run.sounds}
    assert starts[1] - plays[0][0] == pytest.approx(450, abs=3)
    assert starts[2] - plays[1][0] == pytest.approx(900, abs=3)  # the last track ended alone, no stop since
    assert starts[3] - plays[2][0] == pytest.approx(450, abs=3)  # a stop first: the usual start
    assert {fade for _, _, fade in run.sounds} == {60}
    ends = {clip: (t, how) for t, clip, how in run.ends}
    assert ends[1][1] == "end" and ends[1][0] - starts[1] == pytest.approx(400, abs=3)
    # the finished replies (twice) of clip 1 and 2 reached the chip, 10 bytes each
    assert _replies(run).count(df_frame(0x3D, 1)) == 2 and _replies(run).count(df_frame(0x3D, 2)) == 2


@pytest.mark.parametrize("gap", [100, 150])
def test_commands_closer_than_the_gap_are_dropped(tmp_path, gap):
    plan = [(2000, 0x06, 20, 0), (2000 + gap - 40, 0x0F, 0x0101, 0), (2000 + gap + 20, 0x0F, 0x0101, 1)]
    run = _run(tmp_path, plan, 3200, gap_ms=gap, ready_ms=1500)
    assert [f[3] for _, f in run.dropped] == [0x0F]
    assert [f[3] for _, f in run.frames] == [0x06, 0x0F]
    assert df_frame(0x41, 0) in _replies(run)  # the feedback byte set: acknowledged once taken


@pytest.mark.parametrize("replies", ["short", "none"])
def test_clones_that_answer_short_or_not_at_all(tmp_path, replies):
    run = _run(tmp_path, [(2000, 0x0F, 0x0101, 1)], 3500, replies=replies, ready_ms=1500)
    heard = _replies(run)
    if replies == "none":
        assert heard == b"" and [c for _, c, how in run.ends] == [1]  # it played, and said nothing
    else:
        ready, finished = df_frame(0x3F, 2), df_frame(0x3D, 1)
        assert heard.startswith(ready[:7] + ready[9:])  # 7E FF 06 3F 00 00 02 EF: no checksum
        assert heard.count(finished[:7] + finished[9:]) == 2 and finished not in heard


def test_busy_pin_low_while_the_track_sounds(tmp_path):
    code_plan = [(2000, 0x0F, 0x0101, 0)]
    code = CODE.replace(
        "while True:",
        "b = machine.Pin(3, machine.Pin.IN, machine.Pin.PULL_UP)\nlast = -1\nwhile True:\n"
        "    v = b.value()\n    if v != last:\n        print('BUSY', time.ticks_ms(), v)\n        last = v",
    )
    code = code.replace("PLAN", repr([(t, list(df_frame(c, p, fb))) for t, c, p, fb in code_plan]))
    run = pico.play([], 0, workdir=str(tmp_path), end_ms=3500, dfplayer=dict(pico.REALISTIC, busy_pin=3, ready_ms=1500),
                    code=code)  # fmt: skip
    assert run.status == 0, run.out[-2000:]
    levels = [
        (int(t), int(v)) for _, t, v in (line.split() for line in run.out.splitlines() if line.startswith("BUSY"))
    ]
    assert [v for _, v in levels] == [1, 0, 1]
    ((start, _, _),) = run.sounds
    ((end, _, _),) = run.ends
    assert levels[1][0] == pytest.approx(start, abs=3) and levels[2][0] == pytest.approx(end, abs=3)
