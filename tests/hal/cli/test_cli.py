"""`clue-fx` commands of the desktop board, run as a user runs them: in a
subprocess, with no display (the self-test still runs) and bad options."""

import os
import subprocess
import sys

import pytest

from hal.captions import load_manifest


def clue_fx(*args, env=None, timeout=60):
    base = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    base.update(SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1", **(env or {}))
    return subprocess.run(
        [sys.executable, "-m", "hal.cli", *args],
        check=False,
        env=base,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def test_no_display_offers_the_text_board_with_exit_code_2():
    run = clue_fx()
    assert run.returncode == 2
    assert run.stdout.count("\n") == 1
    assert "no display" in run.stdout and "clue-fx play --text" in run.stdout
    assert "Traceback" not in run.stderr


@pytest.mark.parametrize("args", [["--lang", "de"], ["play", "--lang", "de"], ["selftest", "--lang", "de"]])
def test_an_unknown_edition_lists_the_editions(args):
    run = clue_fx(*args)
    assert run.returncode == 2
    assert "unknown edition 'de': the editions are fr, en" in run.stderr


def test_a_bad_volume_says_what_a_volume_is():
    run = clue_fx("--volume", "11")
    assert run.returncode == 2 and "the volume is a number from 0 to 1" in run.stderr


def test_selftest_runs_headless_and_prints_every_clip():
    clips = load_manifest()["clips"]
    run = clue_fx("selftest", "--lang", "en", "--audio", "silent")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert "no display" in lines[0]
    numbered = [line for line in lines if line[:4].isdigit()]
    assert [int(line[:4]) for line in numbered] == [c["id"] for c in clips]
    assert all(c["en"] in line for c, line in zip(clips, numbered, strict=True))
    assert lines[-1].startswith(
        "selftest: %d clips of the en edition, %d played (sound: silent)" % (len(clips), len(clips))
    )
