"""The board's sound as a listener hears it, from the emulated DFPlayer's
own log (board.js's "dfplayer": when each track's sound started, with its
fade-in, and when it ended or was cut), the edition's real clips (their
lengths, and the quiet at their edges), and the trace's sentences; the
desktop board's for the same sentences (its speaker is gapless: the clips
join with their own edges only, hal/audio_backends.py).

    lengths = track_lengths("fr", seqs)      # board.js's "lengths"
    heard = heard_clips(run, "fr", seqs)     # [(clip, start, end)] of speech
    figures = silences(run, "fr", seqs)      # inside sentences, before them; the desktop's
"""

import os
import statistics

from firmware.actions import Say, Sfx
from hal.bringup.sentences import BASE

from ..wavs import read

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
QUIET = 328  # |sample| under this (-40 dBFS) is silence
_EDGES = {}


def edges(lang):
    """{clip: (length_ms, lead_ms, tail_ms)}: each clip's length and the quiet at its start and end."""
    if lang not in _EDGES:
        out = {}
        folder = os.path.join(ROOT, "sounds", lang)
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".wav"):
                continue
            x, rate = read(os.path.join(folder, name))
            loud = [i for i in range(len(x)) if abs(x[i]) >= QUIET]
            n = len(x)
            first, last = (loud[0], loud[-1] + 1) if loud else (n, n)
            out[int(name[:4])] = (n * 1000.0 / rate, first * 1000.0 / rate, (n - last) * 1000.0 / rate)
        _EDGES[lang] = out
    return _EDGES[lang]


def clips_of(track, seqs):
    """The clips a track says: itself, or a whole sentence's."""
    return list(seqs[track - BASE - 1]) if seqs and track > BASE else [track]


def track_lengths(lang, seqs=()):
    """{track: ms} of every clip and whole sentence (its clips back to back)."""
    e = edges(lang)
    out = {c: round(v[0]) for c, v in e.items()}
    for i, s in enumerate(seqs):
        out[BASE + 1 + i] = round(sum(e[c][0] for c in s))
    return out


def heard_clips(run, lang, seqs=()):
    """[(clip, track's start, speech start, speech end)] in the order heard:
    each clip's voice between its own quiet edges, from the model's sound
    starts (after the fade-in) to the track's end or cut."""
    e = edges(lang)
    ends = sorted(run.ends)
    out = []
    for t, track, fade in run.sounds:
        stop = min((et for et, clip, _ in ends if et > t and clip == track), default=float("inf"))
        cursor = t
        for c in clips_of(track, seqs):
            length, lead, tail = e[c]
            start, end = max(cursor + lead, t + fade), cursor + length - tail
            if start >= stop:
                break
            out.append((c, t, start, min(end, stop)))
            cursor += length
    return out


def said(run):
    """[clips of each Say and Sfx] the firmware asked for, in order (the trace's)."""
    out = []
    for _, way, a in run.records:
        if way == "out" and type(a) is Say:
            out.append(list(a.clips))
        elif way == "out" and type(a) is Sfx:
            out.append([a.clip])
    return out


def silences(run, lang, seqs=()):
    """The silences of the sentences heard whole, in ms: {"inside": [every
    join inside a sentence], "before": [before each sentence after the
    first, when it waited for the one before], "desktop_inside",
    "desktop_before": the same sentences on the desktop board}."""
    e = edges(lang)
    heard = heard_clips(run, lang, seqs)
    sentences = said(run)
    # align: each heard clip to the next said clip equal to it (a cut skips the rest of a sentence)
    flat = [(k, c) for k, s in enumerate(sentences) for c in s]
    at = 0
    placed = []  # (sentence index, clip, track start, start, end)
    for c, t, start, end in heard:
        while at < len(flat) and flat[at][1] != c:
            at += 1
        if at == len(flat):
            break
        placed.append((flat[at][0], c, t, start, end))
        at += 1
    whole = {k for k in range(len(sentences)) if [c for kk, c, _, _, _ in placed if kk == k] == sentences[k]}
    out = {"inside": [], "before": [], "desktop_inside": [], "desktop_before": []}
    plays = sorted(t for t, _ in run.plays())
    for i in range(1, len(placed)):
        k, c, t, start, _ = placed[i]
        k0, c0, t0, _, end0 = placed[i - 1]
        if k not in whole:
            continue
        if k == k0:
            out["inside"].append(start - end0)
            out["desktop_inside"].append(e[c0][2] + e[c][1])
        elif k0 == k - 1 and k0 in whole:
            # waiting in the queue: its play command went out within a gap and an echo of the last end
            command = max(p for p in plays if p <= t)
            track_end = max(et for et, _, _ in run.ends if et <= command) if run.ends else 0
            if command - track_end <= 300:
                out["before"].append(start - end0)
                out["desktop_before"].append(e[c0][2] + e[c][1])
    return out


def summary(values):
    """(median, p95, count) of a list of ms."""
    if not values:
        return (0.0, 0.0, 0)
    s = sorted(values)
    return statistics.median(s), s[min(len(s) - 1, int(round(0.95 * (len(s) - 1))))], len(s)
