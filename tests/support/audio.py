"""The speaker for tests: a sentence of clip numbers, the clips of the
words that join sentences, a run until the queue has drained, and a
script run on simpleaudio with ALSA sent to a null device."""

import json
import os
import pathlib
import subprocess
import sys
import time

import pytest

from firmware.actions import Say
from firmware.clips import number

pygame = pytest.importorskip("pygame")

DEADLINE_S = 10.0
AND, LEAVES, ARRIVES = number("word.and"), number("word.leaves"), number("word.arrives")


def say(*clips):
    return Say("test", {}, clips)


def run_until_drained(audio, start=0, deadline=DEADLINE_S):
    """Poll as a frame loop would until poll() reports the drain; returns the
    clips played from `audio.played[start]` on, in order (AudioOut's own
    record: sampling `playing` from here misses a short clip whenever this
    process is descheduled longer than it lasts), and how many times poll()
    said True."""
    trues = 0
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        if audio.poll():
            trues += 1
            break
        time.sleep(0.002)
    else:
        pytest.fail("the audio queue did not drain in %.0f s" % deadline)
    for _ in range(5):  # and never again while nothing new is queued
        trues += audio.poll()
    return audio.played[start:], trues


ROOT = pathlib.Path(__file__).resolve().parents[2]


def run_on_alsa_null(tmp_path, script, sounds, drop=()):
    """`script` run by a fresh Python with `sounds` as its argument, its ALSA
    sent to a null device (HOME's .asoundrc) for simpleaudio, the variables
    `drop` left out of its environment; what it printed last, read as JSON.
    Skips where simpleaudio is not installed."""
    try:
        import simpleaudio  # noqa: F401
    except ImportError:
        pytest.skip("simpleaudio is not installed (pip install 'clue-fx[simpleaudio]', needs libasound2-dev)")
    home = tmp_path / "home"
    home.mkdir()
    (home / ".asoundrc").write_text("pcm.!default { type null }\n")
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env.update(HOME=str(home), PYTHONPATH=str(ROOT), PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run(
        [sys.executable, "-c", script, str(sounds)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
        cwd=str(ROOT),
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])
