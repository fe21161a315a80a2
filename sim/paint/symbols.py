"""The 9 place symbols, drawn with pygame.draw in a unit box (-1..1) around a
centre: a lodge with its gate, a pool, the Tudor manor, a flower bed, a boat,
a racket and ball, a car, a bandstand, a horseshoe."""

import pygame

INK = (40, 32, 28)


class Pen:
    def __init__(self, surface, center, unit, bg):
        self.s = surface
        self.cx, self.cy = center
        self.u = unit
        self.bg = bg

    def p(self, x, y):
        return (round(self.cx + x * self.u), round(self.cy + y * self.u))

    def w(self, width):
        return max(1, round(width * self.u))

    def poly(self, color, pts, width=0):
        pygame.draw.polygon(self.s, color, [self.p(x, y) for x, y in pts], self.w(width) if width else 0)

    def rect(self, color, x, y, w, h, width=0, radius=0):  # noqa: PLR0917 (pygame.draw style)
        x0, y0 = self.p(x, y)
        x1, y1 = self.p(x + w, y + h)
        pygame.draw.rect(
            self.s,
            color,
            (x0, y0, x1 - x0, y1 - y0),
            self.w(width) if width else 0,
            border_radius=self.w(radius) if radius else 0,
        )

    def circle(self, color, x, y, r, width=0):  # noqa: PLR0917
        pygame.draw.circle(
            self.s, color, self.p(x, y), max(1, round(r * self.u)), self.w(width) if width else 0
        )

    def line(self, color, a, b, width=0.06):
        pygame.draw.line(self.s, color, self.p(*a), self.p(*b), self.w(width))

    def lines(self, color, pts, width=0.06):
        pygame.draw.lines(self.s, color, False, [self.p(x, y) for x, y in pts], self.w(width))

    def ellipse(self, color, x, y, w, h, width=0):  # noqa: PLR0917
        x0, y0 = self.p(x, y)
        x1, y1 = self.p(x + w, y + h)
        pygame.draw.ellipse(self.s, color, (x0, y0, x1 - x0, y1 - y0), self.w(width) if width else 0)


def gardien(pen):  # the gatekeeper's lodge: a cottage and its gate
    pen.rect((176, 120, 80), -0.62, -0.05, 0.7, 0.55)
    pen.poly((170, 50, 40), [(-0.75, -0.02), (-0.27, -0.5), (0.21, -0.02)])
    pen.rect((90, 60, 40), -0.36, 0.18, 0.18, 0.32)
    pen.rect((190, 220, 240), -0.54, 0.06, 0.14, 0.12)
    for x in (0.22, 0.36, 0.5, 0.64):
        pen.line(INK, (x, 0.5), (x, 0.08), 0.05)
    pen.line(INK, (0.18, 0.18), (0.7, 0.18), 0.05)
    pen.line(INK, (0.18, 0.4), (0.7, 0.4), 0.05)


def piscine(pen):  # the swimming pool
    pen.rect((70, 150, 215), -0.7, -0.3, 1.4, 0.8, radius=0.15)
    for y in (-0.1, 0.15):
        pen.lines(
            (235, 245, 255), [(-0.55 + 0.2 * i, y + (0.07 if i % 2 else -0.03)) for i in range(6)], 0.07
        )
    pen.line((150, 150, 160), (0.48, -0.55), (0.48, -0.05), 0.06)
    pen.line((150, 150, 160), (0.62, -0.55), (0.62, -0.05), 0.06)
    pen.line((150, 150, 160), (0.48, -0.4), (0.62, -0.4), 0.05)


def manoir(pen):  # Tudor Manor: timbered façade, pointed roofs, turret
    pen.rect((238, 226, 196), -0.7, -0.15, 1.1, 0.65)
    for x in (-0.48, -0.15, 0.18):
        pen.line(INK, (x, -0.15), (x, 0.5), 0.05)
    pen.line(INK, (-0.7, 0.15), (0.4, 0.15), 0.05)
    pen.line(INK, (-0.48, -0.15), (-0.15, 0.15), 0.04)
    pen.line(INK, (0.18, -0.15), (-0.15, 0.15), 0.04)
    pen.poly((70, 60, 60), [(-0.78, -0.13), (-0.42, -0.6), (-0.06, -0.13)])
    pen.poly((70, 60, 60), [(-0.1, -0.13), (0.15, -0.5), (0.45, -0.13)])
    pen.rect((200, 190, 170), 0.42, -0.35, 0.26, 0.85)
    pen.poly((110, 40, 40), [(0.38, -0.33), (0.55, -0.75), (0.72, -0.33)])
    pen.rect((90, 60, 40), -0.1, 0.22, 0.18, 0.28, radius=0.05)


def jardins(pen):  # the gardens: a flower and its leaves
    pen.line((60, 130, 60), (0, 0.0), (0, 0.62), 0.09)
    pen.ellipse((70, 150, 70), -0.45, 0.25, 0.42, 0.2)
    pen.ellipse((70, 150, 70), 0.03, 0.12, 0.42, 0.2)
    for dx, dy in ((0, -0.3), (0.29, -0.1), (0.18, 0.22), (-0.18, 0.22), (-0.29, -0.1)):
        pen.circle((220, 90, 130), dx, dy - 0.12, 0.2)
    pen.circle((250, 200, 60), 0, -0.12, 0.15)


def abri(pen):  # the boathouse: a sailing boat on the water
    pen.poly((140, 90, 50), [(-0.7, 0.15), (0.7, 0.15), (0.45, 0.42), (-0.5, 0.42)])
    pen.line(INK, (0, 0.15), (0, -0.7), 0.06)
    pen.poly((245, 245, 240), [(0.05, -0.65), (0.05, 0.08), (0.55, 0.08)])
    pen.poly((200, 60, 60), [(-0.05, -0.55), (-0.05, 0.08), (-0.45, 0.08)])
    pen.lines((70, 150, 215), [(-0.8 + 0.2 * i, 0.58 + (0.06 if i % 2 else 0)) for i in range(9)], 0.07)


def tennis(pen):  # the tennis court: a racket and a ball
    pen.line((120, 80, 50), (-0.05, 0.15), (-0.5, 0.68), 0.14)
    pen.ellipse((200, 40, 40), -0.2, -0.7, 0.72, 0.92, width=0.1)
    for i in range(1, 5):
        x = -0.2 + 0.72 * i / 5
        pen.line((150, 150, 150), (x, -0.62), (x, 0.15), 0.025)
        y = -0.7 + 0.92 * i / 5
        pen.line((150, 150, 150), (-0.15, y), (0.47, y), 0.025)
    pen.circle((215, 230, 40), 0.5, 0.45, 0.2)
    pen.circle(INK, 0.5, 0.45, 0.2, width=0.03)


def garage(pen):  # the garage: a car
    pen.rect((60, 110, 180), -0.75, -0.05, 1.5, 0.42, radius=0.12)
    pen.poly((60, 110, 180), [(-0.4, -0.05), (-0.22, -0.4), (0.3, -0.4), (0.5, -0.05)])
    pen.poly((200, 225, 245), [(-0.3, -0.07), (-0.17, -0.32), (0.02, -0.32), (0.02, -0.07)])
    pen.poly((200, 225, 245), [(0.08, -0.07), (0.08, -0.32), (0.26, -0.32), (0.4, -0.07)])
    for x in (-0.42, 0.42):
        pen.circle(INK, x, 0.38, 0.2)
        pen.circle((180, 180, 180), x, 0.38, 0.09)
    pen.circle((250, 220, 90), 0.68, 0.05, 0.06)


def kiosque(pen):  # the kiosk: a bandstand and a note
    pen.poly((150, 50, 60), [(-0.7, -0.2), (0, -0.7), (0.7, -0.2)])
    pen.rect((150, 50, 60), -0.72, -0.24, 1.44, 0.1)
    for x in (-0.55, -0.18, 0.18, 0.55):
        pen.line((245, 245, 240), (x, -0.14), (x, 0.4), 0.07)
        pen.line(INK, (x, -0.14), (x, 0.4), 0.02)
    pen.rect((170, 150, 120), -0.8, 0.4, 1.6, 0.16)
    pen.circle(INK, -0.05, 0.2, 0.09)
    pen.line(INK, (0.03, 0.2), (0.03, -0.1), 0.04)
    pen.line(INK, (0.03, -0.1), (0.15, -0.02), 0.04)


def ecurie(pen):  # the stables: a horseshoe, open side up
    iron = (120, 120, 130)
    pen.circle(iron, 0, 0.1, 0.58)
    pen.circle(pen.bg, 0, 0.1, 0.32)
    pen.rect(pen.bg, -0.33, -0.6, 0.66, 0.7)
    pen.rect(iron, -0.58, -0.45, 0.26, 0.56)
    pen.rect(iron, 0.32, -0.45, 0.26, 0.56)
    pen.rect((90, 90, 100), -0.62, -0.55, 0.34, 0.12, radius=0.04)
    pen.rect((90, 90, 100), 0.28, -0.55, 0.34, 0.12, radius=0.04)
    for x, y in ((-0.45, -0.2), (-0.45, 0.05), (0.45, -0.2), (0.45, 0.05), (-0.3, 0.42), (0.3, 0.42)):
        pen.circle(pen.bg, x, y, 0.045)


DRAW = {
    "GARDIEN": gardien,
    "PISCINE": piscine,
    "MANOIR": manoir,
    "JARDINS": jardins,
    "ABRI": abri,
    "TENNIS": tennis,
    "GARAGE": garage,
    "KIOSQUE": kiosque,
    "ECURIE": ecurie,
}


def draw_place(surface, place, center, unit, bg):
    DRAW[place](Pen(surface, center, unit, bg))
