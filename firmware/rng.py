"""The firmware's own seeded generator: xorshift32 (Marsaglia, 2003).

MicroPython's `random` has no `shuffle` and its sequence differs from
CPython's; this one gives the same numbers on both, bit for bit. It is not
for cryptography, only for suspects wandering about a manor.

The 32-bit state is kept as two 16-bit halves. On a 32-bit board
MicroPython's small integers hold 31 bits: a whole 32-bit state would be a
long integer, allocated on the heap at every shift and xor (about 5 000
instructions a number on a Cortex-M3). In halves every step stays a small
integer, and the numbers are the same, bit for bit.
"""

_MASK = 0xFFFFFFFF
_HALF = 0xFFFF


class Rng:
    def __init__(self, seed=0):
        # Spread the seed (a small int, usually) over 32 bits; never zero.
        state = ((seed & _MASK) * 0x9E3779B1 + 0x7F4A7C15) & _MASK
        state = state or 0x6D2B79F5
        self._hi = state >> 16
        self._lo = state & _HALF
        for _ in range(4):  # warm up: nearby seeds give unrelated streams
            self.below(1)

    def next32(self):
        """The next number, 0 .. 2**32 - 1."""
        self.below(1)  # one step
        return self._hi << 16 | self._lo

    def below(self, n):
        """A whole number in 0 .. n-1: the next number modulo n."""
        # One xorshift32 step (x ^= x << 13; x ^= x >> 17; x ^= x << 5) on
        # the halves, written out here: every draw of the game comes this way.
        hi, lo = self._hi, self._lo
        hi ^= ((hi << 13) | (lo >> 3)) & 0xFFFF  # x << 13
        lo ^= (lo << 13) & 0xFFFF
        lo ^= hi >> 1  # x >> 17
        hi ^= ((hi << 5) | (lo >> 11)) & 0xFFFF  # x << 5
        lo ^= (lo << 5) & 0xFFFF
        self._hi, self._lo = hi, lo
        if n > 0x4000:  # (see below) would outgrow a small integer
            return (hi << 16 | lo) % n
        # (hi << 16 | lo) % n, as ((hi % n) << 16 | lo) % n: the same number,
        # below 2**30, so a small integer even on a 32-bit board
        return ((hi % n) << 16 | lo) % n

    def chance(self, odds):
        """True with probability odds[0] / odds[1]."""
        return self.below(odds[1]) < odds[0]

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def shuffle(self, items):
        """Shuffle a list in place (Fisher-Yates): j = below(i + 1) for each i
        from the last down. The step of below() is written out here too: the
        suspects are shuffled after every turn, and on a board the call is a
        third of a draw's time."""
        hi, lo = self._hi, self._lo
        for i in range(len(items) - 1, 0, -1):
            hi ^= ((hi << 13) | (lo >> 3)) & 0xFFFF
            lo ^= (lo << 13) & 0xFFFF
            lo ^= hi >> 1
            hi ^= ((hi << 5) | (lo >> 11)) & 0xFFFF
            lo ^= (lo << 5) & 0xFFFF
            n = i + 1
            j = ((hi % n) << 16 | lo) % n if n <= 0x4000 else (hi << 16 | lo) % n
            items[i], items[j] = items[j], items[i]
        self._hi, self._lo = hi, lo
