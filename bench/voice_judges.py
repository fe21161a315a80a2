"""bench/bench_voice.py's other judges, beside whisper's word error rate:

- naturalness: DistillMOS (`distillmos` on PyPI, its weights inside the
  package: nothing is downloaded), a mean opinion score estimate 1..5 of
  each sentence as the board plays it, at 16 kHz;
- pitch: the median F0 of a speaker's sentences and its spread, by Praat's
  autocorrelation pitch (`praat-parselmouth`);
- the joins between the clips of a sentence (joins()): the silence between
  one clip's last sound and the next one's first, the pitch step across
  the join, and how far a clip that is not the sentence's last falls at its
  end (a clip rendered as a sentence of its own ends low, and the next one
  starts high again: a string of announcements, not one sentence).

    mos = Mos()                  # None if distillmos is not installed
    mos(samples_16k)             # -> float
    f0 = clip_pitch(x, 22050)    # -> Praat's F0 track (Hz, 0 unvoiced) every 10 ms
"""

import math
import sys
import types

import numpy as np

RATE_IN = 22050
SILENCE = 10 ** (-50 / 20)  # a 1 ms window whose peak is under -50 dBFS is silence (as the clips' trim)
EDGE = 0.12  # seconds of voiced speech at a clip's edge that its edge pitch is taken from


class Mos:
    """DistillMOS on the CPU. Its package imports torchaudio for its command
    line (loading and resampling files) only; where torchaudio's wheel does
    not load (PyPI's is built for CUDA), a stand-in lets the model import:
    the bench hands it 16 kHz samples itself."""

    def __init__(self, threads=2):
        try:
            import torch
        except ImportError:
            raise ImportError("torch is not installed: pip install 'clue-fx[voices]'") from None
        try:
            import torchaudio  # noqa: F401
        except Exception:  # noqa: BLE001 - any failure to load: the CLI's loader is not used here
            sys.modules["torchaudio"] = types.ModuleType("torchaudio")
        import distillmos

        torch.set_num_threads(threads)
        self._torch = torch
        self.model = distillmos.ConvTransformerSQAModel()
        self.model.eval()

    def __call__(self, samples_16k):
        torch = self._torch
        x = torch.from_numpy(np.ascontiguousarray(samples_16k, dtype=np.float32))[None]
        with torch.no_grad():
            return float(self.model(x).item())


def clip_pitch(x, rate=RATE_IN):
    """Praat's F0 (Hz, 0 where unvoiced) every 10 ms of `x`, for a voice of 60-400 Hz."""
    import parselmouth

    sound = parselmouth.Sound(np.asarray(x, dtype=np.float64), sampling_frequency=rate)
    pitch = sound.to_pitch(time_step=0.01, pitch_floor=60, pitch_ceiling=400)
    return np.asarray(pitch.selected_array["frequency"])


def semitones(a, b):
    return 12 * math.log2(a / b)


def sounding(x, rate=RATE_IN):
    """(first, last) sample index of sound in `x`: 1 ms windows over -50 dBFS."""
    win = max(1, rate // 1000)
    n = len(x) // win
    if n == 0:
        return None
    peaks = np.abs(x[: n * win]).reshape(n, win).max(axis=1)
    loud = np.nonzero(peaks >= SILENCE)[0]
    if not len(loud):
        return None
    return int(loud[0]) * win, int(loud[-1] + 1) * win


class ClipShape:
    """What a clip's join needs: its sound's extent, its F0 at start and end
    (the median of its first and last EDGE seconds of voiced frames) and
    its median F0."""

    def __init__(self, x, rate=RATE_IN):
        self.length = len(x)
        self.extent = sounding(x, rate)
        f0 = clip_pitch(x, rate)
        voiced = f0[f0 > 0]
        self.f0 = voiced
        edge = max(1, int(EDGE / 0.01))
        self.median = float(np.median(voiced)) if len(voiced) else None
        self.start = float(np.median(voiced[:edge])) if len(voiced) else None
        self.end = float(np.median(voiced[-edge:])) if len(voiced) else None


def joins(shapes):
    """The joins of a sentence made of clips with these ClipShapes, in
    order: [(gap seconds, pitch step in semitones or None, fall of the
    earlier clip's end under its median in semitones or None)]."""
    out = []
    for a, b in zip(shapes, shapes[1:]):
        if a.extent is None or b.extent is None:
            continue
        gap = (a.length - a.extent[1] + b.extent[0]) / RATE_IN
        step = semitones(b.start, a.end) if a.end and b.start else None
        fall = semitones(a.median, a.end) if a.end and a.median else None
        out.append((gap, step, fall))
    return out


def summary(values):
    vals = [v for v in values if v is not None]
    return (sum(vals) / len(vals)) if vals else float("nan")
