"""The 13 pads (9 places, 4 START squares) spread over the touch
controllers, read as one bitmask: bit i is `names[i]`."""


class Pads:
    def __init__(self, controllers, layout):
        """`controllers`: MPR121 objects; `layout`: (controller index,
        electrode, pad id) for each pad, as in config.PAD_ELECTRODES."""
        self.controllers = controllers
        names = []  # a loop: a comprehension is one more function in RAM
        for _, _, pad in layout:
            names.append(pad)
        self.names = tuple(names)
        self._layout = layout
        self._masks = [0] * len(controllers)
        self.errors = 0  # I2C reads that failed (the last state was kept)
        self._last = 0

    def read(self):
        masks = self._masks
        try:
            for i in range(len(self.controllers)):
                masks[i] = self.controllers[i].touched()
        except OSError:
            self.errors += 1
            return self._last  # a glitch on the bus: nothing moved
        bits = 0
        bit = 1
        for c, e, _ in self._layout:
            if masks[c] >> e & 1:
                bits |= bit
            bit <<= 1
        self._last = bits
        return bits
