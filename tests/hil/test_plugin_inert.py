"""The clue_fx pytest plugin is inert until asked for. Installed, its
`pytest11` entry point loads it in every pytest run of the environment, so
a stranger's project must not pay for it: a throwaway project's `python -m
pytest`, in this same environment, imports nothing of clue-fx beyond the
plugin module and its two packages, and its report header says nothing
about a rig (labgrid learned this: its issue 1209)."""

import importlib.metadata
import json
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
OURS = ("firmware", "hal", "sim", "tools", "bench", "sounds")  # the top-level names of this repository
PLUGIN_ONLY = ["hal", "hal.hil", "hal.hil.plugin"]

CONFTEST = """
import json, os, sys

def pytest_sessionfinish(session):
    with open(os.environ["CFX_MODULES_OUT"], "w", encoding="utf-8") as f:
        json.dump(sorted(sys.modules), f)
"""


def _plugin_load():
    """How this environment loads the plugin: through its entry point when
    clue-fx is installed (the case that matters), else named with -p."""
    if any(ep.value == "hal.hil.plugin" for ep in importlib.metadata.entry_points(group="pytest11")):
        return [], {}
    return ["-p", "hal.hil.plugin"], {"PYTHONPATH": str(ROOT)}


def throwaway(tmp_path, *args):
    """Run `python -m pytest` in a project of one trivial test; (run, modules)."""
    project = tmp_path / "elsewhere"
    project.mkdir()
    (project / "pytest.ini").write_text("[pytest]\n")
    (project / "test_sums.py").write_text("def test_sum():\n    assert 1 + 1 == 2\n")
    (project / "conftest.py").write_text(CONFTEST)
    out = tmp_path / "modules.json"
    extra_args, extra_env = _plugin_load()
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    env.update(extra_env, CFX_MODULES_OUT=str(out))
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *extra_args, *args],
        cwd=str(project),
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    modules = json.loads(out.read_text()) if out.exists() else None
    return run, modules


def header_of(stdout):
    lines = []
    for line in stdout.splitlines():
        if line.startswith(("collected", "collecting")):
            break
        lines.append(line)
    return lines


def test_a_stranger_project_imports_nothing_of_clue_fx_but_the_plugin(tmp_path):
    run, modules = throwaway(tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "1 passed" in run.stdout
    ours = [m for m in modules if m.split(".")[0] in OURS]
    assert ours == PLUGIN_ONLY  # loaded (so this test means something), and nothing else
    for heavy in ("serial", "pygame", "simpleaudio"):
        assert heavy not in modules, "%s imported by the plugin" % heavy
    header = header_of(run.stdout)
    assert header and not [line for line in header if "rig" in line.lower()], "\n".join(header)


def test_its_options_are_registered_and_the_port_shows_only_when_given(tmp_path):
    run, modules = throwaway(tmp_path, "--rig-port", "/dev/nonexistent")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "clue-fx rig: /dev/nonexistent" in header_of(run.stdout)
    # no test asked for the rig: the port is not even opened
    assert [m for m in modules if m.split(".")[0] in OURS] == PLUGIN_ONLY
    assert "serial" not in modules
