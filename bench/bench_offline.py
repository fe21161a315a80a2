"""The offline app's figures (`clue-fx web --export`), in headless Chromium,
the app served by python -m http.server on loopback:

- its size per edition and for all (runtime, code, words and clips);
  target <= 5 MB for one edition;
- first load (a fresh browser: every file fetched, MicroPython started,
  firmware/ and hal imported, the board's hello) and cached load (the same
  page reloaded: the service worker serves it), to the page's board ready,
  on the page's own clock (performance.now() from the navigation);
- press -> voice in the page: a finger down on REPEAT during the roll call to
  the first clip of the answer starting, both on the page's clock, the board
  answering inside the page (MicroPython); median and p90 over --n presses;
  target <= 50 ms.

    python bench/bench_offline.py [--n 30] [--loads 5]

Needs Debian's chromium and chromium-driver, selenium, and ffmpeg for the
compressed clips (without it the app carries WAVs).
"""

import argparse
import pathlib
import statistics
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_web import press_to_clip, until  # noqa: E402
from hal.web.export import size  # noqa: E402
from tests.hal.web.conftest import CHROMEDRIVER, CHROMIUM, make_browser  # noqa: E402
from tests.support.web_static import Static  # noqa: E402

EDITIONS = ("fr", "en", "us")


def export(dest, *editions):
    done = subprocess.run([sys.executable, "-m", "hal.cli", "web", "--export", str(dest), *editions], cwd=ROOT,
                          capture_output=True, text=True)  # fmt: skip
    if done.returncode != 0:
        raise SystemExit("bench_offline: the export failed: %s" % done.stderr.strip())
    return size(dest)


def ready_ms(d):
    until(d, "return document.body.dataset.ready === '1' && window.cfxReady", "the board ready in the page", 120)
    return d.execute_script("return window.cfxReady")


def loads(url, n):
    """(first loads, cached loads) in ms: each a fresh browser, then reloaded once its worker has cached the app."""
    first, cached = [], []
    for _ in range(n):
        d = make_browser(1280, 800)
        try:
            d.get(url + "?new")
            first.append(ready_ms(d))
            until(d, "return document.body.dataset.offlineReady === '1'", "the service worker ready", 120)
            d.refresh()
            cached.append(ready_ms(d))
        finally:
            d.quit()
    return first, cached


def latency(url, n):
    d = make_browser(1280, 800)
    try:
        d.get(url + "?seed=1&new")
        ready_ms(d)
        return press_to_clip(d, n)  # the same measurement as bench_web's, over the offline transport
    finally:
        d.quit()


def spread(ms):
    ms = sorted(ms)
    return "median %.0f ms, min %.0f, max %.0f (n=%d)" % (statistics.median(ms), ms[0], ms[-1], len(ms))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=30, help="presses measured (default 30)")
    ap.add_argument("--loads", type=int, default=5, help="first and cached loads measured (default 5)")
    args = ap.parse_args()
    if CHROMIUM is None or CHROMEDRIVER is None:
        print("bench_offline: headless Chromium is not installed (apt-get install chromium chromium-driver)")
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        for e in EDITIONS:
            print("app size, edition %s: %.2f MB (target <= 5 MB)" % (e, export(pathlib.Path(tmp) / e, e) / 1e6))
        print("app size, all editions: %.2f MB" % (export(pathlib.Path(tmp) / "all", "all") / 1e6))
        server = Static(pathlib.Path(tmp) / "en")
        try:
            first, cached = loads(server.url, args.loads)
            print("load to the board ready, first (fresh browser): %s" % spread(first))
            print("load to the board ready, cached (service worker): %s" % spread(cached))
            ms = sorted(latency(server.url, args.n))
            p90 = ms[min(len(ms) - 1, int(0.9 * len(ms)))]
            print("press -> first clip starting in the page: median %.1f ms, p90 %.1f ms, max %.1f ms (n=%d; "
                  "target <= 50 ms)" % (statistics.median(ms), p90, ms[-1], len(ms)))  # fmt: skip
        finally:
            server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
