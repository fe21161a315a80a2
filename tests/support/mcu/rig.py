"""A whole game between a rig board and `clue-fx serve`: the scripted
presses written to the fakes' control file one at a time, serve's trace read
as it grows, the frames the board sent its DFPlayer. The unix port's rig
(tests/hal/mcu/test_rig.py) and the emulated board's (test_qemu_rig.py) play
it alike."""

import io

from firmware.actions import Say, Sfx
from firmware.events import AudioDone, ButtonDown, ButtonUp, PadDown, PadUp, Switch
from hal.trace import read, replay
from tests.support.mcu import harness
from tests.support.mcu.dfplayer import checksum_ok, df_frame
from tests.support.waits import wait_until

WAIT_S = 20  # the longest any one step of the game may take


def wait_for(what, predicate, timeout=WAIT_S):
    return wait_until(predicate, timeout, what)


def complete_lines(path):
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        return ""
    return text[: text.rfind("\n") + 1]


class Trace:
    """serve's trace, read as it grows: `records()` parses only the new lines."""

    def __init__(self, path):
        self.path = path
        self._at = 0
        self._records = []

    def records(self):
        try:
            with open(self.path, encoding="utf-8") as f:
                f.seek(self._at)
                text = f.read()
        except FileNotFoundError:
            return []
        text = text[: text.rfind("\n") + 1]
        if text:
            if self._at == 0:
                self._records = read(io.StringIO(text))[1]
            else:
                self._records.extend(read(io.StringIO('{"trace": "cfx/1", "seed": 0}\n' + text))[1])
            self._at += len(text.encode("utf-8"))
        return self._records


def quiet(recs):
    """No clip said since the rig's last DONE."""
    for _, way, obj in reversed(recs):
        if way == "in" and type(obj) is AudioDone:
            return True
        if way == "out" and type(obj) in (Say, Sfx):
            return False
    return True


def frames(uart):
    """The frames the board sent its DFPlayer (the fake UART's log)."""
    return [bytes.fromhex(x) for x in complete_lines(uart).split()]


def expected_event(line):
    words = line.split()
    if words[0] == "pad":
        return (PadDown if words[2] == "1" else PadUp)(words[1])
    if words[0] == "button":
        return (ButtonDown if words[2] == "1" else ButtonUp)(words[1])
    if words[0] == "switch":
        return Switch(words[1] == "1")
    raise AssertionError(line)


def play_the_scripted_game(rig_and_serve, ready_s=WAIT_S):
    """The scripted whole game, each step written to the rig's control file
    once the host has taken the one before; then the checks: a verdict,
    the host's firmware replayed identical, every clip on the DFPlayer.
    Returns the trace's records. The unix port's rig and the emulated
    board's (test_qemu_rig.py) play it alike."""
    _, serve, control, uart, trace, console = rig_and_serve
    wait_for("serve to find the rig", lambda: "ready" in console.read_text(), timeout=ready_s)
    assert "pico-board" in console.read_text()
    trace_reader = Trace(trace)
    plan = harness.plan_game(seed=7, bench_extras=False)
    for _, line in plan["steps"]:
        want = expected_event(line)
        if line.endswith(" 1"):  # a player waits for Edmond to finish (the rig's DONE)
            wait_for("DONE from the rig", lambda: quiet(trace_reader.records()))
        before = sum(1 for _, way, obj in trace_reader.records() if way == "in" and obj == want)
        with open(control, "a") as f:
            f.write(line + "\n")
        wait_for(
            "%r in serve's trace" % (want,),
            lambda want=want, before=before: (
                sum(1 for _, way, obj in trace_reader.records() if way == "in" and obj == want) > before
            ),
        )
    wait_for("DONE after the last sentence", lambda: quiet(trace_reader.records()))
    recs = trace_reader.records()
    keys = [obj.key for _, way, obj in recs if way == "out" and type(obj) is Say]
    assert "accuse.right" in keys and "game.over" in keys and keys.count("turn.call") >= 6
    assert replay(7, recs) is None  # the host's firmware, replayed: the same
    assert serve.poll() is None, console.read_text()

    clips = harness.clips_said(recs)
    expected = [df_frame(0x06, 22)]  # each play asks for an ACK; a stop follows each track that ended by itself
    for c in clips:
        expected += [df_frame(0x0F, 1 << 8 | c, 1), df_frame(0x16, 0)]
    wait_for("every clip on the DFPlayer", lambda: len(frames(uart)) >= len(expected))
    got = frames(uart)
    assert got == expected
    assert all(checksum_ok(f) for f in got)
    return recs
