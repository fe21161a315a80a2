"""The firmware on the board, talking by itself.

Each pass of the loop: read the inputs (debounced) -> events; a battery
reading every 10 s while ON; the speaker's progress -> AudioDone; a Tick
every 100 ms; each event goes to `Narrator.handle` with the clock's
wrap-safe milliseconds, and its actions are played: Say and Sfx queue clips
on the DFPlayer, StopAudio cuts it, PowerOff makes the board quiet.

    from hal.mcu import standalone; standalone.main()
"""

from firmware import Narrator
from firmware.actions import PowerOff, Say, Sfx, StopAudio
from firmware.events import AudioDone, Battery, ButtonDown, ButtonUp, PadDown, PadUp, Switch, Tick

QUIET_POLL_MS = 100  # asleep or off, with nothing to play: the loop slows down


class Standalone:
    def __init__(self, devices, clock, seed=0, on_feed=None):
        """`devices`: wiring.Devices (or the same parts); `clock`: a Clock.
        `on_feed(now, event, actions)`: called after every event (traces)."""
        self.narrator = Narrator(seed=seed)
        self.inputs = devices.inputs
        self.gauge = devices.gauge
        self.speaker = devices.speaker
        c = devices.config
        self.poll_ms = c.POLL_MS
        self.tick_ms = c.TICK_MS
        self.battery_every_ms = c.BATTERY_EVERY_MS
        self.no_battery_mv = getattr(c, "NO_BATTERY_MV", 1000)
        self.clock = clock
        self.on_feed = on_feed
        self.quiet = True  # off, or asleep after a PowerOff
        self._tick = Tick()
        self._done = AudioDone()
        self._next_tick = 0
        self._next_battery = -1  # -1: no readings (switch OFF, or asleep)

    def feed(self, event, now):
        out = self.narrator.handle(event, now)
        if self.on_feed is not None:
            self.on_feed(now, event, out)
        for action in out:
            kind = type(action)
            if kind is Say:
                self.speaker.queue(action.clips)
            elif kind is Sfx:
                self.speaker.queue((action.clip,))
            elif kind is StopAudio:
                self.speaker.stop(now)
            elif kind is PowerOff:
                self.quiet = True  # the last sentence still plays out
                self._next_battery = -1
        return out

    def step(self):
        """One pass of the loop; returns how long to wait before the next (ms)."""
        now = self.clock.now()
        for kind, name, down in self.inputs.poll(now):
            if kind == "PAD":
                event = PadDown(name) if down else PadUp(name)
            elif kind == "BTN":
                event = ButtonDown(name) if down else ButtonUp(name)
            else:
                event = Switch(down)
                self.quiet = not down
                self._next_battery = now if down else -1
            self.feed(event, now)
        if 0 <= self._next_battery <= now:
            self._next_battery = now + self.battery_every_ms
            mv = self.gauge.millivolts()
            if mv >= self.no_battery_mv:  # else on USB power, no batteries: nothing to say
                self.feed(Battery(mv), now)
        if self.speaker.poll(now):
            self.feed(self._done, now)
        if now >= self._next_tick:
            self._next_tick = now + self.tick_ms
            self.feed(self._tick, now)
        if self.quiet and self.speaker.idle():
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
    from .wiring import devices

    if seed is None:
        seed = new_seed()
    board = devices()
    program = Standalone(board, Clock(time.ticks_ms, time.ticks_diff), seed)
    board.start()
    print("clue-fx standalone, seed %d" % seed)  # on the USB console: `clue-fx replay` needs it
    while True:
        time.sleep_ms(program.step())
