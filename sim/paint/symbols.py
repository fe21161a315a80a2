"""The board's art (sim.paint.art: the 9 place symbols, the buttons' icons,
the pawn) drawn with pygame.draw: a Pen maps a shape's box onto the window.

    Pen(surface, (cx, cy), unit, {"bg": fill}).draw(PLACE_ART["ECURIE"])
    draw_place(surface, "ECURIE", (cx, cy), unit, bg)
"""

import pygame

from .art import INK, PLACE_ART  # noqa: F401  (INK: the painters' ink)


class Pen:
    def __init__(self, surface, center, unit, colours):
        """`colours`: the named colours the shapes use ({"bg": ..., "ink": ..., "fill": ...})."""
        self.s = surface
        self.cx, self.cy = center
        self.u = unit
        self.colours = colours

    def draw(self, shapes):
        for kind, colour, *geometry in shapes:
            getattr(self, kind)(self.colours.get(colour, colour) if isinstance(colour, str) else colour, *geometry)

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

    def arc(self, color, x, y, r, start, stop, width):  # noqa: PLR0917
        r = self.u * r
        box = pygame.Rect(0, 0, round(2 * r), round(2 * r))
        box.center = self.p(x, y)
        pygame.draw.arc(self.s, color, box, start, stop, self.w(width))


def draw_place(surface, place, center, unit, bg):
    Pen(surface, center, unit, {"bg": bg}).draw(PLACE_ART[place])
