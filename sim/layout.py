"""Where everything sits on the window: the board as the rulebook shows it,
drawn on a fixed 1280 x 800 design canvas and scaled to the window.

Pure geometry (no pygame): the painter draws from it, the input layer hit-tests
with it, tests read pixels where it says a pad is.

A target is what a press on the window means: ("pad", id), ("button", id),
("switch",), ("battery", delta_mv), ("battery_at", fraction).
"""

import math

from firmware.board import BUTTONS, PLACES, START_PADS

BASE_W, BASE_H = 1280, 800

BOARD = (16, 16, 784, 768)  # the lawn: x, y, w, h
RING_CENTER = (408, 400)
RING_RX, RING_RY = 318, 298
PAD_R = 54  # a place symbol's radius
TOP_PLACE = "MANOIR"  # the Manor stands at the back of the board: at the top

START_W, START_H = 150, 70
START_XY = {  # the 4 START squares, one in each corner of the board
    "START_COMTE": (30, 30),
    "START_LAVANDE": (786 - START_W, 30),
    "START_PECHE": (30, 770 - START_H),
    "START_AZUR": (786 - START_W, 770 - START_H),
}

MANOR = (258, 232, 300, 178)  # the Manor's façade, in the middle of the ring
BUTTON_SIZE, BUTTON_GAP = 52, 10
BUTTONS_Y = 446  # the 7 buttons in front of the Manor, left to right (diagram 8)
SWITCH = (572, 262, 44, 92)  # the ON/OFF switch, beside the Manor

PANEL = (816, 16, 448, 768)
TITLE = (832, 28, 416, 40)
STATUS = (832, 72, 416, 28)
GAUGE = (880, 110, 320, 40)  # the battery gauge: minus at its left, plus at its right
GAUGE_MINUS = (832, 112, 38, 36)
GAUGE_PLUS = (1210, 112, 38, 36)
GAUGE_MIN_MV, GAUGE_MAX_MV = 3000, 4800
CAPTION = (832, 166, 416, 196)
LOG = (832, 380, 416, 360)
FOOTER = (832, 750, 416, 24)
DEBUG_BOX = (832, 380, 416, 168)  # in debug mode, above a shorter log
LOG_DEBUG = (832, 556, 416, 184)


def place_center(place):
    """The centre of a place's symbol on the ring (design coordinates)."""
    i = PLACES.index(place) - PLACES.index(TOP_PLACE)
    angle = math.radians(-90 + 360 * i / len(PLACES))
    cx, cy = RING_CENTER
    return (cx + RING_RX * math.cos(angle), cy + RING_RY * math.sin(angle))


def button_rect(button):
    i = BUTTONS.index(button)
    total = len(BUTTONS) * BUTTON_SIZE + (len(BUTTONS) - 1) * BUTTON_GAP
    x0 = MANOR[0] + MANOR[2] / 2 - total / 2
    return (x0 + i * (BUTTON_SIZE + BUTTON_GAP), BUTTONS_Y, BUTTON_SIZE, BUTTON_SIZE)


def start_rect(pad):
    x, y = START_XY[pad]
    return (x, y, START_W, START_H)


def _inside(rect, x, y):
    rx, ry, rw, rh = rect
    return rx <= x < rx + rw and ry <= y < ry + rh


class Layout:
    """The design canvas fitted into a window of `size`, centred, aspect kept."""

    def __init__(self, size):
        self.size = size
        w, h = size
        self.scale = min(w / BASE_W, h / BASE_H)
        self.ox = (w - BASE_W * self.scale) / 2
        self.oy = (h - BASE_H * self.scale) / 2

    # design -> window
    def n(self, length):
        return max(1, round(length * self.scale))

    def p(self, point):
        return (round(self.ox + point[0] * self.scale), round(self.oy + point[1] * self.scale))

    def r(self, rect):
        x, y, w, h = rect
        x0, y0 = self.p((x, y))
        x1, y1 = self.p((x + w, y + h))
        return (x0, y0, x1 - x0, y1 - y0)

    # window -> design
    def design(self, pos):
        return ((pos[0] - self.ox) / self.scale, (pos[1] - self.oy) / self.scale)

    def pad_center(self, pad):
        """Window coordinates of a pad's centre (a place symbol or a START square)."""
        if pad in START_XY:
            x, y, w, h = start_rect(pad)
            return self.p((x + w / 2, y + h / 2))
        return self.p(place_center(pad))

    def lit_probe(self, target):
        """A window pixel that takes the lit colour when `target` is pressed:
        inside the pad's rim, below its symbol (tests read it)."""
        kind, name = target[0], target[-1]
        if kind == "switch":
            x, y, w, h = SWITCH
            return self.p((x - 3, y + h / 2))
        if kind == "pad" and name in START_XY:
            x, y, w, h = start_rect(name)
            return self.p((x + 8, y + h - 8))
        if kind == "pad":
            cx, cy = place_center(name)
            return self.p((cx, cy + PAD_R * 0.9))
        x, y, w, h = button_rect(name)
        return self.p((x + w / 2, y + h - 6))

    def hit(self, pos):
        """The target under a window position, or None."""
        x, y = self.design(pos)
        for place in PLACES:
            cx, cy = place_center(place)
            if (x - cx) ** 2 + (y - cy) ** 2 <= PAD_R**2:
                return ("pad", place)
        for pad in START_PADS:
            if _inside(start_rect(pad), x, y):
                return ("pad", pad)
        for button in BUTTONS:
            if _inside(button_rect(button), x, y):
                return ("button", button)
        if _inside(SWITCH, x, y):
            return ("switch",)
        if _inside(GAUGE_MINUS, x, y):
            return ("battery", -100)
        if _inside(GAUGE_PLUS, x, y):
            return ("battery", 100)
        if _inside(GAUGE, x, y):
            return ("battery_at", (x - GAUGE[0]) / GAUGE[2])
        return None
