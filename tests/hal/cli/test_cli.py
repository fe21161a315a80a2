"""`clue-fx` commands of the desktop board, run as a user runs them: in a
subprocess, with no display (the self-test still runs) and bad options."""

import argparse
import os
import re
import subprocess
import sys

import pytest

from hal.captions import load_manifest
from hal.cli import PLAYER_HELP
from hal.cli import play as play_command


def clue_fx(*args, env=None, timeout=60, input=None):
    base = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    base.update(SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1", **(env or {}))
    return subprocess.run(
        [sys.executable, "-m", "hal.cli", *args],
        check=False,
        env=base,
        capture_output=True,
        text=True,
        timeout=timeout,
        input=input,
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
    assert "unknown edition 'de': the editions are fr, en, us" in run.stderr


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


# --- what the top help tells a player, and options that do not apply --------------


def play_parser():
    p = argparse.ArgumentParser()
    play_command.add_arguments(p)
    return p


def test_the_top_help_says_how_to_start_and_the_main_options():
    run = clue_fx("--help")
    assert run.returncode == 0, run.stderr
    for words in ("clue-fx play --text", "clue-fx --table --bots", "--edition fr|en|us", "--seed N", "--table",
                  "--bots"):
        assert words in run.stdout, words
    for option in ("--text", "--hints", "--audio", "--volume", "--trace", "--battery", "--fullscreen"):
        assert option in run.stdout, option


def test_every_option_the_top_help_names_is_one_of_play():
    named = set(re.findall(r"(--[a-z]+)", PLAYER_HELP)) - {"--help"}
    known = {s for a in play_parser()._actions for s in a.option_strings}
    assert named and named <= known, "the top help names %s, which clue-fx play has not" % (named - known)


@pytest.mark.parametrize(
    "option",
    [
        ["--table"],
        ["--bots", "AZUR"],
        ["--hints"],
        ["--audio", "silent"],
        ["--volume", "0.8"],  # the default, given: still refused
        ["--fullscreen"],
        ["--selftest"],
    ],
)
def test_the_text_board_refuses_the_window_options_in_one_line(option, tmp_path):
    trace = tmp_path / "t.jsonl"
    run = clue_fx("play", "--text", "--trace", str(trace), *option, input="x\n")
    assert run.returncode == 2
    assert run.stdout == ""
    lines = run.stderr.splitlines()
    assert len(lines) == 1, run.stderr
    assert lines[0].startswith("clue-fx play: error: %s does not apply to the text board: " % option[0])
    assert not trace.exists()  # refused before anything started


def test_the_text_board_refuses_them_from_the_front_door_too():
    run = clue_fx("--text", "--bots", "AZUR:easy", input="x\n")
    assert run.returncode == 2 and run.stderr.count("\n") == 1 and "--bots" in run.stderr


def test_the_text_board_takes_its_own_options(tmp_path):
    trace = tmp_path / "t.jsonl"
    run = clue_fx(
        "play", "--text", "--lang", "en", "--seed", "3", "--trace", str(trace), "--battery", "3500", input="x\n"
    )
    assert run.returncode == 0, run.stderr
    assert "seed 3" in run.stdout and "Good evening" in run.stdout
    assert "The batteries are low." in run.stdout  # --battery reached the text board
    assert trace.stat().st_size > 0


def test_the_window_still_gets_its_defaults(monkeypatch):
    import types

    got = {}
    monkeypatch.setitem(sys.modules, "sim.start", types.SimpleNamespace(play=lambda **kw: got.update(kw) or 0))
    assert play_command.run(play_parser().parse_args(["--seed", "1", "--lang", "en"])) == 0
    assert got == {
        "seed": 1,
        "lang": "en",
        "trace": None,
        "audio": "auto",
        "volume": 0.8,
        "fullscreen": False,
        "debug": False,
        "millivolts": 4500,
        "selftest": False,
        "table": None,
        "hints": False,
        "resumed": None,
        "voices": None,
    }
    play_command.run(play_parser().parse_args(["--seed", "1", "--bots", "AZUR", "--volume", "0", "--audio", "silent"]))
    assert got["table"] == {"AZUR": "hard"} and got["volume"] == 0 and got["audio"] == "silent"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux), a disk that is always full")
def test_a_full_disk_stops_the_trace_in_one_line_and_the_game_goes_on():
    run = clue_fx("play", "--text", "--lang", "en", "--seed", "3", "--trace", "/dev/full", input="yynn\nx\n")
    assert run.returncode == 0, run.stderr
    assert run.stderr == "clue-fx: the trace /dev/full stops here: No space left on device; the game goes on\n"
    assert "it is your turn" in run.stdout
