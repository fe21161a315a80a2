"""A fake `machine` module for running hal/mcu under the unix `micropython`
(put this folder first on MICROPYPATH). Behind the buses sits one WORLD:

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
"""

import os
import time


def _dfsum(frame):
    # written out here again on purpose: the fake checks the driver's sums
    s = 0
    for i in range(1, 7):
        s += frame[i]
    return (0x10000 - s) & 0xFFFF


class Mpr121Model:
    def __init__(self, address):
        self.address = address
        self.regs = bytearray(256)
        self.touched = 0  # 12-bit mask of electrodes under a finger or a pawn
        self.raw = 700  # untouched filtered data
        self.delta = 60  # how much a touch lowers it
        self.noise = 0  # +/- this on filtered data, varying with every read
        self._n = 0
        self.resets = 0
        self.stop_mode_violations = 0
        self.reset()

    def reset(self):
        for i in range(256):
            self.regs[i] = 0
        self.regs[0x5C] = 0x10
        self.regs[0x5D] = 0x24

    def running(self):
        return self.regs[0x5E] & 0x3F != 0

    def enabled(self):
        n = self.regs[0x5E] & 0x0F
        return 0xFFF if n >= 12 else (1 << n) - 1

    def write(self, reg, data):
        for i in range(len(data)):
            r = reg + i
            v = data[i]
            if r == 0x80:
                if v == 0x63:
                    self.reset()
                    self.resets += 1
                continue
            if self.running() and r != 0x5E and not 0x73 <= r <= 0x7A:
                self.stop_mode_violations += 1  # the chip ignores it
                continue
            self.regs[r] = v

    def _value(self, e):
        self._n += 1
        jitter = 0
        if self.noise:
            jitter = (self._n * 5) % (2 * self.noise + 1) - self.noise
        return self.raw + jitter - (self.delta if self.touched >> e & 1 else 0)

    def read_into(self, reg, out):
        """Fill `out` from register `reg` on (allocates nothing, like the chip)."""
        for i in range(len(out)):
            r = reg + i
            if r < 2:
                status = self.touched & self.enabled() if self.running() else 0
                out[i] = (status >> (8 * r)) & 0xFF
            elif 0x04 <= r < 0x1C:
                e = (r - 0x04) // 2
                v = self._value(e) if self.running() else 0
                out[i] = v & 0xFF if r % 2 == 0 else v >> 8
            elif 0x1E <= r < 0x2A:
                out[i] = (self.raw >> 2) if self.running() and not self.regs[r] else self.regs[r]
            else:
                out[i] = self.regs[r]


class DFPlayerModel:
    def __init__(self):
        self.count = 0  # frames received
        self.bad = 0  # frames with a wrong shape or checksum
        self.volume = None
        self.playing = None  # (folder, file)
        self.plays = 0
        self._rx = bytearray(10)
        self._n = 0
        self._tx = bytearray()
        self._finish_at = 0
        self._ready_at = None  # it says READY (0x3F, card online) this long after start
        self.out = None  # a text stream: every frame received, in hex, one a line
        self.log = None  # a file name: the same, appended (another process reads it)

    def feed(self, data):
        for b in data:
            if self._n == 0 and b != 0x7E:
                self.bad += 1
                continue
            self._rx[self._n] = b
            self._n += 1
            if self._n == 10:
                self._n = 0
                self._frame(self._rx)

    def _frame(self, f):
        self.count += 1
        text = "".join("%02x" % b for b in f) + "\n"
        if self.out is not None:
            self.out.write(text)
        if self.log:
            with open(self.log, "a") as out:
                out.write(text)
        if f[1] != 0xFF or f[2] != 6 or f[9] != 0xEF or (f[7] << 8 | f[8]) != _dfsum(f):
            self.bad += 1
            return
        self.command(f[3], f[5] << 8 | f[6])

    def command(self, cmd, param):
        if cmd == 0x0F:
            self.playing = (param >> 8, param & 0xFF)
            self.plays += 1
            self._finish_at = time.ticks_add(time.ticks_ms(), WORLD.clip_ms)
        elif cmd == 0x16:
            self.playing = None
        elif cmd == 0x06:
            self.volume = param

    def reply(self, cmd, param):
        f = bytearray(b"\x7e\xff\x06\x00\x00\x00\x00\x00\x00\xef")
        f[3] = cmd
        f[5] = param >> 8
        f[6] = param & 0xFF
        s = _dfsum(f)
        f[7] = s >> 8
        f[8] = s & 0xFF
        if WORLD.noise:
            self._tx.extend(b"\x00\x55")
        self._tx.extend(f)

    def pending(self):
        now = time.ticks_ms()
        if self._ready_at is None:
            self._ready_at = time.ticks_add(now, 300)
        elif self._ready_at is not False and time.ticks_diff(now, self._ready_at) >= 0:
            self._ready_at = False
            self.reply(0x3F, 2)
        if self.playing is not None and time.ticks_diff(time.ticks_ms(), self._finish_at) >= 0:
            folder, number = self.playing
            self.playing = None
            track = (folder - 1) * 255 + number  # its index on a card copied in order
            self.reply(0x3D, track)
            if WORLD.echo:
                self.reply(0x3D, track)
        return self._tx


class World:
    def __init__(self):
        self.touch = {0x5A: Mpr121Model(0x5A), 0x5B: Mpr121Model(0x5B)}
        self.levels = {}  # pin id -> level; 1 (open, pulled up) when absent
        self.battery_mv = 4500
        self.echo = True
        self.noise = False
        self.dfplayer = DFPlayerModel()
        self.i2c_errors = 0  # fail this many next I2C reads with EIO
        self.control = os.getenv("CFX_FAKE_CONTROL")
        self.dfplayer.log = os.getenv("CFX_FAKE_UART_LOG")
        self.clip_ms = int(os.getenv("CFX_FAKE_CLIP_MS") or 400)
        noise = int(os.getenv("CFX_FAKE_TOUCH_NOISE") or 0)
        for m in self.touch.values():
            m.noise = noise
        self._control_at = 0
        self._config = None

    def config(self):
        if self._config is None:
            from hal.mcu import config

            self._config = config
        return self._config

    def apply(self, line):
        words = line.split()
        if not words:
            return
        c = self.config()
        what = words[0]
        if what == "pad":
            for ctl, e, pad in c.PAD_ELECTRODES:
                if pad == words[1]:
                    m = self.touch[c.TOUCH_ADDRESSES[ctl]]
                    if int(words[2]):
                        m.touched |= 1 << e
                    else:
                        m.touched &= ~(1 << e)
                    return
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

    def poll_control(self):
        if not self.control:
            return
        try:
            with open(self.control) as f:
                f.seek(self._control_at)
                text = f.read()
        except OSError:
            return
        end = text.rfind("\n") + 1
        if end:
            self._control_at += len(text[:end].encode())
            for line in text[:end].split("\n"):
                self.apply(line)


WORLD = World()


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, id, mode=-1, pull=-1):
        self.id = id
        self.mode = mode
        self.pull = pull

    def value(self, v=None):
        if v is not None:
            WORLD.levels[self.id] = v
            return None
        return WORLD.levels.get(self.id, 1 if self.pull == Pin.PULL_UP else 0)


class I2C:
    def __init__(self, id=0, scl=None, sda=None, freq=400000):
        self.id = id
        self.freq = freq

    def _device(self, addr):
        m = WORLD.touch.get(addr)
        if m is None:
            raise OSError(19)  # ENODEV: nobody answered
        return m

    def scan(self):
        return sorted(WORLD.touch)

    def writeto_mem(self, addr, reg, buf):
        self._device(addr).write(reg, buf)

    def readfrom_mem_into(self, addr, reg, buf):
        m = self._device(addr)
        if reg == 0 and addr == 0x5A:
            WORLD.poll_control()
        if WORLD.i2c_errors:
            WORLD.i2c_errors -= 1
            raise OSError(5)  # EIO
        m.read_into(reg, buf)

    def readfrom_mem(self, addr, reg, n):
        buf = bytearray(n)
        self.readfrom_mem_into(addr, reg, buf)
        return bytes(buf)


class ADC:
    ATTN_11DB = 3

    def __init__(self, pin):
        self.pin = pin

    def read_u16(self):
        c = WORLD.config()
        return min(65535, WORLD.battery_mv * 65535 // (c.BATTERY_DIVIDER * c.ADC_REF_MV))


class UART:
    def __init__(self, id, baudrate=9600, tx=None, rx=None, timeout=0, **kw):
        self.id = id
        self.baudrate = baudrate

    def write(self, buf):
        WORLD.dfplayer.feed(bytes(buf))
        return len(buf)

    def any(self):
        return len(WORLD.dfplayer.pending())

    def readinto(self, buf, nbytes=None):
        tx = WORLD.dfplayer.pending()
        n = min(len(buf), len(tx) if nbytes is None else nbytes, len(tx))
        if not n:
            return None
        for i in range(n):
            buf[i] = tx[i]
        WORLD.dfplayer._tx = tx[n:]
        return n

    def read(self, n=-1):
        tx = WORLD.dfplayer.pending()
        n = len(tx) if n < 0 else min(n, len(tx))
        out = bytes(tx[:n])
        WORLD.dfplayer._tx = tx[n:]
        return out or None


def idle():
    pass
