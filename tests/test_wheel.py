"""A wheel that plays: the sdist and the wheel built from a copy of the
checkout carry every clip of the manifest (the sdist as the checkout's
WAVs, the wheel as the MP3s tools/build_clips.py makes of them when it is
built: issue 42), and the wheel installed into a fresh virtual environment
outside the checkout plays from another folder (the text board on a
scripted game, the self-test, the window on a dummy display playing every
MP3 through pygame.mixer, an SD card of WAVs decoded from the installed
MP3s, the offline app exported with no ffmpeg); a build with no encoder
stops with one line.

No network: `python -m build --no-isolation` (the `test` extra brings
`build` and `wheel`) or, without it, setuptools' own hooks. The venv is a
plain one, seeing nothing of this environment or of the base Python (a
fresh machine's base has no pygame); the wheel goes in with its
dependencies from the wheels that `python tools/setup_tests.py` keeps in
its cache (`pip install --no-index --find-links`), as a user's install
would take them from the registry. One build and one install for the
module (about 30 s: a wheel of about 4.5 MB, its 258 clips encoded in about
5 s), a build without the encoder and an editable one beside them.
"""

import importlib.util
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tarfile
import zipfile

import pytest

from hal.mcu.dfplayer import path_of
from tests.support.tools import tool

ROOT = pathlib.Path(__file__).resolve().parents[1]
MANIFEST = json.loads((ROOT / "sounds" / "manifest.json").read_text(encoding="utf-8"))
EDITIONS = MANIFEST["editions"]

pytestmark = pytest.mark.timeout(600)

# What a copy of the checkout leaves behind: the build's own litter and the caches.
LITTER = shutil.ignore_patterns(
    ".git", ".ci", "__pycache__", "*.pyc", "*.egg-info", "build", "dist", "out", ".*cache", ".hypothesis", ".benchmarks"
)


def clip_files(prefix="", fmt="wav"):
    """Every file the manifest names, for every edition, as paths in an archive."""
    names = {prefix + "sounds/manifest.json", prefix + "sounds/__init__.py"}
    for lang in EDITIONS:
        names.update(prefix + "sounds/%s/%04d.%s" % (lang, c["id"], fmt) for c in MANIFEST["clips"])
    return names


def run(cmd, cwd, env=None, input=None, timeout=300):
    done = subprocess.run(
        [str(c) for c in cmd], cwd=cwd, env=env, input=input, capture_output=True, text=True, timeout=timeout
    )
    assert done.returncode == 0, "%s: exit %d\n%s" % (cmd, done.returncode, (done.stdout + done.stderr)[-4000:])
    return done


def build(src, dist, frontend=True):
    """The sdist of `src`, then the wheel built from that sdist (as pip and build do): both offline."""
    if frontend and importlib.util.find_spec("build") is not None:
        run([sys.executable, "-m", "build", "--no-isolation", "--outdir", dist, src], cwd=src)
    else:  # no frontend: setuptools' PEP 517 hooks, in this environment
        hook = "import setuptools.build_meta as b, sys; b.build_%s(sys.argv[1])"
        run([sys.executable, "-c", hook % "sdist", dist], cwd=src)
        (sdist,) = dist.glob("*.tar.gz")
        with tarfile.open(sdist) as tar:
            tar.extractall(dist / "unpacked", **({"filter": "data"} if hasattr(tarfile, "data_filter") else {}))
        (unpacked,) = (dist / "unpacked").iterdir()
        run([sys.executable, "-c", hook % "wheel", dist], cwd=unpacked)
    (sdist,) = dist.glob("*.tar.gz")
    (wheel,) = dist.glob("*.whl")
    return sdist, wheel


def environ(venv):
    """The environment of a user's shell: the venv's bin first, no PYTHONPATH, no display."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("PYTHON", "SDL_")) and k not in ("DISPLAY", "WAYLAND_DISPLAY", "VIRTUAL_ENV")
    }
    env.update(PATH=str(venv / "bin") + os.pathsep + env.get("PATH", ""), VIRTUAL_ENV=str(venv))
    env.update(PYGAME_HIDE_SUPPORT_PROMPT="1", SDL_AUDIODRIVER="dummy")
    return env


@pytest.fixture(scope="module")
def source(tmp_path_factory):
    """A copy of the checkout (the checkout itself is left as it is)."""
    src = tmp_path_factory.mktemp("wheel") / "src"
    shutil.copytree(ROOT, src, ignore=LITTER)
    return src


@pytest.fixture(scope="module")
def built(source):
    """(sdist, wheel) of a copy of the checkout."""
    dist = source.parent / "dist"
    dist.mkdir()
    return build(source, dist)


@pytest.fixture(scope="module")
def installed(built, tmp_path_factory):
    """(venv, env, a folder away from any checkout): the wheel installed into a fresh venv."""
    setup = tool("setup_tests")
    wheels = setup.wheelhouse_dir()
    assert setup.wheelhouse_ready(), "no wheels of clue-fx's dependencies in %s: python tools/setup_tests.py" % wheels
    top = tmp_path_factory.mktemp("venv")
    venv = top / "venv"
    run([sys.executable, "-m", "venv", venv], cwd=top)
    env = environ(venv)
    python = venv / "bin" / "python"
    # nothing of pygame before the install: the venv sees no other site-packages
    assert subprocess.run([python, "-c", "import pygame"], cwd=top, env=env, capture_output=True).returncode != 0
    run([python, "-m", "pip", "install", "-q", "--no-index", "--find-links", wheels, built[1]], top, env)
    run([python, "-c", "import pygame, serial, aiohttp, segno"], top, env)  # the wheel's dependencies came with it
    away = top / "elsewhere"
    away.mkdir()
    return venv, env, away


def test_the_wheel_carries_every_clip_of_every_edition_as_mp3(built):
    """The wheel's clips: an MP3 for each WAV of the checkout, no WAV; the MP3s about 9 times smaller."""
    _, wheel = built
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        assert sorted(clip_files(fmt="mp3") - names) == []
        assert [n for n in names if n.endswith(".wav")] == []
        assert json.loads(z.read("sounds/manifest.json")) == MANIFEST
        for top in ("firmware", "hal", "sim"):
            assert top + "/__init__.py" in names
        mp3 = sum(z.getinfo(n).file_size for n in names if n.endswith(".mp3"))
        first = z.read("sounds/en/0001.mp3")
    wavs = sum((ROOT / n).stat().st_size for n in clip_files() if n.endswith(".wav"))
    assert mp3 < wavs / 5, "the MP3s are %.2f MB, the WAVs %.2f MB" % (mp3 / 1e6, wavs / 1e6)
    assert wheel.stat().st_size < 5e6, "the wheel is %.1f MB" % (wheel.stat().st_size / 1e6)
    # the same WAV, the same bytes: tools/build_clips.py encoding it again here gives the wheel's clip
    assert first[:4] in (b"ID3\x03", b"ID3\x04") or first[0] == 0xFF
    again = ROOT / "sounds" / "en" / "0001.wav"
    out = wheel.parent / "again.mp3"
    tool("build_clips").encode(again, out)
    assert out.read_bytes() == first


def no_encoder(tmp_path):
    """An environment whose `import soundfile` fails: a shadow package first on PYTHONPATH."""
    shadow = tmp_path / "shadow" / "soundfile"
    shadow.mkdir(parents=True)
    (shadow / "__init__.py").write_text('raise ImportError("no soundfile here")\n')
    return dict(os.environ, PYTHONPATH=str(shadow.parent))


def test_a_build_with_no_encoder_stops_with_one_line(source, tmp_path):
    """No soundfile where the wheel is built (here: one that cannot be imported): no wheel, one line that
    says what to install; not a wheel of WAVs 3.7 times larger that no one notices."""
    env = no_encoder(tmp_path)
    dist = tmp_path / "dist"
    hook = "import setuptools.build_meta as b, sys; b.build_wheel(sys.argv[1])"
    done = subprocess.run(
        [sys.executable, "-c", hook, str(dist)], cwd=source, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode != 0
    said = [line for line in (done.stdout + done.stderr).splitlines() if "no MP3 encoder" in line]
    assert said and "pip install soundfile" in said[-1] and "no soundfile here" in said[-1], done.stderr[-2000:]
    assert not list(dist.glob("*.whl"))


def test_the_sdist_carries_every_clip_and_what_builds_the_wheel(built):
    sdist, _ = built
    with tarfile.open(sdist) as tar:
        names = set(tar.getnames())
    (base,) = {n.split("/")[0] for n in names}
    assert sorted(clip_files(base + "/") - names) == []
    assert {base + "/pyproject.toml", base + "/README.md", base + "/tools/build_clips.py"} <= names


def test_the_installed_package_is_the_wheel_not_the_checkout(installed):
    venv, env, away = installed
    where = run(
        [
            venv / "bin" / "python",
            "-c",
            "import hal, sounds, hal.captions as c; print(hal.__file__, c.SOUNDS, c.MANIFEST)",
        ],
        away,
        env,
    ).stdout.split()
    site = str(venv / "lib")
    assert all(w.startswith(site) for w in where), where
    assert where[1] == str(pathlib.Path(where[0]).parents[1] / "sounds")


def readme_session():
    """(the keys, the arguments, the lines printed) of the README's text-board session."""
    import shlex

    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("$ printf '"))
    end = next(i for i in range(at + 1, len(lines)) if lines[i].startswith("```"))
    keys_part, command = lines[at][2:].split(" | ")
    keys = shlex.split(keys_part)[1].encode().decode("unicode_escape")
    return keys, shlex.split(command)[1:], lines[at + 1 : end]


def test_the_text_board_plays_the_readmes_session_as_written(installed):
    """The README's terminal session, run as written from the installed wheel away from the checkout:
    the same lines, one for one."""
    venv, env, away = installed
    keys, args, shown = readme_session()
    assert args[:2] == ["play", "--text"] and len(shown) > 10
    game = run([venv / "bin" / "clue-fx"] + args, away, env, keys)
    assert game.stdout.splitlines() == shown, game.stdout
    assert "Traceback" not in game.stderr


def test_every_command_the_readme_names_answers_from_the_wheel(installed):
    """`clue-fx CMD --help` for every command the README names, from the installed wheel."""
    import re

    venv, env, away = installed
    named = set(re.findall(r"\bclue-fx ([a-z]+)\b", (ROOT / "README.md").read_text(encoding="utf-8")))
    assert {"play", "web", "serve", "flash", "selftest", "voices", "bots", "replay", "sdcard"} <= named, named
    for cmd in sorted(named):
        done = run([venv / "bin" / "clue-fx", cmd, "--help"], away, env)
        assert done.stdout.startswith("usage: clue-fx " + cmd), (cmd, done.stdout[:200])


def test_the_selftest_prints_every_clip(installed):
    venv, env, away = installed
    test = run([venv / "bin" / "clue-fx", "selftest", "--audio", "silent", "--lang", "en"], away, env)
    numbered = [line for line in test.stdout.splitlines() if line[:4].isdigit()]
    clips = MANIFEST["clips"]
    assert [int(line[:4]) for line in numbered] == [c["id"] for c in clips]
    assert all(c["en"] in line for c, line in zip(clips, numbered))
    n = len(clips)
    assert "selftest: %d clips of the en edition, %d played (sound: silent)" % (n, n) in test.stdout


WINDOW = """
import pygame
from hal import captions
from sim import app as sim_app, window

screen = window.open_window()
notices = []
audio = window.make_audio("en", "pygame", 0.8, notices.append)
app = sim_app.App(screen, seed=3, lang="en", audio=audio)
app.step(0)
for ch in "yynn":
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=ord(ch), unicode=ch, mod=0, scancode=0))
        app.step(33)
narrator = app.board.narrator
assert narrator.state == "move" and sorted(narrator.guests) == ["COMTE", "LAVANDE"], narrator.state
assert audio.backend == "pygame" and audio.played, (audio.backend, audio.played)
loaded = 0
for lang in captions.load_manifest()["editions"]:
    for clip in captions.load_manifest()["clips"]:
        path = captions.clip_file(lang, clip["id"])
        assert path.suffix == ".mp3", path
        loaded += pygame.mixer.Sound(str(path)).get_length() > 0
assert notices == [], notices
print("window", narrator.state, "played", len(audio.played), "loaded", loaded, "from", captions.SOUNDS)
app.close()
audio.close()
pygame.quit()
"""


def test_the_window_plays_headless(installed):
    venv, env, away = installed
    env = dict(env, SDL_VIDEODRIVER="dummy")
    shown = run([venv / "bin" / "python", "-c", WINDOW], away, env).stdout
    n = len(MANIFEST["clips"]) * len(EDITIONS)
    assert "window move played" in shown and " loaded %d from %s" % (n, venv / "lib") in shown, shown


def test_an_sd_card_is_written_from_the_installed_sounds(installed):
    venv, env, away = installed
    card = away / "card"
    card.mkdir()
    wrote = run([venv / "bin" / "clue-fx", "sdcard", card, "--lang", "fr", "--clips-only"], away, env).stdout
    assert "wrote %d clips of the fr edition" % len(MANIFEST["clips"]) in wrote, wrote  # the whole sentences: 0.9 GB
    # the card keeps WAV: the installed MP3s decoded, as many samples as the checkout's WAVs
    import wave

    for clip in MANIFEST["clips"]:
        with wave.open(str(card / path_of(clip["id"]))) as on_card:
            with wave.open(str(ROOT / "sounds" / "fr" / ("%04d.wav" % clip["id"]))) as wav:
                assert on_card.getparams()[:4] == wav.getparams()[:4], clip["id"]


def test_the_offline_app_is_exported_from_the_installed_mp3s_with_no_ffmpeg(installed):
    """`clue-fx web --export` from the wheel, no ffmpeg on the PATH: the app carries the installed MP3s as
    they are, one format, the one every browser plays."""
    venv, env, away = installed
    env = dict(env, PATH=str(venv / "bin"))  # no ffmpeg, no mpy-cross: the wheel alone
    app = away / "app"
    run([venv / "bin" / "clue-fx", "web", "--export", app, "en"], away, env)
    assert json.loads((app / "app.json").read_text(encoding="utf-8"))["sounds"] == ["mp3"]
    sounds = sorted(p.name for p in (app / "sounds" / "en").iterdir())
    assert sounds == ["%04d.mp3" % c["id"] for c in MANIFEST["clips"]]
    site = pathlib.Path(run([venv / "bin" / "python", "-c", "import sounds; print(sounds.__file__)"], away, env)
                        .stdout.strip()).parent  # fmt: skip
    assert all((app / "sounds" / "en" / n).read_bytes() == (site / "en" / n).read_bytes() for n in sounds)
    sw = (app / "sw.js").read_text(encoding="utf-8")
    assert ".opus" not in sw and ".wav" not in sw


def test_the_web_board_serves_the_installed_mp3s(installed):
    """`clue-fx web` from the wheel: its hello names mp3 (the page asks for NNNN.mp3, voice.js) and a clip
    asked for by number comes as the installed MP3, whichever extension the page named."""
    import asyncio
    import re
    import threading

    import aiohttp

    from tests.support.waits import end_process, wait_until

    venv, env, away = installed
    cmd = [venv / "bin" / "clue-fx", "web", "--host", "127.0.0.1", "--port", "0", "--seed", "3", "--edition", "en"]
    proc = subprocess.Popen([str(c) for c in cmd], cwd=away, env=env, stdout=subprocess.PIPE, text=True)
    lines = []
    threading.Thread(target=lambda: lines.extend(proc.stdout), daemon=True).start()
    try:
        first = wait_until(lambda: lines and lines[0], 30, "clue-fx web's address")
        url = re.fullmatch(r"board: (http://127\.0\.0\.1:\d+/)\?b=\w+\n", first).group(1)
        site = pathlib.Path(run([venv / "bin" / "python", "-c", "import sounds; print(sounds.__file__)"], away, env)
                            .stdout.strip()).parent  # fmt: skip
        mp3 = (site / "en" / "0007.mp3").read_bytes()

        async def go():
            async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=20)) as http:
                ws = await http.ws_connect(url + "ws")
                hello = json.loads((await ws.receive()).data)
                await ws.close()
                got = {}
                for name in ("0007.mp3", "0007.wav", "9999.mp3", "0007.ogg"):
                    async with http.get(url + "sounds/en/" + name) as r:
                        got[name] = (r.status, r.content_type, await r.read())
                return hello, got

        hello, got = asyncio.run(go())
        assert hello["t"] == "hello" and hello["sounds"] == ["mp3"]
        assert got["0007.mp3"] == (200, "audio/mpeg", mp3) and got["0007.wav"] == got["0007.mp3"]
        assert got["9999.mp3"][0] == 404 and got["0007.ogg"][0] == 404
    finally:
        end_process(proc)


def test_an_editable_install_plays_the_checkouts_wavs_and_needs_no_encoder(source, tmp_path):
    """`pip install -e`: setuptools' editable wheel, built here with no soundfile at all, holds no clip; the
    venv it goes into finds the checkout's sounds/ and its WAVs; the checkout gains no MP3."""
    env = no_encoder(tmp_path)
    dist = tmp_path / "dist"
    hook = "import setuptools.build_meta as b, sys; b.build_editable(sys.argv[1])"
    run([sys.executable, "-c", hook, dist], source, env)
    (editable,) = dist.glob("*.whl")
    with zipfile.ZipFile(editable) as z:
        assert [n for n in z.namelist() if n.endswith((".wav", ".mp3"))] == []
    venv = tmp_path / "venv"
    run([sys.executable, "-m", "venv", venv], tmp_path)
    env = environ(venv)
    run([venv / "bin" / "python", "-m", "pip", "install", "-q", "--no-deps", editable], tmp_path, env)
    code = "from hal import captions; print(captions.clip_format(), captions.clip_file('fr', 12))"
    fmt, path = run([venv / "bin" / "python", "-c", code], tmp_path, env).stdout.split()
    assert (fmt, path) == ("wav", str(source / "sounds" / "fr" / "0012.wav"))
    assert list((source / "sounds").rglob("*.mp3")) == []


def test_a_browser_plays_the_installed_mp3s_from_the_web_board(installed):
    """Headless Chromium on the installed `clue-fx web`: the page asks for every clip as NNNN.mp3 and decodes
    each (voice.js's count), and the greeting starts when the board is switched on."""
    import re
    import threading

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_bin = shutil.which("chromedriver") or (
        "/usr/bin/chromedriver" if os.path.exists("/usr/bin/chromedriver") else None
    )
    if chromium is None or driver_bin is None or importlib.util.find_spec("selenium") is None:
        pytest.skip("headless Chromium or selenium is not installed (python tools/setup_tests.py)")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    from tests.support.waits import end_process, wait_until
    from tests.support.web_scene import page_ready, touch

    venv, env, away = installed
    cmd = [venv / "bin" / "clue-fx", "web", "--host", "127.0.0.1", "--port", "0", "--seed", "3", "--edition", "en"]
    proc = subprocess.Popen([str(c) for c in cmd], cwd=away, env=env, stdout=subprocess.PIPE, text=True)
    lines = []
    threading.Thread(target=lambda: lines.extend(proc.stdout), daemon=True).start()
    opts = webdriver.ChromeOptions()
    opts.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--window-size=1280,800", "--autoplay-policy=no-user-gesture-required"):  # fmt: skip
        opts.add_argument(arg)
    opts.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    browser = None
    try:
        url = wait_until(lambda: lines and lines[0], 30, "clue-fx web's address").split(" ", 1)[1].strip()
        browser = webdriver.Chrome(service=Service(driver_bin), options=opts)
        browser.get(url)
        wait_until(lambda: page_ready(browser), 30, "the board page drawn")
        touch(browser, "SWITCH")
        n = len(MANIFEST["clips"])
        wait_until(lambda: browser.execute_script("return window.cfxTimes.decoded") == n, 60, "every clip decoded")
        wait_until(lambda: browser.execute_script("return window.cfxTimes.starts.length"), 30, "the greeting started")
        asked = {
            m for e in browser.get_log("performance") for m in re.findall(r"/sounds/en/(\d{4}\.\w+)", e["message"])
        }
        assert asked == {"%04d.mp3" % c["id"] for c in MANIFEST["clips"]}
    finally:
        if browser is not None:
            browser.quit()
        end_process(proc)
