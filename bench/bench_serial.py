"""CFX/1 over a pty pair: rig press -> host PLAY latency, against a plain echo
round trip on the same kind of pair in the same run; and the parser's
throughput in lines per second (CPython, and MicroPython's unix port): the
wire's words alone, and with the host's reading of them (the ids checked
against the board's, the edge made a firmware event).

    python bench/bench_serial.py [--n 1000]

The rig's end is this script, on the pty's master; the other end is a
separate process on the pty's slave opened with pyserial: first a plain echo
(read what came, write it back), then `clue-fx serve --audio rig`, which
parses the press, runs the firmware and sends PLAY. Both read the port the
same way (read(1) then in_waiting). The press is REPEAT during the roll call:
the narrator says its question again, every time.
"""

import argparse
import os
import pathlib
import pty
import select
import shutil
import statistics
import subprocess
import sys
import time
import tty

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hal import edges  # noqa: E402
from hal.cfx import ids  # noqa: E402
from hal.cfx import wire as cfx  # noqa: E402

ECHO = r"""
import sys, serial
p = serial.serial_for_url(sys.argv[1], timeout=0.02)
while True:
    d = p.read(1)
    if d:
        n = p.in_waiting
        if n:
            d += p.read(n)
        p.write(d)
"""


class RigEnd:
    def __init__(self):
        self.master, self.slave = pty.openpty()
        tty.setraw(self.slave)
        self.path = os.ttyname(self.slave)
        self.reader = cfx.LineReader()
        self.lines = []

    def send(self, text):
        os.write(self.master, cfx.frame(text))

    def wait_line(self, want, timeout=5.0):
        """Read until a line starting with `want`; returns it."""
        deadline = time.monotonic() + timeout
        while True:
            for i, (kind, value) in enumerate(self.lines):
                if kind == "line" and value.startswith(want):
                    del self.lines[: i + 1]
                    return value
            left = deadline - time.monotonic()
            if left <= 0:
                raise SystemExit("no %r within %.1f s (got %r)" % (want, timeout, self.lines[-5:]))
            r, _, _ = select.select([self.master], [], [], left)
            if r:
                self.lines += self.reader.feed(os.read(self.master, 4096))

    def close(self):
        os.close(self.master)
        os.close(self.slave)


def percentile(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100.0 * (len(xs) - 1))))]


def start_echo():
    rig = RigEnd()
    proc = subprocess.Popen([sys.executable, "-c", ECHO, rig.path])
    deadline = time.monotonic() + 20
    while True:  # opening the port flushes what came before: ask until it answers
        rig.send("PING")
        try:
            rig.wait_line("PING", timeout=0.2)
            return rig, proc
        except SystemExit:
            if time.monotonic() > deadline:
                raise


def echo_round_trip(rig, i):
    t0 = time.perf_counter()
    rig.send(cfx.button_line(i % 1000, "REPEAT", True))
    rig.wait_line("%d BTN" % (i % 1000))
    return (time.perf_counter() - t0) * 1000


def start_serve():
    rig = RigEnd()
    cmd = [sys.executable, "-m", "hal.cli", "serve", "--port", rig.path, "--audio", "rig", "--seed", "1",
           "--lang", "en"]  # fmt: skip
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, cwd=ROOT)
    rig.wait_line("HELLO?", timeout=20)
    rig.send(cfx.hello_line("bench-rig", ("pads", "buttons", "switch", "battery", "audio", "debounced")))
    rig.wait_line("STATE?")
    rig.send(cfx.state_line(False, 4500, (), ()))
    rig.send(cfx.switch_line(0, True))
    rig.wait_line("PLAY")
    rig.seq = 1
    return rig, proc


def serve_round_trip(rig, i):
    seq = rig.seq
    t0 = time.perf_counter()
    rig.send(cfx.button_line(seq, "REPEAT", True))
    rig.wait_line("PLAY")
    dt = (time.perf_counter() - t0) * 1000
    rig.send(cfx.button_line(seq + 1, "REPEAT", False))
    rig.send(cfx.done_line(seq + 2))
    rig.seq = (seq + 3) % 1000
    return dt


def bench_latency(n, warmup=50):
    """Echo and serve round trips taken in turn, so that both meet the same
    load on a shared machine."""
    echo, echo_proc = start_echo()
    served, serve_proc = start_serve()
    e, s = [], []
    try:
        for i in range(n + warmup):
            a = echo_round_trip(echo, i)
            b = serve_round_trip(served, i)
            if i >= warmup:
                e.append(a)
                s.append(b)
        return e, s
    finally:
        for proc in (echo_proc, serve_proc):
            proc.terminate()
            proc.wait()
        echo.close()
        served.close()


def bench_parser(lines=100000):
    texts = [cfx.pad_line(i % 1000, "ECURIE", i % 2 == 0) for i in range(lines)]
    wire = b"".join(cfx.frame(t) for t in texts)
    chunks = [wire[i : i + 4096] for i in range(0, len(wire), 4096)]

    def best(fn, rounds=3):
        out = []
        for _ in range(rounds):
            t0 = time.perf_counter()
            fn()
            out.append(time.perf_counter() - t0)
        return min(out)

    def split_only():
        for c in chunks:
            c.split(b"\n")

    def reader_only():
        r = cfx.LineReader()
        for c in chunks:
            r.feed(c)

    def reader_parse():
        r = cfx.LineReader()
        for c in chunks:
            for _kind, text in r.feed(c):
                cfx.parse_rig(text)

    def host_reading():
        r = cfx.LineReader()
        for c in chunks:
            for _kind, text in r.feed(c):
                _, _, kind, ident, down = ids.check(cfx.parse_rig(text))
                edges.event_of(kind, ident, down)

    return {name: lines / best(fn) for name, fn in
            (("bytes.split (baseline)", split_only), ("LineReader", reader_only),
             ("LineReader + parse_rig", reader_parse),
             ("+ ids.check + event_of", host_reading))}  # fmt: skip


MP_SCRIPT = """
import time
from hal.cfx import wire as cfx
wire = bytearray()
for i in range(N):
    wire += cfx.frame(cfx.pad_line(i % 1000, "ECURIE", i % 2 == 0))
wire = bytes(wire)
t0 = time.ticks_us()
r = cfx.LineReader()
for i in range(0, len(wire), 256):
    for kind, text in r.feed(wire[i:i + 256]):
        cfx.parse_rig(text)
dt = time.ticks_diff(time.ticks_us(), t0)
print(N * 1000000 // dt)
"""


def bench_micropython(lines=5000):
    mp = shutil.which("micropython")
    if mp is None:
        return None
    env = dict(os.environ, MICROPYPATH=str(ROOT))
    script = MP_SCRIPT.replace("N", str(lines))
    out = subprocess.run([mp, "-c", script], capture_output=True, text=True, env=env, check=False)
    return int(out.stdout.strip()) if out.returncode == 0 else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=1000, help="round trips measured each way (default 1000)")
    args = ap.parse_args()

    echo, served = bench_latency(args.n)
    e50, e99 = statistics.median(echo), percentile(echo, 99)
    s50, s99 = statistics.median(served), percentile(served, 99)
    print("pty pairs, %d round trips each, taken in turn in the same run:" % args.n)
    print("  echo round trip           median %.3f ms  p99 %.3f ms" % (e50, e99))
    print("  rig press -> host PLAY    median %.3f ms  p99 %.3f ms" % (s50, s99))
    verdict = "ok" if s99 - e99 <= 1.0 else "OVER the 1 ms target"
    print("  above the echo            median %+.3f ms  p99 %+.3f ms  (target p99 <= +1 ms: %s)" % (
        s50 - e50, s99 - e99, verdict))  # fmt: skip
    print("parser throughput (100000 framed event lines, 4 KiB reads):")
    rates = bench_parser()
    base = rates["bytes.split (baseline)"]
    for name, rate in rates.items():
        print("  %-24s %10.0f lines/s  (%.3fx the baseline)" % (name, rate, rate / base))
    mp = bench_micropython()
    if mp is not None:
        print("  MicroPython unix port: LineReader + parse_rig %d lines/s (256-byte reads)" % mp)


if __name__ == "__main__":
    main()
