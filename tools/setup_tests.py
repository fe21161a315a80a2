"""Install what the tests need beyond the `test` extra, with the ordinary
clients, so that afterwards the tests run with no network at all:

- Debian packages (apt-get, as root or through sudo): socat (pty pairs that
  run micropython), ser2net (the RFC2217 test), espeak-ng and sox (the sound
  tool's own test), ffmpeg (the offline web app's compressed clips),
  libasound2-dev (to build the optional simpleaudio);
- the optional simpleaudio extra (pip), so its test runs;
- Debian's 32-bit micropython for the 64 KB heap test (tools/micropython32.py);
- for the emulated Cortex-M3 (tools/mcu_build.py): gcc-arm-none-eabi,
  libnewlib-arm-none-eabi and qemu-system-arm (no recommends), then the
  project's MicroPython images for it, built once and cached;
- for the web board's browser tests: chromium, chromium-driver and
  fonts-dejavu-core (Selenium drives the system's Chromium; nothing is
  downloaded at test time);
- for the pages' accessibility tests: axe-core from npm (the WCAG rules
  engine, pinned), run inside Chromium by tests/support/axe.py;
- the wheels of what clue-fx needs to run (pygame, pyserial, aiohttp,
  segno and theirs) and to be built (setuptools), kept in the cache, so
  that tests/test_wheel.py installs the built wheel into a fresh virtual
  environment, with its dependencies, and tests/test_readme.py runs the
  README's set-up (`pip install .`), offline (pip --no-index --find-links).

Two set-ups at once on one machine wait for each other (a lock in the
cache folder), and every cached build is made in a folder of its own and
renamed into place (tools/atomic_cache.py).

    python tools/setup_tests.py          # what is missing, then installed
    python tools/setup_tests.py --check  # only say what is missing (exit 1 if anything)

Run it with the interpreter that runs the tests (the README's test command
does). Each step says what it does in one line.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
if HERE not in sys.path:
    sys.path.append(HERE)
from atomic_cache import cache_base, setup_lock  # noqa: E402  (tools/ is not a package)

TOOLS = ("socat", "ser2net", "espeak-ng", "sox", "ffmpeg")
HEADERS = {"libasound2-dev": "/usr/include/alsa/asoundlib.h"}
# the emulated Cortex-M3: what tools/mcu_build.py compiles with, and QEMU
MCU_TOOLS = {"gcc-arm-none-eabi": "arm-none-eabi-gcc", "qemu-system-arm": "qemu-system-arm"}
MCU_FILES = {"libnewlib-arm-none-eabi": "/usr/lib/arm-none-eabi/newlib"}
# the web board's browser tests: Debian's headless Chromium and its WebDriver, and a font
WEB_TOOLS = {"chromium": "chromium", "chromium-driver": "chromedriver"}
WEB_FILES = {"fonts-dejavu-core": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"}


def missing_packages():
    out = [t for t in TOOLS if shutil.which(t) is None]
    out += [pkg for pkg, path in HEADERS.items() if not os.path.exists(path)]
    out += [pkg for pkg, exe in MCU_TOOLS.items() if shutil.which(exe) is None]
    out += [pkg for pkg, path in MCU_FILES.items() if not os.path.exists(path)]
    out += [pkg for pkg, exe in WEB_TOOLS.items() if shutil.which(exe) is None]
    out += [pkg for pkg, path in WEB_FILES.items() if not os.path.exists(path)]
    return out


def _root_prefix():
    if os.geteuid() == 0:
        return []
    if shutil.which("sudo"):
        return ["sudo"]
    raise SystemExit("setup_tests: Debian packages need installing as root: run this as root, or install sudo")


def install_packages(names):
    print("setup_tests: apt-get install %s" % " ".join(names), flush=True)
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    sudo = _root_prefix()
    subprocess.run(sudo + ["apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run(
        sudo + ["apt-get", "install", "-y", "-qq", "--no-install-recommends"] + names,
        check=True,
        env=env,
        stdout=subprocess.DEVNULL,
    )


def has_simpleaudio():
    r = subprocess.run([sys.executable, "-c", "import simpleaudio"], capture_output=True)
    return r.returncode == 0


def install_simpleaudio():
    print("setup_tests: pip install -e '.[simpleaudio]'", flush=True)
    r = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-e", ".[simpleaudio]"],
        cwd=ROOT,
    )
    if r.returncode != 0:
        print("setup_tests: simpleaudio did not build; its test will be skipped", flush=True)


def micropython32(check):
    sys.path.insert(0, HERE)
    import micropython32

    if micropython32.find():
        return True
    if check:
        return False
    micropython32.fetch(quiet=False)
    return True


def mcu_images(check):
    """The emulated boards' images (tools/mcu_build.py) and the RP2040's
    emulator (rp2040js, from npm): built and installed once, cached."""
    sys.path.insert(0, HERE)
    import mcu_build

    if all(mcu_build.find(v, cpu) for v, cpu in mcu_build.IMAGES) and mcu_build.rp2040js_installed():
        return True
    if check:
        return False
    try:
        for v, cpu in mcu_build.IMAGES:
            print("setup_tests: building the %s image for the emulated %s (tools/mcu_build.py)" % (v, cpu), flush=True)
            mcu_build.build(v, cpu=cpu, quiet=True)
        mcu_build.rp2040js()
    except mcu_build.BuildError as e:
        raise SystemExit("setup_tests: %s" % e) from None
    return True


AXE = "axe-core@4.14.1"  # the WCAG 2.x rules engine the pages' accessibility tests run in Chromium


def axe_dir():
    return os.path.join(cache_base(), "axe")


def axe_script():
    """The path of axe.min.js once installed (tests/support/axe.py reads it)."""
    return os.path.join(axe_dir(), "node_modules", "axe-core", "axe.min.js")


def axe(check):
    """axe-core from npm, pinned, installed once into the cache."""
    if os.path.exists(axe_script()):
        return True
    if check:
        return False
    from atomic_cache import fresh_dir

    if shutil.which("npm") is None:
        raise SystemExit("setup_tests: npm is missing: the accessibility tests run axe-core from npm")
    print("setup_tests: npm install %s" % AXE, flush=True)
    with fresh_dir(axe_dir()) as tmp:
        subprocess.run(["npm", "install", "--prefix", tmp, "--no-audit", "--no-fund", "--silent", AXE], check=True)
    return True


def runtime_requirements():
    """What the installed wheel needs to run: pyproject.toml's dependencies;
    and what builds it (its build-system's requires: the README's set-up,
    `pip install .`, builds it in isolation; tests/test_readme.py runs it)."""
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        project = tomllib.load(f)
    return project["project"]["dependencies"] + project["build-system"]["requires"]


def wheelhouse_dir():
    return os.path.join(cache_base(), "wheels")


def _pip(args, **kw):
    return subprocess.run(
        [sys.executable, "-m", "pip", "--disable-pip-version-check"] + args, capture_output=True, text=True, **kw
    )


def wheelhouse_ready():
    """Every runtime requirement, and theirs, can be installed from the
    wheelhouse alone (pip resolves it offline, installing nothing)."""
    if not os.path.isdir(wheelhouse_dir()):
        return False
    args = ["install", "--dry-run", "--quiet", "--ignore-installed", "--no-index", "--find-links", wheelhouse_dir()]
    return _pip(args + runtime_requirements()).returncode == 0


def wheelhouse(check):
    """The runtime requirements' wheels in the cache (pip download, binary only)."""
    if wheelhouse_ready():
        return True
    if check:
        return False
    print("setup_tests: pip download clue-fx's dependencies into %s" % wheelhouse_dir(), flush=True)
    os.makedirs(wheelhouse_dir(), exist_ok=True)
    with tempfile.TemporaryDirectory(dir=wheelhouse_dir()) as tmp:
        r = _pip(["download", "--quiet", "--only-binary", ":all:", "-d", tmp] + runtime_requirements())
        if r.returncode != 0:
            raise SystemExit("setup_tests: pip download failed: %s" % (r.stderr or r.stdout).strip()[-600:])
        for name in os.listdir(tmp):
            os.replace(os.path.join(tmp, name), os.path.join(wheelhouse_dir(), name))  # each wheel whole
    if not wheelhouse_ready():
        raise SystemExit("setup_tests: the wheels in %s do not install offline" % wheelhouse_dir())
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="only say what is missing (exit 1 if anything is)")
    args = ap.parse_args(argv)
    if args.check:
        lacking = missing_packages() + ([] if has_simpleaudio() else ["simpleaudio"])
        lacking += [] if micropython32(check=True) else ["micropython32"]
        lacking += [] if mcu_images(check=True) else ["the emulated board's images (tools/mcu_build.py)"]
        lacking += [] if axe(check=True) else [AXE]
        lacking += [] if wheelhouse(check=True) else ["the runtime wheels (%s)" % wheelhouse_dir()]
        print("setup_tests: missing: %s" % (", ".join(lacking) or "nothing"))
        return 1 if lacking else 0
    with setup_lock(say=lambda text: print("setup_tests: %s" % text, flush=True)):
        packages = missing_packages()  # looked at once the lock is held: another set-up may have done it
        if packages:
            install_packages(packages)
        if not has_simpleaudio():
            install_simpleaudio()
        micropython32(check=False)
        mcu_images(check=False)
        axe(check=False)
        wheelhouse(check=False)
    print("setup_tests: ready; the tests need no network from here on", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
