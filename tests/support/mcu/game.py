"""A scripted game on the board's drivers, under the real `micropython`
(with fakes/ and faketime/ first on MICROPYPATH).

    micropython -X heapsize=64k -c "import game; game.main('script.json', 'trace.jsonl', 'frames.txt')"

script.json: {"seed": N, "start_ms": fake ticks at power-up, "end_ms": how long
to run, "noise": bool, "echo": bool, "clip_ms": how long each clip plays}.
Beside it, script.json.steps: what happens to the board, one step a line,
"t_ms what" ("2600 pad ECURIE 1"), in time order; read as the game goes,
so that the plan does not sit in the board's heap.
Writes the trace the firmware saw (DESIGN.md format), the frames sent to the
DFPlayer (hex, one a line), and prints one JSON line of figures (a list:
harness.FIGURES names them).
"""

import gc
import json
import sys
import time  # faketime/time.py

import machine  # fakes/machine.py

from firmware.events import Tick
from hal.mcu import config
from hal.mcu.clock import Clock
from hal.mcu.standalone import Standalone
from hal.mcu.wiring import Devices


def _next_step(f):
    """(t_ms, what) of the next line of the steps file, or None at its end."""
    line = f.readline()
    if not line:
        return None
    t, what = line.rstrip("\n").split(" ", 1)
    return int(t), what


def _record(trace, now, way, obj):
    """One line of the trace (DESIGN.md): {"t": now, way: obj's dict}."""
    trace.write('{"t": %d, "%s": ' % (now, way))
    json.dump(obj.as_dict(), trace)
    trace.write("}\n")


def main(script_path, trace_path, frames_path):
    with open(script_path) as f:
        script = json.load(f)
    world = machine.WORLD
    world.noise = script.get("noise", False)
    world.echo = script.get("echo", True)
    world.clip_ms = script.get("clip_ms", 400)
    seed = script["seed"]
    steps = open(script_path + ".steps")
    end = script["end_ms"]
    time.set_ms(script["start_ms"])
    t0 = time.now_ms()
    trace = open(trace_path, "w")
    frames = open(frames_path, "w")
    world.dfplayer.out = frames
    trace.write('{"trace": "cfx/1", "seed": %d}\n' % seed)
    handled = [0]
    probe = script.get("heap_probe", False)
    script = None  # read: let it go before the board is built, as a board's main.py has none
    gc.collect()
    live = [0]  # the most heap in use, measured after a collection, after each event that acted

    class Recorder:  # the board's trace (hal.runner.Board's recorder)
        def record(self, now, event, out):
            handled[0] += 1
            if type(event) is Tick and not out:
                return
            if probe and out:
                gc.collect()
                live[0] = max(live[0], gc.mem_alloc())
            # written piece by piece: no line is ever built whole in the heap
            _record(trace, now, "in", event)
            for a in out:
                _record(trace, now, "out", a)

    devices = Devices(machine, config)
    program = Standalone(devices, Clock(time.ticks_ms, time.ticks_diff), seed, Recorder())
    devices.start()
    gc.collect()
    base = gc.mem_alloc()
    peak_alloc = 0
    wrapped_at = None
    last_ticks = time.ticks_ms()
    step = _next_step(steps)
    while True:
        elapsed = time.now_ms() - t0
        if elapsed >= end:
            break
        while step is not None and step[0] <= elapsed:
            world.apply(step[1])
            step = _next_step(steps)
        wait = program.step()
        a = gc.mem_alloc()
        peak_alloc = max(peak_alloc, a)
        t = time.ticks_ms()
        if t < last_ticks and wrapped_at is None:
            wrapped_at = elapsed
        last_ticks = t
        time.sleep_ms(wait)
    trace.close()
    frames.close()
    steps.close()
    sp = devices.speaker
    figures = [
        handled[0],
        wrapped_at,
        world.dfplayer.bad,
        sp.player.bad_frames,
        sp.dropped,
        sp.lost,
        getattr(devices.inputs.pads, "errors", 0),  # (contacts have no bus to fail)
        sum(m.stop_mode_violations for m in world.touch.values()),
        base,
        max(live[0], base),
        peak_alloc,
    ]
    # The report is the harness's, not the board's: the board is let go first.
    sp = program = devices = Recorder = None
    gc.collect()
    figures.append(gc.mem_alloc() + gc.mem_free())
    # A JSON list, in the order of harness.FIGURES (the names stay in CPython),
    # written one small piece at a time: the heap may be nearly full.
    out = sys.stdout
    for i in range(len(figures)):
        out.write("%s%s" % ("[" if i == 0 else ", ", json.dumps(figures[i])))
    out.write("]\n")
