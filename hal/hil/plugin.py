"""pytest plugin for hardware-in-the-loop tests of a CFX/1 rig (registered
through the `pytest11` entry point as `clue_fx`).

    python -m pytest tests/hil                                  # the virtual rig, on a pty
    python -m pytest tests/hil --rig-port /dev/ttyACM0          # a real rig
    python -m pytest tests/hil --rig-port rfc2217://lab:4001    # a rig on another machine

The same tests run unchanged on both. The host (hal.cfx.host's Host and its
loop, hal.cfx.serve) runs in the test process on the rig's port and writes a trace; the
fixture `cfx_rig` presses pads and buttons by asking the rig to act as if
touched (`TOUCH`, an extension of CFX/1 a rig announces with the feature
`touch`: docs/PROTOCOL-extensions.md). A real rig without it cannot be
pressed by software: the tests that press are skipped, with the reason, or,
with --rig-human, ask a person at the board to press (run with -s).
Every wait has a deadline; none is a bare sleep.

Installed, the plugin loads in every pytest run of the environment, so it
stays inert until asked for: it registers its options and the `hil` marker,
imports nothing of clue-fx at load (hal.cfx, serial, the firmware come in
only when a test asks for `cfx_rig`), and says nothing in the report header
unless --rig-port is given (tests/hil/test_plugin_inert.py).
"""

import threading
import time

import pytest

DEFAULT_TIMEOUT = 5.0


def pytest_addoption(parser):
    group = parser.getgroup("clue-fx", "clue-fx: hardware-in-the-loop tests of a CFX/1 rig")
    group.addoption(
        "--rig-port",
        metavar="URL",
        default=None,
        help="run the HIL tests against the real rig on this serial port or pyserial URL "
        "(default: the virtual rig on a pty)",
    )
    group.addoption(
        "--rig-human",
        action="store_true",
        help="a person presses what the tests ask, on a rig without the `touch` feature "
        "(run with -s; waits grow to 30 s)",
    )
    group.addoption("--rig-baud", type=int, default=115200, help="the rig's baud rate (default 115200)")
    group.addoption(
        "--rig-timeout",
        type=float,
        default=DEFAULT_TIMEOUT,
        help="seconds to wait for the rig or the narrator (default %s)" % DEFAULT_TIMEOUT,
    )


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "hil: a clue-fx hardware-in-the-loop test (the virtual rig, or the rig of --rig-port)"
    )


def pytest_report_header(config):
    port = config.getoption("--rig-port", None)
    if port is None:
        return None  # not asked for: the virtual rig starts only for a test that wants it
    return "clue-fx rig: %s" % port


class RigUnderTest:
    """What a HIL test holds: the rig, through the host that serves it."""

    def __init__(self, url, trace_path, *, baud, timeout, virtual, seed=1, ask=None):
        from hal import captions
        from hal.cfx.serve import Serve
        from hal.compose import serial_host
        from hal.console import Console
        from hal.trace import TraceFollower

        self.url = url
        self.virtual = virtual  # the VirtualRig, or None for a real rig
        self.ask = ask  # callable(text) asking a person to press, or None
        self.timeout = timeout
        self.console = []
        self._trace_file = open(trace_path, "w", encoding="utf-8")  # noqa: SIM115
        console = Console(captions.load("en"), self.console.append, stamp=True)
        # the rig's speaker: PLAY and STOP, its DONE heard
        self.host = serial_host(console, audio="rig", seed=seed, trace=self._trace_file)
        self.loop = Serve(url, self.host, baudrate=baud)
        self.trace = TraceFollower(trace_path)
        self._thread = threading.Thread(target=self.loop.run, name="clue-fx-serve", daemon=True)
        self._thread.start()

    # -- waits -------------------------------------------------------------------

    def wait(self, predicate, timeout=None, what="condition"):
        """Until predicate(host) is true; fails the test at the deadline."""
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while True:
            value = predicate(self.host)
            if value:
                return value
            if time.monotonic() > deadline:
                pytest.fail(
                    "%s not met within the deadline; the host said:\n%s" % (what, "\n".join(self.console[-20:]))
                )
            time.sleep(0.002)  # another thread's state: polled up to a deadline

    def wait_ready(self):
        from hal.cfx.link import UP

        self.wait(lambda h: h.link == UP, what="the rig's HELLO and STATE")

    def wait_say(self, key, start=0, timeout=None):
        """The Say `key` (a dict from the trace) at or after record `start`."""
        from hal.trace import Timeout

        try:
            return self.trace.wait_say(key, start=start, timeout=self.timeout if timeout is None else timeout)
        except Timeout as e:
            pytest.fail(str(e))

    def wait_play(self, start=0, timeout=None):
        """The clips of the first PLAY sent at or after index `start` of host.speaker.plays."""
        return self.wait(lambda h: h.speaker.plays[start:] and h.speaker.plays[start], timeout, "a PLAY to the rig")

    # -- the rig's inputs ------------------------------------------------------------

    @property
    def features(self):
        return self.host.features

    def _need(self, feature):
        if feature not in self.features:
            pytest.skip("the rig %s does not announce `%s`" % (self.host.rig_name, feature))

    def _touch(self, kind, ident, down, request):
        if "touch" not in self.features and self.ask is not None:
            self.ask(request)
            # a person's press: wait until the host has it, before the next request
            self.wait(lambda h: h.fed.get((kind, ident), False) == down, what=request)
            return
        self._need("touch")
        self.loop.call(lambda h: h.touch(kind, ident, down))

    def press_pad(self, pad):
        self._touch("PAD", pad, True, "put a pawn on %s and leave it there" % pad)

    def release_pad(self, pad):
        self._touch("PAD", pad, False, "lift the pawn off %s" % pad)

    def tap_pad(self, pad):
        self.press_pad(pad)
        self.release_pad(pad)

    def press_button(self, button):
        self._touch("BTN", button, True, "press %s (and hold it)" % button)
        self._touch("BTN", button, False, "let go of %s" % button)

    def switch(self, on):
        self._touch("SW", "", on, "turn the switch %s" % ("ON" if on else "OFF"))

    def send_raw(self, data):
        """Bytes from the host to the rig, as they are (noise, half lines)."""
        self.loop.call(lambda h: h.send_raw(data))

    def close(self):
        from hal.cfx.link import UP

        sw = ("SW", "")
        if self.host.link == UP and self.host.fed.get(sw) and ("touch" in self.features or self.ask):
            self.switch(False)  # the next test finds the board off, as it found it
            self.wait(lambda h: not h.fed.get(sw), what="the switch OFF at teardown")
        self.loop.running = False
        self._thread.join(5)
        self.host.board.close()
        self.trace.close()


@pytest.fixture
def cfx_rig(request, tmp_path):
    """The rig under test, served, its link up: the virtual rig on a pty, or
    --rig-port URL. See RigUnderTest for what it offers."""
    url = request.config.getoption("--rig-port")
    timeout = request.config.getoption("--rig-timeout")
    baud = request.config.getoption("--rig-baud")
    virtual = None
    ask = None
    if request.config.getoption("--rig-human") and url is not None:
        timeout = max(timeout, 30.0)
        reporter = request.config.pluginmanager.getplugin("terminalreporter")

        def ask(text):
            reporter.write_line("\n>>> at the board: %s" % text, bold=True)

    if url is None:
        from hal.cfx.virtual import VirtualRig

        virtual = VirtualRig(clip_ms=0).start()
        url = virtual.path
    rig = RigUnderTest(url, str(tmp_path / "hil-trace.jsonl"), baud=baud, timeout=timeout, virtual=virtual, ask=ask)
    try:
        rig.wait_ready()
        yield rig
    finally:
        rig.close()
        if virtual is not None:
            virtual.close()


@pytest.fixture
def cfx_trace(cfx_rig):
    """The trace of the game being played (a TraceFollower: .says(), .inputs())."""
    return cfx_rig.trace
