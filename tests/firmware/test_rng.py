"""The firmware's generator is xorshift32, bit for bit: its state in two
16-bit halves (small ints on a 32-bit MicroPython) must give the numbers of
the plain 32-bit formula, for draws, shuffles and any bound."""

import pytest

from firmware.rng import Rng

MASK = 0xFFFFFFFF


class Xorshift32:
    """The formula as Marsaglia wrote it, on one 32-bit number (CPython ints)."""

    def __init__(self, seed):
        state = ((seed & MASK) * 0x9E3779B1 + 0x7F4A7C15) & MASK
        self.x = state or 0x6D2B79F5
        for _ in range(4):
            self.next32()

    def next32(self):
        x = self.x
        x ^= (x << 13) & MASK
        x ^= x >> 17
        x ^= (x << 5) & MASK
        self.x = x
        return x


@pytest.mark.parametrize("seed", [0, 1, 7, 12345, 2**31 - 1, 2**32 + 5, -3, 0x6D2B79F5, 123456789 * 2654435761 + 12345])
def test_every_draw_is_the_32_bit_formula_s(seed):
    rng, ref = Rng(seed), Xorshift32(seed)
    bounds = (1, 2, 3, 4, 7, 8, 9, 13, 100, 0x3FFF, 0x4000, 0x4001, 70000, 2**31 + 11, 2**33)
    for i in range(2000):
        n = bounds[i % len(bounds)]
        assert rng.below(n) == ref.next32() % n
        assert rng.next32() == ref.next32()


@pytest.mark.parametrize("size", [0, 1, 2, 8, 9, 50])
def test_a_shuffle_is_fisher_yates_on_the_formula_s_draws(size):
    for seed in range(40):
        rng, ref = Rng(seed), Xorshift32(seed)
        mine, theirs = list(range(size)), list(range(size))
        rng.shuffle(mine)
        for i in range(size - 1, 0, -1):
            j = ref.next32() % (i + 1)
            theirs[i], theirs[j] = theirs[j], theirs[i]
        assert mine == theirs
        assert rng.next32() == ref.next32()  # and the stream goes on from the same place
