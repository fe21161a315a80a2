"""The wheel's clips: sounds/<edition>/NNNN.mp3, made from the checkout's
WAVs when the wheel is built, in place of them (issue 42: an install
carries 3 MB of clips, not 16 MB). The repository's sounds/ keeps its
WAVs (DESIGN.md, Sounds and editions); an editable install plays them.

pyproject.toml hooks it into setuptools (`[tool.setuptools] cmdclass`):
`BuildPy` encodes what build_py copied into the build folder and removes
the WAVs there; `Sdist` puts this file into the sdist, which builds the
wheel in turn. The encoder is PyPI's soundfile (libsndfile 1.2.2 with
LAME), a build requirement only: the product never imports it (it pulls
numpy). No encoder, no wheel: the build stops with one line that says
what to install (a wheel of WAVs would be 3.7 times larger without anyone
noticing, pip shows no build warnings).

    python tools/build_clips.py OUT [--edition en]   # a sounds folder (manifest.json + <ed>/NNNN.mp3) in OUT

The settings (SETTINGS): MPEG-2 Layer III, variable bitrate at libsndfile's
compression level 0.3 (LAME's VBR): 60 kb/s on fr's speech, 71-72 kb/s on en
and us (22 050 Hz mono), 3.9 MB for the three editions (the WAVs: 20.5).
Judged by bench/bench_voice.py on every 2nd sentence form, told the names,
beside the WAVs in the same run: within 0.7 points of WER in every edition,
MOS no lower; level 0.5 (46-55 kb/s) put fr 2 points over, 0.7 3.6 points
(docs/sounds.md). VBR,
not a constant bitrate: only then does libsndfile write LAME's header with
the encoder's delay and padding, which pygame's decoder reads: a clip
decodes to as many samples as its WAV, starting within 2 ms of it (a
constant-bitrate clip starts up to 50 ms late and runs up to 80 ms long).
Same WAV, same bytes.
"""

import argparse
import json
import os
import pathlib
import shutil
import sys
import wave

from setuptools.command.build_py import build_py as _build_py
from setuptools.command.sdist import sdist as _sdist

HOOK = "tools/build_clips.py"  # this file, as the sdist holds it
FORMAT = "mp3"
SETTINGS = {"format": "MP3", "subtype": "MPEG_LAYER_III", "bitrate_mode": "VARIABLE", "compression_level": 0.3}
NO_ENCODER = (
    "clue-fx build: no MP3 encoder for the clips (%s): pip install soundfile (a build requirement, "
    "pyproject.toml), then build again"
)


class EncoderMissing(RuntimeError):
    """soundfile, or its libsndfile's MP3 encoder, is not here: one line."""


def encoder():
    """The soundfile module, able to write MP3 (EncoderMissing, one line, if not)."""
    try:
        import soundfile
    except (ImportError, OSError) as e:  # OSError: soundfile without its libsndfile
        raise EncoderMissing(NO_ENCODER % e) from None
    if "MP3" not in soundfile.available_formats():
        raise EncoderMissing(NO_ENCODER % ("libsndfile %s writes no MP3" % soundfile.__libsndfile_version__))
    return soundfile


def encode(wav, mp3, soundfile=None):
    """The WAV at `wav` (16-bit PCM) as the MP3 `mp3` (SETTINGS); written beside, then renamed."""
    soundfile = soundfile or encoder()
    with wave.open(str(wav), "rb") as w:
        if w.getsampwidth() != 2:
            raise ValueError("%s: %d-bit, not 16-bit PCM" % (wav, 8 * w.getsampwidth()))
        rate, channels, frames = w.getframerate(), w.getnchannels(), w.readframes(w.getnframes())
    part = "%s.part" % mp3
    with soundfile.SoundFile(part, "w", rate, channels, **SETTINGS) as out:
        out.buffer_write(frames, dtype="int16")
    os.replace(part, mp3)


def compress_folder(folder, soundfile=None):
    """Every <edition>/NNNN.wav under the sounds folder `folder` replaced by its NNNN.mp3
    (an MP3 with no WAV, left by an earlier build, removed); the count."""
    soundfile = soundfile or encoder()
    folder = pathlib.Path(folder)
    made = 0
    for edition in sorted(p for p in folder.iterdir() if p.is_dir() and not p.name.startswith(("_", "."))):
        wavs = sorted(edition.glob("[0-9][0-9][0-9][0-9].wav"))
        for old in edition.glob("[0-9][0-9][0-9][0-9].%s" % FORMAT):
            if not old.with_suffix(".wav").exists():
                old.unlink()
        for wav in wavs:
            encode(wav, wav.with_suffix("." + FORMAT), soundfile)
            wav.unlink()
            made += 1
    return made


class BuildPy(_build_py):
    """build_py, then the build folder's clips compressed (not in an editable install: the checkout's WAVs play)."""

    def run(self):
        soundfile = None if self.editable_mode else self._encoder()  # before any work: one line, at once
        super().run()
        sounds = pathlib.Path(self.build_lib) / "sounds"
        if soundfile is None or not sounds.is_dir():
            return
        made = compress_folder(sounds, soundfile)
        self.announce("clue-fx build: %d clips as %s (%s)" % (made, FORMAT.upper(), _settings_words()), level=2)

    def _encoder(self):
        try:
            return encoder()
        except EncoderMissing as e:
            from setuptools.errors import PlatformError

            raise PlatformError(str(e)) from None


class Sdist(_sdist):
    """sdist, carrying this file: the wheel is built from the sdist."""

    def make_release_tree(self, base_dir, files):
        super().make_release_tree(base_dir, list(files) + [HOOK] * (HOOK not in files))


def _settings_words():
    return "%s, %s bitrate, compression level %s" % (
        SETTINGS["subtype"],
        SETTINGS["bitrate_mode"].lower(),
        SETTINGS["compression_level"],
    )


def main(argv=None):
    root = pathlib.Path(__file__).resolve().parents[1]
    p = argparse.ArgumentParser(
        description="A copy of sounds/ with its clips compressed as the wheel carries them (%s)." % _settings_words()
    )
    p.add_argument("out", help="a new folder: OUT/manifest.json and OUT/<edition>/NNNN.mp3")
    p.add_argument("--edition", action="append", help="only this edition (again for more; default: all)")
    p.add_argument("--sounds", default=str(root / "sounds"), help="the WAVs' sounds folder (default: the checkout's)")
    level = SETTINGS["compression_level"]
    p.add_argument("--compression-level", type=float, metavar="L", help="not the wheel's %s: to judge another" % level)
    args = p.parse_args(argv)
    if args.compression_level is not None:
        if not 0.0 <= args.compression_level < 1.0:
            print("build_clips: --compression-level is from 0 (best) to below 1", file=sys.stderr)
            return 2
        SETTINGS["compression_level"] = args.compression_level
    out = pathlib.Path(args.out)
    if out.exists():
        print("build_clips: %s exists: name a new folder" % out, file=sys.stderr)
        return 2
    src = pathlib.Path(args.sounds)
    manifest = json.loads((src / "manifest.json").read_text(encoding="utf-8"))
    editions = args.edition or manifest["editions"]
    unknown = sorted(set(editions) - set(manifest["editions"]))
    if unknown:
        print("build_clips: no edition %s in %s" % (", ".join(unknown), src), file=sys.stderr)
        return 2
    try:
        soundfile = encoder()
    except EncoderMissing as e:
        print(e, file=sys.stderr)
        return 1
    out.mkdir(parents=True)
    shutil.copyfile(src / "manifest.json", out / "manifest.json")
    for ed in editions:
        shutil.copytree(src / ed, out / ed, ignore=shutil.ignore_patterns("*.mp3", "*.part"))
    made = compress_folder(out, soundfile)
    size = sum(p.stat().st_size for p in out.rglob("*.%s" % FORMAT))
    print("build_clips: %d clips of %s as %s in %s, %.2f MB" % (made, ", ".join(editions), FORMAT, out, size / 1e6))
    return 0


if __name__ == "__main__":
    sys.exit(main())
