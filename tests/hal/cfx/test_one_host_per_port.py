"""One host per port (PROTOCOL.md): a second `clue-fx serve` on a port that a
first one holds is refused at once, in one line naming the holder, exit 2."""

import os
import subprocess
import sys
import time

import pytest

from hal.cfx.line import _lock_path
from hal.cfx.port import Pty


def _wait_for(predicate, deadline_s=20):
    end = time.monotonic() + deadline_s
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.05)
    return False


def test_a_second_serve_on_the_same_port_is_refused(tmp_path):
    pytest.importorskip("serial")
    link = str(tmp_path / "rig")
    pty = Pty(link)
    lock = _lock_path(os.path.realpath(link))
    try:
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        first = subprocess.Popen(
            [sys.executable, "-m", "hal.cli", "serve", "--port", link, "--audio", "none", "--lang", "en"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
        )
        try:
            def held():  # the first serve has the port: its pid is in the lock file
                try:
                    with open(lock, encoding="utf-8") as f:
                        return f.read().startswith("%d " % first.pid)
                except OSError:
                    return False

            assert _wait_for(held), "the first serve never took the port"
            second = subprocess.run(
                [sys.executable, "-m", "hal.cli", "serve", "--port", link, "--audio", "none", "--lang", "en"],
                capture_output=True, text=True, env=env, timeout=60,
            )
            assert second.returncode == 2, (second.stdout, second.stderr)
            said = (second.stdout + second.stderr).strip().splitlines()
            assert any("busy" in line and str(first.pid) in line for line in said), said
            assert "Traceback" not in second.stderr
        finally:
            first.terminate()
            first.wait(timeout=30)
    finally:
        pty.close()
