"""The `machine` of MicroPython's rp2 port, as much of it as hal/mcu uses
(Pin, UART, ADC), for clue-fx's bare-metal MicroPython on the emulated
RP2040 (rp2040js): each call goes to the chip's own registers through the
port's `rp2040` module (tools/mcu_port/modules.c), so a pin read is a read
of SIO's GPIO_IN and a byte to the DFPlayer is a write to UART0's data
register, on the real instruction set. On a Pico this module is the port's
C; here it is Python over a few register accesses, in the test's files."""

import rp2040

_SIO = 5  # IO_BANK0 FUNCSEL
_UART = 2
_IE = 0x40  # PADS_BANK0: input enable, pull-up, pull-down, Schmitt trigger
_PUE = 0x08
_PDE = 0x04
_SCHMITT = 0x02


_OPEN_DRAIN = 2


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = _OPEN_DRAIN  # as the rp2 port emulates it: 0 drives low, 1 lets go (an input)
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, id, mode=-1, pull=-1, value=None):
        self.id = id
        if mode == -1:
            return  # a pin named for a bus (UART tx=, I2C scl=): the bus sets it
        pad = _IE | _SCHMITT
        if pull == Pin.PULL_UP:
            pad |= _PUE
        elif pull == Pin.PULL_DOWN:
            pad |= _PDE
        rp2040.gpio_init(id, _SIO, pad)
        self.open_drain = mode == _OPEN_DRAIN
        if self.open_drain:
            rp2040.gpio_out(id, 0)
            rp2040.gpio_oe(id, 0 if value is None or value else 1)
        elif mode == Pin.OUT:
            if value is not None:
                rp2040.gpio_out(id, value)
            rp2040.gpio_oe(id, 1)
        else:
            rp2040.gpio_oe(id, 0)

    def value(self, v=None):
        if v is None:
            return rp2040.gpio_in() >> self.id & 1
        if getattr(self, "open_drain", False):
            rp2040.gpio_oe(self.id, 0 if v else 1)  # the output stays low: driven, or let go
        else:
            rp2040.gpio_out(self.id, v)
        return None


class UART:
    def __init__(self, id, baudrate=115200, tx=None, rx=None, timeout=0):
        if id != 0:
            raise ValueError("UART0 only")
        for pin in (tx, rx):
            if pin is not None:
                rp2040.gpio_init(pin.id, _UART, _IE | _SCHMITT)
        rp2040.uart_init(baudrate)

    def write(self, buf):
        return rp2040.uart_write(buf)

    def any(self):
        return rp2040.uart_any()

    def readinto(self, buf, nbytes=None):
        if nbytes is not None and nbytes < len(buf):
            buf = memoryview(buf)[:nbytes]
        n = rp2040.uart_readinto(buf)
        return n or None


class ADC:
    def __init__(self, pin):
        n = pin.id if isinstance(pin, Pin) else pin
        self.channel = n - 26 if n >= 26 else n  # GP26..GP29 are ADC0..ADC3
        rp2040.gpio_init(n, 0x1F, 0)  # no function, no pulls, input off: the analogue pad

    def read_u16(self):
        v = rp2040.adc_read(self.channel)  # 12 bits, scaled to 16 as the port does
        return v << 4 | v >> 8
