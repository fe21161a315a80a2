"""The emulated RP2040 (rp2040js) as a board of contacts: its GPIO inputs
driven by the test, its UART0 heard by a DFPlayer model
(tools/mcu_port/rp2040js/board.js), the board's own program on it
(hal.mcu.standalone, frozen into the Cortex-M0+ image as a board ships it,
with the RP2040's `machine`, tests/support/mcu/rp2/machine.py, over the
chip's registers: tools/mcu_build.py's "pico" image).

    result = pico.play(steps, seed, pads="contacts", workdir=tmp)

`steps`: [t_ms, "pad ECURIE 1" | "button YES 0" | "switch 1" | "battery 4400"]
(harness.Planner's), turned here into what happens at the chip's pins through
hal/mcu/config.py's pin table.
"""

import json
import os
import subprocess

from hal.mcu import config
from hal.trace import read

from .dfplayer import checksum_ok
from .qemu import mcu_build

HERE = os.path.dirname(os.path.abspath(__file__))

LED_PIN = 25  # the Pico's own LED: the self-test's light (hal/mcu/selftest.py)
BOOT_MS = 1000  # the steps start this long after reset: the program is up by then
HEAP = 120000  # of the Pico's ~190 KB free after MicroPython's own


def pin_step(what, pads):
    """A Planner step as the board test's world takes it (board.js)."""
    kind, *rest = what.split()
    names = [pad for _, _, pad in config.PAD_ELECTRODES]
    if kind == "pad":
        i = names.index(rest[0])
        if pads == "contacts":
            return "contact %d %s" % (config.PAD_PINS[i], rest[1])
        cols = config.MATRIX_COLS
        return "key %d %d %s" % (config.MATRIX_ROWS[i // len(cols)], cols[i % len(cols)], rest[1])
    if kind == "button":
        return "contact %d %s" % (config.BUTTON_PINS[config.BUTTON_NAMES.index(rest[0])], rest[1])
    if kind == "switch":
        return "contact %d %s" % (config.SWITCH_PIN, rest[0])
    if kind == "battery":  # the millivolts at the pack, through the divider, on 12 bits
        level = round(int(rest[0]) / config.BATTERY_DIVIDER * 4095 / config.ADC_REF_MV)
        return "adc %d %d" % (config.BATTERY_PIN - 26, min(4095, level))
    raise ValueError("a step the board cannot take: %r" % what)


class Run:
    """What a run left: `status`, `out` (the console), `figures` (the
    program's last line), `seed` and `records` (the trace, hal.trace.read's),
    `frames` ([(t_ms, bytes)] the DFPlayer took), `bauds` (UART0's, each time its divisors were set)."""

    def __init__(self, status, out, trace_path, frames_path):
        self.status = status
        self.out = out
        last = out.strip().splitlines()[-1] if out.strip() else "{}"
        self.figures = json.loads(last) if last.startswith("{") else {}
        self.seed, self.records = None, []
        if os.path.exists(trace_path):
            with open(trace_path) as f:
                self.seed, self.records = read(f)
        self.frames = []
        self.bauds = []
        self.pins = []  # [(t_ms, pin, level)] of the watched outputs
        self.dropped = []  # [(t_ms, bytes)] the realistic DFPlayer did not take (too soon, before READY)
        self.sounds = []  # [(t_ms, clip, fade_ms)]: the model's sound starts
        self.ends = []  # [(t_ms, clip, "end"|"cut")]: its sounds ending by themselves, or cut
        self.clashes = []  # [(t_ms, row, row)]: two matrix rows driven against each other
        with open(frames_path) as f:
            for line in f:
                t, what = line.split(None, 1)
                w = what.split()
                if t == "baud":
                    self.bauds.append(int(what))
                elif w[0] == "pin":
                    self.pins.append((float(t), int(w[1]), int(w[2])))
                elif w[0] == "drop":
                    self.dropped.append((float(t), bytes.fromhex(w[1])))
                elif w[0] == "sound":
                    self.sounds.append((float(t), int(w[1]), float(w[2])))
                elif w[0] in ("end", "cut"):
                    self.ends.append((float(t), int(w[1]), w[0]))
                elif w[0] == "clash":
                    self.clashes.append((float(t), int(w[1]), int(w[2])))
                elif w[0] != "noise":
                    self.frames.append((float(t), bytes.fromhex(what.strip())))

    def plays(self):
        """[(t_ms, clip)] of the play commands (0x0F) the DFPlayer took."""
        return [(t, (f[5] - 1) * 255 + f[6]) for t, f in self.frames if f[3] == 0x0F]

    def _quiet_presses(self, steps, clip_ms):
        """[(t_ms, the next play command's t_ms)] of each press at a pin with
        the board ON and nothing playing: the last play command more than a
        clip and 100 ms before (with the realistic model: its last track
        over, ended or cut, 100 ms before)."""
        plays = [t for t, _ in self.plays()]
        ends = [t for t, _, _ in self.ends]
        on_at = min(t for t, what in steps if what == "switch 1") + BOOT_MS
        out = []
        for t, what in sorted(steps):
            t += BOOT_MS
            if t > on_at and what.split()[0] in ("pad", "button") and what.endswith(" 1"):
                before = [pt for pt in plays if pt < t]
                after = [pt for pt in plays if pt >= t]
                if not (after and before):
                    continue
                if self.sounds:
                    quiet = any(before[-1] < et < t - 100 for et in ends)
                else:
                    quiet = before[-1] + clip_ms + 100 < t
                if quiet:
                    out.append((t, after[0]))
        return out

    def press_to_play(self, steps, clip_ms=400):
        """[ms] from each press at a pin (the board ON, nothing playing) to
        the next play command on UART0: both on the chip's clock."""
        return [play - t for t, play in self._quiet_presses(steps, clip_ms)]

    def press_to_sound(self, steps, clip_ms=400):
        """[ms] from the same presses to the realistic model's next sound, once faded in."""
        out = []
        for t, play in self._quiet_presses(steps, clip_ms):
            later = [st + fade for st, _, fade in self.sounds if st >= play]
            if later:
                out.append(later[0] - t)
        return out

    def bad_frames(self):
        ok = [0x7E, 0xFF, 0x06]
        return [f for _, f in self.frames if list(f[:3]) != ok or f[9] != 0xEF or not checksum_ok(f)]


# The DFPlayer Mini as it is measured (board.js's "dfplayer"): its starts,
# its slower start after a track that ended by itself, its fade-in, the
# commands it drops when they come too close, READY late. `pico.play(...,
# dfplayer=REALISTIC)`, or a dict of the figures changed
# (dict(REALISTIC, replies="short")).
REALISTIC = {"start_ms": 500, "after_end_ms": 800, "fade_ms": 50, "gap_ms": 100, "ready_ms": 2000, "replies": "full"}


def play(steps, seed, *, pads="contacts", workdir, end_ms, clip_ms=400, heap=HEAP, timeout=900, at_reset=(),
         main=False, dfplayer=None, code=None, config_lines=(), sentences=None, lang=None):  # fmt: skip
    """Run the board's program on the emulated RP2040 for `end_ms` of its
    clock while `steps` happen at its pins; a Run. `at_reset`: steps' whats
    already so when the chip starts ("button REPEAT 1"). `main`: run
    hal.mcu.standalone.main() as a board's main.py does (it never ends: the
    run is stopped at end_ms, and there is no trace) instead of the traced game.
    `dfplayer`: the realistic DFPlayer's figures (REALISTIC), None for one
    that answers at once. `code`: MicroPython run instead (stopped at
    end_ms). `config_lines`: hal.mcu.config's names set first ("VOLUME = 10").
    `sentences`: the whole sentences the card holds (hal.bringup.sentences's
    list): their table on the board, their tracks in the model; None: none,
    every sentence clip by clip. `lang`: the edition whose clips' lengths the
    realistic model plays (a track of a whole sentence: its clips'); None:
    every track clip_ms long."""
    board = os.path.join(workdir, "board")
    os.makedirs(board, exist_ok=True)  # the host's folder the chip writes its trace in
    steps_path = os.path.join(workdir, "steps.txt")
    with open(steps_path, "w") as f:
        for what in at_reset:
            f.write("0 %s\n" % pin_step(what, pads))
        for t, what in sorted(steps, key=lambda s: s[0]):
            f.write("%d %s\n" % (t + BOOT_MS, pin_step(what, pads)))
    spec = {
        "steps": steps_path,
        "frames": os.path.join(workdir, "frames.txt"),
        "clip_ms": clip_ms,
        "echo": True,
        "end_ms": BOOT_MS + end_ms + (0 if main else 5000),  # traced, a backstop: the program ends itself
        "stop": main,
        "watch": [LED_PIN],
    }
    if dfplayer is not None:
        from .sound import track_lengths

        spec["dfplayer"] = dict(dfplayer)
        if lang is not None:
            spec["dfplayer"]["lengths"] = track_lengths(lang, sentences or ())
    if sentences:
        from hal.bringup.sentences import table
        from hal.mcu.sentences import SENTENCES_FILE

        with open(os.path.join(board, SENTENCES_FILE), "wb") as f:
            f.write(table(sentences))
    elf = mcu_build.build("pico", cpu="cortex-m0plus", quiet=True)
    setup = "".join("config.%s; " % line for line in config_lines)
    if code is not None:
        spec["stop"] = True
        spec["end_ms"] = BOOT_MS + end_ms
        code = "from hal.mcu import config; %s%s" % (setup, code)
    elif main:
        code = "from hal.mcu import config, standalone; config.PADS = %r; %sstandalone.main(%d)" % (pads, setup, seed)
    else:
        code = "from hal.mcu import config; %simport pico_game; pico_game.main(%d, %r, %r, %d)" % (
            setup, seed, pads, "trace.jsonl", BOOT_MS + end_ms)  # fmt: skip
    spec_path = os.path.join(workdir, "board.json")
    with open(spec_path, "w") as f:
        json.dump(spec, f)
    cmd = mcu_build.rp2040_command(elf, heap, code)
    cmd[3:3] = ["--board", spec_path]
    r = subprocess.run(cmd, cwd=board, env=mcu_build.rp2040_env(quiet=True), capture_output=True, text=True,
                       timeout=timeout, check=False)  # fmt: skip
    return Run(r.returncode, r.stdout + r.stderr, os.path.join(board, "trace.jsonl"), spec["frames"])


def available():
    """Why the emulated RP2040 cannot run here, or None when it can."""
    import shutil

    if shutil.which("node") is None:
        return "needs node (python tools/setup_tests.py installs it)"
    if not mcu_build.rp2040js_installed() and shutil.which("npm") is None:
        return "needs rp2040js from npm (python tools/setup_tests.py installs it)"
    if not mcu_build.find("pico", "cortex-m0plus") and shutil.which("arm-none-eabi-gcc") is None:
        return "needs gcc-arm-none-eabi to build the Pico's image (python tools/setup_tests.py installs it)"
    return None
