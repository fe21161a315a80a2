"""The small words an owner reads (issue 38): `clue-fx --help` names every bot
level a seat takes; `--audio silent` and `--audio none` mean captions only
for the window and for serve alike; the audio notice gives the owner's own
pip, the one of the environment clue-fx runs from (the README's set-up:
~/.clue-fx/bin/pip), not a developer's `pip install -e`."""

import argparse
import os
import subprocess
import sys

from hal.audio_backends import simpleaudio_hint
from hal.cli import play, serve
from sim.bots.levels import SEAT_LEVELS


def test_the_top_help_lists_every_level_a_seat_takes():
    out = subprocess.run([sys.executable, "-m", "hal.cli", "--help"], capture_output=True, text=True).stdout
    line = next(x for x in out.splitlines() if "--bots GUEST" in x)
    assert all(level in line for level in SEAT_LEVELS), line
    play_help = subprocess.run(
        [sys.executable, "-m", "hal.cli", "play", "--help"], capture_output=True, text=True
    ).stdout.replace("\n", " ")
    assert all(level in " ".join(play_help.split()) for level in SEAT_LEVELS)


def parsed(module, args):
    p = argparse.ArgumentParser()
    module.add_arguments(p)
    return p.parse_args(args)


def test_silent_and_none_are_captions_only_for_the_window_and_serve():
    for word in ("silent", "none"):
        assert parsed(play, ["--audio", word]).audio == "silent"
        assert parsed(serve, ["--port", "loop://", "--audio", word]).audio == "none"


def test_the_audio_notice_gives_the_owners_pip(monkeypatch):
    monkeypatch.setenv("HOME", "/home/ada")
    hint = simpleaudio_hint("/home/ada/.clue-fx/bin/python3")
    assert hint == "~/.clue-fx/bin/pip install simpleaudio, needs libasound2-dev"
    assert simpleaudio_hint("/opt/venv/bin/python").startswith("/opt/venv/bin/pip install simpleaudio")
    assert "-e" not in simpleaudio_hint(sys.executable).split() and os.sep in simpleaudio_hint(sys.executable)
