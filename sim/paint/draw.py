"""Drawing the board: the lawn, the ring of places with its arrows, the START
squares, the Manor with its buttons and switch, the guests' pawns, and the
dark board when it is off. The side panel is in sim/paint/panel.py.

The painter draws a `Scene` (what there is to show) onto a surface through a
`Layout` (where); it decides nothing.
"""

import math

import pygame

from firmware.board import BUTTONS, GUESTS, INSPECTEUR, PLACES, START_PADS, SUSPECTS, guest_of_start
from firmware.table import ASLEEP, OFF

from .. import layout as L
from ..keys import key_of
from .art import ICON_ART, INK, PALETTE, PAWN, PAWN_HALO, PLACE_ART
from .symbols import Pen, draw_place

BACKGROUND = PALETTE["background"]
LAWN = PALETTE["lawn"]
LAWN_EDGE = PALETTE["lawn_edge"]
GRAVEL = PALETTE["gravel"]
ARROW = PALETTE["arrow"]
PAD_FILL = PALETTE["pad_fill"]
PAD_RIM = PALETTE["pad_rim"]
LIT = PALETTE["lit"]  # a pressed pad or button: tests look for this colour
LIT_GLOW = PALETTE["lit_glow"]
TEXT_ON_LAWN = PALETTE["text_on_lawn"]
SIGN = PALETTE["sign"]  # the plate under a place's name
START_PAWN_W = 34  # the left end of a START square, where its pawn waits
DARK = (0, 0, 0, 200)
HOLD = (220, 70, 60)  # the switch held towards OFF: its progress
START_OF = {guest_of_start(pad): pad for pad in START_PADS}  # a guest's START square

GUEST_COLOUR = {g: PALETTE["guest_" + g] for g in GUESTS}  # the Comte du Puy red, Lady Lavande mauve, ...
BUTTON_COLOUR = {b: PALETTE["button_" + b] for b in BUTTONS}
SUSPECT_COLOUR = {who: PALETTE["suspect_" + who] for who in SUSPECTS + (INSPECTEUR,)}


class Scene:
    """What the window shows, gathered by the app each frame it redraws."""

    def __init__(self):
        self.lit = set()  # targets held down
        self.switch_on = False
        self.dark = False
        self.state = OFF
        self.guests = {}  # enrolled guest -> place, None on START
        self.active = []
        self.current = None
        self.positions = {}
        self.hidden = set()
        self.debug = False
        self.help = False
        self.millivolts = 4500
        self.caption = []  # [(text, speaking)]
        self.log = []  # [(text, kind)]
        self.log_scroll = 0
        self.speaking = False
        self.title_note = ""
        self.status = ""
        self.bots = set()  # guests a bot plays (the card table's)
        self.hold = None  # the switch held towards OFF: 0..1, or None
        self.table_keys = []  # [(key, words)] the card table answers to (sim.hotseat.hook.TABLE_KEYS)
        self.table_short = []  # [(key, a word)] the same, for the footer


def _text(surface, font, text, colour, *, center=None, topleft=None, midtop=None):
    img = font.render(text, True, colour)
    rect = img.get_rect()
    if center is not None:
        rect.center = center
    elif midtop is not None:
        rect.midtop = midtop
    else:
        rect.topleft = topleft
    surface.blit(img, rect)
    return rect


def _fit(fonts, text, size, face, width):
    """The largest font up to `size` in which `text` fits `width` pixels."""
    font = fonts.get(size, face)
    while size > 6 and font.size(text)[0] > width:
        size -= 1
        font = fonts.get(size, face)
    return font


def arrow_ends(a, b, plates=()):
    """The two tips of the arrow between symbols at `a` and `b` (design
    pixels): just off each symbol, or, where a name plate would hide a head,
    just past the plate, so that every path shows both its heads."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    d = math.hypot(dx, dy)
    ux, uy = dx / d, dy / d
    gap, gap_b = L.PAD_R + 10, L.PAD_R + 10
    for plate in plates:
        clear = plate.inflate(2 * HEAD_CLEAR, 2 * HEAD_CLEAR)
        while gap < d / 2 and clear.collidepoint(a[0] + ux * gap, a[1] + uy * gap):
            gap += 2
        while gap_b < d / 2 and clear.collidepoint(b[0] - ux * gap_b, b[1] - uy * gap_b):
            gap_b += 2
    return (a[0] + ux * gap, a[1] + uy * gap), (b[0] - ux * gap_b, b[1] - uy * gap_b)


HEAD_CLEAR = 8  # design pixels between a name plate and an arrow's tip


class BoardPainter:
    def __init__(self, fonts, labels):
        self.fonts = fonts
        self.labels = labels

    def draw(self, surface, lay, scene):
        pygame.draw.rect(surface, LAWN, lay.r(L.BOARD), border_radius=lay.n(18))
        pygame.draw.rect(surface, LAWN_EDGE, lay.r(L.BOARD), lay.n(6), border_radius=lay.n(18))
        self._ring(surface, lay)
        for place in PLACES:
            self._place(surface, lay, place, ("pad", place) in scene.lit)
        for pad in START_PADS:
            self._start(surface, lay, pad, ("pad", pad) in scene.lit, guest_of_start(pad) in scene.bots)
        self._manor(surface, lay)
        for button in BUTTONS:
            self._button(surface, lay, button, ("button", button) in scene.lit)
        self._pawns(surface, lay, scene)
        if scene.debug and not scene.dark:
            self._debug(surface, lay, scene)
        if scene.dark:
            self._dark(surface, lay, scene)
        self._switch(surface, lay, scene.switch_on, ("switch",) in scene.lit)
        if scene.hold is not None:
            self._hold(surface, lay, scene.hold)

    def _hold(self, surface, lay, fraction):
        """The switch held towards OFF: a bar filling beside it, and OFF… under it."""
        x, y, w, h = L.SWITCH
        bar = (x - 22, y - 5, 10, h + 10)
        pygame.draw.rect(surface, (40, 34, 30), lay.r(bar), border_radius=lay.n(4))
        filled = bar[3] * fraction
        rest = (bar[0], bar[1] + bar[3] - filled, bar[2], filled)
        pygame.draw.rect(surface, HOLD, lay.r(rest), border_radius=lay.n(4))
        font = self.fonts.get(13, "bold")
        _text(surface, font, self.labels.ui["holding"], HOLD, midtop=lay.p((x + w / 2, y + h + 10)))

    # -- the ring -------------------------------------------------------------

    def _ring(self, surface, lay):
        centres = [L.place_center(p) for p in PLACES]
        plates = [self._plate(lay, p) for p in PLACES]
        for i, a in enumerate(centres):
            b = centres[(i + 1) % len(centres)]
            pygame.draw.line(surface, GRAVEL, lay.p(a), lay.p(b), lay.n(34))
            pygame.draw.circle(surface, GRAVEL, lay.p(a), lay.n(17))
        for i, a in enumerate(centres):
            j = (i + 1) % len(centres)
            self._arrow(surface, lay, a, centres[j], (plates[i], plates[j]))

    def _plate(self, lay, place):
        """Where a place's name plate goes, in design pixels: under its
        symbol, kept on the lawn (a long name does not hang past its edge)."""
        c = L.place_center(place)
        tw, th = self.fonts.get(15, "bold").size(self.labels.places[place])
        w, h = tw / lay.scale + 14, th / lay.scale + 4
        x = min(max(c[0] - w / 2, L.BOARD[0] + 4), L.BOARD[0] + L.BOARD[2] - 4 - w)
        return pygame.Rect(round(x), round(c[1] + L.PAD_R + 4), round(w), round(h))

    def _arrow(self, surface, lay, a, b, plates=()):
        """A double-headed arrow between two place symbols (diagram 9)."""
        p0, p1 = arrow_ends(a, b, plates)
        d = math.hypot(b[0] - a[0], b[1] - a[1])
        ux, uy = (b[0] - a[0]) / d, (b[1] - a[1]) / d
        pygame.draw.line(surface, ARROW, lay.p(p0), lay.p(p1), lay.n(5))
        for tip, sign in ((p0, -1), (p1, 1)):
            back = (tip[0] - sign * ux * 16, tip[1] - sign * uy * 16)
            left = (back[0] - uy * 10, back[1] + ux * 10)
            right = (back[0] + uy * 10, back[1] - ux * 10)
            pygame.draw.polygon(surface, ARROW, [lay.p(tip), lay.p(left), lay.p(right)])

    def _place(self, surface, lay, place, lit):
        c = L.place_center(place)
        fill = LIT if lit else PAD_FILL
        if lit:
            pygame.draw.circle(surface, LIT_GLOW, lay.p(c), lay.n(L.PAD_R + 9))
        pygame.draw.circle(surface, fill, lay.p(c), lay.n(L.PAD_R))
        pygame.draw.circle(surface, PAD_RIM, lay.p(c), lay.n(L.PAD_R), lay.n(3))
        draw_place(surface, place, lay.p((c[0], c[1] - 4)), L.PAD_R * 0.6 * lay.scale, fill)
        name = self.labels.places[place]
        font = self.fonts.get(15, "bold")
        at = self._plate(lay, place)
        plate = pygame.Rect(lay.p(at.topleft), (lay.n(at.w), lay.n(at.h)))
        pygame.draw.rect(surface, SIGN, plate, border_radius=lay.n(7))  # a signpost: readable over the arrows
        _text(surface, font, name, TEXT_ON_LAWN, center=plate.center)
        self._key(surface, lay, ("pad", place), (c[0] - L.PAD_R * 0.72, c[1] - L.PAD_R * 0.72))

    def _key(self, surface, lay, target, at):
        pygame.draw.circle(surface, INK, lay.p(at), lay.n(11))
        _text(surface, self.fonts.get(13, "bold"), key_of(target).upper(), (255, 255, 255), center=lay.p(at))

    def _start(self, surface, lay, pad, lit, bot=False):
        guest = guest_of_start(pad)
        rect = L.start_rect(pad)
        colour = GUEST_COLOUR[guest]
        pygame.draw.rect(surface, LIT if lit else PAD_FILL, lay.r(rect), border_radius=lay.n(8))
        pygame.draw.rect(surface, colour, lay.r(rect), lay.n(5), border_radius=lay.n(8))
        x, y, w, h = rect
        mid = x + START_PAWN_W + (w - START_PAWN_W) / 2  # the text right of the pawn's spot
        title = self.labels.ui["start"] + (" · " + self.labels.ui["bot"] if bot else "")  # a bot plays this guest
        font = _fit(self.fonts, title, 15, "bold", lay.n(w - START_PAWN_W - 10))
        _text(surface, font, title, colour, center=lay.p((mid, y + 24)))
        name = self.labels.guests[guest]
        font = _fit(self.fonts, name, 14, "narrow", lay.n(w - START_PAWN_W - 10))
        _text(surface, font, name, INK, center=lay.p((mid, y + 46)))
        self._key(surface, lay, ("pad", pad), (x + w - 4, y + 4))

    # -- the Manor, its buttons and switch --------------------------------------

    def _manor(self, surface, lay):
        x, y, w, h = L.MANOR
        pygame.draw.rect(
            surface, PALETTE["manor_plate"], lay.r((x - 6, y + h - 30, w + 12, 40)), border_radius=lay.n(6)
        )
        Pen(surface, lay.p((x + w / 2 + 10, y + h / 2 - 14)), 118 * lay.scale, {"bg": LAWN}).draw(PLACE_ART["MANOIR"])
        _text(
            surface,
            self.fonts.get(16, "serif"),
            self.labels.ui["manor"],
            PALETTE["manor_text"],
            center=lay.p((x + w / 2, y + h - 10)),
        )

    def _button(self, surface, lay, button, lit):
        rect = L.button_rect(button)
        x, y, w, h = rect
        colour = BUTTON_COLOUR[button]
        pygame.draw.rect(surface, (30, 24, 20), lay.r((x + 2, y + 4, w, h)), border_radius=lay.n(12))
        pygame.draw.rect(surface, LIT if lit else colour, lay.r(rect), border_radius=lay.n(12))
        pygame.draw.rect(
            surface, (255, 255, 255) if lit else (30, 24, 20), lay.r(rect), lay.n(2), border_radius=lay.n(12)
        )
        self._button_icon(surface, lay, button, (x + w / 2, y + h / 2 - 4), INK if lit else (255, 255, 255))
        label = self.labels.buttons[button]
        font = _fit(self.fonts, label, 12, "narrow", lay.n(w + 8))
        below = lay.p((x + w / 2, y + h + 6))
        _text(surface, font, label, (20, 30, 16), midtop=(below[0] + 1, below[1] + 1))
        _text(surface, font, label, TEXT_ON_LAWN, midtop=below)
        font = self.fonts.get(11, "bold")
        _text(
            surface,
            font,
            key_of(("button", button)).upper(),
            INK if lit else (255, 255, 255),
            center=lay.p((x + w - 9, y + h - 10)),
        )

    def _button_icon(self, surface, lay, button, c, ink):
        Pen(surface, lay.p(c), 15 * lay.scale, {"ink": ink}).draw(ICON_ART[button])

    def _switch(self, surface, lay, on, lit):
        x, y, w, h = L.SWITCH
        pygame.draw.rect(
            surface,
            LIT if lit else (40, 34, 30),
            lay.r((x - 5, y - 5, w + 10, h + 10)),
            border_radius=lay.n(8),
        )
        pygame.draw.rect(surface, (40, 34, 30), lay.r((x - 1, y - 1, w + 2, h + 2)), border_radius=lay.n(6))
        pygame.draw.rect(
            surface, (20, 16, 14), lay.r((x + w / 2 - 7, y + 22, 14, h - 44)), border_radius=lay.n(6)
        )
        knob_y = y + 22 if on else y + h - 44
        pygame.draw.rect(
            surface,
            (90, 200, 90) if on else (200, 70, 60),
            lay.r((x + 8, knob_y, w - 16, 22)),
            border_radius=lay.n(5),
        )
        font = self.fonts.get(11, "bold")
        _text(surface, font, self.labels.ui["switch_on"], (230, 230, 220), center=lay.p((x + w / 2, y + 10)))
        _text(
            surface,
            font,
            self.labels.ui["switch_off"],
            (230, 230, 220),
            center=lay.p((x + w / 2, y + h - 10)),
        )
        self._key(surface, lay, ("switch",), (x + w + 8, y + h / 2))

    # -- pawns ------------------------------------------------------------------

    def _pawns(self, surface, lay, scene):
        at = {}
        for guest in GUESTS:
            if guest in scene.guests:
                at.setdefault(scene.guests[guest] or START_OF[guest], []).append(guest)
        for spot, guests in at.items():
            if spot in PLACES:
                cx, cy = L.place_center(spot)
                cy -= L.PAD_R - 4
            else:
                x, y, w, h = L.start_rect(spot)
                cx, cy = x + START_PAWN_W / 2 + 4, y + h - 16
            for i, guest in enumerate(guests):
                dx = (i - (len(guests) - 1) / 2) * 22
                self._pawn(
                    surface,
                    lay,
                    (cx + dx, cy),
                    guest,
                    current=guest == scene.current,
                    out=guest not in scene.active and bool(scene.active),
                )

    def _pawn(self, surface, lay, foot, guest, *, current, out):
        colour = GUEST_COLOUR[guest]
        if out:
            colour = tuple((c + 160) // 2 for c in colour)
        pen = Pen(surface, (lay.ox + foot[0] * lay.scale, lay.oy + foot[1] * lay.scale), lay.scale, {"fill": colour})
        if current:
            pen.draw(PAWN_HALO)
        pen.draw(PAWN)

    # -- overlays on the board ----------------------------------------------------

    def _debug(self, surface, lay, scene):
        """Where every suspect and the Inspecteur really are: a token on the
        right of each place; a hidden one is dark with a coloured rim."""
        by_place = {}
        for who in SUSPECTS + (INSPECTEUR,):
            if who in scene.positions:
                by_place.setdefault(scene.positions[who], []).append(who)
        font = self.fonts.get(10, "bold")
        for place, whos in by_place.items():
            cx, cy = L.place_center(place)
            for i, who in enumerate(whos):
                a = -0.95 + i * 0.34
                pos = (cx + math.cos(a) * (L.PAD_R + 13), cy + math.sin(a) * (L.PAD_R + 13))
                colour = SUSPECT_COLOUR[who]
                hidden = who in scene.hidden
                pygame.draw.circle(surface, (30, 30, 30) if hidden else colour, lay.p(pos), lay.n(11))
                pygame.draw.circle(surface, colour if hidden else INK, lay.p(pos), lay.n(11), lay.n(2))
                ink = (255, 255, 255) if hidden or sum(colour) < 400 else INK
                _text(surface, font, "In" if who == INSPECTEUR else who[:2].title(), ink, center=lay.p(pos))

    def _dark(self, surface, lay, scene):
        box = lay.r(L.BOARD)
        veil = pygame.Surface(box[2:], pygame.SRCALPHA)
        veil.fill(DARK)
        surface.blit(veil, box[:2])
        title = self.labels.ui["asleep" if scene.state == ASLEEP else "off"]
        cx = L.BOARD[0] + L.BOARD[2] / 2
        _text(surface, self.fonts.get(30, "serif"), title, (200, 190, 170), center=lay.p((cx, 600)))
        _text(surface, self.fonts.get(18), self.labels.ui["wake"], (170, 160, 140), center=lay.p((cx, 640)))
