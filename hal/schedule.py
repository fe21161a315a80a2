"""The desktop schedule: the periodic `Tick` and the battery readings every
board kind on a computer sends the firmware (RULES.md, Power: a reading at
least every 10 s; DESIGN.md: timers are data, the loop sends Tick).

    schedule = Schedule()
    for event in schedule.due(now_ms, millivolts):   # each turn of a loop
        board.feed(event, now_ms)
    schedule.read_battery_now()                       # switch ON, gauge moved

`millivolts` None means no reading is due from this board (the switch is
OFF, or a rig reports its own batteries): only Ticks come.
"""

from firmware import events

from .edges import battery

TICK_MS = 100
BATTERY_EVERY_MS = 10000


class Schedule:
    def __init__(self, tick_ms=TICK_MS, battery_every_ms=BATTERY_EVERY_MS):
        self.tick_ms = tick_ms
        self.battery_every_ms = battery_every_ms
        self.next_tick = 0
        self.next_battery = 0
        self._tick = events.Tick()

    def read_battery_now(self):
        """The next `due` brings a reading (the switch went ON, the gauge moved)."""
        self.next_battery = 0

    def due(self, now_ms, millivolts=None):
        """The events due at `now_ms`, in order: a Battery reading, then a Tick."""
        out = []
        if millivolts is not None and now_ms >= self.next_battery:
            self.next_battery = now_ms + self.battery_every_ms
            out.append(battery(millivolts))
        if now_ms >= self.next_tick:
            self.next_tick = now_ms + self.tick_ms
            out.append(self._tick)
        return out

    def wait_ms(self, now_ms):
        """How long until the next Tick is due (a loop's longest sleep)."""
        return max(0, self.next_tick - now_ms)
