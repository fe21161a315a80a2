"""A fake `time` for MicroPython tests: ticks that wrap like a Pico's
(every 2**30 ms), and sleeps that only move the fake clock forward.

The same arithmetic as MicroPython's ticks_diff: the signed step, taken
modulo the period, in -PERIOD/2 .. PERIOD/2 - 1.

Kept small on purpose (it sits in the test board's heap): set_ms, now_ms,
advance for the tests; ticks_ms, ticks_us, ticks_add, ticks_diff, sleep_ms
for the code under test.
"""

PERIOD = 1 << 30
_ms = 0  # the fake time in ms since the fake epoch; never wraps


def set_ms(ms):
    global _ms
    _ms = ms


def now_ms():
    return _ms


def sleep_ms(ms):
    global _ms
    _ms += ms


advance = sleep_ms  # the tests' name for it: the fake clock moves on by `ms`


def ticks_ms():
    return _ms % PERIOD


def ticks_us():
    return _ms * 1000 % PERIOD


def ticks_add(ticks, delta):
    return (ticks + delta) % PERIOD


def ticks_diff(a, b):
    return (a - b + (PERIOD >> 1)) % PERIOD - (PERIOD >> 1)
