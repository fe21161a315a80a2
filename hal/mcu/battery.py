"""The batteries (3 x LR6) through a resistor divider into an ADC pin.

The ADC is handed in (machine.ADC). On an ESP32 `read_uv()` is calibrated
by the chip and preferred; elsewhere `read_u16()` against the reference.
"""


class Gauge:
    def __init__(self, adc, divider=2, ref_mv=3300, samples=8, none_below_mv=0):
        """`divider`: battery volts over pin volts (2 for two equal resistors);
        `none_below_mv`: a reading below it means no batteries (on USB power):
        None, and nothing is said of them."""
        self.adc = adc
        self.none_below_mv = none_below_mv
        self.divider = divider
        self.ref_mv = ref_mv
        self.samples = samples
        self._uv = hasattr(adc, "read_uv")

    def millivolts(self):
        """The battery voltage in whole millivolts, averaged over a few samples
        (None below `none_below_mv`: no batteries)."""
        total = 0
        n = self.samples
        if self._uv:
            for _ in range(n):
                total += self.adc.read_uv()
            mv = int(total * self.divider // (n * 1000))
        else:
            for _ in range(n):
                total += self.adc.read_u16()
            mv = int(total * self.ref_mv * self.divider // (n * 65535))
        return mv if mv >= self.none_below_mv else None
