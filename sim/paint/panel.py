"""The side panel (title, status, battery gauge, caption, log) and the help
overlay. Like the board painter it draws a Scene and decides nothing."""

import pygame

from firmware.board import BUTTONS, INSPECTEUR, PLACES, START_PADS, SUSPECTS
from firmware.power import EMPTY_MV, LOW_MV

from .. import layout as L
from ..keys import WINDOW_KEYS, key_of
from .draw import LIT, _fit, _text
from .fonts import wrap

PANEL_BG = (32, 26, 22)
BOX_BG = (22, 18, 16)
BOX_EDGE = (90, 72, 54)
TEXT = (236, 228, 210)
DIM = (150, 140, 124)
GOLD = (230, 190, 90)
LOG_COLOUR = {"say": TEXT, "sfx": (150, 190, 230), "board": GOLD, "notice": (240, 130, 110)}


def gauge_colour(mv):
    """Red when the board would say the batteries are empty, amber when low."""
    if mv < EMPTY_MV:
        return (210, 60, 50)
    if mv < LOW_MV:
        return (235, 160, 40)
    return (90, 190, 90)


FOOTER_LINE = 17  # design pixels between two lines of the footer
CAPTION_SIZES = (19, 17, 15)  # the caption's font, smaller for a long announcement before it scrolls


def footer_lines(labels, table_keys=()):
    """The footer: the window's keys; with the card table, its keys too
    (`table_keys`: [(key, a word)], sim.hotseat.hook.TABLE_KEYS)."""
    lines = [labels.ui["footer"]]
    if table_keys:
        lines.append(labels.ui["table_keys"] + "   " + "   ".join("%s %s" % kw for kw in table_keys))
    return lines


class PanelPainter:
    def __init__(self, fonts, labels):
        self.fonts = fonts
        self.labels = labels
        self.log_rows = 0  # how many log lines fit (set at each draw)
        self.caption_rows = []  # [(line, (x, y), font size)] of the caption as last drawn (tests read it)
        self.caption_hidden = 0  # lines of the caption below the box (it scrolls to the one spoken)

    def draw(self, surface, lay, scene):
        pygame.draw.rect(surface, PANEL_BG, lay.r(L.PANEL), border_radius=lay.n(12))
        x, y, w, h = L.TITLE
        _text(surface, self.fonts.get(24, "serif"), self.labels.ui["title"], GOLD, topleft=lay.p((x, y)))
        _text(surface, self.fonts.get(12), scene.title_note, DIM, topleft=lay.p((x, y + 32)))
        x, y, w, h = L.STATUS
        _text(surface, self.fonts.get(17, "bold"), scene.status, TEXT, topleft=lay.p((x, y + 6)))
        self._gauge(surface, lay, scene.millivolts)
        self._caption(surface, lay, scene)
        if scene.debug:
            self._debug(surface, lay, scene)
        lines = footer_lines(self.labels, scene.table_short)
        x, y, w, h = L.LOG_DEBUG if scene.debug else L.LOG
        self._log(surface, lay, scene, (x, y, w, h - FOOTER_LINE * (len(lines) - 1)))
        x, y, w, h = L.FOOTER
        for i, line in enumerate(lines):
            at = (x, y - FOOTER_LINE * (len(lines) - 1 - i))
            _text(surface, _fit(self.fonts, line, 13, "sans", lay.n(w)), line, DIM, topleft=lay.p(at))

    def _gauge(self, surface, lay, mv):
        x, y, w, h = L.GAUGE
        frac = min(1.0, max(0.0, (mv - L.GAUGE_MIN_MV) / (L.GAUGE_MAX_MV - L.GAUGE_MIN_MV)))
        pygame.draw.rect(surface, BOX_BG, lay.r(L.GAUGE), border_radius=lay.n(6))
        if frac > 0:
            pygame.draw.rect(
                surface,
                gauge_colour(mv),
                lay.r((x + 3, y + 3, (w - 6) * frac, h - 6)),
                border_radius=lay.n(4),
            )
        for mark in (EMPTY_MV, LOW_MV):  # the board's own thresholds
            mx = x + w * (mark - L.GAUGE_MIN_MV) / (L.GAUGE_MAX_MV - L.GAUGE_MIN_MV)
            pygame.draw.line(surface, (250, 250, 250), lay.p((mx, y + 2)), lay.p((mx, y + h - 2)), lay.n(1))
        pygame.draw.rect(surface, BOX_EDGE, lay.r(L.GAUGE), lay.n(2), border_radius=lay.n(6))
        pygame.draw.rect(surface, BOX_EDGE, lay.r((x + w, y + 12, 6, h - 24)))
        text = "%s  %d mV" % (self.labels.ui["battery"], mv)
        _text(
            surface, self.fonts.get(16, "bold"), text, (255, 255, 255), center=lay.p((x + w / 2, y + h / 2))
        )
        for rect, sign in ((L.GAUGE_MINUS, "−"), (L.GAUGE_PLUS, "+")):
            pygame.draw.rect(surface, BOX_BG, lay.r(rect), border_radius=lay.n(6))
            pygame.draw.rect(surface, BOX_EDGE, lay.r(rect), lay.n(2), border_radius=lay.n(6))
            rx, ry, rw, rh = rect
            _text(surface, self.fonts.get(22, "bold"), sign, TEXT, center=lay.p((rx + rw / 2, ry + rh / 2)))

    def _box(self, surface, lay, rect, title, note=""):
        pygame.draw.rect(surface, BOX_BG, lay.r(rect), border_radius=lay.n(8))
        pygame.draw.rect(surface, BOX_EDGE, lay.r(rect), lay.n(2), border_radius=lay.n(8))
        x, y, w, h = rect
        _text(surface, self.fonts.get(13, "bold"), title + note, DIM, topleft=lay.p((x + 12, y + 8)))

    def _caption(self, surface, lay, scene):
        """The last announcement, whole: from its first line, in a smaller
        font when long; longer still, it scrolls to keep the sentence spoken
        in view (its top first), with ▼ when lines wait below."""
        x, y, w, h = L.CAPTION
        self._box(surface, lay, L.CAPTION, self.labels.ui["caption"], "  ♪" if scene.speaking else "")
        top = lay.p((x + 14, y + 32))
        bottom = lay.p((x, y + h - 8))[1]
        for size in CAPTION_SIZES:
            font = self.fonts.get(size)
            line_h = font.get_linesize()
            fit = max(1, (bottom - top[1]) // line_h)
            rows, first_row = [], []
            for text, speaking in scene.caption:
                first_row.append(len(rows))
                rows.extend((line, speaking) for line in wrap(font, text, lay.n(w - 28)))
            if len(rows) <= fit:
                break
        start = 0
        spoken = [i for i, (_, speaking) in enumerate(scene.caption) if speaking]
        if len(rows) > fit and spoken:  # the sentence spoken now, in view: the box scrolls down with the voice
            start = min(first_row[spoken[0]], len(rows) - fit)
        shown = rows[start : start + fit]
        self.caption_hidden = len(rows) - start - len(shown)
        self.caption_rows = []
        yy = top[1]
        for line, speaking in shown:
            _text(surface, font, line, (255, 255, 255) if speaking else (200, 192, 176), topleft=(top[0], yy))
            self.caption_rows.append((line, (top[0], yy), size))
            yy += line_h
        if self.caption_hidden:
            _text(surface, self.fonts.get(13, "bold"), "▼", GOLD, topleft=lay.p((x + w - 24, y + h - 22)))

    def _debug(self, surface, lay, scene):
        """The debug list: every suspect and the Inspecteur, their real place."""
        x, y, w, h = L.DEBUG_BOX
        self._box(surface, lay, L.DEBUG_BOX, self.labels.ui["debug"], "  (F3)")
        font = self.fonts.get(13)
        for i, who in enumerate(SUSPECTS + (INSPECTEUR,)):
            place = scene.positions.get(who)
            if place is None:
                continue
            hidden = who in scene.hidden
            _text(
                surface,
                font,
                self.labels.suspects[who],
                GOLD if hidden else TEXT,
                topleft=lay.p((x + 12, y + 28 + i * 15)),
            )
            where = self.labels.places[place] + ("  (%s)" % self.labels.ui["hidden"] if hidden else "")
            _text(surface, font, where, GOLD if hidden else TEXT, topleft=lay.p((x + 190, y + 28 + i * 15)))

    def _log(self, surface, lay, scene, rect):
        x, y, w, h = rect
        note = "  (↑ %d)" % scene.log_scroll if scene.log_scroll else ""
        self._box(surface, lay, rect, self.labels.ui["log"], note)
        font = self.fonts.get(13)
        line_h = font.get_linesize()
        top = lay.p((x + 12, y + 30))[1]
        bottom = lay.p((x, y + h - 8))[1]
        self.log_rows = max(1, (bottom - top) // line_h)
        rows = []
        skip = scene.log_scroll
        for text, kind in reversed(scene.log):  # from the newest up, only as far as shows
            lines = wrap(font, text, lay.n(w - 24))
            for line in reversed(lines):
                if skip:
                    skip -= 1
                    continue
                rows.append((line, kind))
            if len(rows) >= self.log_rows:
                break
        yy = bottom - line_h
        for line, kind in rows[: self.log_rows]:
            _text(surface, font, line, LOG_COLOUR.get(kind, TEXT), topleft=(lay.p((x + 12, 0))[0], yy))
            yy -= line_h


def help_rows(labels, table_keys=()):
    """(left, right) columns of F1: [(key, words)] of every pad, button, the
    switch, the batteries and the window's keys; with the card table, its
    keys (`table_keys`: [(key, words)], sim.hotseat.hook.TABLE_KEYS)."""
    rows = [(key_of(("pad", p)), labels.places[p]) for p in PLACES]
    rows += [(key_of(("pad", p)), labels.name(p)) for p in START_PADS]
    rows += list(table_keys)
    right = [(key_of(("button", b)), labels.buttons[b]) for b in BUTTONS]
    right += [(key_of(("switch",)), labels.ui["switch_help"]), ("− / +", labels.ui["battery_keys"])]
    right += [(k, labels.ui["window"][what]) for k, what in WINDOW_KEYS]
    return rows, right


def draw_help(surface, lay, fonts, labels, table_keys=()):
    """The keys of every pad and button, over the board, and a turn in a
    few lines (RULES.md, Rounds and turns). Every text is fitted to its
    column: no edition's words run past the box."""
    x, y, w, h = 36, 40, 708, 720
    box = lay.r((x, y, w, h))
    veil = pygame.Surface(box[2:], pygame.SRCALPHA)
    veil.fill((12, 10, 8, 246))
    surface.blit(veil, box[:2])
    pygame.draw.rect(surface, GOLD, box, lay.n(2), border_radius=lay.n(8))
    _text(surface, fonts.get(24, "serif"), labels.ui["help"], GOLD, topleft=lay.p((x + 24, y + 14)))
    rows, right = help_rows(labels, table_keys)
    pitch = 30 if max(len(rows), len(right)) <= 14 else 26  # the card table's keys: a little closer
    col_w = (w - 56) // 2  # two columns: a key, then its words, fitted
    for col, items in ((0, rows), (1, right)):
        for i, (key, what) in enumerate(items):
            px, py = x + 24 + col * (col_w + 8), y + 56 + i * pitch
            kb = lay.r((px, py, 92, 24))
            pygame.draw.rect(surface, (60, 50, 40), kb, border_radius=lay.n(5))
            shown = key.upper() if len(key) == 1 else key
            _text(surface, _fit(fonts, shown, 16, "bold", kb[2] - lay.n(6)), shown, LIT,
                  center=pygame.Rect(kb).center)
            font = _fit(fonts, what, 16, "sans", lay.n(col_w - 104))
            _text(surface, font, what, (236, 228, 210), topleft=lay.p((px + 104, py + 3)))
    # A turn, in a few lines
    ty = y + 56 + max(len(rows), len(right)) * pitch + 10
    pygame.draw.line(surface, GOLD, lay.p((x + 24, ty)), lay.p((x + w - 24, ty)), lay.n(1))
    _text(surface, fonts.get(17, "bold"), labels.ui["turn_title"], GOLD, topleft=lay.p((x + 24, ty + 8)))
    font = fonts.get(15)
    line_y = ty + 34
    for item in labels.ui["turn_rules"]:
        for k, line in enumerate(wrap(font, item, lay.n(w - 72))):
            _text(surface, font, ("• " if k == 0 else "   ") + line, (236, 228, 210), topleft=lay.p((x + 28, line_y)))
            line_y += 20
