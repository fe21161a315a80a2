"""A sentence of several clips sounds like one sentence (issue 29): at the
joins between its clips, the pitch does not step up as it would at the
start of a new sentence. Reads the committed WAVs of every sentence form
(tools/sentences.py, through the firmware's phrase builder), with a small
pitch tracker of its own (numpy's autocorrelation), so it needs no voice
package; bench/bench_voice.py measures the same with Praat
(docs/sounds.md, the joins).

A join's step: from the pitch of the last 0.12 s of voiced speech of the
clip before it to that of the first 0.12 s of the clip after it, in
semitones. Each clip built alone starts high and ends low, as a sentence
does; the clips that never end a sentence are built with their end kept
at their median pitch (level_end), and, for the voices whose cast says
`join_start` (en and us), those that never start one with their start kept
under their 25th percentile (level_start; tools/build_sounds.py). Built
alone, Edmond's English joins stepped up +5.5 semitones on average by this
tracker (+4.7 by Praat), now +1.9."""

import json
import math
import pathlib

import pytest

from tests.support.tools import tool
from tests.support.wavs import read

np = pytest.importorskip("numpy")

ROOT = pathlib.Path(__file__).resolve().parents[2]
SOUNDS = ROOT / "sounds"
MANIFEST = json.loads((SOUNDS / "manifest.json").read_text(encoding="utf-8"))
EDITIONS = MANIFEST["editions"]
FRAME, HOP = 0.04, 0.01  # seconds
EDGE = 0.12  # seconds of voiced speech an edge's pitch is taken from
FLOOR, CEILING = 60.0, 400.0  # Hz
MEAN_STEP_MAX = 2.5  # semitones, a speaker's joins on average (the clips built alone: +4.5 to +4.7 for Edmond in en/us)


def pitch_track(x, rate):
    """F0 (Hz) of each voiced 40 ms frame, every 10 ms: the shortest lag
    between 1/400 and 1/60 s where the normalised autocorrelation peaks
    within 10 % of its highest, where that passes 0.6 and the frame is
    louder than -40 dBFS."""
    x = np.asarray(x, dtype=np.float64) / 32768
    n, hop = int(FRAME * rate), int(HOP * rate)
    lo, hi = int(rate / CEILING), int(rate / FLOOR)
    out = []
    for start in range(0, len(x) - n, hop):
        frame = x[start : start + n] - x[start : start + n].mean()
        if math.sqrt((frame * frame).mean()) < 10 ** (-40 / 20):
            continue
        spectrum = np.fft.rfft(frame, 2 * n)
        ac = np.fft.irfft(spectrum * np.conj(spectrum))[:n]
        if ac[0] <= 0:
            continue
        ac = ac / ac[0] * n / (n - np.arange(n))  # unbiased
        window = ac[lo:hi]
        best = float(window.max())
        if best < 0.6:
            continue
        # the shortest lag that is a peak nearly as high as the best: not a multiple of the period
        peaks = np.flatnonzero((window[1:-1] >= window[:-2]) & (window[1:-1] >= window[2:])
                               & (window[1:-1] >= 0.9 * best)) + 1
        lag = lo + int(peaks[0] if len(peaks) else np.argmax(window))
        out.append(rate / lag)
    return np.array(out)


class Edges:
    """A clip's pitch at its start and at its end (medians of EDGE seconds of voiced frames)."""

    def __init__(self, path):
        x, rate = read(path)
        f0 = pitch_track(x, rate)
        k = int(EDGE / HOP)
        self.start = float(np.median(f0[:k])) if len(f0) >= k else None
        self.end = float(np.median(f0[-k:])) if len(f0) >= k else None


def steps(lang):
    """{speaker: [pitch steps in semitones at the joins of every sentence form]}."""
    from firmware.phrases import say

    sentences = tool("sentences")
    spoken = {c["id"] for c in MANIFEST["clips"] if not c[lang].startswith("♪")}
    edges = {}
    out = {}
    for key, args in sentences.forms():
        s = say(key, args)
        ids = [n for n in s.clips if n in spoken]
        for n in ids:
            if n not in edges:
                edges[n] = Edges(SOUNDS / lang / ("%04d.wav" % n))
        for a, b in zip(ids, ids[1:]):
            if edges[a].end and edges[b].start:
                out.setdefault(s.speaker, []).append(12 * math.log2(edges[b].start / edges[a].end))
    return out


def test_the_pitch_tracker_finds_a_tone_and_its_glide(tmp_path):
    rate = 22050
    t = np.arange(int(0.5 * rate)) / rate
    f = np.linspace(200, 150, len(t))
    x = (0.3 * 32767 * np.sin(2 * np.pi * np.cumsum(f) / rate)).astype(np.int16)
    f0 = pitch_track(x, rate)
    assert len(f0) > 40
    assert abs(f0[0] - 200) < 8 and abs(f0[-1] - 152) < 8
    assert len(pitch_track(np.zeros(rate, dtype=np.int16), rate)) == 0


def levelled():
    """[(edition, speaker)] whose voice is built with its starts levelled."""
    cast = tool("voices.cast")
    return [(lang, speaker) for lang in EDITIONS for speaker, v in sorted(cast.VOICES[lang].items())
            if v.get("join_start")]


def test_the_english_editions_level_their_starts():
    assert set(levelled()) >= {("en", "narrator"), ("us", "narrator")}


@pytest.mark.parametrize("lang,speaker", levelled())
def test_the_joins_of_a_sentence_do_not_step_up_as_a_new_sentence_would(lang, speaker):
    joins = steps(lang).get(speaker)
    assert joins, "no sentence of several clips by %s in %s" % (speaker, lang)
    mean = sum(joins) / len(joins)
    assert mean < MEAN_STEP_MAX, "%s %s: the joins step up %+.1f semitones on average (%d joins)" % (
        lang, speaker, mean, len(joins))
