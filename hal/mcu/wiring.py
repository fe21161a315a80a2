"""The devices of config.py, built on a `machine` module (the port's, or a
test's fake): buses and pins are made here and handed to the drivers.
Nothing is sent to a device yet: `start()` of a program does that."""

from .battery import Gauge
from .buttons import Buttons, Switch
from .dfplayer import DFPlayer
from .inputs import Inputs
from .mpr121 import MPR121
from .pads import Pads
from .speaker import Speaker


class Devices:
    """The board's devices: `inputs`, `gauge`, `speaker`, `touch` (the MPR121s)."""

    def __init__(self, machine, config):
        self.config = config
        i2c = machine.I2C(
            config.I2C_ID,
            scl=machine.Pin(config.I2C_SCL),
            sda=machine.Pin(config.I2C_SDA),
            freq=config.I2C_FREQ,
        )
        # loops, not comprehensions: each comprehension is one more function in RAM
        self.touch = []
        for i in range(len(config.TOUCH_ADDRESSES)):
            self.touch.append(MPR121(i2c, address=config.TOUCH_ADDRESSES[i], electrodes=config.TOUCH_ELECTRODES[i]))
        pin = machine.Pin
        button_pins = []
        for n in config.BUTTON_PINS:
            button_pins.append(pin(n, pin.IN, pin.PULL_UP))
        buttons = Buttons(button_pins, config.BUTTON_NAMES)
        switch = Switch(pin(config.SWITCH_PIN, pin.IN, pin.PULL_UP))
        self.inputs = Inputs(Pads(self.touch, config.PAD_ELECTRODES), buttons, switch, config.DEBOUNCE_MS)
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
        self.speaker = Speaker(DFPlayer(uart), ready_ms=getattr(config, "DFPLAYER_READY_MS", 1500))

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
