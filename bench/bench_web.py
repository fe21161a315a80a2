"""The web board's figures, in headless Chromium against `clue-fx web` on
loopback:

- press -> voice: a finger down on REPEAT during the roll call (the narrator
  says its question again) to the first clip of the answer starting in the
  page, both read from the page's own clock (performance.now()): the press in
  the pointerdown handler, the start where Web Audio is told to play it.
  Median and 90th percentile over --n presses; target <= 50 ms.
- idle server CPU: the server's own CPU time (/proc) over --idle seconds with
  the board page and four seat pages connected, the board ON at the roll
  call; target <= 2 % of a core.
- a flood (--flood, no browser needed): the host's answer time to the board
  page (median of 5 probes, each refused in one line) calm, then while a
  seat's phone sends 2 000 choices as fast as it can (the host cuts it),
  and the ratio; issue 27 measured 1 ms -> ~550 ms before the cut.
- a burst (--burst, no browser): 2 000 malformed requests (bad request
  lines, headers and lengths, TLS bytes, a WebSocket handshake cut off
  every tenth), one connection each: the bytes the host printed on its
  console (stdout after its start-up lines, and stderr) and the requests a
  second; issue 37 measured 1.06 MB of tracebacks on main 567fd85.

    python bench/bench_web.py [--n 50] [--idle 20] [--flood] [--burst]

Needs Debian's chromium and chromium-driver, and selenium.
"""

import argparse
import os
import pathlib
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.hal.web.conftest import CHROMEDRIVER, CHROMIUM, Server, make_browser  # noqa: E402


def cpu_seconds(pid):
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def until(driver, script, what, timeout=30):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, poll_frequency=0.01).until(lambda d: d.execute_script(script), message=what)


def to_the_ear(d):
    """The page's Web Audio output latency, ms: `baseLatency + outputLatency`
    (the context's buffering and the device's, as the browser reports them),
    what a clip's start waits before it is heard."""
    return d.execute_script("return window.cfxTimes.outputMs")


def press_to_clip(d, n):
    """On a board page ready to play (either transport): switch ON, wait for
    every clip decoded, then `n` presses of REPEAT with the voice silent
    before each: [ms from each press to its answer's first clip starting]
    (add to_the_ear(d) for what is heard)."""
    d.find_element("css selector", '[data-input="SWITCH"]').click()
    until(d, "return document.body.dataset.state === 'rollcall'", "the roll call")
    until(d, "return window.cfxTimes.running", "Web Audio running (no sound output in this browser?)")
    total = d.execute_script("return document.body.dataset.clips || 0")
    until(d, "return window.cfxTimes.decoded >= %d" % int(total), "every clip decoded", timeout=120)
    repeat = d.find_element("css selector", '[data-input="REPEAT"]')
    out = []
    for _ in range(n):
        until(d, "return !window.cfxTimes.busy", "the voice silent before the press", timeout=60)
        k = d.execute_script("return window.cfxTimes.starts.length")
        p = d.execute_script("return window.cfxTimes.presses.length")
        repeat.click()
        until(d, "return window.cfxTimes.starts.length > %d" % k, "the answer's first clip")
        out.append(d.execute_script("return window.cfxTimes.starts[%d] - window.cfxTimes.presses[%d]" % (k, p)))
    return out


def latency(n):
    """([press -> clip start, ms], the output latency the page reports, ms)."""
    server = Server("--seed", "1", "--lang", "en")
    d = make_browser(1280, 800)
    try:
        d.get(server.url)
        until(d, "return document.body.dataset.ready === '1'", "the page joined")
        return press_to_clip(d, n), to_the_ear(d)
    finally:
        d.quit()
        server.stop()


def idle_cpu(seconds):
    server = Server("--seed", "1", "--lang", "en", "--table")
    d = make_browser(1280, 800)
    try:
        d.get(server.url)
        until(d, "return document.body.dataset.ready === '1'", "the board page joined")
        d.find_element("css selector", '[data-input="SWITCH"]').click()
        until(d, "return document.body.dataset.state === 'rollcall'", "the roll call")
        for g in ("COMTE", "LAVANDE", "PECHE", "AZUR"):
            d.switch_to.new_window("tab")
            d.get(server.seats[g])
            until(d, "return document.body.dataset.todo === 'rollcall'", "%s's seat joined" % g)
        c0, t0 = cpu_seconds(server.proc.pid), time.monotonic()
        time.sleep(seconds)  # idle: what the server costs while nobody presses
        c1, t1 = cpu_seconds(server.proc.pid), time.monotonic()
        return 100.0 * (c1 - c0) / (t1 - t0)
    finally:
        d.quit()
        server.stop()


def flood():
    """(calm ms, flooded ms, was the flooding seat cut) against a real `clue-fx web --table`."""
    import asyncio

    import aiohttp

    from tests.support.web_attack import answer_time_ms
    from tests.support.web_link import TIMEOUT, next_of

    server = Server("--seed", "4", "--lang", "en", "--table")

    async def go():
        async with aiohttp.ClientSession(timeout=TIMEOUT) as http:
            board = await http.ws_connect(server.url + "ws")
            await next_of(board, "board")
            calm = await answer_time_ms(board)
            code = server.seats["COMTE"].split("k=")[1]
            seat = await http.ws_connect(server.url + "ws?seat=COMTE&k=" + code)
            try:
                for _ in range(2000):
                    await seat.send_json({"t": "show", "card": "ROSE"})
            except ConnectionError:
                pass  # cut while it was still flooding
            busy = await answer_time_ms(board)
            return calm, busy, any("too many messages" in line for line in server.lines)

    try:
        return asyncio.run(go())
    finally:
        server.stop()


def burst(n=2000):
    """(bytes printed on stdout after the start, bytes on stderr, requests a second) under `n` malformed requests."""
    from tests.support.web_attack import malformed_burst

    server = Server("--seed", "4", "--lang", "en", "--table")
    start = len(server.lines)
    try:
        seconds = malformed_burst(server.port, n)
    finally:
        server.stop()  # the console's last counts are said at the stop
    out = sum(len(line.encode()) + 1 for line in server.lines[start:])
    return out, len(server.proc.stderr.read().encode()), n / seconds, server.lines[start:]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=50, help="presses measured (default 50)")
    ap.add_argument("--idle", type=float, default=20, help="seconds of idle server measured (default 20)")
    ap.add_argument("--flood", action="store_true", help="only the flood's answer times (no browser)")
    ap.add_argument("--burst", action="store_true", help="only the console's output under malformed requests")
    args = ap.parse_args()
    if args.burst:
        out, err, rate, lines = burst()
        print(
            "2000 malformed requests (%.0f a second): the host's console printed %d bytes on stdout after its "
            "start-up lines (%d lines) and %d bytes on stderr" % (rate, out, len(lines), err)
        )
        for line in lines:
            print("  " + line)
        return 0
    if args.flood:
        calm, busy, cut = flood()
        print(
            "the board page's answer time: calm %.1f ms, while a phone floods %.1f ms (%.1fx)%s"
            % (calm, busy, busy / calm, "; the flooding phone was cut" if cut else "; the phone was NOT cut")
        )
        return 0
    if CHROMIUM is None or CHROMEDRIVER is None:
        print("bench_web: headless Chromium is not installed (apt-get install chromium chromium-driver)")
        return 2
    ms, ear = latency(args.n)
    ms = sorted(ms)
    p90 = ms[min(len(ms) - 1, int(0.9 * len(ms)))]
    print(
        "press -> first clip starting in the page: median %.1f ms, p90 %.1f ms, max %.1f ms (n=%d; target <= 50 ms)"
        % (statistics.median(ms), p90, ms[-1], len(ms))
    )
    print(
        "press -> heard (the start + Web Audio's baseLatency + outputLatency, %.1f ms as this browser reports "
        "them): median %.1f ms" % (ear, statistics.median(ms) + ear)
    )
    cpu = idle_cpu(args.idle)
    print(
        "idle server CPU, board page + 4 seat pages connected: %.2f %% of a core over %.0f s (target <= 2 %%)"
        % (cpu, args.idle)
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
