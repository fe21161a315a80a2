"""The board's sound as a listener hears it, from the emulated DFPlayer's
own log (board.js's "dfplayer": when each track's sound started, with its
fade-in, and when it ended or was cut), the edition's real clips (their
lengths, and the quiet at their edges), and the trace's sentences; the
desktop board's for the same sentences (its speaker is gapless: the clips
join with their own edges only, hal/audio_backends.py).

    lengths = track_lengths("fr", seqs)      # board.js's "lengths"
    heard = heard_clips(run, "fr", seqs)     # [(clip, start, end)] of speech
    figures = silences(run, "fr", seqs)      # inside sentences, before them; the desktop's
    least = least_silence(said, "fr", 500)   # the least any driver could do on the module (issue 41)
"""

import os
import statistics

from firmware.actions import Say, Sfx
from firmware.board import PLACES
from firmware.phrases import say
from hal.bringup.sentences import BASE, TOGETHER, _many, forms
from hal.mcu.dfplayer import MAX_CLIP

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
    first, when it waited for the one before, or came in its track],
    "desktop_inside",
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
            # waiting in the queue: its play command went out within a gap and an echo of the last end;
            # or said in the same track as the one before (hal/bringup/sentences.py's together())
            command = max(p for p in plays if p <= t)
            track_end = max((et for et, _, _ in run.ends if et <= command), default=-1e9)
            if t == t0 or command - track_end <= 300:
                out["before"].append(start - end0)
                out["desktop_before"].append(e[c0][2] + e[c][1])
    return out


def summary(values):
    """(median, p95, count) of a list of ms."""
    if not values:
        return (0.0, 0.0, 0)
    s = sorted(values)
    return statistics.median(s), s[min(len(s) - 1, int(round(0.95 * (len(s) - 1))))], len(s)


# The least silence any driver could leave between the sentences one input
# queues together (a search's result, the moves it saw, the next turn's
# call), each of issue 41's ideas taken at its best:
# (b) two neighbouring sentences are one track when the card holds their
#     pair: every pair of their two families (the firmware can say any),
#     within the card's free tracks, the pair families chosen the best a
#     card could for the very games measured (a fractional knapsack, the
#     silence saved per track first: no card chosen in advance does better);
# (a) the next play command goes out at the end of the speech before it:
#     its trailing quiet overlaps the module's start, no earlier, since a
#     play command cuts the track that sounds (DFPlayerMini_Fast #43: "with
#     a 100MS delay the first file gets cut off by the second"; the
#     DFPlayer Pro's "delay between the actual sound stopped and the start
#     of the specified file", DFRobot_DF1201S #14);
# (c) no leading quiet on any track, no fade-in, no command spacing.
# What is left at a join of two sentences the card cannot hold as one track
# is the module's start: a silence of `start_ms` where the desktop's is the
# clips' own tail and lead.
FOLDER_TRACKS = MAX_CLIP  # play folder/file (0x0F): 99 folders x 255 files
LARGE_FOLDER_TRACKS = 15 * 3000  # play in a folder of 3000 (0x14, the DFRobot manual): 15 folders


def families():
    """{Say key: how many distinct clip sequences the firmware says under it
    (hal/bringup/sentences.py's forms), "sfx": the places' sounds}."""
    out = {}
    for key, args in forms():
        out.setdefault(key, set()).add(tuple(say(key, args).clips))
    sizes = {k: len(v) for k, v in out.items()}
    sizes["sfx"] = len(PLACES)
    return sizes


def free_tracks(addressable=FOLDER_TRACKS):
    """Tracks a card can address beyond the clips and the single sentences:
    room for pairs (card_plan's; the card as written holds TOGETHER's)."""
    singles = {tuple(say(k, a).clips) for k, a in forms()}
    return addressable - BASE - len(_many(singles))


def said_of(records):
    """[(event, [its Say and Sfx])] of a trace's records (hal.trace.read's)."""
    out = []
    for _, way, a in records:
        if way == "in":
            out.append((a, []))
        elif out and type(a) in (Say, Sfx):
            out[-1][1].append(a)
    return out


def pair_tracks(pair, sizes):
    """Tracks a card needs for every pair of two families: their product (a
    mover may arrive whatever a search found), but a pawn's arrival: its
    place's sound, then that place's sentence."""
    a, b = pair
    if pair == ("sfx", "place.enter"):
        return sizes[b]
    return sizes.get(a, 1 << 30) * sizes.get(b, 1 << 30)


def joins(said, lang):
    """[(pair of families, the desktop's silence there)] of the neighbouring sentences each input queued together."""
    e = edges(lang)
    out = []
    for _, sounds in said:
        for a, b in zip(sounds, sounds[1:]):
            (fa, ca), (fb, cb) = _family(a), _family(b)
            out.append(((fa, fb), e[ca[-1]][2] + e[cb[0]][1]))
    return out


def _family(a):
    return (a.key, tuple(a.clips)) if type(a) is Say else ("sfx", (a.clip,))


def card_plan(said_games, lang, start_ms, free, sizes=None):
    """{pair of families: the share of it (0..1) on the card}: the pairs
    whose joins save the most silence per track in these games, up to
    `free` tracks (the last one in part)."""
    sizes = families() if sizes is None else sizes
    saved = {}
    for said in said_games:
        for pair, desk in joins(said, lang):
            saved[pair] = saved.get(pair, 0.0) + max(0.0, start_ms - desk)
    plan = {}
    left = free
    for pair in sorted(saved, key=lambda p: -saved[p] / pair_tracks(p, sizes)):
        need = pair_tracks(pair, sizes)
        plan[pair] = max(0.0, min(1.0, left / need))
        left -= need * plan[pair]
    return plan


def least_silence(said, lang, start_ms, plan):
    """The silence inside the sentences and between those one input queued
    together, in ms: {"desktop": the desktop board's (the clips' edges),
    "least": the least on the module whose start is `start_ms` with the
    card of `plan` (card_plan's), "joins": joins between sentences,
    "apart": how many of them the card cannot join (in part: fractions),
    "kept": the desktop's silence at those}."""
    e = edges(lang)
    out = {"desktop": 0.0, "joins": 0, "apart": 0.0, "kept": 0.0}
    for _, sounds in said:
        for a in sounds:
            clips = _family(a)[1]
            out["desktop"] += sum(e[c0][2] + e[c][1] for c0, c in zip(clips, clips[1:]))
    extra = 0.0
    for pair, desk in joins(said, lang):
        out["desktop"] += desk
        out["joins"] += 1
        apart = 1.0 - plan.get(pair, 0.0)
        out["apart"] += apart
        out["kept"] += apart * desk
        extra += apart * (start_ms - desk)
    out["least"] = out["desktop"] + extra
    return out


def card_pairs():
    """{pair of families: 1.0}: the pairs the card as `clue-fx sdcard` writes
    it holds (hal/bringup/sentences.py's TOGETHER)."""
    return {pair: 1.0 for keys in TOGETHER for pair in zip(keys, keys[1:])}


def break_even_start(least, within=0.2):
    """The module's start (ms) under which least_silence's bound comes within `within` of the desktop's."""
    n = least["apart"]
    return float("inf") if not n else (within * least["desktop"] + least["kept"]) / n
