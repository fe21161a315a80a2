"""`clue-fx sdcard` writes the DFPlayer layout of the edition asked for, and
a voice pack's clips where it has them."""

import json
import os
import shutil
import subprocess
import sys

from hal.captions import SOUNDS, load_manifest
from hal.mcu.dfplayer import path_of

CLIPS = [c["id"] for c in load_manifest()["clips"]]


def sdcard(*args):
    return subprocess.run([sys.executable, "-m", "hal.cli", "sdcard", *args], capture_output=True, text=True,
                          timeout=120, env=dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1"))


def test_each_edition_its_own_card(tmp_path):
    for edition in ("us", "fr"):
        card = tmp_path / edition
        card.mkdir()
        run = sdcard(str(card), "--edition", edition, "--clips-only")  # whole sentences: test_sdcard.py
        assert run.returncode == 0, run.stdout + run.stderr
        assert run.stdout.startswith("wrote %d clips of the %s edition to %s" % (len(CLIPS), edition, card))
        for n in CLIPS:
            assert (card / path_of(n)).read_bytes() == (SOUNDS / edition / ("%04d.wav" % n)).read_bytes()
    assert (tmp_path / "us" / path_of(4)).read_bytes() != (tmp_path / "fr" / path_of(4)).read_bytes()


def test_a_voice_pack_on_the_card_the_edition_for_the_rest(tmp_path):
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "voices.json").write_text(json.dumps({"format": "cfx-voices/1", "edition": "us", "name": "Grandpa"}))
    shutil.copy(SOUNDS / "en" / "0004.wav", pack / "0004.wav")
    card = tmp_path / "card"
    card.mkdir()
    run = sdcard(str(card), "--voices", str(pack), "--clips-only")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "of the us edition, 1 of them from the voice pack Grandpa" in run.stdout
    assert (card / path_of(4)).read_bytes() == (pack / "0004.wav").read_bytes()
    assert (card / path_of(5)).read_bytes() == (SOUNDS / "us" / "0005.wav").read_bytes()
    assert "us edition, 1 of them from the voice pack Grandpa" in (card / "clue-fx.txt").read_text()
