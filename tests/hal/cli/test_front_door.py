"""The front door imports only what a command needs: `clue-fx --help` reads
the table of commands and nothing more; each `clue-fx CMD --help` imports
its own command's module and the rooms it needs, never the others'. Measured
in a fresh interpreter, from `sys.modules` after the help was printed."""

import json
import subprocess
import sys

import pytest

from hal.cli import COMMANDS

# The project modules `clue-fx --help` loads (README, "Layout").
HELP_MODULES = 2

PROBE = """
import json, sys
from hal.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
ours = sorted(m for m in sys.modules if m.split(".")[0] in ("firmware", "hal", "sim", "tests", "tools"))
print("\\nMODULES " + json.dumps({"ours": ours, "pygame": "pygame" in sys.modules, "serial": "serial" in sys.modules}))
"""


def loaded(*argv):
    r = subprocess.run([sys.executable, "-c", PROBE, *argv], capture_output=True, text=True, timeout=60, check=False)
    assert r.returncode == 0, r.stderr
    line = [x for x in r.stdout.splitlines() if x.startswith("MODULES ")]
    assert line, r.stdout + r.stderr
    return r.stdout, json.loads(line[-1][len("MODULES ") :])


def test_the_top_help_lists_every_command_and_imports_no_board():
    out, got = loaded("--help")
    for name, _, help_text in COMMANDS:
        assert name in out and help_text in out
    assert not [m for m in got["ours"] if m.startswith(("sim", "hal.cfx", "hal.bringup", "hal.mcu", "firmware"))]
    assert not got["pygame"] and not got["serial"]
    assert got["ours"] == ["hal", "hal.cli"]
    assert len(got["ours"]) == HELP_MODULES


# What each command's --help may load, beyond hal, hal.cli and its own module.
MAY_LOAD = {
    "play": ("firmware", "sim.bots.levels"),  # the guests' names and the bots' levels for --bots
    "replay": (),
    "serve": ("hal.cfx", "hal.cli.options", "firmware"),  # the link's timings; the host makes events
    "rig": ("hal.cfx", "hal.cli.options", "firmware"),
    "monitor": ("hal.cli.options",),
    "selftest": ("hal.cli.options",),
    "bots": ("sim.bots.levels",),
    "web": ("hal.cli.play", "firmware", "sim.bots.levels"),  # --bots is read as clue-fx play reads it
    "flash": ("hal.bringup.flash", "hal.cli.options"),
    "sdcard": ("hal.bringup.sdcard", "hal.mcu.dfplayer", "hal.cli.options"),
    "calibrate": ("hal.bringup", "hal.cli.options"),
    "voices": ("hal.cli.options",),
}


@pytest.mark.parametrize("name", [c[0] for c in COMMANDS])
def test_each_command_help_imports_its_own_room_only(name):
    out, got = loaded(name, "--help")
    assert "usage: clue-fx %s" % name in out
    module = dict((c[0], c[1]) for c in COMMANDS)[name]
    allowed = ("hal", "hal.cli", module, "hal.cli.options") + MAY_LOAD[name]
    parents = {a.rsplit(".", k)[0] for a in allowed for k in range(1, a.count(".") + 1)}
    extra = [
        m
        for m in got["ours"]
        if m not in parents and not any(m == a or m.startswith(a + ".") for a in allowed if a != "hal")
    ]
    assert extra == [], "clue-fx %s --help imports %s" % (name, extra)
    assert not got["pygame"], "clue-fx %s --help starts pygame" % name
