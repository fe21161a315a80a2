"""The desktop's speaker on a wheel's clips (issue 42): the MP3s
tools/build_clips.py makes of the WAVs, played through the real
pygame.mixer (SDL's dummy and disk drivers, headless) and through
simpleaudio on an ALSA null device (decoded at start); hal.captions'
one rule for a clip's file; a voice pack's WAVs beside the MP3s."""

import array
import json
import math
import shutil
import sys
import textwrap
import time

import pytest

from firmware.clipnames import names
from hal import captions
from hal.audio import AudioOut
from hal.voicepack import SILENT_BELOW
from tests.support.audio import AND, ARRIVES, LEAVES, run_on_alsa_null, run_until_drained, say
from tests.support.mp3_sounds import mp3_sounds

pygame = pytest.importorskip("pygame")

ROOT = captions.SOUNDS.parent
LOUD = math.ceil(SILENT_BELOW * 32768)  # -50 dBFS, as the voice packs' check and bench_sim hear a start
EDITIONS = captions.editions()


@pytest.fixture(scope="module")
def mp3(tmp_path_factory):
    return mp3_sounds(tmp_path_factory.mktemp("mp3") / "sounds")


@pytest.fixture
def mixer(monkeypatch):
    """pygame.mixer on SDL's `driver` (dummy or disk), shut before and after."""

    def use(driver, **env):
        pygame.mixer.quit()
        monkeypatch.setenv("SDL_AUDIODRIVER", driver)
        for k, v in env.items():
            monkeypatch.setenv(k, v)
        pygame.mixer.pre_init(22050, -16, 1, 256)
        pygame.mixer.init()

    yield use
    pygame.mixer.quit()


def samples(raw):
    data = array.array("h", raw)
    if sys.byteorder == "big":
        data.byteswap()
    return data


def first_loud(data):
    return next((i for i, v in enumerate(data) if abs(v) >= LOUD), len(data))


def test_the_rule_of_a_clips_file(tmp_path):
    """WAV first (a checkout), else MP3 (a wheel); a missing clip named in its folder's format."""
    wheel = tmp_path / "wheel"
    (wheel / "en").mkdir(parents=True)
    for n in (1, 2):
        (wheel / "en" / ("%04d.mp3" % n)).write_bytes(b"x")
    assert captions.clip_format(wheel) == "mp3"
    assert captions.clip_file("en", 2, wheel) == wheel / "en" / "0002.mp3"
    assert captions.clip_file("en", 3, wheel) == wheel / "en" / "0003.mp3"  # missing: the name it would have
    assert captions.clip_numbers("en", wheel) == {1, 2}
    (wheel / "en" / "0002.wav").write_bytes(b"x")
    assert captions.clip_file("en", 2, wheel).suffix == ".wav"
    assert captions.clip_format(tmp_path / "none") == "wav" and captions.clip_file("fr", 1, tmp_path).suffix == ".wav"
    # this checkout (an editable install): its own WAVs
    assert captions.SOUNDS == ROOT / "sounds" and captions.clip_format() == "wav"
    assert captions.clip_file("fr", 7) == ROOT / "sounds" / "fr" / "0007.wav"


def test_every_mp3_decodes_to_its_wavs_length_and_start(mp3, mixer):
    """Every clip of every edition, decoded by pygame's mixer: as many samples as its WAV and its first sound
    within 2 ms of the WAV's (LAME's header carries the encoder's delay and padding); for en, the same
    speech (its samples correlate with the WAV's)."""
    mixer("dummy")
    worst_len = worst_start = 0
    low = 1.0
    for lang in EDITIONS:
        for n in range(1, len(names()) + 1):
            wav = samples(pygame.mixer.Sound(str(captions.clip_file(lang, n))).get_raw())
            dec = samples(pygame.mixer.Sound(str(mp3 / lang / ("%04d.mp3" % n))).get_raw())
            worst_len = max(worst_len, abs(len(dec) - len(wav)))
            worst_start = max(worst_start, abs(first_loud(dec) - first_loud(wav)))
            if lang == "en" and n % 8 == 1:
                low = min(low, correlation(dec, wav))
    assert worst_len == 0, "an MP3 decodes to %d samples more or less than its WAV" % worst_len
    assert worst_start <= 0.002 * 22050, "an MP3 starts %.1f ms away from its WAV" % (worst_start / 22.05)
    assert low > 0.9, low


def correlation(a, b):
    n = min(len(a), len(b))
    ma, mb = sum(a[:n]) / n, sum(b[:n]) / n
    cov = sum((a[i] - ma) * (b[i] - mb) for i in range(n))
    va = sum((a[i] - ma) ** 2 for i in range(n))
    vb = sum((b[i] - mb) ** 2 for i in range(n))
    return cov / math.sqrt(va * vb)


def test_the_desktop_plays_the_mp3_set_through_the_mixer(mp3, mixer, tmp_path):
    """AudioOut on the MP3s, SDL's disk driver writing the mix: the sentence plays back to back, the mix
    holds the clips' sound, nothing is said to the player."""
    raw = tmp_path / "mix.raw"
    mixer("disk", SDL_DISKAUDIOFILE=str(raw))
    lines = []
    audio = AudioOut(captions.load("fr"), backend="pygame", notice=lines.append, sounds=mp3)
    assert audio.path(AND) == mp3 / "fr" / ("%04d.mp3" % AND)
    audio.present([say(AND, LEAVES, ARRIVES)], 0)
    played, trues = run_until_drained(audio)
    audio.close()
    pygame.mixer.quit()  # the file is complete
    assert played == [AND, LEAVES, ARRIVES] and trues == 1 and lines == []
    mix = samples(raw.read_bytes())
    want = sum(len(samples(wav_frames(n))) for n in (AND, LEAVES, ARRIVES))
    loud = sum(1 for v in mix if abs(v) >= LOUD)
    assert loud > want // 3, "the mix is %d samples loud of the sentence's %d" % (loud, want)


def wav_frames(n):
    import wave

    with wave.open(str(captions.clip_file("fr", n)), "rb") as w:
        return w.readframes(w.getnframes())


def test_a_voice_pack_plays_its_wavs_beside_the_editions_mp3s(mp3, mixer, tmp_path):
    from hal.voicepack import load

    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "voices.json").write_text(json.dumps({"format": "cfx-voices/1", "edition": "fr"}))
    shutil.copy(captions.clip_file("fr", LEAVES), pack)
    mixer("dummy")
    lines = []
    voices = load(pack, EDITIONS)
    audio = AudioOut(captions.load("fr"), backend="pygame", notice=lines.append, sounds=mp3, voices=voices)
    assert audio.path(LEAVES) == pack / ("%04d.wav" % LEAVES) and audio.path(AND).suffix == ".mp3"
    audio.present([say(AND, LEAVES, ARRIVES)], 0)
    played, _ = run_until_drained(audio)
    audio.close()
    assert played == [AND, LEAVES, ARRIVES] and lines == []


SIMPLEAUDIO_SCRIPT = textwrap.dedent("""
    import json, sys, time
    from firmware.actions import Say, StopAudio
    from hal import captions
    from hal.audio import AudioOut
    lines = []
    audio = AudioOut(captions.load("fr"), backend="simpleaudio", notice=lines.append, sounds=sys.argv[1])
    at_start = len(audio._cache)
    audio.present([Say("t", {}, (72, 73, 74, 72))], 0)
    trues = 0
    end = time.monotonic() + 10
    while time.monotonic() < end and not trues:
        trues += audio.poll()
        time.sleep(0.002)
    print(json.dumps({"backend": audio.backend, "played": audio.played, "trues": trues, "lines": lines,
                      "at_start": at_start, "cached": len(audio._cache)}))
    audio.close()
""")


def test_simpleaudio_decodes_the_mp3_set_at_start_on_an_alsa_null_device(mp3, tmp_path):
    sounds = tmp_path / "sounds"
    shutil.copytree(mp3 / "fr", sounds / "fr")
    (sounds / "fr" / "0073.mp3").write_bytes(b"garbage")
    t0 = time.monotonic()
    result = run_on_alsa_null(tmp_path, SIMPLEAUDIO_SCRIPT, sounds, drop=("SDL_AUDIODRIVER",))
    assert result["backend"] == "simpleaudio", (result, time.monotonic() - t0)
    assert result["at_start"] == len(names()) == result["cached"]  # every clip decoded before the first press
    assert result["played"][:3] == [72, 74, 72] and result["trues"] == 1
    assert len(result["lines"]) == 1 and "0073.mp3" in result["lines"][0], result["lines"]


def test_the_mp3s_meet_what_a_voice_pack_is_held_to(mp3, mixer):
    """hal.voicepack's own measures, the ones `clue-fx voices check` holds a pack to beside the edition's clips,
    on every decoded MP3: it starts speaking within MAX_LEADING_MS and its active level is its WAV's within
    0.5 dB (the pack's loudness window is set around the edition's)."""
    from hal.voicepack import MAX_LEADING_MS, active_level_db, leading_silence_ms, read_samples

    mixer("dummy")
    worst_lead = worst_level = 0.0
    for lang in EDITIONS:
        for n in range(1, len(names()) + 1):
            wav, rate = read_samples(captions.clip_file(lang, n))[:2]
            dec = [v / 32768 for v in samples(pygame.mixer.Sound(str(mp3 / lang / ("%04d.mp3" % n))).get_raw())]
            worst_lead = max(worst_lead, leading_silence_ms(dec, rate))
            worst_level = max(worst_level, abs(active_level_db(dec, rate) - active_level_db(wav, rate)))
    assert worst_lead <= MAX_LEADING_MS, worst_lead
    assert worst_level <= 0.5, worst_level
