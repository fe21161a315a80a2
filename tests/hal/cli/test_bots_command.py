"""`clue-fx bots`: a tournament of bot-only games, run as a user runs it (a
subprocess), its JSON summary, its progress and its one-line refusals."""

import argparse
import json
import subprocess
import sys

import pytest

from hal.cli import bots as bots_cmd


def clue_fx_bots(*args, timeout=120):
    return subprocess.run(
        [sys.executable, "-m", "hal.cli", "bots", *args],
        check=False,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def test_a_tournament_prints_its_summary_as_json():
    run = clue_fx_bots("--games", "4", "--seed", "7", "--table", "expert,hard-2026,hard-2026", "--rotate")
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["games"] == 4 and out["seed"] == 7 and out["rotate"] is True
    assert [s["level"] for s in out["seats"]] == ["expert", "hard-2026", "hard-2026"]
    assert sum(s["wins"] for s in out["seats"]) + out["unfinished"] == 4
    for s in out["seats"]:
        assert s["share"] == round(s["wins"] / 4, 4)
    assert out["winner_mean_turns"] > 0 and out["games_per_second"] > 0
    assert out["wrong_accusations_per_game"] == 0
    assert out["gambles_per_game"] == round(sum(s["gambles"] for s in out["seats"]) / 4, 4)


def test_the_same_seed_gives_the_same_tournament():
    a = json.loads(clue_fx_bots("--games", "3", "--seed", "2", "--bots", "hard,medium").stdout)
    b = json.loads(clue_fx_bots("--games", "3", "--seed", "2", "--table", "hard,medium").stdout)  # --bots: an alias
    for key in ("seats", "winner_mean_turns", "mean_turns", "gambles_per_game"):
        assert a[key] == b[key]


@pytest.mark.parametrize(
    "args,words",
    [
        (["--table", "hard,genius"], "unknown level 'genius'"),
        (["--table", "hard"], "2 to 4 levels"),
        (["--table", "hard,hard,hard,hard,hard"], "2 to 4 levels"),
        (["--games", "0"], "--games takes a whole number >= 1"),
        (["--games", "many"], "--games takes a whole number >= 1"),
        (["--seed", "x"], "--seed takes a whole number"),
    ],
)
def test_bad_input_is_refused_in_one_line(args, words):
    run = clue_fx_bots(*args)
    assert run.returncode == 2
    assert run.stdout == ""
    assert run.stderr.count("\n") == 1 and words in run.stderr
    assert "Traceback" not in run.stderr


def test_progress_goes_to_stderr(capsys, monkeypatch):
    monkeypatch.setattr(bots_cmd, "PROGRESS_EVERY_S", 0.0)
    p = argparse.ArgumentParser(prog="clue-fx bots")
    bots_cmd.add_arguments(p)
    assert bots_cmd.run(p.parse_args(["--games", "3", "--table", "medium,easy"])) == 0
    cap = capsys.readouterr()
    assert json.loads(cap.out)["games"] == 3
    lines = cap.err.splitlines()
    assert lines and lines[-1].startswith("clue-fx bots: 3/3 games")
    assert bots_cmd.run(p.parse_args(["--games", "2", "--table", "medium,easy", "--quiet"])) == 0
    assert capsys.readouterr().err == ""
