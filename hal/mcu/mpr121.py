"""MPR121 capacitive touch controller on an I2C bus handed in.

Register map and start-up values of Adafruit's CircuitPython driver
(adafruit_mpr121.py), with `machine.I2C`'s memory calls instead of
adafruit_bus_device. The constructor does no I/O: call `reset()` once.
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


_TOUCHSTATUS = const(0x00)  # 2 bytes: electrodes 0-7, 8-11 (+ over-current bit)
_FILTDATA_0L = const(0x04)  # 2 bytes per electrode, 10 bits
_BASELINE_0 = const(0x1E)  # 1 byte per electrode: the 8 high bits of 10
_MHDR = const(0x2B)  # baseline filter: MHDR NHDR NCLR FDLR MHDF NHDF NCLF FDLF NHDT NCLT FDLT
_TOUCHTH_0 = const(0x41)  # touch, release thresholds: 2 bytes per electrode
_DEBOUNCE = const(0x5B)
_CONFIG1 = const(0x5C)
_CONFIG2 = const(0x5D)
_ECR = const(0x5E)  # electrode configuration: run/stop, baseline tracking, count
_SOFTRESET = const(0x80)

DEFAULT_ADDRESS = const(0x5A)
ELECTRODES = const(12)

# Adafruit's baseline filter values, registers 0x2B..0x35 in order.
_FILTER = b"\x01\x01\x0e\x00\x01\x05\x01\x00\x00\x00\x00"


class MPR121Error(OSError):
    pass


class MPR121:
    def __init__(self, i2c, address=DEFAULT_ADDRESS, electrodes=ELECTRODES):
        """`electrodes`: how many to run, from electrode 0 (1..12)."""
        if not 1 <= electrodes <= ELECTRODES:
            raise ValueError("electrodes: 1..12, got %r" % (electrodes,))
        self._i2c = i2c
        self.address = address
        self.electrodes = electrodes
        self._buf = bytearray(2)
        self._one = bytearray(1)

    # -- registers ---------------------------------------------------------

    def _write(self, register, value):
        self._one[0] = value
        try:
            self._i2c.writeto_mem(self.address, register, self._one)
        except OSError as e:
            raise MPR121Error(
                "MPR121 at 0x%02X did not answer (%s): check SDA, SCL, 3V3 and its ADDR pin" % (self.address, e)
            ) from None

    def _read(self, register, n):
        buf = self._buf if n == 2 else self._one
        self._i2c.readfrom_mem_into(self.address, register, buf)
        return buf

    # -- set-up ---------------------------------------------------------------

    def reset(self, touch=12, release=6, baselines=None):
        """Soft reset, then Adafruit's settings. `baselines`: the 10-bit
        baselines of `clue-fx calibrate` (one per electrode run), loaded as the
        starting baselines so that a pawn resting on a pad at power-on still
        reads as touched; None: each baseline starts from its first reading."""
        self._write(_SOFTRESET, 0x63)
        self._write(_ECR, 0x00)  # stop mode: the only mode that takes settings
        if self._read(_CONFIG2, 1)[0] != 0x24:
            raise MPR121Error("the device at 0x%02X is not an MPR121 in its reset state" % self.address)
        self.set_thresholds(touch, release)
        for i in range(len(_FILTER)):
            self._write(_MHDR + i, _FILTER[i])
        self._write(_DEBOUNCE, 0)
        self._write(_CONFIG1, 0x10)  # 16 uA charge current
        self._write(_CONFIG2, 0x20)  # 0.5 us encoding, 1 ms period
        tracking = 0x80  # baseline tracking on, first baseline from the 5 high bits
        if baselines is not None:
            for e in range(self.electrodes):
                self._write(_BASELINE_0 + e, (baselines[e] >> 2) & 0xFF)
            tracking = 0x00  # tracking on, starting from the baselines written
        self._write(_ECR, tracking | self.electrodes)

    def set_thresholds(self, touch, release):
        if not (0 <= touch <= 255 and 0 <= release <= 255):
            raise ValueError("touch and release thresholds are bytes 0..255, got %r, %r" % (touch, release))
        for e in range(ELECTRODES):
            self._write(_TOUCHTH_0 + 2 * e, touch)
            self._write(_TOUCHTH_0 + 2 * e + 1, release)

    # -- readings ---------------------------------------------------------------

    def touched(self):
        """The touched electrodes as a 12-bit mask (bit e: electrode e)."""
        b = self._read(_TOUCHSTATUS, 2)
        return ((b[1] << 8) | b[0]) & 0x0FFF

    def filtered(self, electrode):
        """The electrode's filtered data, 10 bits (lower when touched)."""
        b = self._read(_FILTDATA_0L + 2 * electrode, 2)
        return ((b[1] << 8) | b[0]) & 0x03FF

    def read_filtered(self, buf):
        """Every electrode run's filtered data at once into `buf` (2 bytes
        each, low byte first, 10 bits; no allocation): what hal/mcu/pads.py reads."""
        self._i2c.readfrom_mem_into(self.address, _FILTDATA_0L, buf)

    def baseline(self, electrode):
        """The electrode's baseline, 10 bits (its low 2 bits are always 0)."""
        return self._read(_BASELINE_0 + electrode, 1)[0] << 2
