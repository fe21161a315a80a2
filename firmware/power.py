"""Power rules that need no table: the idle sleep and the batteries
(RULES.md, Power). Times in integer milliseconds from the events."""

IDLE_MS = 900000  # 15 minutes without a press: the board sleeps
LOW_MV = 3600  # below: "the batteries are low"
EMPTY_MV = 3300  # below: "the batteries are empty", and off
WARN_EVERY_MS = 600000  # the low warning again every 10 minutes
CLEAR_READINGS = 2  # readings in a row at or above LOW_MV that clear "low"


class BatteryWatch:
    """Turns readings into "empty", "low" (warn now) or None, with hysteresis."""

    def __init__(self):
        self.low = False
        self._good = 0
        self._next_warn = 0

    def reading(self, millivolts, now_ms):
        if millivolts < EMPTY_MV:
            return "empty"
        if millivolts < LOW_MV:
            self._good = 0
            if not self.low or now_ms >= self._next_warn:
                self.low = True
                self._next_warn = now_ms + WARN_EVERY_MS
                return "low"
            return None
        if self.low:
            self._good += 1
            if self._good >= CLEAR_READINGS:
                self.low = False
                self._good = 0
        return None

    def state(self):
        """All the next readings' verdicts depend on: a reading that says
        nothing and leaves it as it was changed nothing (hal.runner leaves
        such a reading out of the trace; Narrator.battery)."""
        return (self.low, self._good, self._next_warn)
