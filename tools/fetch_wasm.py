"""Fetch MicroPython's WebAssembly port (the offline web app's runtime) from
npm, by the ordinary client at a pinned version, check it, and copy it into
the package data (hal/web/wasm/), where the wheel carries it: a user of the
installed wheel needs no node and no network (`clue-fx web --export`).

    python tools/fetch_wasm.py            # fetch, check, copy (then commit hal/web/wasm/)
    python tools/fetch_wasm.py --check    # only check the committed files against the pins

`npm pack` runs in a temporary folder with the machine's own npm config:
this tool never names a registry. The package carries no licence file (its
package.json says MIT): LICENSE is written here with MicroPython's MIT
text, naming the package and version it covers.
"""

import argparse
import hashlib
import pathlib
import shutil
import subprocess
import sys
import tarfile
import tempfile

PACKAGE = "@micropython/micropython-webassembly-pyscript"
VERSION = "1.27.0"
# name -> (size in bytes, sha256) of the pinned version's files
PINS = {
    "micropython.mjs": (107864, "c2be87e7ba24e3b47d133022b009a66bff07f4720aa23d816d216ef8cc47014c"),
    "micropython.wasm": (433743, "06338c955b03c5700aa0069015d3e392d76836ef8e2ce25bedbe59b88ccd373c"),
}
DEST = pathlib.Path(__file__).resolve().parent.parent / "hal" / "web" / "wasm"

LICENSE = """\
micropython.mjs and micropython.wasm are the npm package
%s@%s (MicroPython's WebAssembly port,
PyScript variant; https://github.com/micropython/micropython), unchanged.
Its package.json declares the MIT licence; the package ships no licence
file, so MicroPython's own is reproduced here.

The MIT License (MIT)

Copyright (c) 2013-2025 Damien P. George and the MicroPython contributors

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in
all copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN
THE SOFTWARE.
""" % (PACKAGE, VERSION)


class FetchError(Exception):
    pass


def problems(folder):
    """What is wrong with the runtime's files in `folder` (empty: they match the pins)."""
    out = []
    for name, (size, digest) in PINS.items():
        path = pathlib.Path(folder) / name
        if not path.is_file():
            out.append("%s is missing" % name)
            continue
        data = path.read_bytes()
        if len(data) != size:
            out.append("%s is %d bytes, the pin says %d" % (name, len(data), size))
        elif hashlib.sha256(data).hexdigest() != digest:
            out.append("%s's sha256 is not the pinned one" % name)
    return out


def fetch(dest=DEST, npm="npm"):
    """npm pack the pinned version, check it, copy it to `dest`."""
    if shutil.which(npm) is None:
        raise FetchError("npm is not installed (only this tool needs it; the wheel carries the result)")
    with tempfile.TemporaryDirectory() as tmp:
        run = subprocess.run([npm, "pack", "%s@%s" % (PACKAGE, VERSION)], cwd=tmp, capture_output=True, text=True)
        if run.returncode != 0:
            raise FetchError("npm pack failed: %s" % (run.stderr.strip().splitlines() or ["?"])[-1])
        tgz = sorted(pathlib.Path(tmp).glob("*.tgz"))
        if len(tgz) != 1:
            raise FetchError("npm pack left %d archives, not one" % len(tgz))
        unpacked = pathlib.Path(tmp) / "unpacked"
        with tarfile.open(tgz[0]) as tar:
            for name in PINS:
                member = tar.getmember("package/" + name)
                if not member.isfile():
                    raise FetchError("%s in the package is not a file" % name)
                tar.extract(member, unpacked, filter="data")
        wrong = problems(unpacked / "package")
        if wrong:
            raise FetchError("the package does not match the pins: " + "; ".join(wrong))
        dest.mkdir(parents=True, exist_ok=True)
        for name in PINS:
            shutil.copyfile(unpacked / "package" / name, dest / name)
    (dest / "LICENSE").write_text(LICENSE, encoding="utf-8")
    return dest


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--check", action="store_true", help="only check the committed files against the pins")
    args = p.parse_args(argv)
    try:
        if args.check:
            wrong = problems(DEST)
            if wrong:
                raise FetchError("; ".join(wrong) + " (run tools/fetch_wasm.py)")
            print("%s@%s in %s: as pinned" % (PACKAGE, VERSION, DEST))
            return 0
        print("%s@%s -> %s" % (PACKAGE, VERSION, fetch()))
    except FetchError as e:
        print("fetch_wasm: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
