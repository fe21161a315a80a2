"""hal/cfx/port.py and line.py on real ptys and processes: one host per port
(a second `clue-fx serve` is refused and told who holds it), writes that
never block (a rig that stops reading), and a pty symlink its maker left
behind (kill -9) that now leads to another program's pty."""

import os
import subprocess
import sys
import threading
import time

import pytest

from hal.cfx import port, wire
from hal.cfx.link import UP
from hal.cfx.serve import Serve
from hal.cfx.virtual import VirtualRig
from tests.support.hil import ConsoleFollower
from tests.support.link import build_host
from tests.support.waits import wait_until

pytestmark = pytest.mark.timeout(90)


def serve_cmd(path, *extra):
    return [sys.executable, "-m", "hal.cli", "serve", "--port", path, "--audio", "none", "--lang", "en", *extra]


def test_a_second_opener_of_a_port_is_refused_and_told_who_holds_it(tmp_path):
    pty = port.Pty(str(tmp_path / "tty"))
    try:
        first = port.open_url(pty.path, timeout=0.02)
        with pytest.raises(port.PortBusy) as e:
            port.open_url(pty.path, timeout=0.02)
        assert "busy: pid %d (" % os.getpid() in str(e.value)  # the lock file says who
        first.close()
        again = port.open_url(pty.path, timeout=0.02)  # released with the close
        again.close()
    finally:
        pty.close()


def test_two_serves_on_one_port_the_second_is_refused_naming_the_first(tmp_path):
    with VirtualRig(clip_ms=0, link=str(tmp_path / "tty")) as rig:
        a = subprocess.Popen(serve_cmd(rig.path), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        b = None
        try:
            ca = ConsoleFollower(a.stdout)
            ca.wait_for("ready: the game can start")
            b = subprocess.Popen(serve_cmd(rig.path), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            cb = ConsoleFollower(b.stdout)
            i = cb.wait_for("busy:")
            line = cb.lines[i]
            assert "pid %d" % a.pid in line and "serve" in line, line
            assert not any("CFX/1" in x for x in cb.lines)  # it never spoke with the rig
            assert b.wait(30) == 2  # refused at once, not waiting for the port (exit 2)
            hellos = rig.core.heard.count(("hello?",))
            mark = len(ca.lines)
            rig.switch(True)
            ca.wait_for("switch ON", timeout=10, start=mark)
            assert rig.core.heard.count(("hello?",)) == hellos  # one host only asks
        finally:
            for p in (a, b):
                if p is not None and p.poll() is None:
                    p.terminate()
                    p.wait(10)


def test_a_rig_that_stops_reading_never_blocks_the_write(tmp_path):
    pty = port.Pty(str(tmp_path / "tty"))  # nobody reads its master
    line = port.open_url(pty.path, timeout=0.02, deadline_ms=300)
    try:
        t0 = time.monotonic()
        with pytest.raises(port.Stalled) as e:
            while time.monotonic() - t0 < 10:
                line.write(b"PING*10\n" * 512)  # 4 KB a write
                line.read(1)
        took = time.monotonic() - t0
        assert took < 3, took  # the deadline, not a blocked write
        assert "stopped reading" in str(e.value)
        assert port.vanished(e.value)  # the serve loop takes it as a port gone
        assert line.pending() == 0
        assert line.write(b"PING*10\n") == 8  # emptied: it goes again
        assert b"PING*10" in pty.read(1.0)
    finally:
        line.close()
        pty.close()


def test_serve_goes_on_turning_while_the_rig_stops_reading_then_resyncs(tmp_path):
    """A real pty whose rig end stops reading: the loop keeps reading and
    running its timers, says the rig is gone, and the link comes back when
    the rig reads again."""
    pty = port.Pty(str(tmp_path / "tty"), blocking=False)
    news = []
    host = build_host(seed=1, audio="none", write=news.append)
    turns = [0]
    step = host.step

    def counted(now):
        turns[0] += 1
        return step(now)

    host.step = counted
    loop = Serve(pty.path, host)
    t = threading.Thread(target=loop.run, daemon=True)
    t.start()
    try:

        def answer():  # the rig's side: take what came, answer HELLO? and STATE?
            data = pty.read(0.05)
            if b"HELLO?" in data:
                pty.write(wire.frame(wire.hello_line("test-rig", ("pads", "buttons", "switch", "debounced"))))
            if b"STATE?" in data:
                pty.write(wire.frame(wire.state_line(False, 4400, (), ())))
            return host.link == UP

        wait_until(answer, 10, "the link up")
        loop.call(lambda h: h.send_raw(b"x" * 40000 + b"\n"))  # more than the pty holds: nobody reads
        t0 = time.monotonic()
        wait_until(lambda: any("rig gone" in n for n in news), 10, "rig gone")
        gone_after = time.monotonic() - t0
        before = turns[0]
        wait_until(lambda: turns[0] > before + 20, 5, "the loop turning")  # never blocked in a write
        wait_until(answer, 15, "the link up again")
        assert any("is back" in n for n in news) and "ready: the game goes on" in news[-1]
        assert gone_after < 5
    finally:
        loop.running = False
        t.join(5)
        pty.close()


def test_a_link_left_by_a_killed_rig_never_leads_to_another_programs_pty(tmp_path):
    link = str(tmp_path / "tty")
    rig = subprocess.Popen([sys.executable, "-m", "hal.cli", "rig", "--link", link, "--quiet"],
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)  # fmt: skip
    try:
        ConsoleFollower(rig.stdout).wait_for("rig on")
        target = os.path.realpath(link)
    finally:
        rig.kill()  # kill -9: its link stays
        rig.wait(10)
    assert os.path.islink(link)
    assert port.stale_link(link) is not None  # its pty is gone
    with pytest.raises(port.PortError):
        port.open_url(link, timeout=0.02)
    # Another program opens ptys until one gets the dead rig's number.
    others = []
    try:
        for _ in range(64):
            other = port.Pty(str(tmp_path / ("other%d" % len(others))))
            others.append(other)
            if os.path.realpath(other.path) == target:
                break
        else:
            pytest.skip("no new pty got the number %s" % target)
        assert os.path.realpath(link) == target  # the stale link leads to the other program's pty...
        with pytest.raises(port.PortError) as e:
            port.open_url(link, timeout=0.02)  # ...and is refused: no HELLO? goes into it
        assert "newer pty than the link" in str(e.value)
        assert others[-1].read(0.2) == b""
    finally:
        for o in others:
            o.close()


def test_a_pty_that_gets_a_dead_links_number_at_once_is_newer_than_the_link(tmp_path):
    """Files are stamped by a coarse clock (a tick is a few ms): a link and a
    pty made within one tick have the same stamp. A pty that takes a dead
    link's number at once, in the link's tick, is still seen as newer."""
    link = str(tmp_path / "tty")
    reused = 0
    for k in range(20):
        dead = port.Pty(link)
        target = os.path.realpath(link)
        os.close(dead.master)  # its program killed: the link stays
        os.close(dead.slave)
        other = port.Pty(str(tmp_path / ("other%d" % k)))
        try:
            if os.path.realpath(other.path) == target:
                reused += 1
                assert port.stale_link(link) is not None, "try %d: %s taken for the link's own" % (k, target)
        finally:
            other.close()
    if not reused:
        pytest.skip("no new pty got a dead link's number")


def test_a_lock_folder_that_cannot_be_written_still_opens_the_port_exclusively(tmp_path, monkeypatch):
    import tempfile

    blocked = tmp_path / "not-a-folder"
    blocked.write_text("")  # a file where the lock folder would go
    monkeypatch.setattr(tempfile, "gettempdir", lambda: str(blocked))
    pty = port.Pty(str(tmp_path / "tty"))
    try:
        with port.open_url(pty.path, timeout=0.02):
            with pytest.raises(port.PortBusy):  # pyserial's flock on the device
                port.open_url(pty.path, timeout=0.02)
    finally:
        pty.close()
