"""tools/fetch_wasm.py: the committed WebAssembly runtime is the pinned
one (size and sha256), a changed byte is caught, and a wheel carries it."""

import shutil
import subprocess
import sys

from tests.support.tools import tool

fetch_wasm = tool("fetch_wasm")


def test_the_committed_runtime_is_the_pinned_one():
    assert fetch_wasm.problems(fetch_wasm.DEST) == []
    assert (
        "MIT" in (fetch_wasm.DEST / "LICENSE").read_text()
        and fetch_wasm.VERSION in (fetch_wasm.DEST / "LICENSE").read_text()
    )


def test_a_changed_or_missing_file_is_caught(tmp_path):
    for name in fetch_wasm.PINS:
        shutil.copyfile(fetch_wasm.DEST / name, tmp_path / name)
    data = bytearray((tmp_path / "micropython.wasm").read_bytes())
    data[1000] ^= 1
    (tmp_path / "micropython.wasm").write_bytes(bytes(data))
    (tmp_path / "micropython.mjs").unlink()
    assert fetch_wasm.problems(tmp_path) == [
        "micropython.mjs is missing",
        "micropython.wasm's sha256 is not the pinned one",
    ]


def test_check_says_so():
    done = subprocess.run([sys.executable, str(fetch_wasm.DEST.parent.parent.parent / "tools" / "fetch_wasm.py"),
                           "--check"], capture_output=True, text=True)  # fmt: skip
    assert done.returncode == 0 and "as pinned" in done.stdout


def test_a_missing_npm_is_one_line(tmp_path):
    try:
        fetch_wasm.fetch(tmp_path, npm="no-such-npm-here")
    except fetch_wasm.FetchError as e:
        assert "npm is not installed" in str(e)
    else:
        raise AssertionError("no npm, and no error")
