"""Speed of the desktop board, headless (SDL dummy video driver):

1. press -> sound: what a player hears. The real loop runs (App.step +
   clock.tick) with the real pygame mixer on SDL's disk audio driver, which
   writes every buffer the mixer hands the device into a named pipe, at the
   device's pace; a thread reads the pipe and notes when each block arrives.
   A thread posts REPEAT key presses at random moments; for each press the
   first non-silent sample (from -50 dBFS, hal.voicepack) is found in the
   captured stream, and its time is the time its buffer left the mixer plus
   its place in the buffer. The floor, in the same run: a click with no
   silence in front handed straight to the mixer's channel (the mixer's
   buffer alone). The stream's clock: stdio hands the pipe 4096-byte blocks,
   the block ending at byte S during the write of buffer S / buffer_bytes
   (the write right after the mixer filled it); between two arrivals the
   buffers are spread at the pace between them. --voices DIR: a voice pack's
   clips instead of the edition's (hal.voicepack). --sounds DIR: another
   sounds folder than the installed one (the wheel's MP3s: `python
   tools/build_clips.py DIR` makes them from the checkout's WAVs).
2. idle CPU of the open window (time.process_time over seconds of real idle
   loop), against a bare pygame loop and against redrawing every frame.
3. time to first frame of `clue-fx play`, from process start (a subprocess),
   against `python -c "import pygame"` in the same run.

    python bench/bench_sim.py [--presses 40] [--edition en] [--voices DIR] [--sounds DIR] [--idle 4]
"""

import argparse
import array
import bisect
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # the checkout's sim/

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from hal.audio_backends import MIXER_BUFFER  # noqa: E402
from hal.voicepack import SILENT_BELOW, leading_silence_ms, read_samples  # noqa: E402
from sim import app as sim_app  # noqa: E402
from sim import window  # noqa: E402
from sim.start import FPS  # noqa: E402

BLOCK = 4096  # what stdio hands the pipe at a time (glibc: the pipe's st_blksize)
SILENT = math.ceil(SILENT_BELOW * 32768)  # 104 of 32768: -50 dBFS


def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


class Capture(threading.Thread):
    """Reads SDL's disk audio from a named pipe: the bytes, and (time, bytes so far) at each read."""

    def __init__(self, path):
        super().__init__(daemon=True)
        self.path = path
        self.data = bytearray()
        self.reads = []

    def run(self):
        fd = os.open(self.path, os.O_RDONLY)  # SDL's fopen(..., "wb") waits for this
        while True:
            chunk = os.read(fd, 1 << 16)
            t = time.perf_counter()
            if not chunk:
                break
            self.data += chunk
            self.reads.append((t, len(self.data)))
        os.close(fd)


class Clock:
    """When each buffer left the mixer, from the pipe's arrivals: buffer j is
    written (and a block flushed) right after the mixer filled it."""

    def __init__(self, reads, buffer_bytes):
        # the block ending at byte S arrives during the write of buffer S / buffer_bytes
        self.points = [(size // buffer_bytes, t) for t, size in reads if size % BLOCK == 0]

    def at(self, j):
        """The time buffer j left the mixer: between the two arrivals around it, at the pace between them."""
        pts = self.points
        i = bisect.bisect_left(pts, (j, -1.0))
        i = min(max(i, 1), len(pts) - 1)
        (j0, t0), (j1, t1) = pts[i - 1], pts[i]
        return t0 + (t1 - t0) * (j - j0) / (j1 - j0)

    def buffer_of(self, t):
        """The first buffer whose write is after time t (by the same line)."""
        lo, hi = 0, self.points[-1][0]
        while lo < hi:
            mid = (lo + hi) // 2
            if self.at(mid) < t:
                lo = mid + 1
            else:
                hi = mid
        return lo


def heard_at(samples, clock, frames, rate, *, t0, end_t):
    """ms from t0 to the first non-silent sample after it (before end_t), or None."""
    start = max(0, (clock.buffer_of(t0) - 2) * frames)  # a little early: the line is an estimate
    stop = min(len(samples), (clock.buffer_of(end_t) + 1) * frames)
    for n in range(start, stop):
        if abs(samples[n]) >= SILENT:
            j, offset = divmod(n, frames)
            return 1000 * (clock.at(j) + offset / rate - t0)
    return None


class TimedAudio:
    """The real AudioOut (a hal.sink.Sink), noting when a clip reaches the mixer's channel."""

    def __init__(self, inner):
        self.inner = inner
        self.started = []

    def present(self, actions, now_ms):
        self.inner.present(actions, now_ms)
        if self.inner.playing is not None:
            self.started.append((time.perf_counter(), self.inner.playing))

    def __getattr__(self, name):
        return getattr(self.inner, name)


def press_latency(presses, edition, voices=None, sounds=None):
    folder = tempfile.mkdtemp(prefix="bench-sim-")
    pipe = os.path.join(folder, "mixer-out")
    os.mkfifo(pipe)
    saved = {k: os.environ.get(k) for k in ("SDL_AUDIODRIVER", "SDL_DISKAUDIOFILE", "SDL_DISKAUDIODELAY")}
    os.environ.update(SDL_AUDIODRIVER="disk", SDL_DISKAUDIOFILE=pipe)
    os.environ.pop("SDL_DISKAUDIODELAY", None)  # the device's own pace: one buffer's time per buffer
    capture = Capture(pipe)
    capture.start()
    sys.setswitchinterval(0.0005)  # the reader thread wakes at once when a block comes
    screen = window.open_window()
    pack = None
    if voices:
        from hal.captions import editions
        from hal.voicepack import load

        pack = load(voices, editions())
        edition = pack.edition
    if sounds:  # window.make_audio's, from that folder
        from hal import captions
        from hal.audio import AudioOut

        window.init_mixer("pygame")
        out = AudioOut(captions.load(edition), backend="pygame", volume=1.0, notice=print, voices=pack, sounds=sounds)
        print("latency: the clips of %s (%s)" % (sounds, captions.clip_format(sounds)))
    else:
        out = window.make_audio(edition, "pygame", 1.0, print, pack)
    audio = TimedAudio(out)
    if audio.backend != "pygame":
        print("latency: no pygame mixer here (%s): skipped" % audio.backend)
        return None
    freq, _, channels = pygame.mixer.get_init()
    app = sim_app.App(screen, seed=1, lang=edition, audio=audio)
    clock = pygame.time.Clock()
    click = pygame.mixer.Sound(buffer=array.array("h", [12000] * 64 + [0] * 2000).tobytes())
    events = []  # (kind, t0, handed or None, clip)
    done = threading.Event()
    floor_due = []

    def presser():
        rng = random.Random(7)
        time.sleep(0.5)
        for i in range(2 * presses):
            time.sleep(rng.uniform(0.35, 0.5))  # a random moment inside some frame and some buffer
            if i % 2:
                floor_due.append(True)  # the main loop plays the click at once
                continue
            events.append(["press", time.perf_counter(), None, None])
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord("r"), unicode="r", mod=0, scancode=0))
            time.sleep(0.04)
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=ord("r"), mod=0, scancode=0))
        time.sleep(0.5)
        done.set()

    thread = threading.Thread(target=presser, daemon=True)
    app.step(0)
    audio.inner.stop()  # the greeting: cut, so that every press finds the speaker free
    audio.started.clear()
    thread.start()
    dt = 0
    cut_at = None
    while not done.is_set():
        app.step(dt)
        if floor_due:
            floor_due.clear()
            t = time.perf_counter()
            audio.inner._out._channel.play(click)  # the mixer alone: no loop, no board, no silence
            events.append(["floor", t, t, None])
            cut_at = t + 0.15
        if audio.started:
            handed, clip = audio.started[0]
            audio.started.clear()
            press = next((e for e in reversed(events) if e[0] == "press"), None)
            if press is not None and press[2] is None:
                press[2], press[3] = handed, clip
            cut_at = handed + 0.2  # long enough to be heard, then silence for the next press
        if cut_at is not None and time.perf_counter() >= cut_at:
            audio.inner.stop()
            cut_at = None
        dt = clock.tick(FPS)
    thread.join()
    app.close()
    audio.close()
    pygame.quit()  # SDL closes the pipe: the reader ends
    capture.join(5)
    for k, v in saved.items():
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v
    os.remove(pipe)
    os.rmdir(folder)
    return report(events, capture, freq, channels, audio.inner)


def clip_samples(path):
    """(samples in [-1, 1), rate) of a clip's file: a WAV read, an MP3 decoded as pygame's mixer plays it."""
    if str(path).endswith(".wav"):
        return read_samples(path)[:2]
    from hal.audio_backends import close_decoder, decode, open_decoder

    opened = open_decoder()
    try:
        frames, (channels, _, rate) = decode(path)
    finally:
        if opened:
            close_decoder()
    data = array.array("h", frames)
    if sys.byteorder == "big":
        data.byteswap()
    return [v / 32768 for v in data[::channels]], rate


def report(events, capture, freq, channels, audio):
    samples = array.array("h", bytes(capture.data[: len(capture.data) // 2 * 2]))
    if sys.byteorder == "big":
        samples.byteswap()
    samples = samples[::channels]
    clock = Clock(capture.reads, MIXER_BUFFER * 2 * channels)
    got = {"press": [], "floor": [], "input": [], "lead": []}
    lost = 0
    ends = [e[1] for e in events[1:]] + [events[-1][1] + 0.4]
    for (kind, t0, handed, clip), end_t in zip(events, ends, strict=True):
        ms = heard_at(samples, clock, MIXER_BUFFER, freq, t0=t0, end_t=min(end_t, t0 + 0.35))
        if ms is None:
            lost += 1
            continue
        got[kind].append(ms)
        if kind == "press":
            got["input"].append(1000 * (handed - t0))
            got["lead"].append(clip)
    period = [(b[1] - a[1]) / (b[0] - a[0]) * 1000 for a, b in zip(clock.points, clock.points[1:]) if b[0] > a[0]]
    lead = {c: leading_silence_ms(*clip_samples(audio.path(c)), window_ms=0) for c in set(got["lead"])}
    buffer_ms = 1000 * MIXER_BUFFER / freq
    press, floor = got["press"], got["floor"]
    print("press -> sound at the mixer's output (%s edition%s, %d presses, loop at %d fps, SDL disk driver):"
          % (audio.lang, ", voices %s" % audio.voices.folder if audio.voices else "", len(press), FPS))
    print("  median %.1f ms, p95 %.1f ms, max %.1f ms  target <= 25 ms median"
          % (statistics.median(press), pct(press, 0.95), max(press)))
    print("  of which press -> clip handed to the channel: median %.1f ms (the frame's wait)"
          % statistics.median(got["input"]))
    print("  the first clips' leading silence: %s" % ", ".join(
        "%04d %.1f ms" % (c, lead[c]) for c in sorted(lead)))
    print("floor: a click handed to the channel -> its first sample out (%d clicks):" % len(floor))
    print("  median %.1f ms, p95 %.1f ms, min %.1f ms, max %.1f ms"
          % (statistics.median(floor), pct(floor, 0.95), min(floor), max(floor)))
    print("  the mixer's buffer: %d frames at %d Hz = %.1f ms (the device took one every %.1f ms)"
          % (MIXER_BUFFER, freq, buffer_ms, statistics.median(period)))
    odd = [ms for ms in floor if not -1.0 <= ms <= buffer_ms + 1.0]
    if odd:  # the clock is read once a block (every BLOCK bytes): a stall of SDL's thread inside one shifts it
        print("  %d of %d clicks outside 0..%.0f ms (%s): the device thread stalled inside a block, the clock"
              " misread there" % (len(odd), len(floor), buffer_ms, ", ".join("%.1f" % ms for ms in odd)))
    if lost:
        print("  %d sounds not found in the stream (skipped)" % lost)
    return press


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
main(["play", "--seed", "1", "--edition", "en"])
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
    p.add_argument("--edition", default="en", choices=("fr", "en", "us"), help="whose clips (default en)")
    p.add_argument("--voices", metavar="DIR", help="a voice pack's clips instead (its edition)")
    p.add_argument("--sounds", metavar="DIR", help="a sounds folder's clips (WAV or MP3) instead of the installed ones")
    p.add_argument("--latency-only", action="store_true", help="only the press -> sound figures")
    p.add_argument("--idle", type=float, default=4.0, help="seconds of each idle CPU measure (default 4)")
    p.add_argument("--runs", type=int, default=5, help="process starts for the first frame (default 5)")
    args = p.parse_args()
    press_latency(args.presses, args.edition, args.voices, args.sounds)
    if args.latency_only:
        return
    idle_cpu(args.idle)
    first_frame(args.runs)


if __name__ == "__main__":
    main()
