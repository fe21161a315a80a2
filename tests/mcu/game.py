"""A scripted game on the board's drivers, under the real `micropython`
(with fakes/ and faketime/ first on MICROPYPATH).

    micropython -X heapsize=64k -c "import game; game.main('script.json', 'trace.jsonl', 'frames.txt')"

script.json: {"seed": N, "start_ms": fake ticks at power-up, "end_ms": how long
to run, "steps": [[t_ms, "pad ECURIE 1"], ...], "noise": bool, "echo": bool,
"clip_ms": how long each clip plays}.
Writes the trace the firmware saw (DESIGN.md format), the frames sent to the
DFPlayer (hex, one a line), and prints one JSON line of figures.
"""

import gc
import json
import time  # faketime/time.py

import machine  # fakes/machine.py

from firmware.events import Tick
from hal.mcu import config
from hal.mcu.clock import Clock
from hal.mcu.standalone import Standalone
from hal.mcu.wiring import Devices


def main(script_path, trace_path, frames_path):
    with open(script_path) as f:
        script = json.load(f)
    world = machine.WORLD
    world.noise = script.get("noise", False)
    world.echo = script.get("echo", True)
    world.clip_ms = script.get("clip_ms", 400)
    seed = script["seed"]
    steps = script["steps"]
    end = script["end_ms"]
    time.set_ms(script["start_ms"])
    t0 = time.now_ms()
    trace = open(trace_path, "w")
    frames = open(frames_path, "w")
    world.dfplayer.out = frames
    trace.write('{"trace": "cfx/1", "seed": %d}\n' % seed)
    handled = [0]
    probe = script.get("heap_probe", False)
    live = [0]  # the most heap in use, measured after a collection, after each event that acted

    def on_feed(now, event, out):
        handled[0] += 1
        if type(event) is Tick and not out:
            return
        if probe and out:
            gc.collect()
            live[0] = max(live[0], gc.mem_alloc())
        trace.write('{"t": %d, "in": %s}\n' % (now, json.dumps(event.as_dict())))
        for a in out:
            trace.write('{"t": %d, "out": %s}\n' % (now, json.dumps(a.as_dict())))

    devices = Devices(machine, config)
    program = Standalone(devices, Clock(time.ticks_ms, time.ticks_diff), seed, on_feed)
    devices.start()
    gc.collect()
    base = gc.mem_alloc()
    peak_alloc = 0
    wrapped_at = None
    last_ticks = time.ticks_ms()
    i = 0
    while True:
        elapsed = time.now_ms() - t0
        if elapsed >= end:
            break
        while i < len(steps) and steps[i][0] <= elapsed:
            world.apply(steps[i][1])
            i += 1
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
    sp = devices.speaker
    print(
        json.dumps(
            {
                "handled": handled[0],
                "wrapped_at": wrapped_at,
                "bad_frames_seen_by_dfplayer": world.dfplayer.bad,
                "bad_replies": sp.player.bad_frames,
                "dropped": sp.dropped,
                "lost": sp.lost,
                "pad_errors": devices.inputs.pads.errors,
                "stop_mode_violations": sum(m.stop_mode_violations for m in world.touch.values()),
                "heap_after_start": base,
                "heap_live_peak": max(live[0], base),
                "heap_peak_alloc": peak_alloc,
                "heap_size": gc.mem_alloc() + gc.mem_free(),
            }
        )
    )
