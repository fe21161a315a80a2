"""Drawing the hot-seat screens (sim.hotseat.screens) on a pygame Surface
handed in, in the words of one edition (sim.words.card_words); a click on a
drawn button is an answer to the screen.

    view = HotSeatView(screens, Words("fr"), hints=False)
    view.draw(surface)            # when screens.visible: the screen up now, over all of `surface`
    view.click(pos)               # a click inside that surface: True when it hit a button

It decides nothing and keeps no state but the buttons of its last draw.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from firmware.board import GUESTS, PLACES, SUSPECTS, WEAPONS  # noqa: E402

from ..cards.sheet import INITIALS as MARKED  # noqa: E402
from ..paint.fonts import Fonts, wrap  # noqa: E402
from ..words.pages import SEAT  # noqa: E402

INK = (30, 24, 20)
PAPER = (246, 238, 220)
BUTTON = (120, 30, 40)
CHOSEN = (200, 150, 40)
MUTED = (150, 140, 120)


class HotSeatView:
    def __init__(self, screens, words, *, hints=False, fonts=None):
        """`hints`: the sheets mark what can still be in the confidential
        case. `fonts`: sim.paint.fonts.Fonts at scale 1 (the view scales to
        its surface), or None for its own."""
        self.screens = screens
        self.words = words
        self.hints = hints
        self.fonts = fonts
        self.buttons = []  # (rect, value) of the last draw: the buttons a click answers with
        self.disabled = []  # (rect, value) drawn greyed: a choice not complete yet, a click does nothing
        self._scale = 1.0
        self._drawn = None  # the screen the buttons were drawn for

    def name(self, card):
        return self.words.name(card)

    def click(self, pos):
        """A click at `pos` of the surface last drawn on: the button's value
        goes to the screens. True when a button was hit."""
        if self.screens.screen is not self._drawn:
            return False  # the screen changed since it was drawn: its buttons are gone
        for rect, value in self.buttons:
            if rect.collidepoint(pos):
                self.screens.choose(value)
                return True
        return False

    # -- drawing -----------------------------------------------------------------------

    def _font(self, size, face="sans"):
        if self.fonts is None:
            self.fonts = Fonts()
        return self.fonts.get(size, face)

    def draw(self, surface):
        """Draw the screen up now over the whole of `surface`."""
        self.buttons, self.disabled = [], []
        sc = self._drawn = self.screens.screen
        if sc is None:
            return
        w, h = surface.get_size()
        surface.fill(PAPER)
        pygame.draw.rect(surface, INK, surface.get_rect(), 3)
        scale = max(0.5, min(w / 900, h / 640))
        self._scale = scale
        t = self.words.text
        y = int(16 * scale)
        getattr(self, "_draw_" + sc.kind)(surface, sc, t, y)
        banner = self.screens.banner
        if banner is not None and sc.kind in ("pass", "shown"):
            self._line(surface, self.words.public(banner), h - int(40 * scale), 14, MUTED)

    def _line(self, surface, text, y, size=20, color=INK, face="sans", x=None):  # noqa: PLR0917
        font = self._font(size * self._scale, face)
        for line in wrap(font, text, surface.get_width() - 40):
            img = font.render(line, True, color)
            surface.blit(img, (x if x is not None else 20, y))
            y += img.get_height() + 2
        return y

    def _button(self, surface, value, label, x, y, width, chosen=False, enabled=True, fit=False):  # noqa: PLR0917
        font = self._font(15 * self._scale, "bold")
        height = font.get_height() + 10
        if fit:  # a card in a grid: the name shrinks to its button, the button never grows over the next
            size = 15 * self._scale
            while size > 8 and font.size(label)[0] + 12 > width:
                size -= 1
                font = self._font(size, "bold")
        else:
            width = max(width, font.size(label)[0] + 24)
        rect = pygame.Rect(x, y, width, height)
        if enabled:
            pygame.draw.rect(surface, CHOSEN if chosen else BUTTON, rect, border_radius=6)
            img = font.render(label, True, PAPER)
            self.buttons.append((rect, value))
        else:  # greyed: an outline, muted text; not a button until the choice is complete
            pygame.draw.rect(surface, MUTED, rect, 2, border_radius=6)
            img = font.render(label, True, MUTED)
            self.disabled.append((rect, value))
        surface.blit(img, img.get_rect(center=rect.center))
        return rect

    def _grid(self, surface, cards, y, chosen=None, columns=3):
        """Cards as buttons, `columns` a row; the top of what comes next."""
        width = (surface.get_width() - 40 - (columns - 1) * 10) // columns
        bottom = y
        for i, c in enumerate(cards):
            x = 20 + (i % columns) * (width + 10)
            row_h = self._font(15 * self._scale, "bold").get_height() + 18
            rect = self._button(surface, c, self.name(c), x, y + (i // columns) * row_h, width, c == chosen, fit=True)
            bottom = rect.bottom
        return bottom + 12

    def _ok(self, surface, y, value="ok", label=None):
        return self._button(surface, value, label or self.words.text["ok"], 20, y, 260).bottom

    def _draw_pass(self, surface, sc, t, y):
        y = self._line(surface, self.words.line("pass", sc.guest), y + 60, 30, INK, "serif")
        self._ok(surface, y + 30, "ready", self.words.line("ready", sc.guest))

    def _draw_hand(self, surface, sc, t, y):
        y = self._line(surface, self.words.line("hand", sc.guest), y, 24, INK, "serif")
        for c in sc.data["cards"]:
            y = self._line(surface, "• " + self.name(c), y + 4, 20)
        self._ok(surface, y + 20)

    def _draw_case(self, surface, sc, t, y):
        y = self._line(surface, self.words.line("case", sc.data["suspect"], sc.data["card"]), y, 24)
        self._ok(surface, y + 20)

    def _draw_shown(self, surface, sc, t, y):
        if sc.data["shower"]:
            text = self.words.line("shown", sc.data["shower"], sc.data["card"])
        else:
            text = t["nobody"]
        y = self._line(surface, text, y, 24)
        y = self._line(surface, t["then_stop"], y + 10, 18)  # what to do next: the turn ends with STOP
        self._ok(surface, y + 20)

    def _draw_verdict(self, surface, sc, t, y):
        y = self._line(surface, self.words.outcome(sc.data["triple"], sc.data["right"]), y, 24)
        if sc.data.get("solution"):
            y = self._line(surface, self.words.solution(sc.data["solution"]), y + 10, 20)
        self._ok(surface, y + 20)

    def _draw_solution(self, surface, sc, t, y):
        if sc.data.get("verdict"):  # the last accusation's verdict, on the same page
            y = self._line(surface, self.words.verdict(*sc.data["verdict"]), y + 20, 24) - 30
        y = self._line(surface, self.words.solution(sc.data["triple"]), y + 40, 24)
        self._ok(surface, y + 20)

    def _draw_notice(self, surface, sc, t, y):
        y = self._line(surface, t[sc.data["reason"]], y + 40, 24, INK, "serif")
        self._ok(surface, y + 20)

    def _draw_hypothesis(self, surface, sc, t, y):
        picked = sc.data["picked"]
        y = self._line(surface, self.words.line("hypothesis", sc.guest, sc.data["place"]), y, 22)
        y = self._grid(surface, SUSPECTS, y + 8, picked.get("suspect"), 4)
        y = self._grid(surface, WEAPONS, y, picked.get("weapon"), 3)
        complete = "suspect" in picked and "weapon" in picked
        self._button(surface, "ask", t["ask"], 20, y, 200, enabled=complete)
        self._button(surface, "skip", t["skip"], 240, y, 240)

    def _draw_refute(self, surface, sc, t, y):
        y = self._line(surface, self.words.line("refute", sc.guest, sc.data["asker"], sc.data["named"]), y, 22)
        self._grid(surface, sc.data["options"], y + 8, None, 3)

    def _draw_accuse(self, surface, sc, t, y):
        picked = sc.data["picked"]
        y = self._line(surface, self.words.line("accuse", sc.guest), y, 22)
        y = self._grid(surface, SUSPECTS, y + 6, picked.get("suspect"), 4)
        y = self._grid(surface, PLACES, y, picked.get("place"), 5)
        y = self._grid(surface, WEAPONS, y, picked.get("weapon"), 3)
        complete = all(k in picked for k in ("suspect", "place", "weapon"))
        self._button(surface, "accuse", t["accuse_go"], 20, y, 200, enabled=complete)

    def _draw_sheet(self, surface, sc, t, y):
        sheet = self.screens.session.sheets[sc.guest]
        y = self._line(surface, self.words.line("sheet", sc.guest), y, 22, INK, "serif")
        cands = set(c for kind in sheet.hint() for c in kind) if self.hints else set()
        odds = sheet.chances() if self.hints else {}  # the hint: how likely each is in the case
        col_w = (surface.get_width() - 40) // 3
        font = self._font(14 * self._scale)
        top = y + 6
        for col, (title, cards) in enumerate(
            ((t["suspects"], SUSPECTS), (t["weapons"], WEAPONS), (t["places"], PLACES))
        ):
            x = 20 + col * col_w
            yy = self._line(surface, title, top, 16, INK, "bold", x)
            for c in cards:
                mark = sheet.marks.get(c, "")
                if mark:
                    mark = self.words.mark(mark)
                label = ("? " if c in cands else "   ") + self.name(c)
                color = MUTED if mark else INK
                img = font.render(label, True, color)
                if c in SUSPECTS:  # the "seen" circle
                    cx, cy = x + 6, yy + img.get_height() // 2
                    pygame.draw.circle(surface, INK, (cx, cy), 5, 0 if c in sheet.seen else 1)
                surface.blit(img, (x + 14, yy))
                if mark:
                    surface.blit(font.render(mark, True, BUTTON), (x + col_w - 70, yy))
                elif c in cands:
                    p = odds.get(c, 0.0)
                    odds_text = "%d %%" % round(100 * p) if p >= 0.005 else "<1 %"
                    surface.blit(font.render(odds_text, True, BUTTON), (x + col_w - 70, yy))
                yy += img.get_height() + 3
            y = max(y, yy)
        heard = ", ".join(self.name(p) for p in sheet.inspecteur) or "—"
        y = self._line(surface, self.words.line("inspecteur") + " " + heard, y + 10, 15)
        if self.hints:
            y = self._line(surface, t["hint"], y + 4, 13, MUTED)
        y = self._line(surface, SEAT[self.words.lang]["legend"], y + 8, 14, INK, "bold")
        for line in self.legend(sc.guest):
            y = self._line(surface, line, y, 14, INK)
        self._ok(surface, y + 10)

    def legend(self, guest):
        """What the sheet's marks mean, as the phone's sheet says it (sim.words.pages SEAT):
        the guest's own initials, the others', SEEN and the suspects' initials, the
        dots, and with the hints the odds."""
        words, seat = self.words, SEAT[self.words.lang]
        marks = words.marks()
        table = self.screens.session.table
        others = [g for g in (table.guests if table is not None else GUESTS) if g != guest]
        initials = ", ".join("%s %s" % (words.initials(x), self.name(x)) for x in SUSPECTS)
        lines = [seat["legend_mine"] % marks[MARKED[guest]]]
        lines += [seat["legend_shown"] % (marks[MARKED[g]], self.name(g)) for g in others]
        lines += [seat["legend_case"] % (words.text["seen"] % "…", initials), seat["legend_dot"]]
        if self.hints:
            lines.append(seat["legend_odds"])
        return lines
