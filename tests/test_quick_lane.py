"""The quick lane (`python -m pytest -m "not slow"`, docs/testing.md) holds
no test that drives a real browser or an emulator: checked from the
modules' source, apart from tests/conftest.py's marking by what each test
uses, so a new browser or emulator test that slips past the marking is
caught here."""

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
