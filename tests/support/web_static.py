"""A plain static web server for the offline app's tests and bench:
python -m http.server serving a folder on loopback (nothing of ours runs on
the server).

    server = Static(folder); server.url; server.stop()
"""

import socket
import subprocess
import sys
import time


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Static:
    """python -m http.server serving `folder` on loopback."""

    def __init__(self, folder):
        self.port = free_port()
        self.url = "http://127.0.0.1:%d/" % self.port
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "http.server", str(self.port), "--bind", "127.0.0.1", "-d", str(folder)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), 0.2).close()
                return
            except OSError:
                if time.monotonic() > deadline or self.proc.poll() is not None:
                    self.stop()
                    raise AssertionError("the static server did not start") from None
                time.sleep(0.02)  # polling a port that opens

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)
