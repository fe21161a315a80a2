"""`clue-fx sdcard`: an edition's WAVs in the DFPlayer's numbered folders,
with the same clip -> folder/file mapping the board's driver plays by."""

import json
import os
import subprocess
import sys
import wave

import pytest

from hal.bringup import sdcard
from hal.mcu.dfplayer import DFPlayer

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def make_wav(path, rate=22050, width=2, seconds=0.05):
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(width)
        w.setframerate(rate)
        w.writeframes(b"\x00" * width * int(rate * seconds))


@pytest.fixture
def sounds(tmp_path):
    """A small sounds folder: clips 1, 2 and 256 (the first of folder 02)."""
    root = tmp_path / "sounds"
    (root / "en").mkdir(parents=True)
    clips = [{"id": n, "name": "clip%d" % n, "fr": "", "en": ""} for n in (1, 2, 256)]
    (root / "manifest.json").write_text(json.dumps({"editions": ["fr", "en"], "clips": clips}))
    for n in (1, 2, 256):
        make_wav(root / "en" / ("%04d.wav" % n), seconds=0.01 * n)
    return root


class Uart:
    def __init__(self):
        self.sent = bytearray()

    def write(self, b):
        self.sent.extend(b)


def test_layout_is_the_one_the_driver_plays(sounds, tmp_path):
    card = tmp_path / "card"
    card.mkdir()
    files = sdcard.write(str(card), "en", str(sounds), out=lambda s: None)
    assert [dest for _, _, dest in files] == ["01/001.wav", "01/002.wav", "02/001.wav"]
    for n, src, dest in files:
        with open(src, "rb") as a, open(card / dest, "rb") as b:
            assert a.read() == b.read()
        uart = Uart()
        DFPlayer(uart).play(n)  # the frame the board sends for clip n names that very file
        folder, number = dest[:-4].split("/")
        assert (uart.sent[5], uart.sent[6]) == (int(folder), int(number))
    assert "en edition: 3 clips" in (card / "clue-fx.txt").read_text()


def test_old_clips_go_and_other_files_stay(sounds, tmp_path):
    card = tmp_path / "card"
    (card / "01").mkdir(parents=True)
    (card / "01" / "099.wav").write_bytes(b"old")
    (card / "01" / "002 old name.mp3").write_bytes(b"old")
    (card / "01" / "readme.txt").write_text("mine")
    (card / "mp3").mkdir()
    said = []
    sdcard.write(str(card), "en", str(sounds), out=said.append)
    assert sorted(os.listdir(card / "01")) == ["001.wav", "002.wav", "readme.txt"]
    assert (card / "mp3").is_dir()
    assert "removed 2 old clip file(s)" in said[0]


def test_wavs_the_dfplayer_cannot_play_are_refused(sounds, tmp_path):
    make_wav(sounds / "en" / "0002.wav", rate=96000)
    with pytest.raises(sdcard.CardError, match="0002.wav: 16-bit, 1 channel.*96000 Hz"):
        sdcard.write(str(tmp_path), "en", str(sounds))
    make_wav(sounds / "en" / "0002.wav", width=1)
    with pytest.raises(sdcard.CardError, match="8-bit"):
        sdcard.write(str(tmp_path), "en", str(sounds))


def test_missing_clips_and_editions_are_named(sounds, tmp_path):
    (sounds / "en" / "0256.wav").unlink()
    with pytest.raises(sdcard.CardError, match="1 clip.*missing.*0256.wav"):
        sdcard.plan("en", str(sounds))
    with pytest.raises(sdcard.CardError, match="the editions are fr, en"):
        sdcard.plan("de", str(sounds))
    with pytest.raises(sdcard.CardError, match="not a folder"):
        sdcard.write(str(tmp_path / "nowhere"), "en", str(sounds))


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_committed_editions_fit_on_a_card(lang, tmp_path):
    if not os.path.isfile(os.path.join(ROOT, "sounds", lang, "0001.wav")):
        pytest.skip("sounds/%s not generated yet" % lang)
    r = subprocess.run(
        [sys.executable, "-m", "hal.cli", "sdcard", str(tmp_path), "--lang", lang, "--clips-only"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert r.returncode == 0, r.stdout + r.stderr
    with open(os.path.join(ROOT, "sounds", "manifest.json")) as f:
        n = len(json.load(f)["clips"])
    assert sorted(os.listdir(tmp_path / "01")) == ["%03d.wav" % i for i in range(1, n + 1)]
    assert "wrote %d clips of the %s edition" % (n, lang) in r.stdout


def test_cli_refuses_an_unknown_edition(tmp_path):
    r = subprocess.run(
        [sys.executable, "-m", "hal.cli", "sdcard", str(tmp_path), "--lang", "de"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert r.returncode == 2 and "unknown edition 'de'" in r.stderr


@pytest.mark.parametrize("lang", ["fr", "en", "us"])
def test_whole_sentences_are_their_clips_back_to_back_and_the_board_finds_them(lang, tmp_path):
    """Every 300th sentence (the whole set is about a gigabyte) written whole;
    each track is its clips' sound joined; the board's table (hal/mcu/sentences.py,
    as `clue-fx flash` writes it) names that very file for the sentence's clips."""
    import io

    from hal.bringup import sentences as whole
    from hal.mcu.sentences import Sentences

    if not os.path.isfile(os.path.join(ROOT, "sounds", lang, "0001.wav")):
        pytest.skip("sounds/%s not generated yet" % lang)
    every = whole._many(whole.sentences())
    some = every[::300]
    said = []
    files = sdcard.write(str(tmp_path), lang, os.path.join(ROOT, "sounds"), out=said.append, sentences=some)
    assert "and %d whole sentences" % len(some) in said[0]
    src = {n: path for n, path, _ in files}
    table = Sentences(io.BytesIO(whole.table()))
    for clips in some:
        track = table.track(clips)
        assert track > whole.BASE and table.clips(track, []) == list(clips)
        with wave.open(os.path.join(tmp_path, sdcard.path_of(track)), "rb") as w:
            got = w.readframes(w.getnframes())
        want = b""
        for c in clips:
            with wave.open(src[c], "rb") as w:
                want += w.readframes(w.getnframes())
        assert got == want
    assert table.track(every[0][:1]) == 0 and table.track((1, 1, 1)) == 0  # one clip; no such sentence
    # the whole card's size, said before anything is written: too small a card is one line
    need = sdcard.sentence_bytes(files, every) / 1e6
    assert 2500 < need < 3500, need
    print("%s: %d whole sentences, %.0f MB on the card beside the clips" % (lang, len(every), need))


def test_a_card_too_small_for_the_sentences_is_refused_at_once(sounds, tmp_path, monkeypatch):
    from collections import namedtuple

    usage = namedtuple("usage", "total used free")
    monkeypatch.setattr(sdcard.shutil, "disk_usage", lambda path: usage(10**6, 10**6 - 100, 100))
    card = tmp_path / "card"
    card.mkdir()
    with pytest.raises(sdcard.CardError, match="needs 0 MB on the card, .* has 0 MB free: use a larger card"):
        sdcard.write(str(card), "en", str(sounds), sentences=[(1, 2)])
    assert os.listdir(card) == []  # nothing written


def test_a_card_from_a_wheels_mp3s_holds_wavs_with_a_voice_packs_own_beside_them(tmp_path):
    """The wheel's clips are MP3 (tools/build_clips.py): the card still gets WAVs, decoded, as many samples
    as the checkout's WAVs; a voice pack's clip goes on as it is; a damaged MP3 is one CardError line."""
    from hal.captions import editions
    from hal.mcu.dfplayer import path_of
    from hal.voicepack import load
    from tests.support.mp3_sounds import mp3_sounds

    mp3 = mp3_sounds(tmp_path / "sounds", ["fr"])
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "voices.json").write_text(json.dumps({"format": "cfx-voices/1", "edition": "fr"}))
    mine = os.path.join(ROOT, "sounds", "fr", "0005.wav")
    with open(mine, "rb") as src, open(pack / "0004.wav", "wb") as dst:
        dst.write(src.read())  # clip 5's recording as the pack's clip 4: only the bytes tell them apart
    card = tmp_path / "card"
    card.mkdir()
    lines = []
    files = sdcard.write(str(card), "fr", sounds=str(mp3), out=lines.append, voices=load(pack, editions()),
                         sentences=())  # fmt: skip
    assert len(files) == 86 and "wrote 86 clips" in lines[0] and "1 of them from the voice pack" in lines[0]
    assert (card / path_of(4)).read_bytes() == (pack / "0004.wav").read_bytes()
    for n in (1, 5, 44, 86):
        with (
            wave.open(str(card / path_of(n))) as on_card,
            wave.open(os.path.join(ROOT, "sounds", "fr", "%04d.wav" % n)) as wav,
        ):
            assert on_card.getparams()[:4] == wav.getparams()[:4], n
    (mp3 / "fr" / "0007.mp3").write_bytes(b"not an mp3")
    with pytest.raises(sdcard.CardError, match="0007.mp3 cannot be decoded"):
        sdcard.write(str(card), "fr", sounds=str(mp3), out=lines.append, sentences=())
