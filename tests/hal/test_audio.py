"""hal.audio: the clip queue on a real pygame.mixer (SDL's dummy and disk
drivers, headless), the fallbacks, bad WAVs, and simpleaudio on an ALSA null
device when it is installed. Clips are the shortest of the set (word.and,
word.leaves, word.arrives: 0.25 to 0.5 s); waits are on a condition with a
deadline, never a fixed sleep."""

import array
import math
import os
import pathlib
import shutil
import subprocess
import sys
import textwrap
import time
import wave

import pytest

from firmware.actions import PowerOff, Say, Sfx, StopAudio
from firmware.clips import number
from firmware.events import Switch
from hal import captions
from hal.audio import AudioOut
from hal.audio_backends import AudioUnavailable
from hal.runner import Board
from tests.support.audio import AND, ARRIVES, LEAVES, run_on_alsa_null, run_until_drained, say  # noqa: E402

pygame = pytest.importorskip("pygame")

ROOT = pathlib.Path(__file__).resolve().parents[2]
SOUNDS = ROOT / "sounds"
GREETING = number("phrase.greeting")
DEADLINE_S = 10.0






def wait_for(condition, deadline=DEADLINE_S):
    end = time.monotonic() + deadline
    while not condition():
        if time.monotonic() > end:
            pytest.fail("condition not met in %.0f s" % deadline)
        time.sleep(0.002)


@pytest.fixture
def sdl_audio(monkeypatch):
    """Choose SDL's audio driver for this test; the mixer is shut before and after."""

    def use(driver, **env):
        pygame.mixer.quit()
        monkeypatch.setenv("SDL_AUDIODRIVER", driver)
        for key, value in env.items():
            monkeypatch.setenv(key, value)

    yield use
    pygame.mixer.quit()


@pytest.fixture
def audio(sdl_audio):
    sdl_audio("dummy")
    lines = []
    out = AudioOut(captions.load("fr"), backend="pygame", notice=lines.append)
    out.notices = lines
    yield out
    out.close()


# --- the queue on pygame.mixer (dummy driver) -----------------------------------


def test_a_say_plays_its_clips_back_to_back_and_drains_once(audio):
    assert audio.backend == "pygame"
    assert audio.poll() is False  # nothing played yet: nothing to report
    audio.present([say(AND, LEAVES, ARRIVES)], 0)
    assert audio.busy() and audio.playing == AND
    seen, trues = run_until_drained(audio)
    assert seen == [AND, LEAVES, ARRIVES]
    assert audio.played == [AND, LEAVES, ARRIVES]
    assert trues == 1
    assert not audio.busy() and audio.playing is None
    assert audio.notices == []


def test_the_next_clip_waits_in_the_channel_queue(audio):
    """Gapless: while a clip plays, the next one is already in pygame's queue."""
    audio.present([say(AND, LEAVES)], 0)
    channel = pygame.mixer.Channel(0)
    assert channel.get_busy() and channel.get_queue() is not None


def test_sfx_follows_the_sentence_and_stop_cuts_it(audio):
    audio.present([say(AND), Sfx("ECURIE")], 0)
    wait_for(lambda: audio.playing == number("sfx.ECURIE"))
    audio.present([StopAudio()], 1000)
    assert not audio.busy() and audio.playing is None
    assert not pygame.mixer.Channel(0).get_busy()
    assert audio.played == [AND, number("sfx.ECURIE")]
    assert audio.poll() is False  # a cut is not a drain


class BetweenTwoClips:
    """pygame's channel in the instant between two clips: the first is over
    (not busy), the next still waits in the queue its end-of-sound callback
    is about to start it from (what the real mixer showed, 1 run in 15)."""

    def get_busy(self):
        return False

    def get_queue(self):
        return object()


def test_a_clip_waiting_in_the_channel_queue_between_two_clips_is_still_pending(audio):
    """The race that made test_sfx_follows_the_sentence_and_stop_cuts_it fail:
    pending() said 0, both clips were taken as over, and `playing` stayed
    None while the place sound played."""
    out = audio._out
    real = out._channel
    out._channel = BetweenTwoClips()
    try:
        assert out.pending() == 1
    finally:
        out._channel = real


def test_stop_audio_cuts_at_once_and_empties_the_queue(audio):
    audio.present([say(GREETING, AND, LEAVES)], 0)
    assert audio.playing == GREETING
    audio.present([StopAudio()], 10)
    assert not audio.busy()
    assert not pygame.mixer.get_busy()
    assert audio.poll() is False
    mark = len(audio.played)
    audio.present([say(AND)], 20)  # the queue works again afterwards
    seen, trues = run_until_drained(audio, mark)
    assert seen == [AND] and trues == 1
    assert audio.played == [GREETING, AND]


def test_power_off_by_switch_cuts_idle_lets_the_sentence_finish(audio):
    audio.present([say(GREETING, AND), PowerOff("switch")], 0)
    assert not audio.busy() and not pygame.mixer.get_busy()
    mark = len(audio.played)
    audio.present([say(AND, LEAVES), PowerOff("idle")], 10)
    assert audio.busy()
    seen, trues = run_until_drained(audio, mark)
    assert seen == [AND, LEAVES] and trues == 1


def test_a_new_sentence_queues_behind_the_one_playing(audio):
    audio.present([say(AND)], 0)
    audio.present([say(LEAVES)], 5)
    seen, trues = run_until_drained(audio)
    assert seen == [AND, LEAVES] and trues == 1


def test_the_board_greeting_reaches_the_mixer(audio):
    board = Board(seed=3, sinks=[audio])
    outs = board.feed(Switch(True), 0)
    clips = [c for a in outs if isinstance(a, Say) for c in a.clips]
    assert clips[0] == number("jingle.greeting")
    assert audio.playing == number("jingle.greeting") and pygame.mixer.Channel(0).get_busy()
    audio.present([StopAudio()], 10)


# --- real samples out: SDL's disk driver writes the mix to a file ------------------


def _capture(sdl_audio, tmp_path, clips):
    raw = tmp_path / "mix.raw"
    sdl_audio("disk", SDL_DISKAUDIOFILE=str(raw))
    audio = AudioOut(captions.load("fr"), backend="pygame", notice=print)
    freq, size, channels = pygame.mixer.get_init()
    assert size == -16
    if clips:
        audio.present([say(*clips)], 0)
        run_until_drained(audio)
    else:  # the mixer runs with nothing to play until it has written 0.3 s
        wait_for(lambda: raw.exists() and raw.stat().st_size >= 0.3 * freq * 2 * channels)
        assert audio.poll() is False
    audio.close()  # shuts the mixer: the file is complete
    data = array.array("h", raw.read_bytes())
    if sys.byteorder == "big":
        data.byteswap()
    return list(data[::channels]), freq


def _wav(clip):
    with wave.open(str(SOUNDS / "fr" / ("%04d.wav" % clip)), "rb") as w:
        data = array.array("h", w.readframes(w.getnframes()))
    if sys.byteorder == "big":
        data.byteswap()
    return list(data)


def _correlation(a, b):
    n = min(len(a), len(b))
    a, b = a[:n], b[:n]
    ma, mb = sum(a) / n, sum(b) / n
    cov = sum((x - ma) * (y - mb) for x, y in zip(a, b, strict=True))
    va = sum((x - ma) ** 2 for x in a)
    vb = sum((y - mb) ** 2 for y in b)
    return cov / math.sqrt(va * vb)


def test_disk_capture_holds_the_clip_samples(sdl_audio, tmp_path):
    mix, freq = _capture(sdl_audio, tmp_path, [AND])
    assert freq == 22050
    rms = math.sqrt(sum(v * v for v in mix) / len(mix))
    assert max(abs(v) for v in mix) > 3000 and rms > 100, "the captured mix is silent"
    # the clip itself came out, scaled by the volume: line both up on their first loud sample
    clip = _wav(AND)
    start_mix = next(i for i, v in enumerate(mix) if abs(v) > 500)
    start_clip = next(i for i, v in enumerate(clip) if abs(v) * 0.8 > 500)
    n = len(clip) - start_clip - 1000
    assert _correlation(mix[start_mix : start_mix + n], clip[start_clip : start_clip + n]) > 0.98


def test_disk_capture_is_silent_when_nothing_plays(sdl_audio, tmp_path):
    mix, _ = _capture(sdl_audio, tmp_path, [])
    assert mix and max(abs(v) for v in mix) == 0


# --- bad files ------------------------------------------------------------------------


def test_missing_and_corrupt_wavs_are_named_once_and_skipped(sdl_audio, tmp_path):
    sdl_audio("dummy")
    (tmp_path / "fr").mkdir()
    shutil.copy(SOUNDS / "fr" / ("%04d.wav" % AND), tmp_path / "fr")
    (tmp_path / "fr" / ("%04d.wav" % LEAVES)).write_bytes(b"RIFF\x10\x00\x00\x00WAVEnot a sound at all")
    lines = []
    audio = AudioOut(captions.load("fr"), backend="pygame", notice=lines.append, sounds=tmp_path)
    try:
        audio.present([say(AND, LEAVES, ARRIVES, AND)], 0)
        seen, trues = run_until_drained(audio)
        assert audio.played == [AND, AND] and trues == 1
        assert len(lines) == 2
        corrupt, missing = lines
        assert "%04d.wav" % LEAVES in corrupt and "word.leaves" in corrupt and "cannot be played" in corrupt
        assert "%04d.wav" % ARRIVES in missing and "word.arrives" in missing and "missing" in missing
        audio.present([say(LEAVES, ARRIVES)], 10)  # once per file
        assert audio.poll() is True
        assert len(lines) == 2
    finally:
        audio.close()


def test_a_sentence_of_only_bad_clips_still_drains(sdl_audio, tmp_path):
    sdl_audio("dummy")
    (tmp_path / "fr").mkdir()
    lines = []
    audio = AudioOut(captions.load("fr"), backend="pygame", notice=lines.append, sounds=tmp_path)
    try:
        audio.present([say(AND)], 0)
        assert audio.poll() is True and audio.played == [] and len(lines) == 1
    finally:
        audio.close()


# --- backends and fallbacks -----------------------------------------------------------


def test_no_sound_card_gives_one_notice_and_captions_only(sdl_audio, monkeypatch):
    sdl_audio("no-such-driver")
    monkeypatch.setitem(sys.modules, "simpleaudio", None)  # import simpleaudio -> ImportError
    lines = []
    audio = AudioOut(captions.load("en"), backend="auto", notice=lines.append)
    assert audio.backend == "silent"
    assert len(lines) == 1
    assert "captions only" in lines[0] and "pygame" in lines[0] and "simpleaudio" in lines[0]
    audio.present([say(AND, LEAVES)], 0)
    assert audio.poll() is True and audio.played == [AND, LEAVES]
    assert audio.poll() is False
    audio.close()


def test_auto_falls_back_past_a_broken_mixer(sdl_audio):
    sdl_audio("no-such-driver")
    lines = []
    audio = AudioOut(captions.load("fr"), backend="auto", notice=lines.append)
    assert audio.backend in ("simpleaudio", "silent")
    assert len(lines) == 1 and "pygame" in lines[0]
    audio.close()


def test_an_explicit_backend_that_cannot_play_raises(sdl_audio, monkeypatch):
    sdl_audio("no-such-driver")
    with pytest.raises(AudioUnavailable, match="pygame mixer cannot start"):
        AudioOut(captions.load("fr"), backend="pygame")
    monkeypatch.setitem(sys.modules, "simpleaudio", None)
    with pytest.raises(AudioUnavailable, match="simpleaudio is not installed"):
        AudioOut(captions.load("fr"), backend="simpleaudio")


def test_bad_arguments_say_what_is_allowed():
    with pytest.raises(ValueError, match="editions are fr, en, us"):
        captions.load("de")  # an edition is its captions: AudioOut is handed them, read once
    with pytest.raises(ValueError, match="choose auto, pygame, simpleaudio, silent"):
        AudioOut(captions.load("fr"), backend="alsa")
    with pytest.raises(ValueError, match="from 0 to 1"):
        AudioOut(captions.load("fr"), backend="silent", volume=3)


def test_silent_backend_reports_every_sentence_as_said():
    audio = AudioOut(captions.load("fr"), backend="silent", notice=pytest.fail)
    audio.present([say(GREETING, AND), Sfx("TENNIS")], 0)
    assert not audio.busy()
    assert audio.poll() is True and audio.poll() is False
    assert audio.played == [GREETING, AND, number("sfx.TENNIS")]


SIMPLEAUDIO_SCRIPT = textwrap.dedent("""
    import json, sys, time
    from firmware.actions import Say, StopAudio
    from hal import captions
    from hal.audio import AudioOut
    lines = []
    audio = AudioOut(captions.load("fr"), backend="simpleaudio", notice=lines.append, sounds=sys.argv[1])
    audio.present([Say("t", {}, (72, 73, 74, 72))], 0)
    trues = 0
    end = time.monotonic() + 10
    while time.monotonic() < end and not trues:
        trues += audio.poll()
        time.sleep(0.002)
    trues += sum(audio.poll() for _ in range(5))
    audio.present([Say("t", {}, (44, 72))], 1)
    playing = audio.playing
    audio.present([StopAudio()], 2)
    print(json.dumps({"backend": audio.backend, "played": audio.played, "trues": trues, "lines": lines,
                      "playing": playing, "busy_after_stop": audio.busy()}))
    audio.close()
""")


def test_simpleaudio_backend_on_an_alsa_null_device(tmp_path):
    sounds = tmp_path / "sounds"
    (sounds / "fr").mkdir(parents=True)
    for clip in (72, 74, 44):
        shutil.copy(SOUNDS / "fr" / ("%04d.wav" % clip), sounds / "fr")
    (sounds / "fr" / "0073.wav").write_bytes(b"garbage")
    result = run_on_alsa_null(tmp_path, SIMPLEAUDIO_SCRIPT, sounds)
    assert result["backend"] == "simpleaudio"
    assert result["played"][:3] == [72, 74, 72] and result["trues"] == 1
    assert (
        len(result["lines"]) == 1 and "0073.wav" in result["lines"][0] and "word.leaves" in result["lines"][0]
    )
    assert result["playing"] == 44 and result["busy_after_stop"] is False


# --- no sound card: one line, as a player sees it -----------------------------------

NO_CARD = pytest.mark.skipif(
    not sys.platform.startswith("linux") or pathlib.Path("/dev/snd").exists(),
    reason="needs a Linux machine with no sound card (ALSA then prints its own errors)",
)
HINT = "pip install simpleaudio"  # the README's venv: ~/.clue-fx/bin/pip install simpleaudio


def _env(**extra):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env.update(SDL_AUDIODRIVER="alsa", PYTHONPATH=str(ROOT), **extra)
    return env


def _serve_until_waiting(env):
    """`clue-fx serve --audio host` on a port that is not there: its lines
    until it waits for the rig (it waits for ever: then SIGTERM)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "hal.cli", "serve", "--port", "/dev/nonexistent", "--audio", "host", "--lang", "en"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        cwd=str(ROOT),
    )
    lines = []
    try:
        end = time.monotonic() + 60
        while time.monotonic() < end:
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(line.rstrip("\n"))
            if line.startswith("waiting for the rig"):
                break
    finally:
        proc.terminate()
        rest, _ = proc.communicate(timeout=30)
    return lines + rest.splitlines()


@NO_CARD
def test_no_sound_card_is_one_short_line_for_a_player():
    lines = _serve_until_waiting(_env())
    start = next(i for i, line in enumerate(lines) if line.startswith("clue-fx serve: seed"))
    assert len(lines[:start]) == 1, "\n".join(lines)  # only the audio's line comes before the game
    (line,) = lines[:start]
    assert line.startswith("audio: ") and "captions only" in line and len(line) <= 140, line
    assert not [x for x in lines if "ALSA" in x], "\n".join(lines)


HIDE_SIMPLEAUDIO = """
import sys
sys.modules["simpleaudio"] = None  # import simpleaudio -> ImportError, as where it is not installed
from hal import captions
from hal.audio import AudioOut
AudioOut(captions.load("en"), backend="auto", notice=print).close()
"""


@NO_CARD
def test_without_simpleaudio_the_line_gives_the_readme_install_hint():
    done = subprocess.run(
        [sys.executable, "-c", HIDE_SIMPLEAUDIO],
        capture_output=True,
        text=True,
        env=_env(PYGAME_HIDE_SUPPORT_PROMPT="1"),
        cwd=str(ROOT),
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    lines = (done.stdout + done.stderr).splitlines()
    assert len(lines) == 1, "\n".join(lines)
    assert "captions only" in lines[0] and HINT in lines[0] and "libasound2-dev" in lines[0]
    assert HINT in (ROOT / "README.md").read_text(encoding="utf-8")  # the README says the same


@NO_CARD
def test_the_selftest_says_no_sound_card_in_one_line():
    done = subprocess.run(
        [sys.executable, "-m", "hal.cli", "selftest", "--lang", "en"],
        capture_output=True,
        text=True,
        env=_env(PYGAME_HIDE_SUPPORT_PROMPT="1"),
        cwd=str(ROOT),
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    lines = (done.stdout + done.stderr).splitlines()
    about_sound = [x for x in lines if not (x[:4].isdigit() or x.startswith("selftest:") or "no display" in x)]
    assert len(about_sound) == 1, "\n".join(about_sound)
    assert "captions only" in about_sound[0]
