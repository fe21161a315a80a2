"""The CFX/1 host and rig for tests: a Game joined in memory (hal.cfx.host
and hal.cfx.rig_core), a `clue-fx serve` subprocess on a pty (Served), the
malformed lines both sides must survive, a lowered file limit."""

import io
import subprocess
import sys

from firmware.actions import Say
from firmware.events import AudioDone, Battery, Tick
from hal.cfx.rig_core import FEATURES, RigCore
from hal.trace import TraceFollower, read
from tests.support.hil import ConsoleFollower
from tests.support.link import MemoryLink, build_host
from tests.support.waits import end_process

# Rig lines the host cannot take, and the reason it answers (ERR <reason>).
MALFORMED_RIG_LINES = [
    ("7 PAD CUISINE DOWN", "unknown_pad"),
    ("7 BTN HELP DOWN", "unknown_button"),
    ("7 PAD ECURIE SIDEWAYS", "bad_args"),
    ("7 PAD ECURIE", "bad_args"),
    ("7 PAD ECURIE DOWN NOW", "bad_args"),
    ("1000 SW ON", "bad_seq"),
    ("7 SW MAYBE", "bad_args"),
    ("7 BAT -5", "bad_number"),
    ("7 BAT lots", "bad_number"),
    ("7 JUMP", "unknown_event"),
    ("7", "bad_args"),
    ("7  PAD ECURIE DOWN", "unknown_event"),
    ("HELLO", "bad_args"),
    ("HELLO rig XYZ/1 pads", "bad_proto"),
    ("STATE ON 4410 ECURIE", "bad_args"),
    ("STATE ON 4410 CUISINE -", "unknown_pad"),
    ("PONG PONG", "bad_args"),
    ("hello rig CFX/1 -", "unknown_command"),
    ("", "unknown_command"),
]


class Served:
    """A `clue-fx serve` process on `port`, its console and trace followed."""

    def __init__(self, port, tmp_path, *extra, seed=5):
        self.trace_path = tmp_path / "serve.jsonl"
        cmd = [sys.executable, "-m", "hal.cli", "serve", "--port", port, "--audio", "rig",
               "--seed", str(seed), "--lang", "en", "--trace", str(self.trace_path), *extra]  # fmt: skip
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.console = ConsoleFollower(self.proc.stdout)
        self.trace = TraceFollower(self.trace_path)

    def stop(self):
        end_process(self.proc)
        self.trace.close()


LIMITED = (
    "import resource, runpy, sys; n = int(sys.argv.pop(1)); resource.setrlimit(resource.RLIMIT_FSIZE, (n, n)); "
    "runpy.run_module('hal.cli', run_name='__main__', alter_sys=True)"
)


def with_file_limit(n):
    """The command line of clue-fx with `ulimit -f` of n bytes (RLIMIT_FSIZE, set in the child itself)."""
    return [sys.executable, "-c", LIMITED, str(n)]


class Game:
    """A host and a rig in memory, the trace and the console kept."""

    def __init__(self, features=FEATURES, audio="rig", seed=1, audio_out=None, *, verbose=0, quiet=False, **rig):
        self.trace = io.StringIO()
        self.console = []
        self.host = build_host(
            seed=seed,
            lang="en",
            audio=audio,
            trace=self.trace,
            write=self.console.append,
            speaker=audio_out,
            verbose=verbose,
            quiet=quiet,
        )
        self.rig = RigCore(features=features, **rig)
        self.link = MemoryLink(self.host, self.rig)
        self.link.connect()

    def records(self):
        return read(io.StringIO(self.trace.getvalue()))[1]

    def inputs(self, every=False):
        """What the firmware was told: presses and the switch (`every`: also
        Battery and AudioDone)."""
        skip = (Tick,) if every else (Tick, Battery, AudioDone)
        return [e for _, k, e in self.records() if k == "in" and type(e) not in skip]

    def says(self):
        return [a.key for _, k, a in self.records() if k == "out" and type(a) is Say]

    def do(self, *steps):
        """Rig actions: ("pad", id, down), ("btn", id) a press and release, ("sw", on)."""
        for s in steps:
            if s[0] == "pad":
                self.rig.pad(s[1], s[2])
            elif s[0] == "btn":
                self.rig.button(s[1], True)
                self.link.settle()
                self.rig.button(s[1], False)
            elif s[0] == "sw":
                self.rig.switch(s[1])
            self.link.settle()
            self.link.advance(100)

    def to_first_turn(self):
        self.do(("sw", True), ("btn", "YES"), ("btn", "YES"), ("btn", "NO"), ("btn", "NO"))
        assert self.says()[-1] == "turn.call"
        assert self.host.board.narrator.state == "move"


def count(items, thing):
    return sum(1 for x in items if x == thing)
