"""The benchmarks stay runnable: each one's --help imports all it needs, and
the firmware's runs end to end on a tiny load. (Their figures are read from
their output by people, never asserted: these machines are noisy.)"""

import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
BENCHES = sorted((ROOT / "bench").glob("bench_*.py"))


@pytest.mark.parametrize("bench", BENCHES, ids=lambda p: p.stem)
def test_bench_imports_and_helps(bench):
    r = subprocess.run([sys.executable, str(bench), "--help"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "usage:" in r.stdout


def test_firmware_bench_runs_and_prints_its_figures():
    r = subprocess.run([sys.executable, str(ROOT / "bench" / "bench_firmware.py"), "--games", "20",
                        "--presses", "2000"], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    for figure in ("complete games/s", "mean events per game", "ratio transitions / ours"):
        assert figure in r.stdout
