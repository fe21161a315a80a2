"""The sink: the one interface through which a board presents what the
firmware did. `hal.runner.Board` hands each burst of actions to its sinks in
order; every presenter (the window, a console, the speaker, the card table)
is a Sink and overrides only the hooks it cares about.

    class Log(Sink):
        def say(self, say, now_ms): print(say.key)

    Board(seed, sinks=[speaker, window, Log()])

`present` is the one place that reads actions: a new kind of action is
added here, once, and every sink that wants it overrides one hook.
"""

from firmware.actions import PowerOff, Say, Sfx, StopAudio


class Sink:
    def present(self, actions, now_ms):
        """One burst of actions, all caused by one event at `now_ms`."""
        for a in actions:
            cls = type(a)
            if cls is Say:
                self.say(a, now_ms)
            elif cls is Sfx:
                self.sfx(a, now_ms)
            elif cls is StopAudio:
                self.stop_audio(now_ms)
            elif cls is PowerOff:
                self.power_off(a.reason, now_ms)
        self.burst_end(now_ms)

    def say(self, say, now_ms):
        """A sentence: `say.key`, `say.args`, `say.clips`."""

    def sfx(self, sfx, now_ms):
        """A place's sound: `sfx.place`, `sfx.clip`."""

    def stop_audio(self, now_ms):
        """Cut whatever is playing."""

    def power_off(self, reason, now_ms):
        """The board went dark: "switch", "idle" or "battery"."""

    def burst_end(self, now_ms):
        """After the last action of a burst."""

