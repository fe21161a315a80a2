"""The firmware's own seeded generator: xorshift32 (Marsaglia, 2003).

MicroPython's `random` has no `shuffle` and its sequence differs from
CPython's; this one gives the same numbers on both, bit for bit. It is not
for cryptography, only for suspects wandering about a manor.
"""

_MASK = 0xFFFFFFFF


class Rng:
    def __init__(self, seed=0):
        # Spread the seed (a small int, usually) over 32 bits; never zero.
        state = ((seed & _MASK) * 0x9E3779B1 + 0x7F4A7C15) & _MASK
        self._state = state or 0x6D2B79F5
        for _ in range(4):  # warm up: nearby seeds give unrelated streams
            self.next32()

    def next32(self):
        x = self._state
        x ^= (x << 13) & _MASK
        x ^= x >> 17
        x ^= (x << 5) & _MASK
        self._state = x
        return x

    def below(self, n):
        """A whole number in 0 .. n-1."""
        return self.next32() % n

    def chance(self, odds):
        """True with probability odds[0] / odds[1]."""
        return self.below(odds[1]) < odds[0]

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def shuffle(self, items):
        """Shuffle a list in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
