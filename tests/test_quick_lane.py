"""The quick lane (`python -m pytest -m "not slow"`, docs/testing.md) holds
no test that drives a real browser or an emulator: checked from the
modules' source, apart from tests/conftest.py's marking by what each test
uses, so a new browser or emulator test that slips past the marking is
caught here."""

import functools
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
DRIVES = re.compile(
    r"\bselenium\b|\bwebdriver\b|\bmake_browser\(|\bbrowsers\b"  # a real Chromium
    r"|from tests\.support\.mcu import [^\n]*\b(?:qemu|pico)\b"  # QEMU or rp2040js
    r"|from tests\.support\.mcu\.(?:qemu|pico) import"
)


@functools.cache  # each selection collected once for the module
def collected(*args):
    r = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    return [line for line in r.stdout.splitlines() if "::" in line]


def test_the_quick_lane_drives_no_browser_and_no_emulator():
    quick = collected("-m", "not slow", "tests")
    modules = sorted({nodeid.split("::")[0] for nodeid in quick})
    assert "tests/test_quick_lane.py" in modules and len(quick) > 1000  # the lane runs most of the suite
    driving = [m for m in modules if DRIVES.search((ROOT / m).read_text(encoding="utf-8"))]
    assert driving == []


def test_every_test_named_slow_by_hand_exists_and_is_left_out():
    """An entry of SLOW_TESTS or SLOW_MODULES that names nothing (a test
    renamed, a module moved) would quietly put its test back in the lane."""
    from tests.conftest import SLOW_MODULES, SLOW_TESTS

    everything = collected("tests")
    quick = set(collected("-m", "not slow", "tests"))
    for name in SLOW_TESTS:
        matches = [n for n in everything if n == name or n.startswith(name + "[")]
        assert matches, "SLOW_TESTS names no test: " + name
        assert not quick & set(matches), name
    for module in SLOW_MODULES:
        matches = [n for n in everything if n.startswith(module + "::")]
        assert matches, "SLOW_MODULES names no module with tests: " + module
        assert not quick & set(matches), module
