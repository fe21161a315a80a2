"""CPython side of the tests on the emulated Cortex-M3 (QEMU's mps2-an385,
tools/mcu_build.py): the board's folder as the image wants it, and game.py
run on it in a heap of a given number of bytes, through qemu-system-arm.

- variant "plain": every module an .mpy file (as harness.build lays them);
- "harness": the test's modules (fake machine and time, json, game.py)
  frozen in the image, firmware/ and hal/ .mpy files (as flashed);
- "frozen": all of it frozen: the board's folder is empty;
- "harness" with a ROMFS (romfs_board): firmware/ and hal/ as the same .mpy
  files in a ROMFS image in the board's flash, imported in place from /rom;
  the board's folder is empty.
"""

import importlib.util
import json
import os
import shutil
import subprocess

from hal.bringup import flash as deploy

from ..waits import end_process
from . import harness

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))


def _tool():
    spec = importlib.util.spec_from_file_location("clue_fx_mcu_build", os.path.join(ROOT, "tools", "mcu_build.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


mcu_build = _tool()


def available():
    """Why the emulated board cannot run here, or None when it can."""
    if shutil.which(mcu_build.QEMU) is None:
        return "needs qemu-system-arm (python tools/setup_tests.py installs it)"
    if shutil.which("arm-none-eabi-gcc") is None and not all(mcu_build.find(v) for v in ("plain", "harness", "frozen")):
        return "needs gcc-arm-none-eabi to build the image (python tools/setup_tests.py installs it)"
    return None


def image(variant):
    """The image's path, built first if need be (about 30 s, then cached)."""
    return mcu_build.build(variant, quiet=True)


def board_dir(dest, variant):
    """The board's folder for `variant`: what the image does not hold frozen."""
    os.makedirs(dest, exist_ok=True)
    if variant == "plain":
        harness.build(dest)
        harness.compile_to(dest, os.path.join(HERE, "qemulib", "json.py"), "json")
    elif variant == "harness":
        _without_table(dest, deploy.build(dest, "standalone"))
    return dest


def _without_table(dest, written):
    """The heap tests here measure the game's code as they always have: no
    sentence table on the board (a card of clips only; the table's reader
    and the whole sentences are measured on the emulated Pico,
    tests/hal/mcu/test_pico_sound.py, and in bench_mcu --dfplayer)."""
    from hal.mcu.sentences import SENTENCES_FILE

    if SENTENCES_FILE in written:
        os.remove(os.path.join(dest, SENTENCES_FILE))


def romfs_board(dest):
    """The board for the harness image with firmware/ and hal/ in a ROMFS:
    (its empty folder, the ROMFS image of the .mpy files `clue-fx flash` makes)."""
    src = os.path.join(dest, "romfs-src")
    _without_table(src, deploy.build(src, "standalone"))
    board = os.path.join(dest, "board")
    os.makedirs(board, exist_ok=True)
    return board, mcu_build.romfs(src, os.path.join(dest, "romfs.img"))


def run(variant, board, heap, code, *, cwd=None, timeout=600, icount=False, romfs=None):
    """Run `code` on the image in `heap` bytes, the board's folder as its
    files (and `romfs`, a ROMFS image, in its flash); (exit status, stdout text)."""
    cmd = mcu_build.qemu_command(image(variant), heap, code, icount=icount, romfs=romfs)
    r = subprocess.run(
        ["nice", "-n", "10"] + cmd, cwd=cwd or board, capture_output=True, text=True, timeout=timeout, check=False
    )
    return r.returncode, r.stdout + r.stderr


def run_game(variant, board, script, workdir, heap, *, timeout=600, romfs=None):
    """game.py's whole game on the emulated board: (figures, trace path,
    frames as bytes), as harness.run_game gives them."""
    script_path = os.path.join(workdir, "script.json")
    trace_path = os.path.join(workdir, "trace.jsonl")
    frames_path = os.path.join(workdir, "frames.txt")
    harness.write_script(script, script_path)
    code = "import game; game.main(%r, %r, %r)" % (script_path, trace_path, frames_path)
    status, out = run(variant, board, heap, code, timeout=timeout, romfs=romfs)
    if status != 0:
        raise AssertionError("the emulated board failed (%d):\n%s" % (status, out[-2000:]))
    figures = dict(zip(harness.FIGURES, json.loads(out.strip().splitlines()[-1])))  # noqa: B905
    with open(frames_path) as f:
        frames = [bytes.fromhex(line.strip()) for line in f if line.strip()]
    return figures, trace_path, frames


def game_runs(variant, board, script, workdir, heap, *, romfs=None):
    try:
        run_game(variant, board, script, workdir, heap, romfs=romfs)
        return True
    except AssertionError as e:
        if "MemoryError" in str(e):
            return False
        raise


def smallest_heap(variant, board, script, workdir, *, lo, hi, step=1000, romfs=None):
    """The smallest heap (bytes, to `step`) in lo..hi the whole game runs in, or None."""
    if not game_runs(variant, board, script, workdir, hi, romfs=romfs):
        return None
    while hi - lo > step:
        mid = (lo + hi) // 2 // step * step
        if game_runs(variant, board, script, workdir, mid, romfs=romfs):
            hi = mid
        else:
            lo = mid
    return hi


def rig_board(tmp_path, clip_ms=5):
    """The rig program's folder for the plain image (harness.rig_board's,
    with the fake machine and the UART0 line beside it): (folder, the fake
    control file, the fake DFPlayer's log, the code that starts the rig)."""
    fs, fakes, _, uart = harness.rig_board(tmp_path, clip_ms)
    for name in os.listdir(fakes):
        shutil.copy(os.path.join(fakes, name), os.path.join(fs, name))
    harness.compile_to(str(fs), os.path.join(HERE, "qemulib", "uart0.py"), "uart0")
    control = tmp_path / "control"
    code = (
        "import machine; w = machine.WORLD; w.control = %r; w.log = %r; w.clip_ms = %d; w = None\n"
        "from uart0 import Uart0; from hal.mcu import rig; rig.main(Uart0())" % (str(control), str(uart), clip_ms)
    )
    return fs, control, uart, code


class QemuPtyBoard:
    """The emulated board running `code`, its UART0 on a pty that QEMU makes
    (`-serial pty`): `path` is the pty, as a board's USB serial port."""

    def __init__(self, fs_dir, code, heap=64000, *, log=None, timeout=20):
        import time

        cmd = mcu_build.qemu_command(image("plain"), heap, code, serial="pty")
        self.log = log or fs_dir + ".console"
        self._out = open(self.log, "w")
        self.proc = subprocess.Popen(["nice", "-n", "10"] + cmd, cwd=fs_dir, stdout=self._out, stderr=subprocess.STDOUT)
        self.path = None
        deadline = time.monotonic() + timeout
        try:
            while self.path is None:  # QEMU says "char device redirected to /dev/pts/N (label serial0)"
                with open(self.log) as f:
                    text = f.read()
                if "redirected to " in text:
                    self.path = text.split("redirected to ")[1].split()[0]
                elif self.proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("qemu made no pty: %s" % text.strip()[-500:])
                else:
                    time.sleep(0.05)
        except BaseException:  # a timeout or ^C too: QEMU is not left running
            self.close()
            raise

    def close(self):
        end_process(self.proc)
        self._out.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


# Run on the board under `-icount shift=0` (one instruction per ns of
# virtual time): replays a game's events into a fresh Narrator, reading the
# SysTick clock (25 MHz: 40 instructions a clock) around each handle; prints
# [clocks in all, events, clocks in presses, presses, the most in one].
TIMER = """
import json, mps2
from firmware import Narrator, events
f = open(%r)
n = Narrator(seed=int(f.readline()))
total = press = presses = most = count = 0
for line in f:  # one event at a time: the game's events do not sit in the heap
    t, d = json.loads(line)
    e = events.from_dict(d)
    line = d = None
    c0 = mps2.clocks()
    n.handle(e, t)
    c = (mps2.clocks() - c0) & 0x3FFFFFFF
    count += 1
    total += c
    most = max(most, c)
    if type(e).__name__ in ("PadDown", "ButtonDown"):
        press += c
        presses += 1
f.close()
print(json.dumps([total, count, press, presses, most]))
"""
INSNS_PER_CLOCK = 40  # 1 ns per instruction (-icount shift=0) / 25 MHz SysTick


def write_events(path, seed, evs):
    """The events file TIMER reads: the seed, then [t, event dict] a line."""
    with open(path, "w") as f:
        f.write("%d\n" % seed)
        for t, e in evs:
            f.write(json.dumps([t, e.as_dict()]) + "\n")


def instructions(variant, board, events_path, heap, *, romfs=None):
    """{"per_handle", "per_press", "most"}: instructions on the emulated
    Cortex-M3 per Narrator.handle, per press, and the most in one handle."""
    status, out = run(variant, board, heap, TIMER % events_path, icount=True, timeout=600, romfs=romfs)
    if status != 0:
        raise AssertionError("the timing run failed (%d):\n%s" % (status, out[-2000:]))
    total, n, press, presses, most = json.loads(out.strip().splitlines()[-1])
    k = INSNS_PER_CLOCK
    return {"per_handle": total * k / n, "per_press": press * k / presses, "most": most * k, "events": n}


def cycles_m0(variant, board, events_path, heap, *, flags=mcu_build.FLAG, romfs=None):
    """The same count on the Cortex-M0+ under rp2040js (the image built for
    cortex-m0plus with the build's `flags`): its SysTick runs at the
    core's 125 MHz, so a clock is a cycle. {"per_handle", "per_press",
    "most", "events"} in cycles."""
    elf = mcu_build.build(variant, cpu="cortex-m0plus", quiet=True, flags=flags)
    cmd = ["nice", "-n", "10"] + mcu_build.rp2040_command(elf, heap, TIMER % events_path, romfs)
    r = subprocess.run(cmd, cwd=board, env=mcu_build.rp2040_env(quiet=True), capture_output=True, text=True,
                       timeout=900, check=False)  # fmt: skip
    if r.returncode != 0:
        raise AssertionError("the rp2040js run failed (%d):\n%s" % (r.returncode, (r.stdout + r.stderr)[-2000:]))
    total, n, press, presses, most = json.loads(r.stdout.strip().splitlines()[-1])
    return {"per_handle": total / n, "per_press": press / presses, "most": most, "events": n}
