"""hal/cfx/rig_core.py and virtual.py: the virtual rig's core (faults included)
and `clue-fx rig` as a process on a real pty; and the HIL suite run against
it as if it were a real rig (`--rig-port`)."""

import os
import pathlib
import subprocess
import sys
import time

import pytest
import serial

from hal.cfx import wire as cfx
from hal.cfx.keys import KEYS_HELP, Keys
from hal.cfx.rig_core import FEATURES, RigCore
from hal.cfx.virtual import VirtualRig
from tests.support.hil import ConsoleFollower

ROOT = pathlib.Path(__file__).resolve().parents[3]
pytestmark = pytest.mark.timeout(120)


def lines_of(core, checks="optional"):
    return cfx.LineReader(checks=checks).feed(core.take())


def test_boot_says_hello_and_answers_the_host():
    core = RigCore(name="bench-rig")
    core.boot(0)
    assert lines_of(core) == [("line", cfx.hello_line("bench-rig", FEATURES))]
    core.on_bytes(cfx.frame("STATE?") + cfx.frame("PING") + b"HELLO?\r\n", 0)
    got = [v for _, v in lines_of(core)]
    assert got == ["STATE OFF 4500 - -", "PONG", cfx.hello_line("bench-rig", FEATURES)]


def test_inputs_are_numbered_and_a_repeat_of_a_state_says_nothing():
    core = RigCore()
    core.boot(0)
    core.take()
    core.pad("ECURIE", True)
    core.pad("ECURIE", True)  # still down: nothing new
    core.button("YES", True)
    core.switch(True)
    assert [v for _, v in lines_of(core)] == ["0 PAD ECURIE DOWN", "1 BTN YES DOWN", "2 SW ON"]
    assert core.state_text() == "STATE ON 4500 ECURIE YES"


def test_play_is_played_clip_by_clip_then_done():
    core = RigCore(clip_ms=100, battery_every_ms=0)
    core.boot(0)
    core.take()
    core.on_bytes(cfx.frame("PLAY 3 4") + cfx.frame("PLAY 5"), 0)
    core.step(150)
    assert core.played == [3]
    core.step(300)
    assert core.played == [3, 4, 5]
    assert [v for _, v in lines_of(core)][-1] == "0 DONE"


def test_stop_empties_the_queue_and_no_done_follows():
    core = RigCore(clip_ms=100)
    core.boot(0)
    core.on_bytes(cfx.frame("PLAY 3 4"), 0)
    core.on_bytes(cfx.frame("STOP"), 50)
    core.take()
    core.step(1000)
    assert core.played == [] and not [v for _, v in lines_of(core) if "DONE" in v]


def test_bad_host_lines_are_answered_err():
    core = RigCore()
    core.boot(0)
    core.take()
    core.on_bytes(b"PLAY 1*00\nDANCE\n\xff\n" + b"P" * 210 + b"\n", 0)
    assert [v for _, v in lines_of(core)] == [
        "ERR checksum",
        "ERR unknown_command",
        "ERR bad_bytes",
        "ERR too_long",
    ]


def test_fault_rates_drop_corrupt_and_duplicate():
    for rates, check in [
        ({"drop": 1.0}, lambda got: got == []),
        ({"corrupt": 1.0}, lambda got: len(got) == 20 and all(g == ("error", "checksum") for g in got)),
        ({"duplicate": 1.0}, lambda got: len(got) == 40 and got[0] == got[1]),
    ]:
        core = RigCore(seed=4, **rates)
        for _ in range(10):
            core.pad("ECURIE", True)
            core.pad("ECURIE", False)
        got = lines_of(core, checks="required")
        assert check(got), (rates, got[:4])


def test_a_corrupted_line_never_passes_a_host_that_learnt_checksums():
    """The cause of the flaky monitor test: the corruption drew the byte it
    replaced (1 in 90) or hit the "*" (the line then has no checksum, which
    a fresh reader took). Every byte of every line, thousands of draws."""
    unchanged = 0
    for seed in range(3000):
        core = RigCore(seed=seed)
        core.corrupt_next = 1
        core.pad("ECURIE" if seed % 2 else "START_AZUR", True)
        data = core.take()
        want = cfx.frame(core.sent[-1])
        unchanged += data == want
        learnt = cfx.LineReader(checks="learn")
        assert learnt.feed(cfx.frame("PONG")) == [("line", "PONG")]
        assert learnt.feed(data) == [("error", "checksum")], (seed, data)
        assert len(data) == len(want) and data.endswith(b"\n") and data.count(b"*") <= 1
    assert unchanged == 0


def test_half_the_lines_dropped_at_a_seeded_rate_is_repeatable():
    def run():
        core = RigCore(seed=9, drop=0.5)
        for _ in range(50):
            core.button("YES", True)
            core.button("YES", False)
        return core.take()

    first = run()
    assert first == run()
    assert 20 < first.count(b"\n") < 80


def test_touch_acts_as_if_pressed_and_rigs_without_it_say_err():
    core = RigCore()
    core.on_bytes(cfx.frame("TOUCH PAD ECURIE DOWN"), 0)
    assert "ECURIE" in core.pads
    plain = RigCore(features=("pads",))
    plain.on_bytes(cfx.frame("TOUCH PAD ECURIE DOWN") + cfx.frame("PLAY 1"), 0)
    assert [v for _, v in lines_of(plain)] == ["ERR unknown_command", "ERR no_audio"]


def test_touch_names_only_the_boards_ids_and_the_wire_checks_their_shape():
    core = RigCore()
    core.on_bytes(cfx.frame("TOUCH PAD CUISINE DOWN") + cfx.frame("TOUCH BTN yes UP") + cfx.frame("TOUCH SW ON"), 0)
    assert core.errors == ["unknown_pad", "unknown_button"]
    assert core.switch_on and core.heard == [("touch", "SW", "", True)]


class _KeyedRig:
    """What Keys drives: a VirtualRig's face, with no thread and no line."""

    def __init__(self):
        self.core = RigCore()
        self.plugged = True
        self.done = []

    def do(self, fn):
        return fn(self.core)

    def switch(self, on):
        self.core.switch(on)

    def battery(self, mv):
        self.core.battery(mv)

    def reboot(self):
        self.done.append("reboot")

    def unplug(self):
        self.plugged = False

    def replug(self):
        self.plugged = True

    def mute(self, muted):
        self.core.muted = muted


def test_the_keys_of_clue_fx_rig_are_the_text_boards():
    rig = _KeyedRig()
    said = []
    keys = Keys(rig, said.append)
    for ch in "o7yS+B":
        assert keys.key(ch)
    assert [line for line in rig.core.sent if not line.startswith("HELLO")] == [
        "0 SW ON",
        "1 PAD GARAGE DOWN",
        "2 PAD GARAGE UP",
        "3 BTN YES DOWN",
        "4 BTN YES UP",
        "5 BTN STOP DOWN",  # upper case: the same key
        "6 BTN STOP UP",
        "7 BAT 4600",
    ]
    assert rig.done == ["reboot"]
    keys.key("U")
    keys.key("M")
    keys.key("U")
    keys.key("?")
    keys.key("q")
    assert said == ["[unplugged]", "[muted]", "[plugged in again]", KEYS_HELP, "['q' is not a key: ? for the keys]"]
    assert rig.plugged and rig.core.muted
    assert not keys.key("x")
    assert KEYS_HELP.startswith("keys: 1-9 the places  c l p z the START pads  s f r a y n w the buttons")


def test_virtual_rig_unplug_removes_its_path_and_replug_brings_it_back(tmp_path):
    link = str(tmp_path / "rig")
    with VirtualRig(link=link) as rig:
        port = serial.serial_for_url(link, timeout=0.05)
        reader = cfx.LineReader()
        port.write(cfx.frame("PING"))
        deadline = time.monotonic() + 5
        got = []
        while ("line", "PONG") not in got and time.monotonic() < deadline:
            got += reader.feed(port.read(64))
        assert ("line", "PONG") in got
        rig.unplug()
        assert not os.path.lexists(link)
        with pytest.raises(serial.SerialException):
            for _ in range(100):  # the next read or write finds the port gone
                port.write(b"PING\n")
                port.read(1)
        port.close()
        rig.replug()
        assert os.path.lexists(link)
        port = serial.serial_for_url(link, timeout=0.05)
        port.write(cfx.frame("HELLO?"))
        got = []
        reader = cfx.LineReader()
        deadline = time.monotonic() + 5
        while not any(v.startswith("HELLO") for _, v in got) and time.monotonic() < deadline:
            got += reader.feed(port.read(64))
        assert any(v.startswith("HELLO virtual-rig") for _, v in got)
        port.close()


def _rig_process(link, *extra):
    cmd = [sys.executable, "-m", "hal.cli", "rig", "--link", link, "--quiet", *extra]
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    console = ConsoleFollower(proc.stdout)
    console.wait_for("rig on %s" % link)
    return proc, console


def test_clue_fx_rig_prints_its_pty_and_keys_press_the_board(tmp_path):
    link = str(tmp_path / "rig")
    proc, _ = _rig_process(link)
    try:
        port = serial.serial_for_url(link, timeout=0.05)
        proc.stdin.write("o7")  # the switch, then the 7th place of the ring
        proc.stdin.flush()
        reader = cfx.LineReader()
        got = []
        deadline = time.monotonic() + 5
        while len([1 for _, v in got if v[:1].isdigit() and "BAT" not in v]) < 3:
            assert time.monotonic() < deadline, got
            got += reader.feed(port.read(64))
        events = [v.split(" ", 1)[1] for _, v in got if v[:1].isdigit() and "BAT" not in v]
        assert events == ["SW ON", "PAD GARAGE DOWN", "PAD GARAGE UP"]
        port.close()
        proc.stdin.write("x")
        proc.stdin.flush()
        assert proc.wait(10) == 0
        assert not os.path.lexists(link)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_clue_fx_rig_refuses_a_bad_rate():
    out = subprocess.run(
        [sys.executable, "-m", "hal.cli", "rig", "--drop", "2"], capture_output=True, text=True, check=False
    )
    assert out.returncode == 2
    assert "a rate is a number from 0 to 1" in out.stderr


@pytest.mark.slow  # the whole hil suite in a subprocess: a long run (docs/testing.md, the quick lane)
def test_the_hil_suite_runs_unchanged_against_a_rig_named_by_rig_port(tmp_path):
    """The HIL suite against a rig process on a port, the way a real rig is
    tested (here `clue-fx rig` stands in for the microcontroller)."""
    link = str(tmp_path / "rig")
    proc, _ = _rig_process(link, "--clip-ms", "0")
    try:
        out = subprocess.run(
            [sys.executable, "-m", "pytest", "tests/hil", "-v", "-p", "no:cacheprovider", "--rig-port", link],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=100,
            check=False,
        )
        assert out.returncode == 0, out.stdout[-3000:]
        assert "clue-fx rig: %s" % link in out.stdout
        assert " passed" in out.stdout and "skipped" not in out.stdout
    finally:
        proc.terminate()
        proc.wait(10)


def test_the_rigs_battery_key_never_sends_a_reading_below_nothing():
    """`-` pressed 50 times once sent `0 BAT -100` onto the wire: the same one
    range as every board's batteries (hal.desk.clamp_mv)."""
    rig = _KeyedRig()
    keys = Keys(rig, [].append)
    for _ in range(50):
        keys.key("-")
    readings = [int(line.split()[2]) for line in rig.core.sent if " BAT " in line]
    assert len(readings) == 50 and min(readings) == 0 and readings[-1] == 0
