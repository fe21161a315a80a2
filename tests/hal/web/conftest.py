"""The web board for tests: a real `clue-fx web` subprocess on loopback
(its first line gives the address), and headless Chromium (Debian's
chromium and chromium-driver) driven by Selenium."""

import os
import re
import shutil
import subprocess
import sys
import threading

import pytest

from tests.support.waits import end_process

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver") or (
    "/usr/bin/chromedriver" if os.path.exists("/usr/bin/chromedriver") else None
)
START_S = 30


class Server:
    """`clue-fx web ...` running; `url`, the board's `key` (its code) and
    `board_url` (the printed link with it), `seats` {guest: url}, `lines` so far."""

    def __init__(self, *args):
        cmd = [sys.executable, "-m", "hal.cli", "web", "--host", "127.0.0.1", "--port", "0", *args]
        self.proc = subprocess.Popen(
            cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8"
        )
        self.lines = []
        self.seats = {}
        self._ready = threading.Event()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        if not self._ready.wait(START_S):
            self.stop()
            raise AssertionError("clue-fx web did not print its address: %s" % self.proc.stderr.read())
        first = self.lines[0]
        m = re.fullmatch(r"board: (http://127\.0\.0\.1:(\d+)/)\?b=([A-Z2-9]{8})", first)
        assert m, "the first line is not 'board: http://HOST:PORT/?b=CODE': %r" % first
        self.url, self.port, self.key = m.group(1), int(m.group(2)), m.group(3)
        self.board_url = first.split(" ", 1)[1]  # the link the tablet opens: it carries the board's code

    def _read(self):
        for line in self.proc.stdout:
            line = line.rstrip("\n")
            self.lines.append(line)
            m = re.fullmatch(r"seat (\w+): (http://\S+)", line)
            if m:
                self.seats[m.group(1)] = m.group(2)
            if line.startswith("seed "):
                self._ready.set()
        self._ready.set()

    def stop(self):
        return end_process(self.proc)


@pytest.fixture
def server_factory():
    started = []

    def start(*args):
        s = Server(*args)
        started.append(s)
        return s

    yield start
    for s in started:
        s.stop()


def chromium_or_skip():
    if CHROMIUM is None or CHROMEDRIVER is None:
        pytest.skip("headless Chromium is not installed (apt-get install chromium chromium-driver)")
    try:
        import selenium  # noqa: F401
    except ImportError:
        pytest.skip("selenium is not installed (pip install -e '.[test]')")


def make_browser(width, height, extra=()):
    """A headless Chromium of that window size; `extra`: more of its command-line flags."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--window-size=%d,%d" % (width, height),
        "--autoplay-policy=no-user-gesture-required",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-default-apps",
        "--disable-sync",
        *extra,
    ):
        opts.add_argument(arg)
    opts.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)
    driver.set_window_size(width, height)
    return driver


@pytest.fixture
def browsers():
    """make(width, height) -> a driver; all quit at the end, one at a time."""
    chromium_or_skip()
    made = []

    def make(width, height):
        d = make_browser(width, height)
        made.append(d)
        return d

    yield make
    for d in made:
        d.quit()


def requests_of(driver):
    """Every URL the page asked for (the performance log's network events)."""
    import json

    urls = []
    for entry in driver.get_log("performance"):
        msg = json.loads(entry["message"])["message"]
        if msg["method"] in ("Network.requestWillBeSent", "Network.webSocketCreated"):
            p = msg["params"]
            urls.append(p["request"]["url"] if "request" in p else p["url"])
    return urls
