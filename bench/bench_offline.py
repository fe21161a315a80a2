"""The offline app's figures (`clue-fx web --export`), in headless Chromium,
the app served by python -m http.server on loopback:

- its size per edition and for all (runtime, code, words and clips);
  target <= 5 MB for one edition;
- first load (a fresh browser: every file fetched, MicroPython started,
  the app's bytecode bundle imported, the board's hello) and cached load (the
  same page reloaded: the service worker serves it), to the page's board
  ready, on the page's own clock (performance.now() from the navigation);
  beside the host's own board page (`clue-fx web`, first and reloaded),
  loaded in turn with it (app, host, host, app, app, host...: each page
  first in turn), and the ratio of the medians; at no CPU throttle and at Chromium's x4 throttle (a mid-range
  phone); targets: first <= 1.5x and cached <= 2x the host page's, the
  throttled first load under 2 s. Each line ends with the machine's load
  average (1 min) when it was measured: a loaded machine slows both.
  Under each pair of lines, where the app's time goes: the medians of its
  phases' ends, in time order (boot.js begun, the page parsed, local.js
  running, the runtime's module and the bundle fetched, MicroPython
  started, the saved game read, the Python imported, the board made, the
  board ready), from the page's own marks.
- press -> voice in the page: a finger down on REPEAT during the roll call to
  the first clip of the answer starting, both on the page's clock, the board
  answering inside the page (MicroPython); median and p90 over --n presses;
  target <= 50 ms; then what the ear gets: that plus Web Audio's
  baseLatency + outputLatency as the browser reports them.

    python bench/bench_offline.py [--n 30] [--loads 5] [--rates 1 4] [--baseline REF]

--baseline REF also exports the app from git's REF (the English edition)
and loads it in turn with this one and the host's page: its first and
cached loads, and this app's against it, in the same run (a paired run).

Needs Debian's chromium and chromium-driver, selenium, and ffmpeg for the
compressed clips (without it the app carries WAVs).
"""

import argparse
import io
import os
import pathlib
import statistics
import subprocess
import sys
import tarfile
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_web import press_to_clip, to_the_ear, until  # noqa: E402
from hal.web.export import size  # noqa: E402
from tests.hal.web.conftest import CHROMEDRIVER, CHROMIUM, Server, make_browser  # noqa: E402
from tests.support.web_static import Static  # noqa: E402

EDITIONS = ("fr", "en", "us")


def export(dest, *editions, source=ROOT):
    done = subprocess.run([sys.executable, "-m", "hal.cli", "web", "--export", str(dest), *editions], cwd=source,
                          capture_output=True, text=True)  # fmt: skip
    if done.returncode != 0:
        raise SystemExit("bench_offline: the export failed: %s" % done.stderr.strip())
    if done.stderr.strip():  # what the export said (an app that carries its Python as sources opens slower)
        print("bench_offline: the export of %s from %s: %s" % (" ".join(editions), source, done.stderr.strip()))
    return size(dest)


def checkout(ref, dest):
    """The project's files at git's `ref`, written under `dest` (git archive: no work tree touched)."""
    done = subprocess.run(["git", "archive", ref], cwd=ROOT, capture_output=True)
    if done.returncode != 0:
        raise SystemExit("bench_offline: no baseline %s: %s" % (ref, done.stderr.decode().strip()))
    with tarfile.open(fileobj=io.BytesIO(done.stdout)) as tar:
        tar.extractall(dest, **({"filter": "data"} if hasattr(tarfile, "data_filter") else {}))  # 3.11.4+
    return dest


def ready_ms(d):
    until(d, "return document.body.dataset.ready === '1' && window.cfxReady", "the board ready in the page", 120)
    return d.execute_script("return window.cfxReady")


# Where a load's time goes, on the page's clock (ms from the navigation): the document parsed, and the
# app's own marks (static/boot.js, static/local.js) up to the board ready.
PHASES = (("boot", "boot.js running (the page's inline copy)"),
          ("html", "the page parsed (its modules loaded and run)"), ("connect", "local.js running"),
          ("fetched", "the runtime's module and the bundle fetched"), ("runtime", "MicroPython started"),
          ("store", "the saved game read (IndexedDB)"), ("imported", "firmware/ and hal imported"),
          ("started", "the board made (offline.start)"), ("ready", "the board drawn (hello)"))  # fmt: skip
MARKS = """return Object.assign({html: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd,
  ready: window.cfxReady}, Object.fromEntries(performance.getEntriesByType('mark')
  .filter((m) => m.name.startsWith('cfx-')).map((m) => [m.name.slice(4), m.startTime])))"""


def load_pair(url, rate, app):
    """((first, cached) ms, (first, cached) {phase: ms}) of one fresh browser at CPU throttle `rate`:
    the app's cached load once its worker has cached it, the host page's reloaded."""
    d = make_browser(1280, 800)
    try:
        if rate > 1:
            d.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": rate})
        d.get(url + ("?new" if app else ""))
        first = ready_ms(d)
        first_marks = d.execute_script(MARKS)
        if app:
            until(d, "return document.body.dataset.offlineReady === '1'", "the service worker ready", 120)
        d.refresh()
        cached = ready_ms(d)
        return (first, cached), (first_marks, d.execute_script(MARKS))
    finally:
        d.quit()


def loads(urls, n, rate):
    """{"app"/"host"/"base": ([first ms], [cached ms])}, the pages of `urls` ({kind: url}) loaded in turn,
    and the app's {"first"/"cached": [{phase: ms}]}."""
    out = {kind: ([], []) for kind in urls}
    phases = {"first": [], "cached": []}
    for i in range(n):
        order = list(urls.items())
        k = i % len(order)  # each page first in turn
        for kind, url in order[k:] + order[:k]:
            (first, cached), marks = load_pair(url, rate, kind != "host")
            out[kind][0].append(first)
            out[kind][1].append(cached)
            if kind == "app":
                phases["first"].append(marks[0])
                phases["cached"].append(marks[1])
    return out, phases


def phase_line(marks):
    """The medians of each phase's end, then what each phase took (the difference of the medians)."""
    ends = [(name, statistics.median(m[name] for m in marks)) for name, _ in PHASES if all(name in m for m in marks)]
    ends.sort(key=lambda end: end[1])  # in time order
    took = [at - (ends[i - 1][1] if i else 0) for i, (_, at) in enumerate(ends)]
    return ", ".join("%s %.0f (+%.0f)" % (name, at, t) for (name, at), t in zip(ends, took))


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
                    help="Chromium's CPU throttles to load at (default 1 4: none, and a mid-range phone)")  # fmt: skip
    ap.add_argument("--baseline", metavar="REF",
                    help="also load the app exported from git's REF, in turn with this one (a paired run)")  # fmt: skip
    args = ap.parse_args()
    if CHROMIUM is None or CHROMEDRIVER is None:
        print("bench_offline: headless Chromium is not installed (apt-get install chromium chromium-driver)")
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        for e in EDITIONS:
            print("app size, edition %s: %.2f MB (target <= 5 MB)" % (e, export(pathlib.Path(tmp) / e, e) / 1e6))
        print("app size, all editions: %.2f MB" % (export(pathlib.Path(tmp) / "all", "all") / 1e6))
        servers = [Static(pathlib.Path(tmp) / "en")]
        urls = {"app": servers[0].url}
        if args.baseline:
            export(pathlib.Path(tmp) / "base", "en", source=checkout(args.baseline, pathlib.Path(tmp) / "src"))
            servers.append(Static(pathlib.Path(tmp) / "base"))
            urls["base"] = servers[-1].url
        host = Server("--seed", "1", "--lang", "en")
        urls["host"] = host.url
        try:
            for rate in args.rates:
                got, phases = loads(urls, args.loads, rate)
                label = "no throttle" if rate == 1 else "CPU throttled x%g" % rate
                for i, which in ((0, "first (fresh browser)"), (1, "cached (reloaded)")):
                    a, h = got["app"][i], got["host"][i]
                    print("load to the board ready, %s, %s: the app %s; the host page %s; app/host %.2fx; %s"
                          % (which, label, spread(a), spread(h), statistics.median(a) / statistics.median(h),
                             load_average()))  # fmt: skip
                    if args.baseline:
                        b = got["base"][i]
                        print("  the app at %s, loaded in turn: %s; app/host %.2fx; this app against it %.2fx"
                              % (args.baseline, spread(b), statistics.median(b) / statistics.median(h),
                                 statistics.median(a) / statistics.median(b)))  # fmt: skip
                for which in ("first", "cached"):
                    print("  the app's %s load, %s, phase by phase (median ms from the navigation, +its own): %s"
                          % (which, label, phase_line(phases[which])))  # fmt: skip
            ms, ear = latency(urls["app"], args.n)
            ms = sorted(ms)
            p90 = ms[min(len(ms) - 1, int(0.9 * len(ms)))]
            print("press -> first clip starting in the page: median %.1f ms, p90 %.1f ms, max %.1f ms (n=%d; "
                  "target <= 50 ms); %s" % (statistics.median(ms), p90, ms[-1], len(ms), load_average()))  # fmt: skip
            print("press -> heard (the start + Web Audio's baseLatency + outputLatency, %.1f ms as this browser "
                  "reports them): median %.1f ms" % (ear, statistics.median(ms) + ear))  # fmt: skip
        finally:
            host.stop()
            for server in servers:
                server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
