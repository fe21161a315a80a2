"""The offline app's Python as one bytecode bundle (hal.web.bundle): the
bytecode the export writes is the one the shipped runtime reads (asked of
the runtime itself, under node), a bundle of another version is refused
with a line that says so, and without mpy-cross the sources go in instead.
The seeded games played from the bundle are tests/hal/web/test_offline.py's.
"""

import json
import pathlib
import shutil
import subprocess
import sys

import pytest

from hal.web import bundle
from hal.web.export import HERE, _python_files

from .conftest import ROOT as _ROOT

ROOT = pathlib.Path(_ROOT)
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed (the emulated RP2040's set-up brings it)")

ASK = """
import fs from "fs"; import os from "os"; import path from "path";
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cfx-mpy-"));
fs.copyFileSync(process.argv[2], path.join(tmp, "micropython.mjs"));
const { loadMicroPython } = await import(path.join(tmp, "micropython.mjs"));
fs.rmSync(tmp, { recursive: true });
const mp = await loadMicroPython({ url: process.argv[3] });
process.stdout.write(String(mp.pyimport("sys").implementation._mpy));
"""


@needs_node
def test_the_runtime_reads_the_bytecode_the_export_writes(tmp_path):
    script = tmp_path / "ask.mjs"
    script.write_text(ASK)
    done = subprocess.run([NODE, str(script), str(HERE / "wasm" / "micropython.mjs"),
                           str(HERE / "wasm" / "micropython.wasm")], capture_output=True, text=True,
                          timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr
    runtime = int(done.stdout)
    assert (runtime & 0xFF, (runtime >> 8) & 3) == bundle.RUNTIME_MPY
    assert (runtime >> 10) == 0  # no native architecture: the bundle is plain bytecode


def test_the_bundle_is_bytecode_of_the_runtimes_version():
    index, data = bundle.bundle(str(ROOT), _python_files())
    assert index["kind"] == "mpy" and index["mpy"] == list(bundle.RUNTIME_MPY)
    assert sum(n for _, _, n in index["files"]) == len(data)
    for name, at, n in index["files"]:
        assert name.endswith(".mpy")
        assert bundle.header_version(data[at : at + n]) == bundle.RUNTIME_MPY[0], name


def test_without_mpy_cross_the_sources_go_in_and_it_is_said():
    said = []
    index, data = bundle.bundle(str(ROOT), _python_files(), say=said.append, compile=False)
    assert index["kind"] == "py" and "mpy" not in index
    first, at, n = index["files"][0]
    assert data[at : at + n] == (ROOT / first).read_bytes()
    assert said == []  # compile=False is asked for, not a missing tool


@needs_node
def test_a_bundle_of_another_bytecode_version_is_refused(tmp_path):
    app = tmp_path / "app"
    done = subprocess.run([sys.executable, "-m", "hal.cli", "web", "--export", str(app), "en"], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)  # fmt: skip
    assert done.returncode == 0, done.stderr
    index = json.loads((app / "py" / "files.json").read_text())
    index["mpy"] = [index["mpy"][0], index["mpy"][1] - 1]
    (app / "py" / "files.json").write_text(json.dumps(index))
    games = json.dumps({"games": [{"lang": "en", "seed": 1, "trace": None, "calls": [["hello"]]}]})
    run = subprocess.run([NODE, str(ROOT / "tests" / "support" / "mp_offline.mjs"), str(app)], input=games,
                         capture_output=True, text=True, timeout=120)  # fmt: skip
    assert run.returncode != 0
    assert "bytecode 6.2 but the runtime reads 6.3" in run.stderr
