"""Build every clip of sounds/manifest.json as sounds/<edition>/NNNN.wav: speech
with the voices of VOICES (tools/voices/: Piper, Kokoro, espeak-ng...) and sox,
the place sounds and jingles with tools/synth_sfx.py.

    python tools/build_sounds.py                        # every edition
    python tools/build_sounds.py --edition us           # one edition
    python tools/build_sounds.py --only sfx.ECURIE      # one clip (a name, a glob like 'sfx.*', or an id)
    python tools/build_sounds.py --engine espeak        # today's baseline voice (espeak-ng) instead
    python tools/build_sounds.py --voice narrator=piper:joe,length=1.1   # try another voice

Every file: mono, 16-bit, 22 050 Hz, at most 6 s. A clip starts speaking at
once: its leading silence is cut to the first 1 ms window louder than
-50 dBFS, less 0.5 ms, and to at most 3 ms before its first sample at
-40 dBFS, with a 0.5 ms fade in; its end is cut after the last
such window (plus 5 ms), faded out over 8 ms, then a fixed tail of 80 ms of
silence, so clips played back to back flow as one sentence with 80 ms gaps.
Speech is normalised to one active level (-20 dBFS, both speakers), the
other sounds 2 dB under it. The tools are needed only to rebuild: the WAVs
are committed (docs/sounds.md).
"""

import argparse
import array
import fnmatch
import io
import json
import math
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time
import wave

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import synth_sfx  # noqa: E402
from synth_core import RATE, n_samples  # noqa: E402
from voices.cast import ESPEAK, ROOM, SAY, SAY_EN, SAY_NEURAL_EN, VOICES, parse_voice  # noqa: E402, F401

MANIFEST = ROOT / "sounds" / "manifest.json"
MAX_SECONDS = 6.0
TAIL_SECONDS = 0.08  # the silence after a clip that may end a sentence: the pause before the next one
JOIN_TAIL_SECONDS = 0.03  # after a clip that never ends a sentence (a guest's name, "and", "leaves"...)
SILENCE_DB = -50.0  # quieter than this (peak over 1 ms windows) is silence
START_QUANTILE = 25  # a clip that never starts a sentence starts no higher than its 25th percentile pitch
SOUND_DB = -40.0  # a sample this loud is sound for hal.voicepack and bench_sim
ONSET_SECONDS = 0.003  # kept at most before the first such sample
WINDOW_SECONDS = 0.001
LEAD_SECONDS = 0.0005  # kept before the first sound, faded in
END_KEEP_SECONDS = 0.005  # kept after the last sound
FADE_OUT_SECONDS = 0.008
LIFT_SECONDS = 0.2  # speech: a soft first consonant kept before the first sample at -40 dBFS
LIFT_DB, LIFT_RAMP_SECONDS = 10.0, 0.005  # ... raised by 10 dB at most (so under -30 dBFS), easing off in 5 ms
FULL_SCALE = 32767

# Active levels (dBFS, see active_level) and the peak ceiling: every clip as
# loud as the others, the place sounds and jingles a little under the voice.
SPEECH_RMS_DB = -20.0
SOUND_RMS_DB = -22.0
PEAK_DB = -1.0

class BuildError(Exception):
    pass


def db(value):
    return 10 ** (value / 20)


def load_manifest(path=MANIFEST):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def is_speech(clip, lang):
    return not clip[lang].startswith("♪")


def speech_text(caption, lang, engine="espeak"):
    """What the voice says for a caption: no leading punctuation, names respelt."""
    text = caption.lstrip(",.;:!? ").strip()
    table = SAY.get(engine, SAY["neural"]).get(lang, {})
    if "=" + text in table:  # a whole caption said otherwise
        return table["=" + text]
    for written, said in table.items():
        if not written.startswith("="):
            text = text.replace(written, said)
    return text


def need_tools(names):
    missing = [n for n in names if shutil.which(n) is None]
    if missing:
        raise BuildError(
            "%s not found: install it to rebuild the speech clips (Debian/Ubuntu: "
            "sudo apt install espeak-ng sox). Only the sound tools need them: the "
            "WAVs in sounds/ are committed." % " and ".join(missing)
        )


def _run(cmd):
    done = subprocess.run(cmd, capture_output=True, check=False)
    if done.returncode != 0:
        raise BuildError(
            "%s failed (%d): %s" % (cmd[0], done.returncode, done.stderr.decode(errors="replace").strip())
        )
    return done.stdout


def read_wav(data):
    with wave.open(io.BytesIO(data)) as w:
        if (w.getnchannels(), w.getsampwidth(), w.getframerate()) != (1, 2, RATE):
            raise BuildError(
                "sox gave %d ch, %d bytes, %d Hz" % (w.getnchannels(), w.getsampwidth(), w.getframerate())
            )
        frames = array.array("h", w.readframes(w.getnframes()))
    if sys.byteorder == "big":
        frames.byteswap()
    return [v / FULL_SCALE for v in frames]


def _raw(text, v):
    """The engine's samples of `text` as a 16-bit WAV file's bytes, and its rate."""
    try:
        from voices import engines
    except ImportError as e:
        raise BuildError("%s: pip install 'clue-fx[voices]' to rebuild the speech" % e) from None

    params = {k: val for k, val in v.items() if k not in POST}
    gender = {k[len("gender_"):]: v[k] for k in v if k.startswith("gender_")}
    try:
        x, rate = engines.synthesise(v["engine"], text, **params)
        if gender:
            x, rate = engines.change_gender(x, rate, **gender)
    except (engines.EngineError, RuntimeError, TypeError) as e:
        raise BuildError(str(e)) from None
    except ImportError as e:
        raise BuildError("%s: pip install 'clue-fx[voices]' to rebuild the speech" % e) from None
    peak = max(float(abs(x).max()), 1e-9)
    frames = array.array("h", (int(round(s * 0.5 / peak * FULL_SCALE)) for s in x))  # at -6 dBFS
    return _wav_bytes(frames, rate)


_RAW = {}
# A voice's keys that are not its engine's: sox's (pitch in cents, tempo, the
# room, a treble shelf in dB at treble_hz) and Praat's "Change gender"
# (gender_formants, gender_f0, gender_f0_range, gender_duration).
POST = ("engine", "pitch", "tempo", "room", "treble", "treble_hz", "join", "join_start",
        "gender_formants", "gender_f0", "gender_f0_range", "gender_duration")


def speak(text, v, tempo=1.0):
    """Float samples at RATE of `text` in voice `v` (a VOICES entry), through sox."""
    with tempfile.TemporaryDirectory() as tmp:
        raw = pathlib.Path(tmp) / "raw.wav"
        out = str(pathlib.Path(tmp) / "out.wav")
        key = (text, repr(sorted(v.items())))
        if key not in _RAW:
            _RAW.clear()  # only the clip being built: a faster tempo needs no new synthesis
            _RAW[key] = _raw(text, v)
        raw.write_bytes(_RAW[key])
        effects = ["highpass", "60"]
        if v.get("pitch"):
            effects += ["pitch", str(int(v["pitch"]))]
        if v.get("treble"):  # a shelf that gives a lowered voice its consonants back (headroom first)
            effects += ["gain", "%g" % -abs(v["treble"]), "treble", "%g" % v["treble"], "%g" % v.get("treble_hz", 3000)]
        tempo *= v.get("tempo", 1.0)
        if abs(tempo - 1.0) > 1e-6:
            effects += ["tempo", "-s", "%.3f" % tempo]
        if v.get("room"):
            effects += ROOM + ["channels", "1"]
        effects += ["rate", "-v", str(RATE)]
        # -D: no dither, so the same bytes every run
        _run(["sox", "-D", str(raw), "-c", "1", "-b", "16", "-e", "signed-integer", out] + effects)
        return read_wav(pathlib.Path(out).read_bytes())


def _windows(x, limit):
    """Indices of the 1 ms windows of x whose peak passes `limit`."""
    win = max(1, n_samples(WINDOW_SECONDS))
    return [i for i in range(0, len(x), win) if max(abs(v) for v in x[i : i + win]) > limit], win


def trim(x, limit, lift=False):
    """Cut the silence at both ends: from 0.5 ms before the first 1 ms window
    louder than `limit` (peak) to 5 ms after the last one; and the start no
    more than ONSET_SECONDS before the first sample at -40 dBFS (what
    `clue-fx voices check` and bench/bench_sim.py call sound), so a soft
    onset does not count as dead air either way. `lift` (speech): a soft
    first consonant (the k of "quitte": cut, it was heard "il") is kept, at
    most LIFT_SECONDS of it, raised by up to LIFT_DB so that it is sound."""
    loud, win = _windows(x, limit)
    if not loud:
        return []
    start = max(0, loud[0] - n_samples(LEAD_SECONDS))
    onset = next((i for i, v in enumerate(x) if abs(v) >= db(SOUND_DB)), start)
    end = min(len(x), loud[-1] + win + n_samples(END_KEEP_SECONDS))
    if lift and onset - start > n_samples(ONSET_SECONDS):
        start = max(start, onset - n_samples(LIFT_SECONDS))
        gain, ramp = db(LIFT_DB), n_samples(LIFT_RAMP_SECONDS)
        x = list(x)
        for i in range(start, onset):  # the lift eases back to none at the onset
            x[i] *= 1 + (gain - 1) * min(1.0, (onset - i) / ramp)
        onset = next(i for i in range(start, len(x)) if abs(x[i]) >= db(SOUND_DB))
    start = max(start, onset - n_samples(ONSET_SECONDS))
    return x[start:end]


def active_level(x, window=0.02, gate_db=-30.0):
    """RMS of the 20 ms windows within 30 dB of the loudest: the level of the
    sound itself, whatever pauses it holds (in the spirit of ITU-T P.56)."""
    n = n_samples(window)
    powers = [sum(v * v for v in x[i : i + n]) / len(x[i : i + n]) for i in range(0, len(x), n)]
    floor = max(powers) * db(gate_db) ** 2
    loud = [p for p in powers if p >= floor]
    return math.sqrt(sum(loud) / len(loud)) or 1.0


def finish(x, rms_db, lift=False, tail=TAIL_SECONDS):
    """Normalise, cut the silence, fade both ends, add the tail: the clip as written."""
    if not x or not any(x):
        raise BuildError("nothing to hear")
    peak = max(abs(v) for v in x)
    gain = min(db(rms_db) / active_level(x), db(PEAK_DB) / peak)
    x = trim([v * gain for v in x], db(SILENCE_DB), lift)
    if not x:
        raise BuildError("nothing left after trimming")
    n_in = min(n_samples(LEAD_SECONDS), len(x))
    n_out = min(n_samples(FADE_OUT_SECONDS), len(x))
    for i in range(n_in):
        x[i] *= i / n_in
    for i in range(n_out):
        x[len(x) - 1 - i] *= i / n_out
    return x + [0.0] * n_samples(tail)


def to_wav(x):
    frames = array.array("h", (max(-FULL_SCALE, min(FULL_SCALE, int(round(v * FULL_SCALE)))) for v in x))
    return _wav_bytes(frames, RATE)


def _wav_bytes(frames, rate):
    """A mono 16-bit WAV file of `frames` (an array of "h") at `rate`, as bytes."""
    if sys.byteorder == "big":
        frames.byteswap()
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(frames.tobytes())
    return buf.getvalue()


_SPOKEN = {}  # (text, voice) -> (samples, tempo): the editions share many clips


def build_speech(text, v, joining=False, continuing=False):
    """Speak `text` in voice `v`, faster if it does not fit in MAX_SECONDS; -> (samples, tempo).
    `joining`: a clip that never ends a sentence (joining_clips()): its end
    does not fall as a sentence's does, and a short tail joins it to the next.
    `continuing`: a clip that never starts one (continuing_clips()): its
    start does not rise as a sentence's does."""
    key = (text, repr(sorted(v.items())), joining, continuing)
    if key not in _SPOKEN:
        _SPOKEN[key] = _build_speech(text, v, joining, continuing)
    return _SPOKEN[key]


def sentence_edges(manifest):
    """(said, first, last): the names of the speech clips the board says in
    every form of tools/sentences.py (through the firmware's phrase
    builder), of those that start a sentence, and of those that end one."""
    import sentences  # tools/sentences.py, beside this file

    sys.path.insert(0, str(ROOT))
    from firmware.phrases import say

    names = {c["id"]: c["name"] for c in manifest["clips"]}
    sound = {c["id"] for c in manifest["clips"] if c["en"].startswith("♪")}
    said, first, last = set(), set(), set()
    for key, args in sentences.forms():
        ids = [n for n in say(key, args).clips if n not in sound]
        said.update(ids)
        if ids:
            first.add(ids[0])
            last.add(ids[-1])
    return {names[n] for n in said}, {names[n] for n in first}, {names[n] for n in last}


def joining_clips(manifest):
    """The names of the speech clips that never end a sentence the board
    says: a guest's name before ", it is your turn", "and", "leaves"..."""
    said, _, last = sentence_edges(manifest)
    return said - last


def continuing_clips(manifest):
    """The names of the speech clips that never start a sentence the board
    says: ", it is your turn", "leaves", a place after "heading for"..."""
    said, first, _ = sentence_edges(manifest)
    return said - first


def level_end(x, share=0.35):
    """The end of a clip said as if the sentence went on: over the last
    `share` of its voiced time, the pitch is kept from falling under the
    clip's median (Praat's PSOLA, praat-parselmouth), so the next clip does
    not start a semitone step or more above it. x: float samples at RATE."""
    return _level(x, share, at_start=False)


def level_start(x, share=0.35):
    """The start of a clip said as if the sentence had begun before it: over
    the first `share` of its voiced time, the pitch is kept from rising over
    the clip's 25th percentile (a clip alone starts as high as a sentence
    does, so the join before it stepped up: +4.5 semitones on average in
    Edmond's English), by the same means. The 25th percentile, not the
    median: the clip before the join ends low when it may also end a
    sentence (a suspect's name before "leaves"), docs/sounds.md."""
    return _level(x, share, at_start=True, quantile=START_QUANTILE)


def _level(x, share, at_start, quantile=50):
    try:
        import numpy as np
        import parselmouth
        from parselmouth.praat import call
    except ImportError as e:
        raise BuildError("%s: pip install 'clue-fx[voices]' to rebuild the speech" % e) from None
    sound = parselmouth.Sound(np.asarray(x, dtype=np.float64), sampling_frequency=RATE)
    pitch = sound.to_pitch(time_step=0.01, pitch_floor=60, pitch_ceiling=400)
    f0 = pitch.selected_array["frequency"]
    times = pitch.xs()
    voiced = times[f0 > 0]
    if len(voiced) < 5:
        return x
    median = float(np.percentile(f0[f0 > 0], quantile))
    manipulation = call(sound, "To Manipulation", 0.01, 60, 400)
    tier = call(manipulation, "Extract pitch tier")
    if at_start:
        end = voiced[0] + (voiced[-1] - voiced[0]) * share
        call(tier, "Formula", "if x < %r and self > %r then %r else self fi" % (end, median, median))
    else:
        start = voiced[0] + (voiced[-1] - voiced[0]) * (1 - share)
        call(tier, "Formula", "if x > %r and self < %r then %r else self fi" % (start, median, median))
    call([tier, manipulation], "Replace pitch tier")
    out = call(manipulation, "Get resynthesis (overlap-add)")
    return [float(v) for v in out.values[0]]


def _build_speech(text, v, joining=False, continuing=False):
    tempo = 1.0
    while True:
        said = speak(text, v, tempo)
        if continuing:
            said = level_start(said)
        if joining:
            said = level_end(said)
        x = finish(said, SPEECH_RMS_DB, lift=True, tail=JOIN_TAIL_SECONDS if joining else TAIL_SECONDS)
        if len(x) <= n_samples(MAX_SECONDS) or tempo >= 1.6:
            return x, tempo
        tempo += 0.05


def build_sound(name):
    try:
        x = synth_sfx.synthesise(name)
    except KeyError:
        raise BuildError(
            "no recipe in tools/synth_sfx.py for %s (its caption is not speech)" % name
        ) from None
    return finish(x, SOUND_RMS_DB)


def select(clips, only):
    if not only:
        return clips
    chosen = [c for c in clips if any(fnmatch.fnmatchcase(c["name"], o) or o == str(c["id"]) for o in only)]
    if not chosen:
        raise BuildError(
            "no clip matches %s (names look like sfx.ECURIE, phrase.*, or an id 1..%d)"
            % (", ".join(only), len(clips))
        )
    return chosen


def cast(lang, engine=None, override=None):
    """{speaker: voice} of edition `lang`: VOICES, or the espeak-ng baseline, with overrides."""
    table = ESPEAK if engine == "espeak" else VOICES
    voices = dict(table.get(lang) or table["en"])
    voices.update(override or {})
    return voices


def build(langs, only=(), out_dir=ROOT / "sounds", manifest=None, *, log=print, engine=None, override=None):
    """Write the chosen clips of editions `langs`; returns [(path, seconds)]."""
    manifest = manifest or load_manifest()
    clips = select(manifest["clips"], only)
    if any(is_speech(c, lang) for c in clips for lang in langs):
        need_tools(("espeak-ng", "sox") if engine == "espeak" else ("sox",))
    sounds = {}  # the place sounds and jingles are the same in every edition
    joining, continuing = set(), set()  # the baseline as it was
    if engine != "espeak":
        said, first, last = sentence_edges(manifest)  # every form walked once
        joining, continuing = said - last, said - first
    written = []
    total = len(clips) * len(langs)
    done = 0
    for lang in langs:
        folder = pathlib.Path(out_dir) / lang
        folder.mkdir(parents=True, exist_ok=True)
        voices = cast(lang, engine, override)
        for clip in clips:
            done += 1
            path = folder / ("%04d.wav" % clip["id"])
            try:
                if is_speech(clip, lang):
                    speaker = clip.get("speaker", "narrator")
                    v = voices[speaker]
                    joins = clip["name"] in joining and v.get("join", False)  # a voice's clips rebuilt with it
                    goes_on = clip["name"] in continuing and v.get("join_start", False)
                    x, tempo = build_speech(speech_text(clip[lang], lang, v["engine"]), v, joins, goes_on)
                    how = "%s %s:%s" % (speaker, v["engine"], v.get("voice", ""))
                    how += " (tempo %.2f)" % tempo if tempo != 1.0 else ""
                else:
                    if clip["name"] not in sounds:
                        sounds[clip["name"]] = build_sound(clip["name"])
                    x, how = sounds[clip["name"]], "synth"
            except BuildError as e:
                raise BuildError("%s %s (%s): %s" % (lang, clip["name"], path, e)) from None
            seconds = len(x) / RATE
            if seconds > MAX_SECONDS:
                raise BuildError("%s is %.2f s long, more than %.0f s" % (path, seconds, MAX_SECONDS))
            path.write_bytes(to_wav(x))
            written.append((path, seconds))
            log(
                "[%3d/%d] %s %s %-26s %5.2f s  %s"
                % (done, total, lang, path.name, clip["name"], seconds, how)
            )
    return written


def main(argv=None):
    manifest = load_manifest()
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog=__doc__.split("\n\n", 1)[1],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--edition",
        "--lang",
        dest="lang",
        choices=manifest["editions"],
        action="append",
        help="edition to build (repeatable; default: all of %s); --lang is an alias" % ", ".join(manifest["editions"]),
    )
    parser.add_argument(
        "--only",
        metavar="NAME",
        action="append",
        default=[],
        help="build only this clip: a name (sfx.ECURIE), a glob ('phrase.*') or an id; repeatable",
    )
    parser.add_argument(
        "--out",
        metavar="DIR",
        default=str(ROOT / "sounds"),
        help="where the <edition>/ folders go (default: sounds/)",
    )
    parser.add_argument("--engine", choices=("espeak",), help="the espeak-ng baseline instead of VOICES")
    parser.add_argument(
        "--voice",
        metavar="SPEAKER=SPEC",
        action="append",
        default=[],
        help="another voice for a speaker, e.g. narrator=piper:joe,length=1.1,pitch=-100,room=1",
    )
    args = parser.parse_args(argv)
    started = time.monotonic()
    try:
        override = {}
        for item in args.voice:
            speaker, _, spec = item.partition("=")
            if speaker not in ("narrator", "inspecteur") or not spec:
                parser.error("--voice wants narrator=SPEC or inspecteur=SPEC, got %r" % item)
            try:
                override[speaker] = parse_voice(spec)
            except ValueError as e:
                parser.error(str(e))
        written = build(args.lang or manifest["editions"], args.only, args.out, manifest,
                        engine=args.engine, override=override)
    except BuildError as e:
        print("build_sounds: %s" % e, file=sys.stderr)
        return 1
    size = sum(p.stat().st_size for p, _ in written)
    print(
        "wrote %d clips, %.1f s of sound, %.2f MB, in %.1f s"
        % (len(written), sum(s for _, s in written), size / 1e6, time.monotonic() - started)
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
