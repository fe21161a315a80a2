"""The speaker with an edition whose clips are not there at all (said once,
captions only) and with a voice pack (its clips first, the edition's for the
rest), on the real pygame mixer (SDL's dummy driver)."""

import json
import shutil

import pygame
import pytest

from hal import captions, voicepack
from hal.audio import AudioOut
from hal.captions import SOUNDS
from tests.support.audio import AND, ARRIVES, LEAVES, run_until_drained, say


@pytest.fixture
def dummy(monkeypatch):
    pygame.mixer.quit()
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    yield
    pygame.mixer.quit()


def test_an_edition_without_its_folder_is_said_once_and_plays_captions_only(dummy, tmp_path):
    lines = []
    audio = AudioOut(captions.load("us"), backend="pygame", notice=lines.append, sounds=tmp_path)
    try:
        assert lines == ["audio: no clips of the us edition here (%s is missing): captions only" % (tmp_path / "us")]
        audio.present([say(AND, LEAVES)], 0)
        assert audio.poll() is True and audio.played == []
        assert audio.unplayable == {AND, LEAVES} and len(lines) == 1  # no line per clip
    finally:
        audio.close()


def test_a_voice_pack_plays_first_and_the_edition_for_the_rest(dummy, tmp_path):
    (tmp_path / "voices.json").write_text(json.dumps({"format": "cfx-voices/1", "edition": "fr"}))
    shutil.copy(SOUNDS / "en" / ("%04d.wav" % LEAVES), tmp_path / ("%04d.wav" % LEAVES))
    pack = voicepack.load(tmp_path, captions.editions())
    lines = []
    audio = AudioOut(captions.load("fr"), backend="pygame", notice=lines.append, voices=pack)
    try:
        assert audio.path(LEAVES) == tmp_path / ("%04d.wav" % LEAVES)
        assert audio.path(AND) == SOUNDS / "fr" / ("%04d.wav" % AND)
        audio.present([say(AND, LEAVES, ARRIVES)], 0)
        run_until_drained(audio)
        assert audio.played == [AND, LEAVES, ARRIVES] and lines == [] and not audio.unplayable
    finally:
        audio.close()
    with pytest.raises(ValueError, match="speaks the fr edition, not us"):
        AudioOut(captions.load("us"), backend="silent", voices=pack)
