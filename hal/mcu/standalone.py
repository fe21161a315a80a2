"""The firmware on the board, talking by itself: the same desk as every
screen (hal.desk: the switch, the batteries, the schedule), with the
board's own parts handed in.

Each pass of the loop: read the inputs (debounced) -> events; the desk's
step: the speaker's progress -> AudioDone, a battery reading every 10 s
while the board is awake, a Tick every 100 ms; each event goes to
`Narrator.handle` with the clock's wrap-safe milliseconds, and its actions
go to the speaker (a Sink: Say and Sfx queue clips on the DFPlayer,
StopAudio cuts it). A sentence the card holds whole (the board's table,
hal/mcu/sentences.py, config.SENTENCES) is queued as its one track: no
start of the module's between its words; any other plays clip by clip. A
sentence said right after another, the one before not started yet, joins
it in one track where the card has the two back to back.

    from hal.mcu import standalone; standalone.main()
"""

from firmware.table import ASLEEP, OFF

from ..desk import Desk
from ..edges import event_of
from ..runner import Board
from ..schedule import Schedule
from ..sink import Sink

QUIET_POLL_MS = 100  # asleep or off, with nothing to play: the loop slows down


class SpeakerSink(Sink):
    """The DFPlayer's queue (hal.mcu.speaker.Speaker) with the computer's
    speaker's interface (hal.audio.AudioOut): a Sink of the board, `poll(now)`
    and `idle()` for the desk."""

    def __init__(self, speaker):
        self.speaker = speaker
        self.sentences = None  # the table of the sentences the card holds whole (hal.mcu.sentences.attach)

    def say(self, say, now_ms):
        if self.sentences is not None and self.sentences.say(say.clips):
            return  # queued as one track (with the sentence before it, or its own)
        self.speaker.queue(say.clips)

    def sfx(self, sfx, now_ms):
        if self.sentences is not None and self.sentences.say((sfx.clip,)):
            return  # one track with the sentence before it
        self.speaker.queue((sfx.clip,))

    def stop_audio(self, now_ms):
        self.speaker.stop(now_ms)

    def poll(self, now_ms):
        return self.speaker.poll(now_ms)

    def idle(self):
        return self.speaker.idle()


class Standalone:
    def __init__(self, devices, clock, seed=0, recorder=None):
        """`devices`: wiring.Devices (or the same parts); `clock`: a Clock.
        `recorder`: an object with `record(now, event, actions)` told of
        every event (a trace), or None."""
        c = devices.config
        self.inputs = devices.inputs
        self.speaker = SpeakerSink(devices.speaker)
        path = getattr(c, "SENTENCES", "sentences.bin")
        try:
            open(path).close()  # a board without the table imports no reader of it ("rb": one more name)
            from .sentences import attach

            attach(self.speaker, path)
        except OSError:
            pass
        self.clock = clock
        self.poll_ms = c.POLL_MS
        self.board = Board(seed, sinks=(self.speaker,), recorder=recorder)
        self.narrator = self.board.narrator
        schedule = Schedule(c.TICK_MS, c.BATTERY_EVERY_MS)  # the gauge says None on USB power: nothing is said
        self.desk = Desk(self.board, millivolts=None, gauge=devices.gauge, speaker=self.speaker, schedule=schedule)

    def step(self):
        """One pass of the loop; returns how long to wait before the next (ms)."""
        now = self.clock.now()
        for kind, name, down in self.inputs.poll(now):
            self.desk.feed(event_of(kind, name, down), now)
        self.desk.step(now)
        if self.narrator.state in (OFF, ASLEEP) and self.speaker.idle():
            return QUIET_POLL_MS
        return self.poll_ms


def new_seed():
    """A seed from the chip's random source, so each power-up plays a new game."""
    try:
        import os

        b = os.urandom(4)
        return b[0] | b[1] << 8 | b[2] << 16 | (b[3] & 0x3F) << 24
    except (ImportError, AttributeError, OSError):
        import time

        return time.ticks_us() & 0x3FFFFFFF


def main(seed=None):
    import time

    from .clock import Clock

    try:
        from .wiring import devices

        if seed is None:
            seed = new_seed()
        board = devices()
        clock = Clock(time.ticks_ms, time.ticks_diff)
        b = board.inputs.buttons
        if "REPEAT" in b.names and b.read() >> b.names.index("REPEAT") & 1:  # held at power-up: the self-test
            from . import selftest  # (only then: the game's heap holds none of it)

            board.start()
            selftest.main(board, clock)
            return
        program = Standalone(board, clock, seed)
        board.start()
    except Exception as e:  # noqa: BLE001 - whatever stops the start, the board says so with its LED
        from .boot import boot_error  # (only then: the game's heap holds none of it)

        boot_error(e)
        return
    print("clue-fx standalone, seed %d" % seed)  # on the USB console: `clue-fx replay` needs it
    while True:
        time.sleep_ms(program.step())
