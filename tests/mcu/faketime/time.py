"""A fake `time` for MicroPython tests: ticks that wrap like a Pico's
(every 2**30 ms), and sleeps that only move the fake clock forward.

The same arithmetic as MicroPython's ticks_diff: the signed step, taken
modulo the period, in -PERIOD/2 .. PERIOD/2 - 1.
"""

PERIOD = 1 << 30
_HALF = PERIOD >> 1
_state = [0]  # the fake time in ms since the fake epoch; never wraps


def set_ms(ms):
    _state[0] = ms


def now_ms():
    return _state[0]


def advance(ms):
    _state[0] += ms


def ticks_ms():
    return _state[0] % PERIOD


def ticks_us():
    return (_state[0] * 1000) % PERIOD


def ticks_add(ticks, delta):
    return (ticks + delta) % PERIOD


def ticks_diff(a, b):
    return ((a - b + _HALF) % PERIOD) - _HALF


def sleep_ms(ms):
    _state[0] += ms


def sleep_us(us):
    _state[0] += us // 1000


def sleep(s):
    _state[0] += int(s * 1000)


def time():
    return _state[0] // 1000
