"""`clue-fx bots --jobs N`: the games in worker processes give the same
summary as a serial run (the same wins per seat for the same seeds), and
the CPU time counted is the workers' too."""

import json
import subprocess
import sys
import time

import pytest

from sim.bots.tournament import CHUNK, default_jobs, tournament

TIMINGS = ("seconds", "games_per_second", "cpu_seconds", "games_per_cpu_second", "jobs")


def without_timings(summary):
    return {k: v for k, v in summary.items() if k not in TIMINGS}


def test_workers_give_the_same_summary_as_a_serial_run():
    levels = ["expert", "hard-2026", "random"]
    serial = tournament(levels, 2 * CHUNK + 3, seed=21, rotate=True, jobs=1)
    c0 = time.process_time()
    parallel = tournament(levels, 2 * CHUNK + 3, seed=21, rotate=True, jobs=2)
    mine = time.process_time() - c0
    assert (serial["jobs"], parallel["jobs"]) == (1, 2)
    assert without_timings(parallel) == without_timings(serial)
    assert sum(s["wins"] for s in serial["seats"]) + serial["unfinished"] == 2 * CHUNK + 3
    # the parent waits while the workers play: the CPU time counted is mostly theirs
    assert parallel["cpu_seconds"] > 2 * mine


def test_the_progress_counts_every_game_once():
    seen = []
    tournament(["medium", "easy"], CHUNK + 2, seed=2, jobs=2, progress=lambda d, n, s: seen.append((d, n)))
    assert seen == [(CHUNK, CHUNK + 2), (CHUNK + 2, CHUNK + 2)]


def test_the_default_is_one_worker_per_core_but_not_for_a_few_games():
    assert default_jobs(1) == default_jobs(2 * CHUNK - 1) == 1
    assert 1 <= default_jobs(1000) <= 1000


def clue_fx_bots(*args):
    return subprocess.run(
        [sys.executable, "-m", "hal.cli", "bots", *args], check=False, capture_output=True, text=True, timeout=300
    )


def test_the_command_gives_the_same_json_with_workers():
    args = ("--games", "20", "--seed", "5", "--table", "expert,hard-2026,hard-2026", "--rotate", "--quiet")
    one, two = clue_fx_bots(*args, "--jobs", "1"), clue_fx_bots(*args, "--jobs", "2")
    assert one.returncode == two.returncode == 0, one.stderr + two.stderr
    a, b = json.loads(one.stdout), json.loads(two.stdout)
    assert (a["jobs"], b["jobs"]) == (1, 2)
    assert without_timings(a) == without_timings(b)
    assert [s["wins"] for s in a["seats"]] == [s["wins"] for s in b["seats"]]
    for out in (a, b):
        assert out["games_per_second"] > 0 and out["games_per_cpu_second"] > 0


@pytest.mark.parametrize("value", ["0", "-2", "two"])
def test_a_bad_number_of_jobs_is_refused_in_one_line(value):
    run = clue_fx_bots("--games", "3", "--jobs", value)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.count("\n") == 1 and "--jobs takes a whole number >= 1" in run.stderr
    assert "Traceback" not in run.stderr
