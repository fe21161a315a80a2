"""Pads on a diode matrix, when the pins run short (config.PADS = "matrix"):
rows driven low one at a time, columns read with pull-ups, one switch and
one diode (cathode to the row) at each crossing, so that any number of
switches closed at once read true (no ghosts). 13 pads on a 4 x 4 matrix
take 8 pins instead of 13. Pad i of `names` sits at row i // len(cols),
column i % len(cols) (docs/build-a-board.md draws it).

The pins are handed in: rows as open-drain outputs let go (wiring.py does
it from config; a port without open drain: outputs at 1), columns as inputs
with their pull-ups. Open drain: a row is driven low while it is read and
let go otherwise, never driven high, so a matrix without diodes (an
original board's) never has two rows driven against each other through two
closed switches on one column; without diodes, three switches closed at the
corners of a rectangle read a fourth (a ghost), which pawns on a board,
one a square, do not make.
"""


class Matrix:
    def __init__(self, rows, cols, names):
        if len(names) > len(rows) * len(cols):
            raise ValueError("%d pads on a %d x %d matrix" % (len(names), len(rows), len(cols)))
        self.rows = rows
        self.cols = cols
        self.names = tuple(names)

    def read(self, now=0):
        """The closed switches as a bitmask: bit i is names[i]."""
        bits = 0
        bit = 1
        n = len(self.names)
        cols = self.cols
        i = 0
        for row in self.rows:
            row.value(0)  # this row low: its closed switches pull their columns low
            for col in cols:
                if i < n and not col.value():
                    bits |= bit
                bit <<= 1
                i += 1
            row.value(1)
        return bits
