"""hal/cfx/monitor.py: the decoder, and `clue-fx monitor --pass` standing between
the virtual rig and a host on real ptys."""

import subprocess
import sys
import threading

import pytest

from hal.cfx import wire as cfx
from hal.cfx.link import UP
from hal.cfx.monitor import HOST, RIG, Monitor
from hal.cfx.serve import Serve
from hal.cfx.virtual import VirtualRig
from tests.support.hil import ConsoleFollower
from tests.support.link import build_host

pytestmark = pytest.mark.timeout(60)


def test_each_line_gets_its_checksum_verdict_and_its_meaning():
    m = Monitor()
    out = m.feed(RIG, cfx.frame("0 SW ON") + b"0 SW ON*36\n1 PAD ECURIE DO", 0.0)
    out += m.feed(RIG, b"WN\r\n" + b"x" * 250 + b"\n\xff\n" + cfx.frame("7 PAD CUISINE DOWN"), 0.5)
    out += m.feed(HOST, cfx.frame("PLAY 1 2 3") + cfx.frame("STATE?"), 1.0)
    assert "ok *35" in out[0] and "#0 Switch(True)" in out[0]
    assert "BAD checksum: says *36, bytes give *35" in out[1] and "ERR checksum" in out[1]
    # checksums are learnt, as the host learns them: after a checked line, none is an error
    assert "BAD checksum: none" in out[2] and "ERR checksum" in out[2]
    typed = Monitor().feed(RIG, b"1 PAD ECURIE DOWN\n", 0.0)[0]  # a person typing, no checksum yet
    assert "no checksum" in typed and "PadDown('ECURIE')" in typed
    assert "TOO LONG: 250 bytes" in out[3]
    assert "\\xff" in out[4] and "BAD BYTES" in out[4]
    assert "NOT UNDERSTOOD" in out[5] and "ERR unknown_pad" in out[5]
    assert out[6].split()[1] == "host>" and "play clips 1 2 3" in out[6]
    assert "your state?" in out[7]
    assert out[0].split()[0] == "0.000" and out[6].split()[0] == "1.000"


def test_monitor_passes_both_ways_between_a_rig_and_a_host(tmp_path):
    host_side = str(tmp_path / "host")
    with VirtualRig(clip_ms=0) as rig:
        cmd = [sys.executable, "-m", "hal.cli", "monitor", rig.path, "--pass", host_side]
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        console = ConsoleFollower(proc.stdout)
        try:
            console.wait_for("host side on %s" % host_side)
            host = build_host(seed=1, lang="en", audio="rig")
            loop = Serve(host_side, host)
            t = threading.Thread(target=loop.run, daemon=True)
            t.start()
            console.wait_for("state: switch OFF")
            rig.switch(True)
            console.wait_for(" Switch(True)")
            console.wait_for("play clips")
            rig.faults(corrupt_next=1)
            rig.press_button("YES")
            console.wait_for("BAD checksum")
            console.wait_for("the other end did not understand a line: checksum")  # the host's ERR
            assert host.link == UP
            loop.running = False
            t.join(5)
        finally:
            proc.terminate()
            proc.wait(10)


def test_monitor_as_the_host_frames_what_is_typed():
    cmd = [sys.executable, "-m", "hal.cli", "monitor", "loop://"]
    out = subprocess.run(cmd, input="PING\nPLAY 1 2\nPLAY *\n", capture_output=True, text=True, timeout=30, check=False)
    assert out.returncode == 0, out.stderr
    assert "host> HELLO?*7D" in out.stdout  # asked on opening
    assert "host> PING*10" in out.stdout and "are you there?" in out.stdout
    assert "play clips 1 2" in out.stdout
    assert "not sent: bad_bytes" in out.stdout  # a "*" of one's own is refused


def test_serve_refuses_a_url_no_handler_takes():
    cmd = [sys.executable, "-m", "hal.cli", "serve", "--port", "nonsense://x"]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=30, check=False)
    assert out.returncode == 2
    assert "nonsense://x is not a port" in out.stdout
