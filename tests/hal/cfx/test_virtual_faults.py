"""The virtual rig and the host in real processes on real ptys, against the
faults of issue 12: `clue-fx rig --port URL` whose line drops (socat gone)
reopens it and does not spin; a rig killed with -9 and started again keeps
the game on (its board's switch stays ON); a STATE with every input down
crosses a real pty; a crashed rig's MicroPython REPL gets no ERR flood."""

import os
import resource
import shutil
import subprocess
import sys
import threading
import time

import pytest

from firmware.board import BUTTONS, PADS
from hal.cfx import port, wire
from hal.cfx.link import HELLO, UP
from hal.cfx.serve import Serve
from hal.cfx.virtual import VirtualRig
from tests.support.hil import ConsoleFollower
from tests.support.link import build_host
from tests.support.waits import wait_until

pytestmark = pytest.mark.timeout(120)
needs_socat = pytest.mark.skipif(shutil.which("socat") is None, reason="needs socat")


class Socat:
    """A pty pair: `a` for the rig, `b` for whoever reads it."""

    def __init__(self, folder):
        self.a = os.path.join(folder, "a")
        self.b = os.path.join(folder, "b")
        self.proc = subprocess.Popen(
            ["socat", "PTY,link=%s,raw,echo=0" % self.a, "PTY,link=%s,raw,echo=0" % self.b],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_until(lambda: os.path.exists(self.a) and os.path.exists(self.b), 10, "socat's ptys")

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)


def cpu_s():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


@needs_socat
def test_a_rig_on_a_url_reopens_its_line_when_it_drops_and_does_not_spin(tmp_path):
    pair = Socat(str(tmp_path))
    rig = VirtualRig(url=pair.a, clip_ms=0)
    rig.start()
    try:
        pair.stop()  # the line drops under the rig
        wait_until(lambda: rig.lost, 10, "the rig to see its line drop")
        tries = rig.reopen_tries
        cpu0, t0 = cpu_s(), time.monotonic()
        wait_until(lambda: rig.reopen_tries >= tries + 3, 10, "three tries to reopen")
        share = (cpu_s() - cpu0) / (time.monotonic() - t0)
        assert share < 0.25, "the process used %.0f %% of a core while the line was down" % (share * 100)
        pair = Socat(str(tmp_path))  # the line is back, on the same path
        with port.open_url(pair.b, timeout=0.05) as other:
            got = b""
            deadline = time.monotonic() + 10
            while b"HELLO virtual-rig" not in got and time.monotonic() < deadline:
                got += other.read(256)
            assert b"HELLO virtual-rig" in got  # it reopened and said who it is
            other.write(wire.frame("PING"))
            got = b""
            while b"PONG" not in got and time.monotonic() < deadline:
                got += other.read(256)
            assert b"PONG" in got
    finally:
        rig.close()
        pair.stop()


def rig_cmd(link):
    return [sys.executable, "-m", "hal.cli", "rig", "--link", link, "--quiet", "--clip-ms", "0"]


def test_a_rig_killed_and_started_again_keeps_the_game_on(tmp_path):
    link = str(tmp_path / "tty")
    rig = subprocess.Popen(rig_cmd(link), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    serve = subprocess.Popen(
        [sys.executable, "-m", "hal.cli", "serve", "--port", link, "--audio", "none", "--lang", "en"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    rig2 = None
    try:
        ConsoleFollower(rig.stdout).wait_for("rig on")
        console = ConsoleFollower(serve.stdout)
        console.wait_for("ready: the game can start")
        rig.stdin.write("o")  # the switch ON
        rig.stdin.flush()
        console.wait_for("switch ON")
        rig.kill()  # kill -9
        rig.wait(10)
        console.wait_for("rig gone")
        mark = len(console.lines)
        rig2 = subprocess.Popen(rig_cmd(link), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        i = console.wait_for("ready:", timeout=20, start=mark)
        assert "the game goes on" in console.lines[i], console.lines[mark:]
        after = console.lines[mark:]
        assert not any("switch OFF" in line for line in after), after
        assert serve.poll() is None
    finally:
        for p in (serve, rig, rig2):
            if p is not None and p.poll() is None:
                p.terminate()
                p.wait(10)


def test_a_state_with_every_input_down_crosses_a_real_pty_and_resyncs(tmp_path):
    with VirtualRig(clip_ms=0, link=str(tmp_path / "tty")) as rig:
        host = build_host(seed=1, audio="none")
        loop = Serve(rig.path, host)
        t = threading.Thread(target=loop.run, daemon=True)
        t.start()
        try:
            wait_until(lambda: host.link == UP, 10, "the link up")
            rig.unplug()  # the cable out; every input goes down meanwhile
            wait_until(lambda: host.link not in (UP,), 10, "the host to see it")

            def everything(core):
                core.switch(True)
                for p in PADS:
                    core.pad(p, True)
                for b in BUTTONS:
                    core.button(b, True)

            rig.do(everything)
            rig.replug()  # a reboot: HELLO, STATE? and the longest STATE there is
            wait_until(lambda: host.link == UP and all(host.raw.get(("PAD", p)) for p in PADS), 10, "the resync")
            assert all(host.raw[("BTN", b)] for b in BUTTONS) and host.raw[("SW", "")]
            longest = max(len(line) for line in rig.core.sent if line.startswith("STATE"))
            assert 160 < longest + 3 <= wire.MAX_LINE
        finally:
            loop.running = False
            t.join(5)


@pytest.mark.skipif(not all(shutil.which(x) for x in ("micropython", "socat")), reason="needs micropython, socat")
@pytest.mark.parametrize("at_prompt", [True, False], ids=["sitting-at-its-prompt", "starting"])
def test_a_crashed_rigs_repl_gets_no_err_flood(tmp_path, at_prompt):
    """A board whose rig program died sits at its REPL, which echoes what it
    is sent and answers with prompts and tracebacks: the host never says
    HELLO to it... nor ERR, and it does not take the REPL for a rig.

    What the REPL says reaches the host as lines or as lines dropped
    (`errors`), depending on what came first: opening the port discards
    what waited, so a REPL that printed its prompt before the host came
    (`at_prompt`, a board that crashed long ago) echoes `HELLO?*7D` as the
    first whole line, a right checksum: the host learns checksums
    (docs/PROTOCOL.md) and every prompt and traceback after it is a checksum
    error. A REPL starting as the host opens prints its banner first, taken
    as lines without a checksum. Either way it is heard, counted, never
    answered."""
    from tests.support.mcu.harness import PtyBoard

    fs = tmp_path / "board"
    fs.mkdir()
    with PtyBoard(str(fs), str(tmp_path)) as board:
        if at_prompt:
            board.wait_for_prompt()
        host = build_host(seed=1, audio="none", ping_ms=200)
        sent = []
        send = host.send

        def counted(text):
            sent.append(text)
            send(text)

        host.send = counted
        loop = Serve(board.path, host)
        t = threading.Thread(target=loop.run, daemon=True)
        t.start()
        try:

            def heard():
                return host.stats["lines"] + host.stats["errors"]  # every line it completed, taken or dropped

            wait_until(lambda: sent.count(wire.HELLO_Q) >= 10 and heard() >= 10, 20, "the REPL answering")
            assert host.link == HELLO and host.rig_name is None
            assert host.stats["events"] == 0
            assert not [s for s in sent if s.startswith("ERR")], sent[:20]
            if at_prompt:
                # the echo of the first HELLO? was its one whole line: what the REPL says now is dropped
                assert host.stats["lines"] == 1 and host.reader.required, host.stats
        finally:
            loop.running = False
            t.join(5)
