"""A millisecond count that only goes up, from the port's wrapping ticks.

`time.ticks_ms()` wraps (every 2**30 ms, about 12.4 days, on the Pico and
the ESP32); `ticks_diff` gives the signed step between two readings across
the wrap as long as they are less than half a period apart. Adding those
steps gives the firmware a time that never jumps back, so the 15-minute
sleep holds across the wrap.
"""


class Clock:
    def __init__(self, ticks_ms, ticks_diff):
        """`ticks_ms`, `ticks_diff`: the port's functions (or a test's)."""
        self._ticks_ms = ticks_ms
        self._ticks_diff = ticks_diff
        self._last = ticks_ms()
        self._ms = 0

    def now(self):
        """Milliseconds since the clock was made. Read it at least once per
        half period of the ticks (days): the main loop does, many times a second."""
        t = self._ticks_ms()
        step = self._ticks_diff(t, self._last)
        if step > 0:
            self._ms += step
        self._last = t
        return self._ms
