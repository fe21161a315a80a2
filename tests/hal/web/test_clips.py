"""hal/web/clips.py: the offline app's clips compressed by ffmpeg (Ogg Opus
and MP3), cached by their WAV's sha256: a second export runs no ffmpeg, a
WAV re-rendered is compressed again (never a stale clip), a failing ffmpeg
is one line, and no ffmpeg at all leaves the WAVs."""

import shutil

import pytest

from hal.captions import SOUNDS
from hal.web import clips

FFMPEG = shutil.which("ffmpeg")


@pytest.fixture
def wavs(tmp_path):
    out = {}
    for n in (1, 2):
        path = tmp_path / ("%04d.wav" % n)
        shutil.copyfile(SOUNDS / "en" / ("%04d.wav" % n), path)
        out[n] = str(path)
    return out


def test_compressed_once_then_from_the_cache_and_again_when_a_wav_changes(wavs, tmp_path):
    if FFMPEG is None:
        pytest.skip("ffmpeg is not installed (python tools/setup_tests.py)")
    cache = tmp_path / "cache"
    made = clips.compress(wavs, str(tmp_path / "out"), str(cache))
    assert made == ("opus", "mp3")
    opus = (tmp_path / "out" / "0001.opus").read_bytes()
    assert opus[:4] == b"OggS" and b"OpusHead" in opus[:100]
    mp3 = (tmp_path / "out" / "0002.mp3").read_bytes()
    assert mp3[:3] == b"ID3" or mp3[0] == 0xFF
    wav_size = sum(len(open(p, "rb").read()) for p in wavs.values())
    assert len(opus) + (tmp_path / "out" / "0002.opus").stat().st_size < wav_size / 5
    # the same WAVs again: every clip from the cache, no ffmpeg run ("false" would fail)
    assert clips.compress(wavs, str(tmp_path / "again"), str(cache), ffmpeg=shutil.which("false")) == made
    assert (tmp_path / "again" / "0001.opus").read_bytes() == opus
    # a WAV re-rendered: compressed again (here by an ffmpeg that fails: said in one line)
    with open(wavs[1], "ab") as f:
        f.write(b"\0\0")
    with pytest.raises(clips.ClipError, match="ffmpeg could not compress the clips"):
        clips.compress(wavs, str(tmp_path / "third"), str(cache), ffmpeg=shutil.which("false"))
    assert not list(cache.glob("*.part"))  # no half file cached


def test_no_ffmpeg_no_compression(wavs, tmp_path, monkeypatch):
    monkeypatch.setattr(clips.shutil, "which", lambda name: None)
    assert clips.compress(wavs, str(tmp_path / "out"), str(tmp_path / "cache")) == ()
