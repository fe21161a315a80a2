"""A fake `machine` module for running hal/mcu under the unix `micropython`
(put this folder first on MICROPYPATH). Behind the buses sits one WORLD:
I2C(...), ADC(...) and UART(...) all hand it back (their settings are
ignored), and it answers each bus's calls itself:

- I2C answers like MPR121s at 0x5A and 0x5B: a register file with the chip's
  reset values, soft reset, run/stop mode, touch status, filtered data and
  baselines computed from the electrodes touched;
- Pins read the buttons and the switch (1 = open, pull-up), ADC the battery
  through the divider of config.py;
- UART has a DFPlayer Mini behind it: it says READY (0x3F) 300 ms after it
  is first asked, records every byte written, checks each frame, "plays" a
  clip for WORLD.clip_ms and then answers 0x3D (twice, like the real module,
  when WORLD.echo is set).

WORLD.apply("pad ECURIE 1" | "button YES 0" | "switch 1" | "battery 4400")
moves things by name (through hal/mcu/config.py). With the environment
variable CFX_FAKE_CONTROL naming a file, lines appended to it are applied as
they arrive (a test in another process drives the board); with
CFX_FAKE_UART_LOG, every frame sent to the DFPlayer is appended to that file
in hex, one frame a line; CFX_FAKE_TOUCH_NOISE: +/- that much noise on the
electrodes' filtered data; CFX_FAKE_CLIP_MS: how long each clip plays.

What the tests look at: WORLD.touch[address] (an MPR121: `regs`, `touched`,
`resets`, `stop_mode_violations`), WORLD.levels (pin id -> level),
WORLD.battery_mv, WORLD.i2c_errors (fail this many next I2C reads with EIO),
WORLD.echo, WORLD.noise (noise bytes before each DFPlayer reply),
WORLD.clip_ms, and WORLD.dfplayer (WORLD itself): `out` (a text stream) gets
every frame received, in hex, one a line, `log` (a file name) the same,
appended, and `bad` counts the bytes and frames it could not take.

This module sits in the test board's heap (the real `machine` does not), so
it is kept small: few classes and functions, short private names.
"""

import os
import time


def _dfsum(frame):
    # written out here again on purpose: the fake checks the driver's sums
    return (0x10000 - sum(frame[1:7])) & 0xFFFF


class _Mpr121:
    """One MPR121: `regs` 0x00..0x7F (0x80, the soft reset, is write-only),
    `touched` a 12-bit mask of the electrodes under a finger or a pawn. Its
    I2C side is World.writeto_mem and World.readfrom_mem_into."""

    def __init__(self):
        self.regs = bytearray(0x80)
        self.touched = 0
        self.resets = 0
        self.stop_mode_violations = 0
        self._n = 0  # filtered-data reads so far: what the noise varies with
        self.reset()

    def reset(self):
        r = self.regs
        for i in range(0x80):
            r[i] = 0
        r[0x5C] = 0x10
        r[0x5D] = 0x24


class World:
    def __init__(self):
        self.touch = {0x5A: _Mpr121(), 0x5B: _Mpr121()}
        self.levels = {}  # pin id -> level; 1 (open, pulled up) when absent
        self.closed = 0  # the pads pressed, bit i for PAD_ELECTRODES[i]: the switches of a matrix
        self.battery_mv = 4500
        self.echo = True
        self.noise = False
        self.i2c_errors = 0
        self.control = os.getenv("CFX_FAKE_CONTROL")
        self.clip_ms = int(os.getenv("CFX_FAKE_CLIP_MS") or 400)
        self._jit = int(os.getenv("CFX_FAKE_TOUCH_NOISE") or 0)  # +/- on filtered data
        self._at = 0  # how much of the control file has been applied
        self._c = None  # hal.mcu.config, imported when first needed
        # the DFPlayer: its state is the world's own
        self.dfplayer = self
        self.out = None
        self.log = os.getenv("CFX_FAKE_UART_LOG")
        self.bad = 0
        self._rx = bytearray(10)  # the frame being received
        self._n = 0  # bytes of it so far
        self._tx = bytearray()  # what it has sent, not read yet
        self._clip = None  # the track playing (its index on a card copied in order)
        self._end = 0  # the ticks when it ends
        self._ready = None  # the ticks of its READY; False once said

    def _cfg(self):
        if self._c is None:
            from hal.mcu import config

            self._c = config
        return self._c

    def apply(self, line):
        words = line.split()
        if not words:
            return
        c = self._cfg()
        what = words[0]
        if what == "pad":
            i = 0
            for ctl, e, pad in c.PAD_ELECTRODES:
                if pad == words[1]:
                    m = self.touch[c.TOUCH_ADDRESSES[ctl]]
                    if int(words[2]):
                        m.touched |= 1 << e
                        self.closed |= 1 << i
                    else:
                        m.touched &= ~(1 << e)
                        self.closed &= ~(1 << i)
                    if getattr(c, "PADS", "touch") == "contacts":
                        self.levels[c.PAD_PINS[i]] = 0 if int(words[2]) else 1
                    return
                i += 1
            raise ValueError("no pad %r" % words[1])
        if what == "button":
            i = c.BUTTON_NAMES.index(words[1])
            self.levels[c.BUTTON_PINS[i]] = 0 if int(words[2]) else 1
        elif what == "switch":
            self.levels[c.SWITCH_PIN] = 0 if int(words[1]) else 1
        elif what == "battery":
            self.battery_mv = int(words[1])
        else:
            raise ValueError("unknown fake command %r" % line)

    # -- I2C: the MPR121s ---------------------------------------------------

    def writeto_mem(self, addr, reg, buf):
        m = self.touch.get(addr)
        if m is None:
            raise OSError(19)  # ENODEV: nobody answered
        regs = m.regs
        for i in range(len(buf)):
            r = reg + i
            v = buf[i]
            if r == 0x80:
                if v == 0x63:  # soft reset
                    m.reset()
                    m.resets += 1
                continue
            if regs[0x5E] & 0x3F and r != 0x5E and not 0x73 <= r <= 0x7A:
                m.stop_mode_violations += 1  # running: the chip ignores it
                continue
            regs[r] = v

    def readfrom_mem_into(self, addr, reg, buf):
        """Fill `buf` from register `reg` on (allocates nothing, like the chip)."""
        m = self.touch.get(addr)
        if m is None:
            raise OSError(19)  # ENODEV: nobody answered
        if reg < 5 and addr == 0x5A and self.control:
            # the pads are polled (the touch status or the filtered data): apply the lines appended to the control file
            try:
                with open(self.control) as f:
                    f.seek(self._at)
                    text = f.read()
            except OSError:
                text = ""
            end = text.rfind("\n") + 1
            if end:
                self._at += len(text[:end].encode())
                for line in text[:end].split("\n"):
                    self.apply(line)
        if self.i2c_errors:
            self.i2c_errors -= 1
            raise OSError(5)  # EIO
        regs = m.regs
        run = regs[0x5E] & 0x3F  # stopped, it reads 0 for status and data
        if reg == 4 and run and not self._jit:  # the filtered data of every electrode, at once (each poll)
            t = m.touched
            for i in range(0, len(buf), 2):
                v = 640 if t >> (i >> 1) & 1 else 700
                buf[i] = v & 0xFF
                buf[i + 1] = v >> 8
            return
        for i in range(len(buf)):
            r = reg + i
            if r < 2:  # touch status of the electrodes enabled
                v = m.touched & (1 << min(regs[0x5E] & 0x0F, 12)) - 1 if run else 0
                v = v >> 8 * r & 0xFF
            elif 0x04 <= r < 0x1C:  # filtered data: 700 untouched, 60 less touched
                v = 0
                if run:
                    m._n += 1
                    v = 700 - (60 if m.touched >> (r - 0x04) // 2 & 1 else 0)
                    if self._jit:
                        v += (m._n * 5) % (2 * self._jit + 1) - self._jit
                v = v & 0xFF if r % 2 == 0 else v >> 8
            elif 0x1E <= r < 0x2A and run and not regs[r]:
                v = 700 >> 2  # a baseline not written: from the first reading
            else:
                v = regs[r]
            buf[i] = v

    # -- ADC: the battery ----------------------------------------------------

    def read_u16(self):
        c = self._cfg()
        return min(65535, self.battery_mv * 65535 // (c.BATTERY_DIVIDER * c.ADC_REF_MV))

    # -- UART: the DFPlayer --------------------------------------------------

    def write(self, buf):
        for b in buf:
            if self._n == 0 and b != 0x7E:
                self.bad += 1
                continue
            f = self._rx
            f[self._n] = b
            self._n += 1
            if self._n < 10:
                continue
            self._n = 0
            text = f.hex() + "\n"
            if self.out is not None:
                self.out.write(text)
            if self.log:
                with open(self.log, "a") as out:
                    out.write(text)
            if f[1] != 0xFF or f[2] != 6 or f[9] != 0xEF or (f[7] << 8 | f[8]) != _dfsum(f):
                self.bad += 1
                continue
            if f[4]:
                self._reply(0x41, 0)  # the feedback byte set: acknowledged
            if f[3] == 0x0F:  # play folder f[5], file f[6]
                self._clip = (f[5] - 1) * 255 + f[6]
                self._end = time.ticks_add(time.ticks_ms(), self.clip_ms)
            elif f[3] == 0x16:  # stop
                self._clip = None
        return len(buf)

    def _reply(self, cmd, param):
        f = bytearray((0x7E, 0xFF, 6, cmd, 0, param >> 8, param & 0xFF, 0, 0, 0xEF))
        s = _dfsum(f)
        f[7] = s >> 8
        f[8] = s & 0xFF
        if self.noise:
            self._tx.extend(b"\x00\x55")
        self._tx.extend(f)

    def any(self):
        now = time.ticks_ms()
        if self._ready is None:
            self._ready = time.ticks_add(now, 300)
        elif self._ready is not False and time.ticks_diff(now, self._ready) >= 0:
            self._ready = False
            self._reply(0x3F, 2)
        if self._clip is not None and time.ticks_diff(now, self._end) >= 0:
            track = self._clip
            self._clip = None
            self._reply(0x3D, track)
            if self.echo:
                self._reply(0x3D, track)
        return len(self._tx)

    def readinto(self, buf, nbytes=None):
        n = self.any()
        n = min(len(buf), n if nbytes is None else nbytes, n)
        if not n:
            return None
        tx = self._tx
        for i in range(n):
            buf[i] = tx[i]
        self._tx = tx[n:]
        return n


WORLD = World()


def I2C(*args, **kw):
    """I2C(...), ADC(...), UART(...): the world behind every bus."""
    return WORLD


ADC = UART = I2C


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    PULL_UP = 1

    def __init__(self, id, mode=-1, pull=-1, value=None):
        self.id = id
        self.pull = pull
        if value is not None:
            WORLD.levels[id] = value

    def value(self, v=None):
        if v is not None:
            WORLD.levels[self.id] = v
            return None
        c = WORLD._c
        if WORLD.closed and getattr(c, "PADS", "") == "matrix" and self.id in c.MATRIX_COLS:
            # a column reads low when a closed switch joins it to a row driven low
            n = len(c.MATRIX_COLS)
            col = c.MATRIX_COLS.index(self.id)
            for i in range(col, 16 * n, n):
                if WORLD.closed >> i & 1 and WORLD.levels.get(c.MATRIX_ROWS[i // n]) == 0:
                    return 0
        return WORLD.levels.get(self.id, 1 if self.pull == Pin.PULL_UP else 0)
