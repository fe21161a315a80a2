"""A rig on another machine: the virtual rig's pty shared over RFC2217 by
pyserial's own `serial.rfc2217.PortManager` on 127.0.0.1 (what ser2net or a
labgrid exporter does), and `clue-fx serve --port rfc2217://...` in another
process reaching it through the network."""

import socket
import subprocess
import sys
import threading

import pytest
import serial
import serial.rfc2217

from hal.cfx.virtual import VirtualRig
from hal.trace import TraceFollower
from tests.support.hil import ConsoleFollower, Player
from tests.support.waits import end_process

pytestmark = pytest.mark.timeout(120)


class PtyPort(serial.Serial):
    """A pty has no modem lines: setting DTR/RTS is a no-op, reading them
    says all low (the server would otherwise die on ENOTTY)."""

    def _update_dtr_state(self):
        pass

    def _update_rts_state(self):
        pass

    def _update_break_state(self):
        pass

    @property
    def cts(self):
        return False

    @property
    def dsr(self):
        return False

    @property
    def ri(self):
        return False

    @property
    def cd(self):
        return False


class _Writer:
    """What PortManager writes its telnet answers to."""

    def __init__(self, conn):
        self.write = conn.sendall


class Rfc2217Server:
    """pyserial's examples/rfc2217_server.py, cut down: one client at a time."""

    def __init__(self, device):
        self.port = PtyPort(device, timeout=0.05)
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(1)
        self.address = "127.0.0.1:%d" % self.sock.getsockname()[1]
        self.running = True
        self._net = None
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self):
        try:
            conn, _ = self.sock.accept()
        except OSError:
            return
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        manager = serial.rfc2217.PortManager(self.port, _Writer(conn))
        self._net = threading.Thread(target=self._to_net, args=(conn, manager), daemon=True)
        self._net.start()
        while self.running:
            try:
                data = conn.recv(1024)
            except OSError:
                break
            if not data:
                break
            self.port.write(b"".join(manager.filter(data)))
        conn.close()

    def _to_net(self, conn, manager):
        while self.running:
            try:
                data = self.port.read(self.port.in_waiting or 1)
                if data:
                    conn.sendall(b"".join(manager.escape(data)))
            except (OSError, serial.SerialException):
                break

    def close(self):
        self.running = False
        self.sock.close()
        if getattr(self, "_net", None) is not None:
            self._net.join(5)  # its read ends within the port's 50 ms timeout
        self.port.close()


def test_serve_reaches_a_rig_through_rfc2217(tmp_path):
    with VirtualRig(clip_ms=0, seed=2) as rig:
        server = Rfc2217Server(rig.path)
        trace_path = tmp_path / "rfc.jsonl"
        url = "rfc2217://%s?ign_set_control" % server.address
        cmd = [sys.executable, "-m", "hal.cli", "serve", "--port", url, "--audio", "rig", "--seed", "3",
               "--lang", "fr", "--trace", str(trace_path)]  # fmt: skip
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            console = ConsoleFollower(proc.stdout)
            console.wait_for("ready: the game can start", timeout=20)
            trace = TraceFollower(trace_path)
            rig.switch(True)
            trace.wait_say("power.greeting")
            Player(trace, rig.tap_pad, rig.press_button).play()
            assert trace.says()[-1]["key"] == "game.over"
            assert rig.wait(lambda c: c.plays and c.played, 5)
            trace.close()
        finally:
            proc.terminate()
            proc.wait(10)
            server.close()


def _free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def _wait_listening(port, timeout=10.0):
    import time

    deadline = time.monotonic() + timeout
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.02)  # ser2net is starting: poll its port up to the deadline


def test_serve_reaches_a_rig_shared_by_debian_ser2net(tmp_path):
    import os
    import shutil

    if shutil.which("ser2net") is None:
        pytest.skip("ser2net is not installed (apt install ser2net)")
    with VirtualRig(clip_ms=0, seed=2) as rig:
        port = _free_port()
        conf = tmp_path / "ser2net.yaml"
        conf.write_text(
            "connection: &rig\n"
            "  accepter: telnet(rfc2217),tcp,127.0.0.1,%d\n"
            "  enable: on\n"
            "  connector: serialdev,%s,115200n81,local\n" % (port, os.path.realpath(rig.path))
        )
        said = tmp_path / "ser2net.err"
        with open(said, "w") as err:
            daemon = subprocess.Popen(["ser2net", "-n", "-d", "-c", str(conf)], stdout=subprocess.DEVNULL,
                                      stderr=err)  # fmt: skip
        proc = None
        try:
            try:
                _wait_listening(port)
            except OSError:
                # gensio resolves its accepter with AI_ADDRCONFIG: a network namespace with only a loopback
                # (unshare -n) has no configured address, so ser2net refuses 127.0.0.1 itself
                if "Unable to find a valid name" in said.read_text():
                    pytest.skip("ser2net cannot resolve 127.0.0.1 here (no configured non-loopback address)")
                raise
            trace_path = tmp_path / "ser2net.jsonl"
            url = "rfc2217://127.0.0.1:%d?ign_set_control" % port
            cmd = [sys.executable, "-m", "hal.cli", "serve", "--port", url, "--audio", "rig", "--seed", "4",
                   "--lang", "en", "--trace", str(trace_path)]  # fmt: skip
            proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            console = ConsoleFollower(proc.stdout)
            console.wait_for("ready: the game can start", timeout=20)
            trace = TraceFollower(trace_path)
            rig.switch(True)
            trace.wait_say("rollcall.ask")
            n = len(trace.records)
            rig.press_button("YES")
            assert trace.wait_say("rollcall.ask", start=n)["args"]["guest"] == "LAVANDE"
            assert rig.wait(lambda c: len(c.plays) >= 2, 5)
            trace.close()
        finally:
            if proc is not None:
                proc.terminate()
                proc.wait(10)
            end_process(daemon)  # ser2net with no accepter can take longer than 10 s to heed SIGTERM
