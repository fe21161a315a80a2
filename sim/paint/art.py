"""The board's art as data, drawn once for both boards: the 9 place symbols
(the Manor in the middle of the ring is the MANOIR symbol, larger), the
buttons' icons, a guest's pawn, and the colours. The desktop window draws
them with pygame (sim.paint.symbols.Pen); the web board shows the same
shapes as SVG (sim.paint.svg, written to hal/web/static/ by tools/web_art.py).

    for shape in PLACE_ART["ECURIE"]:   # ("circle", (120, 120, 130), 0, 0.1, 0.58, 0), ...
        ...
    PALETTE["lawn"]                     # (74, 120, 66)

A shape is a tuple: its kind, its colour, its geometry, its line width (0:
filled), in the units of its box (a place symbol and an icon: -1..1 around
their centre; the pawn: design pixels from its foot):

    ("rect", colour, x, y, w, h, width, radius)
    ("poly", colour, points, width)
    ("circle", colour, x, y, r, width)
    ("line", colour, a, b, width)
    ("lines", colour, points, width)          an open polyline
    ("ellipse", colour, x, y, w, h, width)
    ("arc", colour, x, y, r, start, stop, width)   radians, counterclockwise on screen from `start`

A colour is (r, g, b), or a name given when drawing: "bg" (what the symbol
is drawn on: the pad's fill, lit or not), "ink" (an icon's colour on its
button), "fill" (a pawn's guest colour). A line's width counts inward for
a rect, a circle, an ellipse and an arc (as pygame draws them), centred for
lines and polygons.
"""

import math

INK = (40, 32, 28)

PALETTE = {  # the board's colours, named: both boards paint with these
    "background": (46, 36, 30),
    "lawn": (74, 120, 66),
    "lawn_edge": (52, 88, 48),
    "gravel": (196, 178, 140),
    "arrow": (92, 62, 36),
    "pad_fill": (246, 238, 214),
    "pad_rim": (92, 62, 36),
    "lit": (255, 214, 64),  # a pressed pad or button
    "lit_glow": (255, 240, 160),
    "text_on_lawn": (250, 246, 232),
    "sign": (58, 44, 32),  # the plate under a name
    "ink": INK,
    "manor_plate": (60, 50, 44),
    "manor_text": (240, 228, 200),
    "guest_COMTE": (178, 34, 52),
    "guest_LAVANDE": (150, 110, 200),
    "guest_PECHE": (250, 160, 110),
    "guest_AZUR": (40, 120, 220),
    "button_STOP": (200, 50, 45),
    "button_SEARCH": (60, 120, 200),
    "button_REPEAT": (230, 140, 40),
    "button_ACCUSE": (130, 60, 150),
    "button_YES": (50, 150, 70),
    "button_NO": (190, 60, 60),
    "button_WAIT": (225, 190, 50),
    "suspect_MOUTARDE": (220, 180, 30),  # the debug overlay's tokens
    "suspect_VIOLET": (120, 70, 170),
    "suspect_OLIVE": (90, 140, 60),
    "suspect_PERVENCHE": (120, 150, 230),
    "suspect_ROSE": (230, 110, 150),
    "suspect_LEBLANC": (235, 235, 235),
    "suspect_FRANCIS": (140, 100, 70),
    "suspect_BEAUMONT": (90, 90, 90),
    "suspect_INSPECTEUR": (20, 30, 80),
}

BG, INKED, FILL = "bg", "ink", "fill"  # colours given when drawing


def rect(colour, x, y, w, h, width=0, radius=0):  # noqa: PLR0917 (pygame.draw style)
    return ("rect", colour, x, y, w, h, width, radius)


def poly(colour, pts, width=0):
    return ("poly", colour, tuple(pts), width)


def circle(colour, x, y, r, width=0):  # noqa: PLR0917
    return ("circle", colour, x, y, r, width)


def line(colour, a, b, width=0.06):
    return ("line", colour, a, b, width)


def lines(colour, pts, width=0.06):
    return ("lines", colour, tuple(pts), width)


def ellipse(colour, x, y, w, h, width=0):  # noqa: PLR0917
    return ("ellipse", colour, x, y, w, h, width)


def arc(colour, x, y, r, start, stop, width):  # noqa: PLR0917
    return ("arc", colour, x, y, r, start, stop, width)


GARDIEN = [  # the gatekeeper's lodge: a cottage and its gate
    rect((176, 120, 80), -0.62, -0.05, 0.7, 0.55),
    poly((170, 50, 40), [(-0.75, -0.02), (-0.27, -0.5), (0.21, -0.02)]),
    rect((90, 60, 40), -0.36, 0.18, 0.18, 0.32),
    rect((190, 220, 240), -0.54, 0.06, 0.14, 0.12),
    *[line(INK, (x, 0.5), (x, 0.08), 0.05) for x in (0.22, 0.36, 0.5, 0.64)],
    line(INK, (0.18, 0.18), (0.7, 0.18), 0.05),
    line(INK, (0.18, 0.4), (0.7, 0.4), 0.05),
]

PISCINE = [  # the swimming pool
    rect((70, 150, 215), -0.7, -0.3, 1.4, 0.8, radius=0.15),
    *[
        lines((235, 245, 255), [(-0.55 + 0.2 * i, y + (0.07 if i % 2 else -0.03)) for i in range(6)], 0.07)
        for y in (-0.1, 0.15)
    ],
    line((150, 150, 160), (0.48, -0.55), (0.48, -0.05), 0.06),
    line((150, 150, 160), (0.62, -0.55), (0.62, -0.05), 0.06),
    line((150, 150, 160), (0.48, -0.4), (0.62, -0.4), 0.05),
]

MANOIR = [  # Tudor Manor: timbered façade, pointed roofs, turret
    rect((238, 226, 196), -0.7, -0.15, 1.1, 0.65),
    *[line(INK, (x, -0.15), (x, 0.5), 0.05) for x in (-0.48, -0.15, 0.18)],
    line(INK, (-0.7, 0.15), (0.4, 0.15), 0.05),
    line(INK, (-0.48, -0.15), (-0.15, 0.15), 0.04),
    line(INK, (0.18, -0.15), (-0.15, 0.15), 0.04),
    poly((70, 60, 60), [(-0.78, -0.13), (-0.42, -0.6), (-0.06, -0.13)]),
    poly((70, 60, 60), [(-0.1, -0.13), (0.15, -0.5), (0.45, -0.13)]),
    rect((200, 190, 170), 0.42, -0.35, 0.26, 0.85),
    poly((110, 40, 40), [(0.38, -0.33), (0.55, -0.75), (0.72, -0.33)]),
    rect((90, 60, 40), -0.1, 0.22, 0.18, 0.28, radius=0.05),
]

JARDINS = [  # the gardens: a flower and its leaves
    line((60, 130, 60), (0, 0.0), (0, 0.62), 0.09),
    ellipse((70, 150, 70), -0.45, 0.25, 0.42, 0.2),
    ellipse((70, 150, 70), 0.03, 0.12, 0.42, 0.2),
    *[
        circle((220, 90, 130), dx, dy - 0.12, 0.2)
        for dx, dy in ((0, -0.3), (0.29, -0.1), (0.18, 0.22), (-0.18, 0.22), (-0.29, -0.1))
    ],
    circle((250, 200, 60), 0, -0.12, 0.15),
]

ABRI = [  # the boathouse: a sailing boat on the water
    poly((140, 90, 50), [(-0.7, 0.15), (0.7, 0.15), (0.45, 0.42), (-0.5, 0.42)]),
    line(INK, (0, 0.15), (0, -0.7), 0.06),
    poly((245, 245, 240), [(0.05, -0.65), (0.05, 0.08), (0.55, 0.08)]),
    poly((200, 60, 60), [(-0.05, -0.55), (-0.05, 0.08), (-0.45, 0.08)]),
    lines((70, 150, 215), [(-0.8 + 0.2 * i, 0.58 + (0.06 if i % 2 else 0)) for i in range(9)], 0.07),
]

TENNIS = [  # the tennis court: a racket and a ball
    line((120, 80, 50), (-0.05, 0.15), (-0.5, 0.68), 0.14),
    ellipse((200, 40, 40), -0.2, -0.7, 0.72, 0.92, width=0.1),
    *[
        shape
        for i in range(1, 5)
        for shape in (
            line((150, 150, 150), (-0.2 + 0.72 * i / 5, -0.62), (-0.2 + 0.72 * i / 5, 0.15), 0.025),
            line((150, 150, 150), (-0.15, -0.7 + 0.92 * i / 5), (0.47, -0.7 + 0.92 * i / 5), 0.025),
        )
    ],
    circle((215, 230, 40), 0.5, 0.45, 0.2),
    circle(INK, 0.5, 0.45, 0.2, width=0.03),
]

GARAGE = [  # the garage: a car
    rect((60, 110, 180), -0.75, -0.05, 1.5, 0.42, radius=0.12),
    poly((60, 110, 180), [(-0.4, -0.05), (-0.22, -0.4), (0.3, -0.4), (0.5, -0.05)]),
    poly((200, 225, 245), [(-0.3, -0.07), (-0.17, -0.32), (0.02, -0.32), (0.02, -0.07)]),
    poly((200, 225, 245), [(0.08, -0.07), (0.08, -0.32), (0.26, -0.32), (0.4, -0.07)]),
    *[shape for x in (-0.42, 0.42) for shape in (circle(INK, x, 0.38, 0.2), circle((180, 180, 180), x, 0.38, 0.09))],
    circle((250, 220, 90), 0.68, 0.05, 0.06),
]

KIOSQUE = [  # the kiosk: a bandstand and a note
    poly((150, 50, 60), [(-0.7, -0.2), (0, -0.7), (0.7, -0.2)]),
    rect((150, 50, 60), -0.72, -0.24, 1.44, 0.1),
    *[
        shape
        for x in (-0.55, -0.18, 0.18, 0.55)
        for shape in (
            line((245, 245, 240), (x, -0.14), (x, 0.4), 0.07),
            line(INK, (x, -0.14), (x, 0.4), 0.02),
        )
    ],
    rect((170, 150, 120), -0.8, 0.4, 1.6, 0.16),
    circle(INK, -0.05, 0.2, 0.09),
    line(INK, (0.03, 0.2), (0.03, -0.1), 0.04),
    line(INK, (0.03, -0.1), (0.15, -0.02), 0.04),
]

_IRON = (120, 120, 130)
ECURIE = [  # the stables: a horseshoe, open side up
    circle(_IRON, 0, 0.1, 0.58),
    circle(BG, 0, 0.1, 0.32),
    rect(BG, -0.33, -0.6, 0.66, 0.7),
    rect(_IRON, -0.58, -0.45, 0.26, 0.56),
    rect(_IRON, 0.32, -0.45, 0.26, 0.56),
    rect((90, 90, 100), -0.62, -0.55, 0.34, 0.12, radius=0.04),
    rect((90, 90, 100), 0.28, -0.55, 0.34, 0.12, radius=0.04),
    *[
        circle(BG, x, y, 0.045)
        for x, y in ((-0.45, -0.2), (-0.45, 0.05), (0.45, -0.2), (0.45, 0.05), (-0.3, 0.42), (0.3, 0.42))
    ],
]

PLACE_ART = {
    "GARDIEN": GARDIEN,
    "PISCINE": PISCINE,
    "MANOIR": MANOIR,
    "JARDINS": JARDINS,
    "ABRI": ABRI,
    "TENNIS": TENNIS,
    "GARAGE": GARAGE,
    "KIOSQUE": KIOSQUE,
    "ECURIE": ECURIE,
}

ICON_ART = {  # the buttons' icons, in the button's ink
    "STOP": [
        poly(
            INKED,
            [(math.cos(a) * 0.9, math.sin(a) * 0.9) for a in (math.pi / 8 + i * math.pi / 4 for i in range(8))],
            0.18,
        )
    ],
    "SEARCH": [circle(INKED, -0.2, -0.2, 0.55, 0.18), line(INKED, (0.2, 0.2), (0.75, 0.75), 0.26)],
    "REPEAT": [arc(INKED, 0, 0, 0.7, 0.6, 5.4, 0.2), poly(INKED, [(0.45, -0.75), (0.95, -0.35), (0.35, -0.1)])],
    "ACCUSE": [rect(INKED, -0.12, -0.85, 0.24, 1.05), circle(INKED, 0, 0.62, 0.15)],
    "YES": [lines(INKED, [(-0.7, 0.0), (-0.2, 0.55), (0.75, -0.6)], 0.24)],
    "NO": [line(INKED, (-0.6, -0.6), (0.6, 0.6), 0.24), line(INKED, (-0.6, 0.6), (0.6, -0.6), 0.24)],
    "WAIT": [poly(INKED, [(-0.55, -0.8), (0.55, -0.8), (0, 0), (0.55, 0.8), (-0.55, 0.8), (0, 0)], 0.14)],
}

_BODY = [(-9, 0), (-4, -18), (4, -18), (9, 0)]
PAWN = [  # a guest's pawn, in design pixels from its foot, in the guest's colour
    ellipse(INK, -11, -5, 22, 9),
    poly(FILL, _BODY),
    poly(INK, _BODY, 2),
    circle(FILL, 0, -22, 7),
    circle(INK, 0, -22, 7, 2),
]
PAWN_HALO = [ellipse(PALETTE["lit"], -16, -5, 32, 12)]  # under the pawn whose turn it is
