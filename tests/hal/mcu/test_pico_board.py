"""The original board's needs and the silent failures, on the emulated
RP2040 (rp2040js, tests/support/mcu/pico.py) running the board's own
program: the self-test naming a DFPlayer that never answers, the batteries,
and its 15-minute idle shut-off; a boot error's LED blink code; a one-pole
power switch (SWITCH_PIN = None); matrix rows never driven against each
other. Times are the emulated chip's clock."""

import pytest

from firmware.actions import Say
from firmware.events import Switch
from hal.mcu import config
from hal.mcu.boot import BOOT_BLINKS
from hal.mcu.selftest import SILENT_BLINKS
from tests.support.mcu import harness, pico

why = pico.available()
pytestmark = pytest.mark.skipif(bool(why) or not harness.shutil.which("mpy-cross"), reason=why or "needs mpy-cross")


def _led(run):
    return [(t, v) for t, pin, v in run.pins if pin == pico.LED_PIN]


def test_the_self_test_names_a_silent_dfplayer_says_the_batteries_and_sleeps_when_idle(tmp_path):
    """A DFPlayer whose TX wire is broken (the model never answers; the
    board expects answers): the self-test says so and blinks; the batteries'
    voltage is printed; with no press for SELFTEST_IDLE_MS (the firmware's
    15 minutes, shortened here) it says the sleep phrase and puts the
    DFPlayer to sleep, and nothing more goes out."""
    idle = 8000
    steps = [[300, "button REPEAT 0"], [1000, "pad ECURIE 1"], [1200, "pad ECURIE 0"]]
    run = pico.play(steps, 1, workdir=str(tmp_path), end_ms=1200 + idle + 4000, main=True,
                    at_reset=("button REPEAT 1", "battery 4400"), dfplayer=dict(pico.REALISTIC, replies="none"),
                    config_lines=("SELFTEST_IDLE_MS = %d" % idle,))  # fmt: skip
    assert run.status == 0, run.out[-2000:]
    assert "BATTERY 4.40 V" in run.out
    lines = run.out.splitlines()
    silent = [line for line in lines if line.startswith("DFPLAYER")]
    assert len(silent) == 1 and silent[0].startswith("DFPLAYER SILENT: no answer"), silent
    # the LED, after the last press: SILENT_BLINKS short blinks once the DFPlayer had its time, then dark
    released = pico.BOOT_MS + 1200
    blinks = [(t, v) for t, v in _led(run) if t > released + 50]
    assert [v for _, v in blinks] == [1, 0] * SILENT_BLINKS, blinks
    assert all(abs(b[0] - a[0] - 150) <= 20 for a, b in zip(blinks, blinks[1:])), blinks
    # the idle shut-off: said once, then the DFPlayer's SLEEP (0x0A), the last thing sent
    assert [line for line in lines if line.startswith("SLEEP")] == [
        "SLEEP after %d s without a press: power off and on to test again" % (idle // 1000)
    ]
    sent = [(t, f[3]) for t, f in run.frames]
    (asleep_at,) = [t for t, c in sent if c == 0x0A]
    assert sent[-1][1] == 0x0A
    assert idle - 500 <= asleep_at - released <= idle + 2000, asleep_at - released


def test_a_boot_error_blinks_its_code(tmp_path):
    """A config the board cannot start with (the build refuses it: here it
    is put on the board by hand): the error on the console, and the LED's
    code, BOOT_BLINKS blinks of 300 ms and a pause, again and again."""
    run = pico.play([], 1, workdir=str(tmp_path), end_ms=6000, main=True, config_lines=("PADS = 'contact'",))
    assert run.status == 0, run.out[-2000:]
    assert "the board cannot start: config.PADS is 'touch', 'contacts' or 'matrix', not 'contact'" in run.out
    lit = [t for t, v in _led(run) if v == 1]
    assert len(lit) >= 2 * BOOT_BLINKS
    gaps = [round(b - a) for a, b in zip(lit, lit[1:])][: 2 * BOOT_BLINKS - 1]
    # 600 ms apart within a code, 300 + 1500 + 300 between codes
    want = ([600] * (BOOT_BLINKS - 1) + [2100]) * 2
    assert all(abs(g - w) <= 20 for g, w in zip(gaps, want)), gaps


def test_a_one_pole_switch_the_board_is_on_when_powered(tmp_path):
    """SWITCH_PIN = None (an original board's switch cuts the batteries):
    the board is ON at power-up and greets, with no switch pin at all."""
    steps = [[6000, "pad START_COMTE 1"], [6200, "pad START_COMTE 0"]]
    run = pico.play(steps, 3, pads="contacts", workdir=str(tmp_path), end_ms=12000,
                    config_lines=("SWITCH_PIN = None",))  # fmt: skip
    assert run.status == 0, run.out[-2000:]
    ins = [(t, e) for t, way, e in run.records if way == "in" and type(e) is Switch]
    assert ins and ins[0][1].on and ins[0][0] <= 200, ins
    said = [a.key for _, way, a in run.records if way == "out" and type(a) is Say]
    assert said[:1] == ["power.greeting"] and len(said) >= 2, said
    assert run.plays()  # and the DFPlayer was told to speak


@pytest.mark.parametrize("drain", [True, False])
def test_matrix_rows_are_never_driven_against_each_other(tmp_path, drain):
    """Two pawns on one column of the matrix (GARDIEN, row 0, and ABRI, row
    1, both column 0): with open-drain rows (hal/mcu/wiring.py) no row is
    ever driven high against a row driven low through the two switches (the
    model logs any such clash) and both pads read pressed; rows driven
    push-pull, as before, clash on every scan (the check can fail)."""
    steps = [[500, "switch 1"], [2000, "pad GARDIEN 1"], [2050, "pad ABRI 1"], [3000, "pad ABRI 0"],
             [3050, "pad GARDIEN 0"]]  # fmt: skip
    before = "" if drain else "import machine; machine.Pin.OPEN_DRAIN = machine.Pin.OUT; "  # the rows of before
    code = "%simport pico_game; pico_game.main(2, 'matrix', 'trace.jsonl', %d)" % (before, pico.BOOT_MS + 5000)
    run = pico.play(steps, 2, pads="matrix", workdir=str(tmp_path), end_ms=5000 + 2000, code=code)
    assert run.status == 0, run.out[-2000:]
    if drain:
        assert run.clashes == []
        downs = [e.pad for _, way, e in run.records if way == "in" and type(e).__name__ == "PadDown"]
        assert downs == ["GARDIEN", "ABRI"], downs
    else:
        rows = config.MATRIX_ROWS
        assert (rows[0], rows[1]) in [(a, b) for _, a, b in run.clashes], run.clashes
