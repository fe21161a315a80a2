"""Speed of the desktop board, headless (SDL dummy video and audio drivers):

1. press -> first clip playing: a thread posts REPEAT key presses into pygame's
   queue at random moments while the real loop runs (App.step + clock.tick);
   the time is taken when the clip is handed to the mixer's channel. Compared
   with the mixer's own buffer latency (buffer / rate), measured in the same run.
2. idle CPU of the open window (time.process_time over seconds of real idle
   loop), against a bare pygame loop and against redrawing every frame.
3. time to first frame of `clue-fx play`, from process start (a subprocess),
   against `python -c "import pygame"` in the same run.

    python bench/bench_sim.py [--presses 40] [--idle 4]
"""

import argparse
import os
import random
import statistics
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # the checkout's sim/

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from sim import app as sim_app  # noqa: E402
from sim import window  # noqa: E402
from sim.start import FPS  # noqa: E402

BUFFER, RATE = 512, 22050  # what sim.window.init_mixer asks for


def p99(values):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(0.99 * (len(values) - 1))))]


class TimedAudio:
    """The real AudioOut (a hal.sink.Sink), noting when a clip reaches the mixer's channel."""

    def __init__(self, inner):
        self.inner = inner
        self.started = []

    def present(self, actions, now_ms):
        self.inner.present(actions, now_ms)
        if self.inner.playing is not None:
            self.started.append(time.perf_counter())

    def __getattr__(self, name):
        return getattr(self.inner, name)


def press_latency(presses):
    screen = window.open_window()
    audio = TimedAudio(window.make_audio("en", "pygame", 0.0, print))
    if audio.backend != "pygame":
        print("latency: no pygame mixer here (%s): skipped" % audio.backend)
        return None
    freq, _, _ = pygame.mixer.get_init()
    app = sim_app.App(screen, seed=1, lang="en", audio=audio)
    clock = pygame.time.Clock()
    posted = []
    done = threading.Event()

    def presser():
        rng = random.Random(7)
        time.sleep(0.5)
        for _ in range(presses):
            time.sleep(rng.uniform(0.12, 0.25))  # a random moment inside some frame
            posted.append(time.perf_counter())
            pygame.event.post(
                pygame.event.Event(pygame.KEYDOWN, key=ord("r"), unicode="r", mod=0, scancode=0)
            )
            time.sleep(0.04)
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=ord("r"), mod=0, scancode=0))
        time.sleep(0.3)
        done.set()

    thread = threading.Thread(target=presser, daemon=True)
    dt = 0
    app.step(0)
    audio.inner.stop()  # the greeting: cut, so that every press finds the speaker free
    audio.started.clear()
    thread.start()
    latencies = []
    while not done.is_set():
        app.step(dt)
        if audio.started:
            latencies.append((audio.started[0] - posted[len(latencies)]) * 1000)
            audio.started.clear()
            audio.inner.stop()
        dt = clock.tick(FPS)
    thread.join()
    app.close()
    audio.close()
    pygame.quit()
    buffer_ms = 1000 * BUFFER / freq
    med = statistics.median(latencies)
    print("press -> first clip playing (%d presses, loop at %d fps):" % (len(latencies), FPS))
    print("  median %.1f ms, p99 %.1f ms, max %.1f ms" % (med, p99(latencies), max(latencies)))
    print(
        "  mixer buffer latency (%d frames / %d Hz): %.1f ms; median / buffer = %.2f"
        % (BUFFER, freq, buffer_ms, med / buffer_ms)
    )
    print("  press -> sound out, median estimate: %.1f ms" % (med + buffer_ms))
    return latencies


def cpu_share(seconds, body):
    clock = pygame.time.Clock()
    end = time.perf_counter() + seconds
    c0, w0 = time.process_time(), time.perf_counter()
    dt = 0
    while time.perf_counter() < end:
        body(dt)
        dt = clock.tick(FPS)
    return 100 * (time.process_time() - c0) / (time.perf_counter() - w0)


def idle_cpu(seconds):
    screen = window.open_window()
    audio = window.make_audio("en", "pygame", 0.0, print)
    app = sim_app.App(screen, seed=1, lang="en", audio=audio)
    app.step(0)
    audio.stop()
    for _ in range(10):
        app.step(33)

    def bare(dt):
        pygame.event.get()

    def redraw_always(dt):
        app.dirty = True
        app.step(dt)

    base = cpu_share(seconds, bare)
    drawn = app.frames_drawn
    idle = cpu_share(seconds, app.step)
    redrawn_idle = app.frames_drawn - drawn
    always = cpu_share(seconds, redraw_always)
    app.close()
    audio.close()
    pygame.quit()
    print("idle CPU, %.0f s each, %d fps, %s mixer running:" % (seconds, FPS, audio.backend))
    print("  bare pygame loop (event.get + clock.tick): %.2f %% of a core" % base)
    print(
        "  the board's window, idle:                  %.2f %% of a core (%d frames redrawn)  target <= 5 %%"
        % (idle, redrawn_idle)
    )
    print("  the same, redrawing every frame:           %.2f %% of a core" % always)
    return idle


CHILD = """
import time, pygame
flip = pygame.display.flip
def first_flip():
    flip()
    print("FIRST_FRAME %.6f" % time.time(), flush=True)
    raise SystemExit(0)
pygame.display.flip = first_flip
from hal.cli import main
main(["play", "--seed", "1", "--lang", "en"])
"""


def first_frame(runs):
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")

    def timed(code, marker=None):
        t0 = time.time()
        out = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
        )
        if marker is None:
            return time.time() - t0
        for line in out.stdout.splitlines():
            if line.startswith(marker):
                return float(line.split()[1]) - t0
        raise RuntimeError("no first frame: %s" % out.stderr[-500:])

    base = [timed("import pygame") for _ in range(runs)]
    frames = [timed(CHILD, "FIRST_FRAME") for _ in range(runs)]
    print("time to first frame of `clue-fx play` (%d runs, from process start):" % runs)
    print("  median %.2f s, max %.2f s  target <= 1.5 s" % (statistics.median(frames), max(frames)))
    print("  baseline `python -c 'import pygame'`: median %.2f s" % statistics.median(base))
    return frames


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--presses", type=int, default=40, help="key presses for the latency (default 40)")
    p.add_argument("--idle", type=float, default=4.0, help="seconds of each idle CPU measure (default 4)")
    p.add_argument("--runs", type=int, default=5, help="process starts for the first frame (default 5)")
    args = p.parse_args()
    press_latency(args.presses)
    idle_cpu(args.idle)
    first_frame(args.runs)


if __name__ == "__main__":
    main()
