"""Where a first open's time goes on the page's one thread: the offline app
(`clue-fx web --export`, served by python -m http.server on loopback) and
the host's own board page (`clue-fx web`), each opened in a fresh headless
Chromium that records its own trace from its start (`--trace-startup`,
devtools.timeline, V8 and its CPU profiler: what chromedriver's
performance log cannot carry whole). For each page, the medians over --n
opens of:

- the board ready (the page's own clock), and how much of it the page's
  thread was busy (its tasks, clipped to the load), and how much of the
  500 ms after (what a first tap would wait behind);
- the trace's largest pieces of that thread's work (Layout, ParseHTML,
  wasm.CompileLazy, v8.wasm.compileConsume, ...; nested pieces count in
  their parents too);
- the JavaScript and WebAssembly functions with the most self time
  (V8's samples, every 0.1 ms or so; "(program)" is the browser's own work
  outside scripts: parsing, style, layout);
- the app's phases (its performance marks), as bench_offline prints them.

    python bench/trace_first_open.py [--n 3] [--rate 4] [--pages app host]

A profiler's figures, not the bench's: tracing slows a load by a third or
so. bench_offline.py gives the loads' times.
"""

import argparse
import collections
import json
import os
import pathlib
import statistics
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.bench_offline import MARKS, export, ready_ms  # noqa: E402
from tests.hal.web.conftest import CHROMEDRIVER, CHROMIUM, Server, make_browser  # noqa: E402
from tests.support.web_static import Static  # noqa: E402

AFTER_MS = 500  # the page's thread after the board ready: what a first tap would wait behind
CATEGORIES = ("devtools.timeline,disabled-by-default-devtools.timeline,v8,v8.wasm,blink.user_timing,"
              "disabled-by-default-v8.cpu_profiler")  # fmt: skip


def traced_open(url, rate, out):
    """(ready ms, the page's marks, the trace's events) of one fresh browser opening `url`."""
    args = ["--trace-startup=" + CATEGORIES, "--trace-startup-file=" + out, "--trace-startup-format=json",
            "--trace-startup-duration=8"]  # fmt: skip
    d = make_browser(1280, 800, args)
    try:
        if rate > 1:
            d.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": rate})
        d.get(url)
        ready = ready_ms(d)
        marks = d.execute_script(MARKS)
        deadline = time.monotonic() + 30
        while not (os.path.exists(out) and os.path.getsize(out) > 0):  # written when the duration ends
            if time.monotonic() > deadline:
                raise SystemExit("trace_first_open: Chromium wrote no trace")
            time.sleep(0.2)  # polling a file Chromium writes in its own time
    finally:
        d.quit()
    with open(out, encoding="utf-8") as f:
        events = json.load(f)
    return ready, marks, events["traceEvents"] if isinstance(events, dict) else events


def page_thread(events):
    """(the navigation's start in µs, (pid, tid) of the thread that ran the page)."""
    starts = [e for e in events if e.get("name") == "navigationStart"
              and e.get("args", {}).get("data", {}).get("documentLoaderURL", "").startswith("http")]  # fmt: skip
    if not starts:
        raise SystemExit("trace_first_open: the trace holds no navigation of the page")
    return starts[-1]["ts"], (starts[-1]["pid"], starts[-1]["tid"])


def work(events, start, end):
    """(busy ms, {event name: ms}) of the page's thread from `start` to `end` ms after the navigation."""
    t0, main = page_thread(events)
    start, end = t0 + start * 1000, t0 + end * 1000
    busy, pieces = 0.0, collections.Counter()
    for e in events:
        if (e["pid"], e["tid"]) != main or e.get("ph") != "X" or e["ts"] > end or e["ts"] + e.get("dur", 0) < start:
            continue
        ms = (min(e["ts"] + e.get("dur", 0), end) - max(e["ts"], start)) / 1000
        if e["name"] == "RunTask":
            busy += ms
        else:
            pieces[e["name"]] += ms
    return busy, pieces


def samples(events, ready):
    """{function (its file): self ms} from V8's samples of the page's process, up to the board ready."""
    t0, (pid, _) = page_thread(events)
    end = t0 + ready * 1000
    frames, times, who = {}, collections.defaultdict(list), collections.Counter()
    starts = {e["id"]: e["args"]["data"]["startTime"] for e in events if e["name"] == "Profile" and e["pid"] == pid}
    for e in sorted((e for e in events if e["name"] == "ProfileChunk" and e["pid"] == pid), key=lambda e: e["ts"]):
        profile = e["args"]["data"].get("cpuProfile", {})
        for node in profile.get("nodes", []):
            frame = node["callFrame"]
            frames[(e["id"], node["id"])] = "%s %s" % (frame.get("functionName") or "(anonymous)",
                                                       (frame.get("url") or "").rsplit("/", 1)[-1])  # fmt: skip
        at = times[e["id"]][-1][0] if times[e["id"]] else starts.get(e["id"], 0)
        for node, delta in zip(profile.get("samples", []), e["args"]["data"].get("timeDeltas", [])):
            at += delta
            times[e["id"]].append((at, (e["id"], node)))
    for seq in times.values():
        for (at, node), (after, _) in zip(seq, seq[1:]):
            if t0 <= at <= end:
                who[frames.get(node, "?").strip()] += (after - at) / 1000
    return who


def medians(counters, top):
    names = collections.Counter()
    for c in counters:
        names.update(c)
    return ", ".join("%s %.1f" % (n, statistics.median(c.get(n, 0) for c in counters))
                     for n, _ in names.most_common(top))  # fmt: skip


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=3, help="fresh opens of each page (default 3)")
    ap.add_argument("--rate", type=float, default=1, help="Chromium's CPU throttle (default 1: none)")
    ap.add_argument("--pages", nargs="+", choices=("app", "host"), default=["app", "host"], help="which pages")
    args = ap.parse_args()
    if CHROMIUM is None or CHROMEDRIVER is None:
        print("trace_first_open: headless Chromium is not installed (apt-get install chromium chromium-driver)")
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        export(pathlib.Path(tmp) / "en", "en")
        static = Static(pathlib.Path(tmp) / "en")
        host = Server("--seed", "1", "--lang", "en")
        urls = {"app": static.url + "?new", "host": host.url}
        try:
            for page in args.pages:
                got = []
                for i in range(args.n):
                    print("trace_first_open: %s, open %d of %d" % (page, i + 1, args.n), file=sys.stderr)
                    out = os.path.join(tmp, "trace-%s-%d.json" % (page, i))
                    ready, marks, events = traced_open(urls[page], args.rate, out)
                    busy, pieces = work(events, 0, ready)
                    after, _ = work(events, ready, ready + AFTER_MS)
                    got.append((ready, busy, pieces, samples(events, ready), marks, after))
                ready = statistics.median(g[0] for g in got)
                busy = statistics.median(g[1] for g in got)
                print("%s (x%g, n=%d, traced): the board ready at %.0f ms, the page's thread busy %.0f ms of it "
                      "(%.0f %%), and %.0f ms of the %d ms after" % (page, args.rate, args.n, ready, busy,
                      100 * busy / ready, statistics.median(g[5] for g in got), AFTER_MS))  # fmt: skip
                print("  its largest pieces (ms): %s" % medians([g[2] for g in got], 12))
                print("  self time by function (ms): %s" % medians([g[3] for g in got], 16))
                phases = [g[4] for g in got]
                names = sorted({k for m in phases for k in m if all(k in p for p in phases)},
                               key=lambda k: statistics.median(m[k] for m in phases))  # fmt: skip
                print("  phases (ms from the navigation): %s"
                      % ", ".join("%s %.0f" % (k, statistics.median(m[k] for m in phases)) for k in names))  # fmt: skip
        finally:
            host.stop()
            static.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
