"""Voice packs: anyone's own recordings of the board's clips, played instead
of an edition's (docs/voice-packs.md).

A pack is a folder of WAVs named by clip number, as in sounds/<edition>/
(0001.wav ... 0082.wav), with a small manifest, voices.json:

    {"format": "cfx-voices/1", "edition": "us", "name": "Grandpa as Mr. Ashe",
     "speakers": ["narrator"], "sounds": false}

`edition`: whose captions the recordings say (and whose clips play for any
the pack leaves out); `speakers` (default both) and `sounds` (the place
sounds and jingles, default true): which clips the pack means to hold, what
`clue-fx voices check` asks of it.

    pack = load("my-voices/")             # VoicePackError: one line saying what is wrong
    pack.path(12)                         # my-voices/0012.wav, or None: the edition's clip plays
    problems = check(pack_folder, sounds_manifest, edition=None)   # [Problem], one line each
    leading_silence_ms(samples, rate)     # also what bench/bench_sim.py calls silent
"""

import array
import json
import math
import pathlib
import sys
import wave

from .captions import editions as editions_of
from .files import open_regular

FORMAT = "cfx-voices/1"
MANIFEST = "voices.json"
SPEAKERS = ("narrator", "inspecteur")
FULL_SCALE = 32768
# A sample is sound, not silence, from -50 dBFS up (0.3 % of full scale), as
# tests/sounds holds the editions' clips to: each starts speaking within 5 ms
# (its first 1 ms window with a sample that loud starts at most 5 ms in).
SILENT_BELOW = 10 ** (-50 / 20)
MAX_LEADING_MS = 5.0
# Active level (RMS of the loud 20 ms windows, hal and tools alike): the
# edition's clips sit at -20 dBFS (speech) and -22 (sounds); a pack's may
# stray a little, not so far that one clip shouts or whispers.
LOUDNESS_DB = (-26.0, -14.0)
RATES = (16000, 48000)  # what a sample rate of the pack may be, inclusive


class VoicePackError(Exception):
    """A pack that cannot be used at all: one line saying why and what to do."""


class VoicePack:
    def __init__(self, folder, manifest):
        self.folder = pathlib.Path(folder)
        self.edition = manifest["edition"]
        self.name = manifest.get("name") or self.folder.name
        self.speakers = tuple(manifest.get("speakers") or SPEAKERS)
        self.sounds = bool(manifest.get("sounds", True))
        self._have = {int(p.stem) for p in self.folder.glob("[0-9][0-9][0-9][0-9].wav") if p.is_file()}

    def path(self, clip):
        """The pack's WAV of clip number `clip`, or None (the edition's plays)."""
        return self.folder / ("%04d.wav" % clip) if clip in self._have else None

    def clips(self):
        return sorted(self._have)

    def wanted(self, sounds_manifest):
        """The clip numbers the pack means to hold, by its speakers and sounds."""
        return [c["id"] for c in sounds_manifest["clips"] if self.means(c)]

    def means(self, clip):
        if is_sound(clip):
            return self.sounds
        return clip.get("speaker", "narrator") in self.speakers


def is_sound(clip):
    """A place sound or a jingle (its caption is a ♪), not a spoken line."""
    return clip.get("en", "").startswith("♪")


def read_manifest(folder, editions):
    """The pack's voices.json as a dict; VoicePackError saying what is wrong."""
    path = pathlib.Path(folder) / MANIFEST
    try:
        with open_regular(path, "r", encoding="utf-8") as f:
            manifest = json.load(f)
    except FileNotFoundError:
        raise VoicePackError("%s has no %s: write one (clue-fx voices new DIR --edition fr|en|us writes it)"
                             % (folder, MANIFEST)) from None
    except (ValueError, RecursionError) as e:
        raise VoicePackError("%s is not JSON (%s)" % (path, e)) from None
    except OSError as e:
        raise VoicePackError("cannot read %s: %s" % (path, e.strerror or e)) from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise VoicePackError('%s is not a voice pack\'s manifest: it needs "format": "%s"' % (path, FORMAT))
    if manifest.get("edition") not in editions:
        raise VoicePackError('%s: "edition" is %r, one of %s is needed' % (path, manifest.get("edition"),
                                                                           ", ".join(editions)))
    speakers = manifest.get("speakers", list(SPEAKERS))
    if not isinstance(speakers, list) or not speakers or not set(speakers) <= set(SPEAKERS):
        raise VoicePackError('%s: "speakers" is a list of %s, not %r' % (path, " and ".join(SPEAKERS), speakers))
    return manifest


def load(folder, editions):
    """The voice pack in `folder` of one of `editions` (hal.captions.editions());
    VoicePackError (one line) if it cannot be used."""
    folder = pathlib.Path(folder)
    if not folder.is_dir():
        raise VoicePackError("%s is not a folder: --voices names a voice pack's folder" % folder)
    return VoicePack(folder, read_manifest(folder, editions))


# --- what a clip's samples sound like ----------------------------------------------------


def read_samples(path):
    """(samples as floats in [-1, 1), rate, (channels, bits, compression)) of a WAV;
    wave.Error, EOFError or OSError for what is not one."""
    with open_regular(path, "rb") as f, wave.open(f, "rb") as w:
        form = (w.getnchannels(), 8 * w.getsampwidth(), w.getcomptype())
        rate = w.getframerate()
        frames = w.readframes(w.getnframes())
        if len(frames) < w.getnframes() * w.getsampwidth() * max(1, w.getnchannels()):
            raise EOFError("cut short: %d bytes of sound where its header says %d"
                           % (len(frames), w.getnframes() * w.getsampwidth() * max(1, w.getnchannels())))
    if form[1] != 16:
        return [], rate, form
    data = array.array("h", frames[: len(frames) // 2 * 2])
    if sys.byteorder == "big":
        data.byteswap()
    channels = max(1, form[0])
    return [v / FULL_SCALE for v in data[::channels]], rate, form


def leading_silence_ms(samples, rate, below=SILENT_BELOW, window_ms=1.0):
    """How long `samples` stay under `below` (of full scale) from the start, in
    ms: where the first `window_ms` window holding a louder sample starts (0:
    that sample itself); all of it for a silent clip."""
    win = max(1, int(rate * window_ms / 1000))
    for i, v in enumerate(samples):
        if abs(v) >= below:
            return 1000.0 * (i - i % win) / rate
    return 1000.0 * len(samples) / rate


def active_level_db(samples, rate, window=0.02, gate_db=-30.0):
    """The RMS of the 20 ms windows within 30 dB of the loudest one, in dBFS
    (tools/build_sounds.py normalises every clip to it)."""
    n = max(1, int(rate * window))
    powers = [sum(v * v for v in samples[i : i + n]) / len(samples[i : i + n]) for i in range(0, len(samples), n)]
    if not powers or max(powers) <= 0:
        return -math.inf
    floor = max(powers) * 10 ** (gate_db / 10)
    loud = [p for p in powers if p >= floor]
    return 10 * math.log10(sum(loud) / len(loud))


def trim(path, keep_ms=2.0):
    """Cut the silence in front of the WAV at `path`, in place, keeping
    `keep_ms` faded in from nothing; the ms cut (0: nothing to cut)."""
    with open_regular(path, "rb") as f, wave.open(f, "rb") as w:
        params = w.getparams()
        frames = w.readframes(w.getnframes())
    if params.framerate <= 0:
        raise ValueError("%d Hz: not a sample rate" % params.framerate)
    if params.sampwidth != 2 or params.comptype != "NONE":
        raise ValueError("%d-bit %s, not 16-bit PCM" % (8 * params.sampwidth, params.comptype))
    data = array.array("h", frames[: len(frames) // 2 * 2])
    if sys.byteorder == "big":
        data.byteswap()
    step = params.nchannels
    limit = SILENT_BELOW * FULL_SCALE
    first = next((i // step for i, v in enumerate(data) if abs(v) >= limit), None)  # the first sound, exactly
    keep = int(params.framerate * keep_ms / 1000)
    if first is None or first <= keep:
        return 0.0
    start = first - keep
    data = data[start * step :]
    for i in range(keep * step):  # fade in what was kept
        data[i] = int(data[i] * (i // step) / keep)
    if sys.byteorder == "big":
        data.byteswap()
    with wave.open(str(path), "wb") as w:
        w.setparams(params)
        w.writeframes(data.tobytes())
    return 1000.0 * start / params.framerate


# --- clue-fx voices check --------------------------------------------------------------------


def check(folder, sounds_manifest, edition=None):
    """Every problem of the pack in `folder`, one line each: (lines, summary).
    `edition`: the one to check against when the pack has no usable manifest."""
    folder = pathlib.Path(folder)
    editions = editions_of(sounds_manifest)
    problems = []
    try:
        pack = VoicePack(folder, read_manifest(folder, editions))
    except VoicePackError as e:
        problems.append(str(e))
        pack = VoicePack(folder, {"edition": edition or editions[0]})
    by_id = {c["id"]: c for c in sounds_manifest["clips"]}
    wanted = pack.wanted(sounds_manifest)
    for n in wanted:
        if pack.path(n) is None:
            c = by_id[n]
            problems.append("%s: missing: clip %d, %s (%s): %s"
                            % (folder / ("%04d.wav" % n), n, c["name"], c.get("speaker", "narrator"),
                               c[pack.edition]))
    rates = {}
    for p in sorted(folder.iterdir()):
        if p.suffix.lower() != ".wav":
            continue  # voices.json, script.txt, notes: not clips
        if not (p.stem.isdigit() and len(p.stem) == 4 and p.suffix == ".wav"):
            problems.append("%s: not a clip's name: a pack's WAVs are named by clip number, 0001.wav ..." % p)
            continue
        n = int(p.stem)
        if n not in by_id:
            problems.append("%s: no clip %d in the edition (clips 1 to %d)" % (p, n, len(by_id)))
            continue
        problems += _clip_problems(p, rates)
    if len(rates) > 1:
        common = max(rates, key=lambda r: len(rates[r]))
        for rate, paths in sorted(rates.items()):
            if rate != common:
                for p in paths:
                    problems.append("%s: %d Hz where the pack's other clips are %d Hz: one rate for all"
                                    % (p, rate, common))
    found = len([n for n in wanted if pack.path(n) is not None])
    summary = "%s: %s edition, %d of %d clips%s, %s" % (
        folder, pack.edition, found, len(wanted), _whose(pack),
        "%d problem%s" % (len(problems), "" if len(problems) == 1 else "s") if problems else "no problems")
    return problems, summary


def _whose(pack):
    parts = [("Edmond's" if s == "narrator" else "the Inspecteur's") for s in pack.speakers]
    if pack.sounds:
        parts.append("the sounds")
    return " (%s)" % ", ".join(parts)


def clip_problems(path, rates=None):
    """Every problem of one clip's WAV (`voices check`, `sdcard --voices`), one line each."""
    if rates is None:
        rates = {}
    return _clip_problems(path, rates)


def _clip_problems(path, rates):
    try:
        samples, rate, (channels, bits, comp) = read_samples(path)
    except (wave.Error, EOFError, OSError) as e:
        return ["%s: not a WAV file we can read (%s): mono, 16-bit PCM" % (path, e)]
    out = []
    if comp != "NONE" or bits != 16:
        return ["%s: %d-bit %s, not 16-bit PCM" % (path, bits, comp)]
    if channels != 1:
        out.append("%s: %d channels, not mono" % (path, channels))
    if not RATES[0] <= rate <= RATES[1]:
        out.append("%s: %d Hz: a rate from %d to %d Hz (22050 as the editions')" % (path, rate, *RATES))
        if rate <= 0:
            return out  # no time to measure anything in
    rates.setdefault(rate, []).append(path)
    if not samples:
        return out + ["%s: no sound in it" % path]
    lead = leading_silence_ms(samples, rate)
    if lead >= 1000.0 * len(samples) / rate:
        return out + ["%s: silent all through" % path]
    if lead > MAX_LEADING_MS:
        out.append("%s: starts with %.0f ms of silence (at most %.0f ms): trim it" % (path, lead, MAX_LEADING_MS))
    level = active_level_db(samples, rate)
    if not LOUDNESS_DB[0] <= level <= LOUDNESS_DB[1]:
        out.append("%s: loudness %.1f dBFS, out of %.0f to %.0f dBFS: %s" % (
            path, level, LOUDNESS_DB[0], LOUDNESS_DB[1], "too quiet" if level < LOUDNESS_DB[0] else "too loud"))
    clipped = sum(1 for v in samples if v <= -1.0 or v >= 32767 / FULL_SCALE)
    if clipped > 2:
        out.append("%s: %d samples at full scale: clipped, record it a little lower" % (path, clipped))
    return out
