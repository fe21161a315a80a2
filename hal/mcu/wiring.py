"""The devices of config.py, built on a `machine` module (the port's, or a
test's fake): buses and pins are made here and handed to the drivers.
Nothing is sent to a device yet: `start()` of a program does that."""

from .battery import Gauge
from .buttons import Buttons, Switch
from .dfplayer import DFPlayer
from .inputs import Inputs
from .speaker import COMMAND_GAP_MS, Speaker


def _inputs(pin, numbers):
    """GPIO inputs with their pull-ups (a loop, not a comprehension: each
    comprehension is one more function in RAM)."""
    out = []
    for n in numbers:
        out.append(pin(n, pin.IN, pin.PULL_UP))
    return out


class Devices:
    """The board's devices: `inputs`, `gauge`, `speaker`, `touch` (the
    MPR121s, none when the pads are contacts)."""

    def __init__(self, machine, config):
        self.config = config
        pin = machine.Pin
        rest_ms = getattr(config, "PAD_REST_MS", 1500)
        self.touch = []
        kind = getattr(config, "PADS", "touch")  # (a config of before the contacts: touch)
        if kind == "touch":
            from .mpr121 import MPR121
            from .pads import Pads

            i2c = machine.I2C(config.I2C_ID, scl=pin(config.I2C_SCL), sda=pin(config.I2C_SDA), freq=config.I2C_FREQ)
            for i in range(len(config.TOUCH_ADDRESSES)):
                self.touch.append(MPR121(i2c, config.TOUCH_ADDRESSES[i], config.TOUCH_ELECTRODES[i]))
            t = config
            pads = Pads(self.touch, t.PAD_ELECTRODES, t.TOUCH_THRESHOLD, t.RELEASE_THRESHOLD, rest_ms)
        else:
            names = []
            for _, _, pad in config.PAD_ELECTRODES:
                names.append(pad)
            if kind == "contacts":
                if len(config.PAD_PINS) != len(names):
                    raise ValueError("config.PAD_PINS: %d pins for %d pads" % (len(config.PAD_PINS), len(names)))
                pads = Buttons(_inputs(pin, config.PAD_PINS), names)
            elif kind == "matrix":
                from .matrix import Matrix

                rows = []
                # open drain: a row is driven low while it is read, let go (not driven high) otherwise, so
                # two rows are never driven against each other through two closed switches (a matrix
                # without diodes, as an original board's may be)
                drain = getattr(pin, "OPEN_DRAIN", pin.OUT)
                for n in config.MATRIX_ROWS:
                    rows.append(pin(n, drain, value=1))
                pads = Matrix(rows, _inputs(pin, config.MATRIX_COLS), names)
            else:
                raise ValueError("config.PADS is 'touch', 'contacts' or 'matrix', not %r" % (kind,))
        buttons = Buttons(_inputs(pin, config.BUTTON_PINS), config.BUTTON_NAMES)
        # None: a one-pole switch that cuts the batteries (an original board's): ON whenever powered
        sw = getattr(config, "SWITCH_PIN", None)
        switch = Switch(None if sw is None else pin(sw, pin.IN, pin.PULL_UP))
        self.inputs = Inputs(pads, buttons, switch, config.DEBOUNCE_MS, 0 if self.touch else rest_ms)
        adc = machine.ADC(pin(config.BATTERY_PIN))
        if hasattr(adc, "atten") and hasattr(machine.ADC, "ATTN_11DB"):
            adc.atten(machine.ADC.ATTN_11DB)  # ESP32: the whole 0..3.1 V range
        self.gauge = Gauge(adc, config.BATTERY_DIVIDER, config.ADC_REF_MV, none_below_mv=config.NO_BATTERY_MV)
        uart = machine.UART(
            config.UART_ID,
            baudrate=config.UART_BAUD,
            tx=pin(config.UART_TX),
            rx=pin(config.UART_RX),
            timeout=0,
        )
        replies = getattr(config, "DFPLAYER_REPLIES", "full")
        busy = getattr(config, "DFPLAYER_BUSY_PIN", None)
        self.speaker = Speaker(
            DFPlayer(uart),
            ready_ms=getattr(config, "DFPLAYER_READY_MS", 3000),
            gap_ms=getattr(config, "DFPLAYER_GAP_MS", COMMAND_GAP_MS),
            ack=replies != "none",
            busy=None if busy is None else pin(busy, pin.IN, pin.PULL_UP),
        )

    def start(self):
        """Set the touch controllers up; the volume goes out when the DFPlayer is ready."""
        c = self.config
        for i in range(len(self.touch)):
            baselines = c.BASELINES[i] if c.BASELINES else None
            self.touch[i].reset(c.TOUCH_THRESHOLD, c.RELEASE_THRESHOLD, baselines)
        self.speaker.set_volume(c.VOLUME)


def devices(config=None):
    """The Devices of the running board."""
    import machine

    if config is None:
        from . import config
    return Devices(machine, config)
