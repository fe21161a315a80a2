"""The offline app's figures (`clue-fx web --export`), in headless Chromium,
the app served by python -m http.server on loopback:

- its size per edition and for all (runtime, code, words and clips);
  target <= 5 MB for one edition;
- first load (a fresh browser: every file fetched, MicroPython started,
  the app's bytecode bundle imported, the board's hello) and cached load (the
  same page reloaded: the service worker serves it), to the page's board
  ready, on the page's own clock (performance.now() from the navigation);
  beside the host's own board page (`clue-fx web`, first and reloaded),
  loaded in turn with it (app, host, app, host...), and the ratio of the
  medians; at no CPU throttle and at Chromium's x4 throttle (a mid-range
  phone); targets: first <= 1.5x and cached <= 2x the host page's, the
  throttled first load under 2 s. Each line ends with the machine's load
  average (1 min) when it was measured: a loaded machine slows both.
- press -> voice in the page: a finger down on REPEAT during the roll call to
  the first clip of the answer starting, both on the page's clock, the board
  answering inside the page (MicroPython); median and p90 over --n presses;
  target <= 50 ms; then what the ear gets: that plus Web Audio's
  baseLatency + outputLatency as the browser reports them.

    python bench/bench_offline.py [--n 30] [--loads 5] [--rates 1 4]

Needs Debian's chromium and chromium-driver, selenium, and ffmpeg for the
compressed clips (without it the app carries WAVs).
"""

import argparse
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_web import press_to_clip, to_the_ear, until  # noqa: E402
from hal.web.export import size  # noqa: E402
from tests.hal.web.conftest import CHROMEDRIVER, CHROMIUM, Server, make_browser  # noqa: E402
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


def load_pair(url, rate, app):
    """(first, cached) ms of one fresh browser at CPU throttle `rate`: the
    app's cached load once its worker has cached it, the host page's reloaded."""
    d = make_browser(1280, 800)
    try:
        if rate > 1:
            d.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": rate})
        d.get(url + ("?new" if app else ""))
        first = ready_ms(d)
        if app:
            until(d, "return document.body.dataset.offlineReady === '1'", "the service worker ready", 120)
        d.refresh()
        return first, ready_ms(d)
    finally:
        d.quit()


def loads(app_url, host_url, n, rate):
    """{"app"/"host": ([first ms], [cached ms])}, the two loaded in turn."""
    out = {"app": ([], []), "host": ([], [])}
    for _ in range(n):
        for kind, url in (("app", app_url), ("host", host_url)):
            first, cached = load_pair(url, rate, kind == "app")
            out[kind][0].append(first)
            out[kind][1].append(cached)
    return out


def latency(url, n):
    d = make_browser(1280, 800)
    try:
        d.get(url + "?seed=1&new")
        ready_ms(d)
        return press_to_clip(d, n), to_the_ear(d)  # the same measurement as bench_web's, offline
    finally:
        d.quit()


def load_average():
    return "load %.1f" % os.getloadavg()[0]


def spread(ms):
    ms = sorted(ms)
    return "median %.0f ms, min %.0f, max %.0f (n=%d)" % (statistics.median(ms), ms[0], ms[-1], len(ms))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=30, help="presses measured (default 30)")
    ap.add_argument("--loads", type=int, default=5, help="first and cached loads of each page (default 5)")
    ap.add_argument("--rates", type=float, nargs="+", default=[1, 4],
                    help="Chromium's CPU throttles to load at (default 1 4: none, and a mid-range phone)")
    args = ap.parse_args()
    if CHROMIUM is None or CHROMEDRIVER is None:
        print("bench_offline: headless Chromium is not installed (apt-get install chromium chromium-driver)")
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        for e in EDITIONS:
            print("app size, edition %s: %.2f MB (target <= 5 MB)" % (e, export(pathlib.Path(tmp) / e, e) / 1e6))
        print("app size, all editions: %.2f MB" % (export(pathlib.Path(tmp) / "all", "all") / 1e6))
        server = Static(pathlib.Path(tmp) / "en")
        host = Server("--seed", "1", "--lang", "en")
        try:
            for rate in args.rates:
                got = loads(server.url, host.url, args.loads, rate)
                label = "no throttle" if rate == 1 else "CPU throttled x%g" % rate
                for i, which in ((0, "first (fresh browser)"), (1, "cached (reloaded)")):
                    a, h = statistics.median(got["app"][i]), statistics.median(got["host"][i])
                    print("load to the board ready, %s, %s: the app %s; the host page %s; app/host %.2fx; %s"
                          % (which, label, spread(got["app"][i]), spread(got["host"][i]), a / h, load_average()))
            ms, ear = latency(server.url, args.n)
            ms = sorted(ms)
            p90 = ms[min(len(ms) - 1, int(0.9 * len(ms)))]
            print("press -> first clip starting in the page: median %.1f ms, p90 %.1f ms, max %.1f ms (n=%d; "
                  "target <= 50 ms); %s" % (statistics.median(ms), p90, ms[-1], len(ms), load_average()))  # fmt: skip
            print("press -> heard (the start + Web Audio's baseLatency + outputLatency, %.1f ms as this browser "
                  "reports them): median %.1f ms" % (ear, statistics.median(ms) + ear))  # fmt: skip
        finally:
            host.stop()
            server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
