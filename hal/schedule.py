"""The schedule of the periodic `Tick` and the battery readings a board
sends the firmware (RULES.md, Power: a reading at least every 10 s;
DESIGN.md: timers are data, the loop sends Tick). The desk (hal.desk)
keeps one for every screen, the serial host's too.

    schedule = Schedule()
    if schedule.battery_due(now_ms): board.feed(Battery(mv), now_ms)
    if schedule.tick_due(now_ms): board.feed(Tick(), now_ms)
    schedule.read_battery_now()                       # switch ON, gauge moved
    schedule.tick_now()                               # a rig's link came up
"""

from firmware import events

TICK_MS = 100
BATTERY_EVERY_MS = 10000


class Schedule:
    def __init__(self, tick_ms=TICK_MS, battery_every_ms=BATTERY_EVERY_MS):
        self.tick_ms = tick_ms
        self.battery_every_ms = battery_every_ms
        self.next_tick = 0
        self.next_battery = 0
        self.tick = events.Tick()  # the one Tick event, fed each time

    def read_battery_now(self):
        """The next `battery_due` says yes (the switch went ON, the gauge moved)."""
        self.next_battery = 0

    def tick_now(self):
        """The next `tick_due` says yes (a rig's link came up: the first Tick at once)."""
        self.next_tick = 0

    def battery_due(self, now_ms):
        """Whether a battery reading is due at `now_ms` (then the next is set)."""
        if now_ms < self.next_battery:
            return False
        self.next_battery = now_ms + self.battery_every_ms
        return True

    def tick_due(self, now_ms):
        """Whether a Tick is due at `now_ms` (then the next is set)."""
        if now_ms < self.next_tick:
            return False
        self.next_tick = now_ms + self.tick_ms
        return True

    def wait_ms(self, now_ms):
        """How long until the next Tick is due (a loop's longest sleep)."""
        return max(0, self.next_tick - now_ms)
