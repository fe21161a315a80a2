"""What the board's program costs under MicroPython, measured in one run:

- the heap a whole game needs under the real `micropython` (the scripted game
  of tests/test_mcu_game.py: roll call, turns, accusations, 15 minutes of
  silence to the idle sleep) run in a heap of 32-bit words (`-X
  heapsize=72wK`, harness.HEAP: this port is 64-bit, where every pointer and
  GC block is twice a Pico's size; `w` scales the heap to match): the most
  heap in use after a collection, and the smallest heap the game still runs in;
- the same on Debian's 32-bit build of the same unix port
  (tools/micropython32.py), in harness.HEAP32 (88k: 64k until the desk came
  to the board, issue 30; a Pico has about 190 KB): the game must run in it;
  the heap at start and at its peak, what of it is the test's own (fake
  `machine` and `time`, game.py), the interned names (qstrs) against the
  size at which the interpreter doubles its table of them, and the heaps,
  1 KB apart, that the game runs in;
- the total size of the .mpy files `clue-fx flash` copies, per program
  (target: 48 KB at most);
- the time of one `Narrator.handle` on MicroPython against CPython, the
  same events of the same game, in this run (the ratio);
- on the emulated Cortex-M3 (QEMU's mps2-an385, tools/mcu_build.py), firmware/
  and hal/ three ways: .mpy files in the file system (what `clue-fx flash`
  copies: their bytecode is loaded into the heap), the same .mpy files in a
  ROMFS in the flash (imported in place), and frozen in the image: the heap
  after start-up and at its peak, the smallest heap the whole game runs in
  (to 1000 bytes), and the instructions per `Narrator.handle` and per press,
  counted with `-icount shift=0` (one instruction per ns of virtual time)
  through the board's SysTick, and what that is in us on a 125 MHz core at
  one instruction a cycle;
- the same events on the Cortex-M0+ of an RP2040 under rp2040js (npm),
  cycle-counted at 125 MHz: cycles per handle and per press, ms per press,
  with the board's build flags and with the first builds' (-Os, __setattr__
  on), in the same run.

Or, `--dfplayer`, only the sound on the emulated Pico with the realistic
DFPlayer (board.js's "dfplayer", tests/support/mcu/sound.py), per module
setting (the measured start of 0.5 s; a module that starts at once after a
stop, as Makuna/DFMiniMp3 #128 reports; a clone answering in 8 bytes; a
clone that never answers, followed on its BUSY pin), each with whole
sentences and clip by clip: a press to the play command and to the first
sound, the silences inside sentences and before a waiting one, against the
desktop board's for the same sentences (fr clips, one scripted game).

Or, `--kinds`, only one table: for each way a board holds the program
(frozen, a ROMFS, .mpy files, the data UF2's LittleFS), the heap at a whole
game's peak and the us of a press on the Cortex-M0+, and a press at the
Pico's pins to the DFPlayer's play command (rp2040js), in one run.

    python bench/bench_mcu.py [--seed 7] [--rounds 20] [--only unix|m3] [--no-smallest] [--kinds] [--dfplayer]
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from firmware import Narrator  # noqa: E402
from hal.bringup import flash as deploy  # noqa: E402
from hal.trace import read  # noqa: E402
from tests.support.mcu import harness, lfs, pico, qemu  # noqa: E402

TARGET_MPY = 48 * 1024
# the emulated Cortex-M3: (how the firmware is held, image, the heap of the game,
# the target, the search's floor): .mpy files in the file system (as
# `clue-fx flash` copies them), the same .mpy in a ROMFS (imported in place),
# frozen in the image
M3 = (
    ("files", "harness", 86000, 56000, 48000),  # the heaps of tests/hal/mcu/test_qemu_game.py
    ("romfs", "harness", 48000, 56000, 24000),
    ("frozen", "frozen", 32000, 32000, 16000),
)
M3_NAMES = {
    "files": "from .mpy files in the file system",
    "romfs": "from .mpy files in a ROMFS",
    "frozen": "frozen in the image",
}
# the Cortex-M0+'s timing: the board's build flags, then the first builds' (tools/mcu_build.py FLAGS)
M0_FLAGS = ("speed", "size")

# Run by micropython: replays the game's events into fresh Narrators and
# prints the microseconds per handle.
TIMER = """
import json, time
from firmware import Narrator, events
with open(%r) as f:
    data = json.load(f)
seed = data["seed"]
evs = [(t, events.from_dict(d)) for t, d in data["events"]]
PRESSES = ("PadDown", "ButtonDown")
presses = sum(1 for t, e in evs if type(e).__name__ in PRESSES)
best = None
best_press = None
for _ in range(%d):
    n = Narrator(seed=seed)
    in_presses = 0
    t0 = time.ticks_us()
    for t, e in evs:
        if type(e).__name__ in PRESSES:
            p0 = time.ticks_us()
            n.handle(e, t)
            in_presses += time.ticks_diff(time.ticks_us(), p0)
        else:
            n.handle(e, t)
    us = time.ticks_diff(time.ticks_us(), t0)
    best = us if best is None or us < best else best
    best_press = in_presses if best_press is None or in_presses < best_press else best_press
print(json.dumps({"us_per_handle": best / len(evs), "us_per_press": best_press / presses, "events": len(evs)}))
"""

FOOTPRINT = """
import gc
gc.collect(); a = gc.mem_alloc()
import machine, time
gc.collect(); b = gc.mem_alloc()
import firmware
gc.collect(); c = gc.mem_alloc()
from hal.mcu import standalone, wiring, clock, config
gc.collect(); d = gc.mem_alloc()
import game
gc.collect(); e = gc.mem_alloc()
print(b - a, c - b, d - c, e - d)
"""

# The interned names after start-up: (count, the count at which the next
# pool is made). Pools double: on this build 20, 40, 80 ... entries, so the
# n-th pool is made when 20 * (2**n - 1) names are interned.
QSTRS = """
import micropython, game, sys, io
micropython.qstr_info()
"""


def next_pool(n_qstr, first=20):
    size, total = first, first
    while total <= n_qstr:
        size *= 2
        total += size
    return total, size


def run_mpy(build_dir, code, heap="2M", exe=None):
    r = subprocess.run(
        [exe or harness.micropython(), "-X", "heapsize=" + heap, "-c", code],
        env=harness.env_for(build_dir),
        cwd=build_dir,  # not the checkout: its firmware/*.py would be compiled instead of the .mpy
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    if r.returncode != 0:
        raise SystemExit("micropython failed:\n%s%s" % (r.stdout, r.stderr))
    return r.stdout.strip().splitlines()[-1]


def game_runs(build_dir, script, work, heap, exe=None, *, prelude=""):
    try:
        harness.run_game(build_dir, script, work, heap=heap, exe=exe, prelude=prelude)
        return True
    except AssertionError as e:
        if "MemoryError" in str(e):
            return False
        raise


def smallest_heap(build_dir, script, work, lo=16, hi=96):
    """The smallest heap, in K of 32-bit words, the whole game runs in."""
    if not game_runs(build_dir, script, work, "%dwK" % hi):
        return None
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if game_runs(build_dir, script, work, "%dwK" % mid):
            hi = mid
        else:
            lo = mid
    return hi


def cpython_us_per_handle(seed, evs, rounds):
    """(us per handle over all the events, us per handle of a press), best of `rounds`."""
    presses = sum(1 for _, e in evs if type(e).__name__ in ("PadDown", "ButtonDown"))
    best = best_press = None
    clock = time.perf_counter_ns
    for _ in range(rounds):
        n = Narrator(seed=seed)
        in_presses = 0
        t0 = clock()
        for t, e in evs:
            if type(e).__name__ in ("PadDown", "ButtonDown"):
                p0 = clock()
                n.handle(e, t)
                in_presses += clock() - p0
            else:
                n.handle(e, t)
        ns = clock() - t0
        best = ns if best is None or ns < best else best
        best_press = in_presses if best_press is None or in_presses < best_press else best_press
    return best / 1000.0 / len(evs), best_press / 1000.0 / presses


def _boards(tmp):
    """{config: (variant, board folder, ROMFS image or None)} of the emulated board."""
    boards = {}
    for name, variant, _, _, _ in M3:
        if name == "romfs":
            board, image = qemu.romfs_board(os.path.join(tmp, "m3-romfs"))
        else:
            board, image = qemu.board_dir(os.path.join(tmp, "m3-" + name), variant), None
        boards[name] = (variant, board, image)
    return boards


def _game_events(tmp, seed):
    """(script, the unix port's trace records, the events file of qemu.TIMER) of seed's whole game."""
    script = harness.plan_game(seed=seed)
    unix_board = os.path.join(tmp, "m3-unix")
    harness.build(unix_board)
    os.makedirs(os.path.join(tmp, "m3-unix-run"))
    _, trace_path, _ = harness.run_game(unix_board, script, os.path.join(tmp, "m3-unix-run"), heap=harness.HEAP)
    with open(trace_path) as f:
        seed, records = read(f)
    ev_file = os.path.join(tmp, "m3-events.txt")
    qemu.write_events(ev_file, seed, [(t, obj) for t, way, obj in records if way == "in"])
    return script, records, ev_file


def install_kinds(tmp, seed):
    """One table, in one run, for each way a board holds the program: the
    heap in use at a whole game's peak on a 32-bit board, and the time of a
    press on the RP2040's Cortex-M0+; then a press at the Pico's pins to
    the DFPlayer's play command, end to end."""
    why = qemu.available() or pico.available()
    if why:
        print("install kinds: not measured (%s)" % why)
        return
    script, _, ev_file = _game_events(tmp, seed)
    boards = _boards(tmp)
    probe = dict(script, heap_probe=True)
    rows = []
    for name, _, heap, _, _ in M3:
        variant, board, image = boards[name]
        work = os.path.join(tmp, "kinds-" + name)
        os.makedirs(work)
        figures, _, _ = qemu.run_game(variant, board, probe, work, heap, romfs=image)
        cyc = qemu.cycles_m0(variant, board, ev_file, heap, romfs=image)
        rows.append((M3_NAMES[name], figures["heap_live_peak"], "emulated Cortex-M3, %d-byte heap" % heap,
                     "%.0f" % (cyc["per_press"] / 125.0)))  # fmt: skip
    # the data UF2: the same .mpy files in the LittleFS image a Pico mounts; the bare-metal port has no
    # LittleFS, so its heap is the 32-bit unix port's with the image mounted, and its press is the files'
    exe = harness.micropython32()
    image, isize = lfs.standalone_image(tmp)
    lfs_tools = lfs.tools(os.path.join(tmp, "lfs-tools"))
    work = os.path.join(tmp, "kinds-uf2")
    os.makedirs(work)
    figures, _, _ = harness.run_game(lfs_tools, probe, work, heap="1M", exe=exe, prelude=lfs.mount(image, isize))
    rows.append(("from the data UF2's LittleFS (%d KB)" % (isize // 1024), figures["heap_live_peak"],
                 "32-bit unix port, image mounted", "= .mpy files' (the same bytecode, in the heap)"))  # fmt: skip
    print("each install kind, a whole game (seed %d) and its presses, in one run:" % seed)
    print("  %-42s %12s  %-34s %s" % ("the program", "heap at peak", "measured on", "us a press (M0+, 125 MHz)"))
    for what, peak, on, us in rows:
        print("  %-42s %12d  %-34s %s" % (what, peak, on, us))
    steps = harness.plan_game(seed=seed, wander=6, turns=6, to_the_end=False)
    work = os.path.join(tmp, "kinds-pins")
    os.makedirs(work)
    run = pico.play(steps["steps"], seed, workdir=work, end_ms=steps["end_ms"])
    waits = sorted(run.press_to_play(steps["steps"]))
    if run.status != 0 or not waits:
        print("  the Pico's pins: the run failed (%d): %s" % (run.status, run.out[-300:]))
        return
    print("  frozen on the Pico's pins (rp2040js, contacts): a press at a pin to the DFPlayer's play command,"
          " %d presses: median %.1f ms, most %.1f ms (debounce 30 ms and a 10 ms poll of it)"
          % (len(waits), waits[len(waits) // 2], waits[-1]))  # fmt: skip


CLONES = (  # (name, the model's figures, the board's config lines)
    ("measured module (start 500 ms)", {}, ()),
    ("quick start after a stop (100 ms)", {"start_ms": 100}, ()),
    ("8-byte clone", {"replies": "short"}, ()),
    ("silent clone, BUSY on GP3", {"replies": "none", "busy_pin": 3},
     ("DFPLAYER_REPLIES = 'none'", "DFPLAYER_BUSY_PIN = 3")),
)  # fmt: skip


def dfplayer_sound(tmp, seed):
    """Press -> sound and the joins, per DFPlayer setting, whole sentences and clip by clip (one scripted game)."""
    why = pico.available()
    if why:
        print("the DFPlayer's sound: not measured (%s)" % why)
        return
    from concurrent.futures import ThreadPoolExecutor

    from hal.bringup.sentences import _many, sentences
    from tests.support.mcu import sound

    seqs = _many(sentences())
    script = harness.plan_game(seed=seed, wander=3, turns=3, to_the_end=False)

    def one(job):
        i, way = job
        name, model, lines = CLONES[i]
        work = os.path.join(tmp, "df-%d-%s" % (i, way))
        os.makedirs(work)
        run = pico.play(script["steps"], seed, pads="matrix", workdir=work, end_ms=script["end_ms"],
                        dfplayer=dict(pico.REALISTIC, **model), config_lines=lines, lang="fr",
                        sentences=seqs if way == "whole" else None)  # fmt: skip
        return job, run

    jobs = [(i, way) for i in range(len(CLONES)) for way in ("whole", "clips")]
    with ThreadPoolExecutor(max_workers=max(1, min(2, os.cpu_count() or 1))) as pool:
        runs = dict(pool.map(one, jobs))
    print(
        "the DFPlayer's sound on the emulated Pico (rp2040js, matrix pads, seed %d, %s; the model's own sound"
        " starts and ends, fr clips; ms):" % (seed, ", ".join("%s %s" % kv for kv in sorted(pico.REALISTIC.items())))
    )
    head = ("module", "path", "press->command", "press->sound", "inside med/p95", "before med/p95", "silence s (desk)")
    print("  %-34s %-7s %14s %14s %18s %18s %17s" % head)
    for i, way in jobs:
        run = runs[(i, way)]
        if run.status != 0:
            print("  %-34s %-7s the run failed (%d): %s" % (CLONES[i][0], way, run.status, run.out[-200:]))
            continue
        f = sound.silences(run, "fr", seqs if way == "whole" else ())
        cmd = sorted(run.press_to_play(script["steps"]))
        snd = sorted(run.press_to_sound(script["steps"]))
        inside, before = sound.summary(f["inside"]), sound.summary(f["before"])
        total = (sum(f["inside"]) + sum(f["before"])) / 1000
        desk = (sum(f["desktop_inside"]) + sum(f["desktop_before"])) / 1000
        print("  %-34s %-7s %14s %14s %18s %18s %17s" % (
            CLONES[i][0], way, "%.0f" % cmd[len(cmd) // 2] if cmd else "-", "%.0f" % snd[len(snd) // 2] if snd else "-",
            "%.0f/%.0f (%d)" % inside, "%.0f/%.0f (%d)" % before, "%.1f (%.1f)" % (total, desk)))  # fmt: skip
        if run.figures.get("lost") or run.figures.get("missing") or run.dropped:
            print("    (lost %s, missing %s, dropped by the module %d)"
                  % (run.figures.get("lost"), run.figures.get("missing"), len(run.dropped)))  # fmt: skip


def emulated_m3(tmp, seed, smallest=True):
    """The emulated Cortex-M3's figures, per way of holding the firmware."""
    why = qemu.available()
    if why:
        print("the emulated Cortex-M3: not measured (%s)" % why)
        return
    script, records, ev_file = _game_events(tmp, seed)
    print("the emulated Cortex-M3 (QEMU's %s, MicroPython %s from the registry's source, build flags %r: %s):"
          % (qemu.mcu_build.MACHINE, qemu.mcu_build.MP_VERSION, qemu.mcu_build.FLAG,
             " ".join(qemu.mcu_build.FLAGS[qemu.mcu_build.FLAG])))  # fmt: skip
    boards = _boards(tmp)
    for name, _, heap, target, floor in M3:
        variant, board, image = boards[name]
        work = os.path.join(tmp, "m3-run-" + name)
        os.makedirs(work)
        probe = dict(script, heap_probe=True)
        t0 = time.monotonic()
        figures, trace, _ = qemu.run_game(variant, board, probe, work, heap, romfs=image)
        took = time.monotonic() - t0
        with open(trace) as f:
            same = read(f)[1] == records
        print("  firmware %s, a whole game in a %d-byte heap (%d for the GC's blocks): %s, %.0f s"
              % (M3_NAMES[name], heap, figures["heap_size"], "the unix port's trace" if same else "A NEW TRACE",
                 took))  # fmt: skip
        print("    heap in use after start-up: %6d bytes; at its peak: %6d bytes"
              % (figures["heap_after_start"], figures["heap_live_peak"]))  # fmt: skip
        if smallest:
            tries = os.path.join(tmp, "m3-tries-" + name)
            os.makedirs(tries)
            small = qemu.smallest_heap(variant, board, script, tries, lo=floor, hi=heap, romfs=image)
            print("    smallest heap the game runs in: %s (target %d: %s)"
                  % (small, target, "met" if small and small <= target else "NOT MET"))  # fmt: skip
        ins = qemu.instructions(variant, board, ev_file, heap, romfs=image)
        print("    Narrator.handle, %d events: %6.0f instructions on average, %6.0f per press, %d at most"
              % (ins["events"], ins["per_handle"], ins["per_press"], ins["most"]))  # fmt: skip
        print("    at 125 MHz, one instruction a cycle: %.0f us per handle, %.0f us per press"
              % (ins["per_handle"] / 125.0, ins["per_press"] / 125.0))  # fmt: skip
    cortex_m0plus(boards, ev_file)


def cortex_m0plus(boards, ev_file):
    """The same events timed on the RP2040's Cortex-M0+ under rp2040js
    (cycle-counted, 125 MHz), with the board's build flags and the first
    builds', in the same run."""
    try:
        qemu.mcu_build.rp2040js(quiet=True)
    except qemu.mcu_build.BuildError as e:
        print("the Cortex-M0+ (rp2040js): not measured (%s)" % e)
        return
    print("the Cortex-M0+ of an RP2040 (rp2040js %s, cycle-counted at 125 MHz; the target: <= 1 ms a press):"
          % qemu.mcu_build.RP2040JS.split("@")[1])  # fmt: skip
    for name, _, heap, _, _ in M3:
        variant, board, image = boards[name]
        print("  firmware %s, %d-byte heap:" % (M3_NAMES[name], heap))
        for flags in M0_FLAGS:
            cyc = qemu.cycles_m0(variant, board, ev_file, heap, flags=flags, romfs=image)
            ms = cyc["per_press"] / 125000.0
            print("    flags %-5s (%s): %6.0f cycles a handle (%.0f us), %6.0f a press (%.2f ms: %s), %d at most"
                  % (flags, " ".join(qemu.mcu_build.FLAGS[flags]), cyc["per_handle"], cyc["per_handle"] / 125.0,
                     cyc["per_press"], ms, "met" if ms <= 1.0 else "NOT MET", cyc["most"]))  # fmt: skip


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--rounds", type=int, default=20, help="replays of the game's events for the timing")
    ap.add_argument("--only", choices=("unix", "m3"), help="only the unix ports, or only the emulated Cortex-M3")
    ap.add_argument("--no-smallest", action="store_true", help="on the emulated board, skip the smallest heap search")
    ap.add_argument("--kinds", action="store_true", help="only the table of install kinds (about 10 minutes)")
    ap.add_argument(
        "--dfplayer", action="store_true", help="only the sound with the realistic DFPlayer, per module setting"
    )
    args = ap.parse_args()
    if args.kinds:
        with tempfile.TemporaryDirectory(prefix="bench-kinds-") as tmp:
            install_kinds(tmp, args.seed)
        return
    if args.dfplayer:
        with tempfile.TemporaryDirectory(prefix="bench-dfplayer-") as tmp:
            dfplayer_sound(tmp, args.seed)
        return

    if args.only != "unix":
        with tempfile.TemporaryDirectory(prefix="bench-m3-") as tmp:
            emulated_m3(tmp, args.seed, smallest=not args.no_smallest)
    if args.only == "m3":
        return
    with tempfile.TemporaryDirectory(prefix="bench-mcu-") as tmp:
        # 1. what is flashed
        print("what `clue-fx flash` copies (.mpy, mpy-cross %d.%d):" % deploy.mpy_version())
        for mode in deploy.MODES:
            d = os.path.join(tmp, "flash-" + mode)
            written = deploy.build(d, mode)
            size = deploy.size(d, written)
            print(
                "  %-10s %2d files  %6d bytes = %5.1f KB  (target <= 48 KB: %s)"
                % (
                    mode,
                    sum(p.endswith(".mpy") for p in written),
                    size,
                    size / 1024.0,
                    "ok" if size <= TARGET_MPY else "OVER",
                )
            )

        # 2. the heap of a whole game
        board = os.path.join(tmp, "board")
        harness.build(board)
        script = harness.plan_game(seed=args.seed)
        script["heap_probe"] = True
        work = os.path.join(tmp, "game")
        os.mkdir(work)
        t0 = time.monotonic()
        figures, trace_path, frames = harness.run_game(board, script, work, heap=harness.HEAP)
        took = time.monotonic() - t0
        fakes, firmware_bytes, board_bytes, _ = (int(x) for x in run_mpy(board, FOOTPRINT).split())
        print(
            "a whole game under micropython, -X heapsize=%s (%d bytes of heap on this 64-bit port):"
            % (harness.HEAP, figures["heap_size"])
        )
        print(
            "  %d events handled, %d DFPlayer frames, %.1f s of wall time for %.1f min of game"
            % (figures["handled"], len(frames), took, script["end_ms"] / 60000.0)
        )
        print("  heap in use after start-up:   %6d bytes" % figures["heap_after_start"])
        print(
            "  heap in use at its peak:      %6d bytes (%.0f%% of the heap; measured after a collection,"
            " after every event that acted)"
            % (figures["heap_live_peak"], 100.0 * figures["heap_live_peak"] / figures["heap_size"])
        )
        print("    of which the test's fakes:  %6d bytes (machine, time: not on a board)" % fakes)
        print("    the firmware package:       %6d bytes" % firmware_bytes)
        print("    hal.mcu (standalone):       %6d bytes" % board_bytes)
        with open(trace_path) as f:
            seed, records = read(f)
        tries = os.path.join(tmp, "tries")
        os.mkdir(tries)
        small = smallest_heap(board, {k: v for k, v in script.items() if k != "heap_probe"}, tries)
        print(
            "  smallest heap the game runs in: %s"
            % (
                "%dwK (%d bytes on this port; a 32-bit board's figure is measured below)" % (small, small * 1024 * 2)
                if small
                else "more than 96wK"
            )
        )

        # 3. the same game on the 32-bit build, in harness.HEAP32
        exe = harness.micropython32()
        plain = {k: v for k, v in script.items() if k != "heap_probe"}
        figures, _, _ = harness.run_game(board, script, work, heap="1M", exe=exe)
        fits = game_runs(board, plain, tries, harness.HEAP32, exe)
        fakes, firmware_bytes, board_bytes, game_bytes = (int(x) for x in run_mpy(board, FOOTPRINT, exe=exe).split())
        n_qstr = int(run_mpy(board, QSTRS, exe=exe).split("n_qstr=")[1].split(",")[0])
        at, size = next_pool(n_qstr)
        print(
            "the same game under Debian's 32-bit micropython (%s), -X heapsize=%s: %s"
            % (harness.run_version(exe), harness.HEAP32, "RUNS" if fits else "DOES NOT RUN (MemoryError)")
        )
        print("  heap in use after start-up:   %6d bytes" % figures["heap_after_start"])
        print(
            "  heap in use at its peak:      %6d bytes (%.0f%% of a 64 KB board's 65 536, measured as above)"
            % (figures["heap_live_peak"], 100.0 * figures["heap_live_peak"] / 65536)
        )
        print("    of which the test's fakes:  %6d bytes (machine, time: built into a board)" % fakes)
        print("    and the test's game.py:     %6d bytes (the script's player; a board runs main.py)" % game_bytes)
        print("    the firmware package:       %6d bytes" % firmware_bytes)
        print("    hal.mcu (standalone):       %6d bytes" % board_bytes)
        print(
            "  names interned (qstrs): %d; at %d the interpreter makes its next pool of %d (about %d bytes more)"
            % (n_qstr, at + 1, size * 2, size * 2 * 7)
        )
        runs = [k for k in range(72, 97) if game_runs(board, plain, tries, "%dk" % k, exe)]
        print("  heaps the game runs in, 72k..96k: %s" % (", ".join("%dk" % k for k in runs) if runs else "none"))
        if runs:
            print(
                "  smallest: %dk; the largest that fails: %s"
                % (runs[0], "%dk" % max(k for k in range(72, 97) if k not in runs) if runs[0] > 72 else "none")
            )

        # 3b. the same game from the drag-and-drop install's LittleFS (clue-fx flash --uf2), as a Pico imports
        # any .mpy it holds (mpremote copies into that file system too)
        image, isize = lfs.standalone_image(tmp)
        pre = lfs.mount(image, isize)
        lfs_tools = lfs.tools(os.path.join(tmp, "lfs-tools"))
        fits = (k for k in range(88, 161, 4) if game_runs(lfs_tools, plain, tries, "%dk" % k, exe, prelude=pre))
        small = next(fits, 0)  # the first that runs: the larger ones are not played
        print(
            "the same game from the data UF2's LittleFS image (%d KB), 32-bit, heaps 88k..160k by 4k: smallest %s"
            % (isize // 1024, "%dk" % small if small else "more than 160k")
        )

        # 4. time per handle
        evs = [(t, obj) for t, way, obj in records if way == "in"]
        ev_file = os.path.join(tmp, "events.json")
        with open(ev_file, "w") as f:
            json.dump({"seed": seed, "events": [[t, e.as_dict()] for t, e in evs]}, f)
        timing = os.path.join(tmp, "timing")
        harness.build(timing, fake_time=False, game=False)
        mpy = json.loads(run_mpy(timing, TIMER % (ev_file, args.rounds)))
        cpy, cpy_press = cpython_us_per_handle(seed, evs, args.rounds)
        print("Narrator.handle, the %d events of that game, best of %d replays:" % (len(evs), args.rounds))
        print("                      all events   presses only")
        print(
            "  CPython %d.%d:       %7.2f us    %7.2f us   (the baseline)" % (sys.version_info[:2] + (cpy, cpy_press))
        )
        print("  micropython (unix): %7.2f us    %7.2f us" % (mpy["us_per_handle"], mpy["us_per_press"]))
        print(
            "  ratio micropython / CPython: %.2f (all), %.2f (presses)"
            % (mpy["us_per_handle"] / cpy, mpy["us_per_press"] / cpy_press)
        )


if __name__ == "__main__":
    main()
