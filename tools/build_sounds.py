"""Build every clip of sounds/manifest.json as sounds/<lang>/NNNN.wav: speech
with espeak-ng and sox, the place sounds and jingles with tools/synth_sfx.py.

    python tools/build_sounds.py                     # both editions
    python tools/build_sounds.py --lang en           # one edition
    python tools/build_sounds.py --only sfx.ECURIE   # one clip (a name, a glob like 'sfx.*', or an id)

Every file: mono, 16-bit, 22 050 Hz, at most 6 s. Silence is trimmed at both
ends, then a 5 ms fade and 40 ms of silence go on each end, so that clips
played back to back sound like one sentence with even 80 ms gaps. Speech is
normalised to one loudness (active level), the other sounds a little under it.
The tools are needed only to rebuild: the WAVs are committed.
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
from synth_core import RATE, fade, n_samples  # noqa: E402

MANIFEST = ROOT / "sounds" / "manifest.json"
MAX_SECONDS = 6.0
PAD_SECONDS = 0.04
FADE_SECONDS = 0.005
FULL_SCALE = 32767

# Two speakers (the manifest's "speaker"): Edmond, the old butler, low and
# unhurried; the Inspecteur in another voice, higher and brisker, so that a
# player knows at once who speaks.
VOICES = {
    "fr": {
        "narrator": {"voice": "fr-fr", "pitch": 38, "speed": 160},
        "inspecteur": {"voice": "fr-fr+m3", "pitch": 62, "speed": 175},
    },
    "en": {
        "narrator": {"voice": "en-gb-x-rp", "pitch": 38, "speed": 160},
        "inspecteur": {"voice": "en-gb-x-rp+m3", "pitch": 62, "speed": 175},
    },
    "us": {
        "narrator": {"voice": "en-us", "pitch": 38, "speed": 160},
        "inspecteur": {"voice": "en-us+m3", "pitch": 62, "speed": 175},
    },
}
# Active levels (dBFS, see active_level) and the peak ceiling: every clip as
# loud as the others, the place sounds and jingles a little under the voice.
SPEECH_RMS_DB = -20.0
SOUND_RMS_DB = -22.0
PEAK_DB = -1.0

# How the English voice should say the French names (espeak-ng phonemes):
# the captions keep the spelling, the voice gets these.
SAY_EN = {
    "Dr. Lenoir's": "Doctor [[l@nw'A@z]]",  # first: "Dr." would end a sentence, "'s" be spelt
    "Inspecteur": "Inspector",
    "Professeur": "[[pr0fEs'3:]]",
    "Révérend": "[[r'Ev@r@nd]]",
    "Mme": "[[mad'am]]",
    "Mlle": "[[madmwaz'El]]",
    "Melle": "[[madmwaz'El]]",
    "Comte": "[[k'0nt]]",
    "du Puy": "[[dju: pw'i:]]",
    "Pêche": "[[p'ES]]",
    "Moutarde": "[[mu:t'A@d]]",
    "Pervenche": "[[pe@v'0nS]]",
    "Leblanc": "[[l@bl'0N]]",
    "Dupont": "[[dju:p'0N]]",
    "Lenoir": "[[l@nw'A@]]",
    "Lavande": "[[l@v'0nd]]",
    "Azur": "[[a#z'jU@]]",
    "Beaumont": "[[b'oUm0N]]",
}
SAY = {"fr": {}, "en": SAY_EN, "us": {}}


class BuildError(Exception):
    pass


def db(value):
    return 10 ** (value / 20)


def load_manifest(path=MANIFEST):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def is_speech(clip, lang):
    return not clip[lang].startswith("♪")


def speech_text(caption, lang):
    """What the voice says for a caption: no leading punctuation, names respelt."""
    text = caption.lstrip(",.;:!? ").strip()
    for written, said in SAY[lang].items():
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


def speak(text, lang, speed, speaker="narrator"):
    """Float samples of `text` in the voice of `speaker` in edition `lang`."""
    v = VOICES[lang][speaker]
    with tempfile.TemporaryDirectory() as tmp:
        raw = str(pathlib.Path(tmp) / "raw.wav")
        out = str(pathlib.Path(tmp) / "out.wav")
        _run(["espeak-ng", "-v", v["voice"], "-p", str(v["pitch"]), "-s", str(speed), "-z", "-w", raw, text])
        # one format, rumble and DC out; -D: no dither, so the same bytes every run
        _run(
            [
                "sox",
                "-D",
                raw,
                "-r",
                str(RATE),
                "-c",
                "1",
                "-b",
                "16",
                "-e",
                "signed-integer",
                out,
                "highpass",
                "60",
            ]
        )
        return read_wav(pathlib.Path(out).read_bytes())


def trim(x, threshold_db=-42.0, keep=0.012):
    """Cut the silence at both ends: everything quieter than threshold (relative
    to the peak) over 5 ms windows, keeping `keep` seconds of margin."""
    if not x:
        return x
    peak = max(abs(v) for v in x) or 1.0
    limit = peak * db(threshold_db)
    win = n_samples(0.005)
    loud = [i for i in range(0, len(x), win) if max(abs(v) for v in x[i : i + win]) > limit]
    if not loud:
        return []
    start = max(0, loud[0] - n_samples(keep))
    end = min(len(x), loud[-1] + win + n_samples(keep))
    return x[start:end]


def active_level(x, window=0.02, gate_db=-30.0):
    """RMS of the 20 ms windows within 30 dB of the loudest: the level of the
    sound itself, whatever pauses it holds (in the spirit of ITU-T P.56)."""
    n = n_samples(window)
    powers = [sum(v * v for v in x[i : i + n]) / len(x[i : i + n]) for i in range(0, len(x), n)]
    floor = max(powers) * db(gate_db) ** 2
    loud = [p for p in powers if p >= floor]
    return math.sqrt(sum(loud) / len(loud)) or 1.0


def finish(x, rms_db):
    """Normalise, fade both ends, pad with even silence: the clip as written."""
    if not x:
        raise BuildError("nothing left after trimming")
    peak = max(abs(v) for v in x)
    gain = min(db(rms_db) / active_level(x), db(PEAK_DB) / peak)
    x = fade([v * gain for v in x], FADE_SECONDS, FADE_SECONDS)
    pad = [0.0] * n_samples(PAD_SECONDS)
    return pad + x + pad


def to_wav(x):
    frames = array.array("h", (max(-FULL_SCALE, min(FULL_SCALE, int(round(v * FULL_SCALE)))) for v in x))
    if sys.byteorder == "big":
        frames.byteswap()
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames.tobytes())
    return buf.getvalue()


def build_speech(text, lang, speaker="narrator"):
    """Speak `text`, faster if it does not fit in MAX_SECONDS; -> (samples, speed)."""
    speed = VOICES[lang][speaker]["speed"]
    while True:
        x = finish(trim(speak(text, lang, speed, speaker)), SPEECH_RMS_DB)
        if len(x) <= n_samples(MAX_SECONDS) or speed >= 260:
            return x, speed
        speed += 10


def build_sound(name):
    try:
        x = synth_sfx.synthesise(name)
    except KeyError:
        raise BuildError(
            "no recipe in tools/synth_sfx.py for %s (its caption is not speech)" % name
        ) from None
    return finish(trim(x, threshold_db=-60.0, keep=0.005), SOUND_RMS_DB)


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


def build(langs, only=(), out_dir=ROOT / "sounds", manifest=None, log=print):
    """Write the chosen clips of editions `langs`; returns [(path, seconds)]."""
    manifest = manifest or load_manifest()
    clips = select(manifest["clips"], only)
    if any(is_speech(c, lang) for c in clips for lang in langs):
        need_tools(("espeak-ng", "sox"))
    sounds = {}  # the place sounds and jingles are the same in every edition
    written = []
    total = len(clips) * len(langs)
    done = 0
    for lang in langs:
        folder = pathlib.Path(out_dir) / lang
        folder.mkdir(parents=True, exist_ok=True)
        for clip in clips:
            done += 1
            path = folder / ("%04d.wav" % clip["id"])
            try:
                if is_speech(clip, lang):
                    speaker = clip.get("speaker", "narrator")
                    x, speed = build_speech(speech_text(clip[lang], lang), lang, speaker)
                    how = speaker + (" (speed %d)" % speed if speed != VOICES[lang][speaker]["speed"] else "")
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
        "--lang",
        choices=manifest["editions"],
        action="append",
        help="edition to build (repeatable; default: all of %s)" % ", ".join(manifest["editions"]),
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
        help="where the <lang>/ folders go (default: sounds/)",
    )
    args = parser.parse_args(argv)
    started = time.monotonic()
    try:
        written = build(args.lang or manifest["editions"], args.only, args.out, manifest)
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
