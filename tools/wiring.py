"""Draw the pads' wiring for docs/build-a-board.md, one SVG per input kind,
from the pins of hal/mcu/config.py (the Pico's), so the pictures say what
the program reads:

    python tools/wiring.py            # docs/wiring-touch.svg, -contacts.svg, -matrix.svg
    python tools/wiring.py --out DIR

touch: two MPR121 on I2C and their electrodes; contacts: a switch to GND on
a GPIO of its own for each pad; matrix: rows driven low one at a time,
columns pulled up, a switch and a diode (cathode to the row) at each crossing.
"""

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from hal.mcu import config  # noqa: E402

# the Pico's physical pin of each GPIO (its pin-out: GP0-GP15 down the left, GP16-GP28 up the right)
PICO_PIN = {0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12, 10: 14, 11: 15, 12: 16, 13: 17}
PICO_PIN.update({14: 19, 15: 20, 16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27, 22: 29, 26: 31, 27: 32, 28: 34})
LABEL = {
    "GARDIEN": "1 gatekeeper's lodge",
    "PISCINE": "2 swimming pool",
    "MANOIR": "3 Tudor Manor",
    "JARDINS": "4 gardens",
    "ABRI": "5 boathouse",
    "TENNIS": "6 tennis court",
    "GARAGE": "7 garage",
    "KIOSQUE": "8 kiosk",
    "ECURIE": "9 stables",
    "START_COMTE": "START Comte",
    "START_LAVANDE": "START Lavande",
    "START_PECHE": "START Peche",
    "START_AZUR": "START Azur",
}
PADS = [pad for _, _, pad in config.PAD_ELECTRODES]
FONT = 'font-family="DejaVu Sans, Arial, sans-serif"'


class Svg:
    def __init__(self, w, h, title):
        self.w, self.h = w, h
        self.parts = [
            '<rect width="%d" height="%d" fill="white"/>' % (w, h),
            '<text x="16" y="28" font-size="18" font-weight="bold" %s>%s</text>' % (FONT, esc(title)),
        ]

    def line(self, x1, y1, x2, y2, *, color="black", width=2):
        self.parts.append(
            '<line x1="%g" y1="%g" x2="%g" y2="%g" stroke="%s" stroke-width="%g"/>' % (x1, y1, x2, y2, color, width)
        )

    def box(self, x, y, w, h, fill="#e8f0e0"):
        self.parts.append(
            '<rect x="%g" y="%g" width="%g" height="%g" rx="6" fill="%s" stroke="black" stroke-width="2"/>'
            % (x, y, w, h, fill)
        )

    def text(self, x, y, s, size=13, *, anchor="start", weight="normal"):
        self.parts.append(
            '<text x="%g" y="%g" font-size="%d" text-anchor="%s" font-weight="%s" %s>%s</text>'
            % (x, y, size, anchor, weight, FONT, esc(s))
        )

    def dot(self, x, y, r=3.5):
        self.parts.append('<circle cx="%g" cy="%g" r="%g" fill="black"/>' % (x, y, r))

    def switch(self, x, y):
        """A push switch across (x, y)-(x + 40, y): two contacts and a lever."""
        self.line(x, y, x + 10, y)
        self.line(x + 30, y, x + 40, y)
        self.dot(x + 10, y, 3)
        self.dot(x + 30, y, 3)
        self.line(x + 8, y - 9, x + 32, y - 9)
        self.line(x + 20, y - 9, x + 20, y - 16)

    def diode_down(self, x, y):
        """A diode from (x, y) down to (x, y + 24): anode on top, cathode (the bar) below."""
        self.line(x, y, x, y + 6)
        self.parts.append(
            '<polygon points="%g,%g %g,%g %g,%g" fill="black"/>' % (x - 6, y + 6, x + 6, y + 6, x, y + 17)
        )
        self.line(x - 6, y + 17, x + 6, y + 17, width=2.5)
        self.line(x, y + 17, x, y + 24)

    def ground(self, x, y):
        self.line(x - 9, y, x + 9, y)
        self.line(x - 5, y + 4, x + 5, y + 4)
        self.line(x - 2, y + 8, x + 2, y + 8)

    def svg(self):
        return '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">\n%s\n</svg>\n' % (
            self.w,
            self.h,
            self.w,
            self.h,
            "\n".join(self.parts),
        )


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def gp(n):
    return "GP%d (pin %d)" % (n, PICO_PIN[n])


def pico(s, x, y, h, pins):
    """The Pico as a box, `pins` [(label, y)] on its right edge; the x of that edge."""
    s.box(x, y, 150, h, fill="#d8ecd8")
    s.text(x + 75, y + 22, "Raspberry Pi Pico", 13, anchor="middle", weight="bold")
    for label, py in pins:
        s.text(x + 144, py + 4, label, 12, anchor="end")
    return x + 150


def touch():
    s = Svg(900, 560, 'Pads by touch (PADS = "touch"): two MPR121 on I2C')
    sda, scl, vcc, gnd = 100, 130, 160, 190
    right = pico(
        s,
        20,
        60,
        150,
        [
            (gp(config.I2C_SDA) + " SDA", sda),
            (gp(config.I2C_SCL) + " SCL", scl),
            ("3V3 OUT (pin 36)", vcc),
            ("GND", gnd),
        ],
    )
    bus_x = {sda: 300, scl: 320, vcc: 340, gnd: 360}
    for y, x in bus_x.items():
        s.line(right, y, x, y)
        s.dot(x, y)
        s.line(x, sda, x, 430)  # every bus from the top: both boards hang on it
    for k, (top, addr, adr_pin, count, first) in enumerate(
        (
            (70, 0x5A, "ADDR to GND", config.TOUCH_ELECTRODES[0], 0),
            (330, 0x5B, "ADDR to 3V3", config.TOUCH_ELECTRODES[1], config.TOUCH_ELECTRODES[0]),
        )
    ):
        bx = 430
        s.box(bx, top, 150, 30 + 20 * max(count, 4))
        s.text(bx + 75, top + 20, "MPR121 %s 0x%02X" % ("AB"[k], addr), 13, anchor="middle", weight="bold")
        for j, (name, x) in enumerate((("SDA", 300), ("SCL", 320), ("VIN", 340), ("GND", 360))):
            y = top + 38 + 16 * j
            s.line(x, y, bx, y)
            s.dot(x, y)
            s.text(bx + 6, y + 4, name, 11)
        s.text(bx + 6, top + 38 + 16 * 4 + 4, adr_pin, 11)
        for e in range(count):
            y = top + 38 + 18 * e
            s.line(bx + 150, y, 690, y)
            s.text(bx + 144, y + 4, "E%d" % e, 11, anchor="end")
            s.parts.append('<rect x="690" y="%g" width="14" height="12" fill="#c87533" stroke="black"/>' % (y - 6))
            s.text(712, y + 4, LABEL[PADS[first + e]], 12)
    s.text(20, 470, "Electrodes: copper foil tape, about 25 x 25 mm, under each place and START square;", 13)
    s.text(20, 490, "a steel washer under each pawn. Wires from the electrodes short and apart.", 13)
    s.text(20, 520, "Buttons, switch, battery and DFPlayer: as in docs/board.md, whatever the pads.", 13)
    return s.svg()


def contacts():
    n = len(config.PAD_PINS)
    s = Svg(760, 130 + 32 * n, 'Pads by contacts (PADS = "contacts"): one GPIO each, to GND')
    ys = [95 + 32 * i for i in range(n)]
    right = pico(s, 20, 50, 32 * n + 30, [(gp(config.PAD_PINS[i]), ys[i]) for i in range(n)])
    gx = 500
    for i, y in enumerate(ys):
        s.line(right, y, 260, y)
        s.switch(260, y)
        s.line(300, y, gx, y)
        s.dot(gx, y)
        s.text(320, y - 6, LABEL[PADS[i]], 12)
    s.line(gx, ys[0], gx, ys[-1] + 16)
    s.ground(gx, ys[-1] + 16)
    s.text(gx + 16, ys[-1] + 20, "GND", 12)
    for k, line in enumerate(
        (
            "internal pull-ups:",
            "a closed contact reads 0",
            "",
            "the contact in a pawn's foot,",
            "or a switch under the place:",
            "shut while a pawn is pushed",
        )
    ):
        s.text(530, 100 + 16 * k, line, 12)
    return s.svg()


def matrix():
    rows, cols = config.MATRIX_ROWS, config.MATRIX_COLS
    s = Svg(920, 260 + 110 * len(rows), 'Pads on a diode matrix (PADS = "matrix"): %d x %d' % (len(rows), len(cols)))
    row_y = [200 + 110 * r for r in range(len(rows))]
    col_x = [330 + 140 * c for c in range(len(cols))]
    top = 100
    pins = [(gp(rows[r]) + " row %d" % r, row_y[r]) for r in range(len(rows))]
    right = pico(s, 20, 60, row_y[-1] - 30, pins)
    for y in row_y:
        s.line(right, y, col_x[-1] + 100, y, color="#1060c0")
    for c, x in enumerate(col_x):
        s.line(x, top, x, row_y[-1] - 40, color="#c03020")
        s.text(x, top - 30, "col %d" % c, 12, anchor="middle", weight="bold")
        s.text(x, top - 14, gp(cols[c]), 11, anchor="middle")
    for i, pad in enumerate(PADS):
        r, c = divmod(i, len(cols))
        x, y = col_x[c], row_y[r]
        # column -> switch -> diode -> row, hanging off the column to its right
        s.dot(x, y - 62)
        s.line(x, y - 62, x + 30, y - 62)
        s.switch(x + 30, y - 62)
        s.line(x + 70, y - 62, x + 80, y - 62)
        s.diode_down(x + 80, y - 62)
        s.line(x + 80, y - 38, x + 80, y)
        s.dot(x + 80, y)
        s.text(x + 30, y - 80, LABEL[pad], 11)
    rows_say = "Rows: outputs, driven low one at a time (the diodes' cathodes, the bar, to the row)."
    s.text(20, row_y[-1] + 60, rows_say, 13)
    s.text(20, row_y[-1] + 80, "Columns: inputs with pull-ups. Diodes: 1N4148, one per switch, so any pads at once", 13)
    s.text(20, row_y[-1] + 98, "read true. Pad i sits at row i // %d, column i %% %d." % (len(cols), len(cols)), 13)
    return s.svg()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "docs"))
    args = ap.parse_args(argv)
    for name, draw in (("touch", touch), ("contacts", contacts), ("matrix", matrix)):
        path = os.path.join(args.out, "wiring-%s.svg" % name)
        with open(path, "w") as f:
            f.write(draw())
        print(path)


if __name__ == "__main__":
    main()
