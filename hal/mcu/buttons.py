"""The 7 buttons and the ON/OFF switch: GPIO inputs with pull-ups, closed
to ground when pressed (or ON). The pins are handed in, already set up as
inputs with their pull-ups (wiring.py does it from config). The pads of a
board that reads contacts (config.PADS = "contacts") are Buttons too: one
switch to ground per pad."""


class Buttons:
    def __init__(self, pins, names):
        """`pins`: machine.Pin objects, one per name, in the same order."""
        if len(pins) != len(names):
            raise ValueError("%d pins for %d buttons" % (len(pins), len(names)))
        self.pins = pins
        self.names = tuple(names)

    def read(self, now=0):
        """The pressed buttons as a bitmask: bit i is names[i]."""
        bits = 0
        bit = 1
        for pin in self.pins:
            if not pin.value():
                bits |= bit
            bit <<= 1
        return bits


class Switch:
    def __init__(self, pin):
        """`pin`: the switch's input, or None: a one-pole switch that cuts the
        power itself (an original board's), so the board is ON whenever it runs."""
        self.pin = pin

    def read(self):
        """1 when the switch is ON (closed to ground), else 0."""
        if self.pin is None:
            return 1
        return 0 if self.pin.value() else 1
