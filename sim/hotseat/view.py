"""The card table's screens, for the people at a hot-seat table: "pass
to …" before anything private, the cards in hand, a case opened, the
hypothesis picker, the choice of a card to show, the accusation, and each
guest's detective sheet (which fills itself).

The view draws on a pygame Surface handed in and is driven by its owner:

    view = TableView(session, people=("LAVANDE",), lang="fr")
    view.update()                 # after each board.feed / session.poll
    view.draw(surface)            # when view.visible
    view.click(pos)               # a mouse click inside that surface
    view.choose("OLIVE")          # the same by value (keys, tests)

Nothing here decides a rule: the session (sim.cards.session) does the
table's bookkeeping, the board's firmware everything else.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from firmware.board import PLACES, SUSPECTS, WEAPONS  # noqa: E402

from .cards.session import Stuck  # noqa: E402
from .cards.sheet import INITIALS  # noqa: E402

WEAPON_NAMES = {
    "fr": {
        "FER_A_CHEVAL": "Fer à cheval",
        "MARTEAU": "Marteau",
        "CISAILLE": "Cisaille à haie",
        "SEAU": "Seau d'eau",
        "RAQUETTE": "Raquette de tennis",
        "NAIN": "Nain de jardin",
    },
    "en": {
        "FER_A_CHEVAL": "Horseshoe",
        "MARTEAU": "Hammer",
        "CISAILLE": "Hedge shears",
        "SEAU": "Bucket of water",
        "RAQUETTE": "Tennis racket",
        "NAIN": "Garden gnome",
    },
}

TEXT = {
    "fr": {
        "pass": "Passez l'écran à %s",
        "ready": "Je suis %s : montrer",
        "ok": "Compris",
        "hand": "%s, vos cartes",
        "case": "Vous ouvrez le dossier de %s : %s",
        "hypothesis": "%s, votre hypothèse à : %s",
        "ask": "Soupçonner",
        "skip": "Pas d'hypothèse",
        "refute": "%s, %s soupçonne %s. Quelle carte montrer ?",
        "shown": "%s vous montre : %s",
        "nobody": "Personne ne peut réfuter votre hypothèse.",
        "accuse": "%s, nommez le coupable, le lieu et l'arme",
        "accuse_go": "Accuser",
        "right": "Bien vu ! C'était %s.",
        "wrong": "Raté : ce n'était pas %s.",
        "sheet": "Fiche de détective : %s",
        "inspecteur": "Inspecteur entendu :",
        "hint": "? : peut encore être dans le dossier confidentiel",
        "suspects": "Suspects",
        "weapons": "Armes",
        "places": "Lieux",
        "public_hyp": "%s soupçonne %s. %s",
        "passed": "%s ne peut pas. ",
        "showed": "%s montre une carte.",
        "noone": "Personne ne réfute.",
    },
    "en": {
        "pass": "Pass the screen to %s",
        "ready": "I am %s: show",
        "ok": "Got it",
        "hand": "%s, your cards",
        "case": "You open %s's case: %s",
        "hypothesis": "%s, your hypothesis at: %s",
        "ask": "Suspect",
        "skip": "No hypothesis",
        "refute": "%s, %s suspects %s. Which card do you show?",
        "shown": "%s shows you: %s",
        "nobody": "Nobody can refute your hypothesis.",
        "accuse": "%s, name the murderer, the place and the weapon",
        "accuse_go": "Accuse",
        "right": "Well seen! It was %s.",
        "wrong": "Wrong: it was not %s.",
        "sheet": "Detective sheet: %s",
        "inspecteur": "Inspecteur heard:",
        "hint": "?: can still be in the confidential case",
        "suspects": "Suspects",
        "weapons": "Weapons",
        "places": "Places",
        "public_hyp": "%s suspects %s. %s",
        "passed": "%s cannot. ",
        "showed": "%s shows a card.",
        "noone": "Nobody refutes.",
    },
}

INK = (30, 24, 20)
PAPER = (246, 238, 220)
BUTTON = (120, 30, 40)
CHOSEN = (200, 150, 40)
MUTED = (150, 140, 120)


class Screen:
    """One thing to show: `kind`, for `guest` (None: everyone), with `data`."""

    __slots__ = ("kind", "guest", "data")

    def __init__(self, kind, guest, **data):
        self.kind, self.guest, self.data = kind, guest, data

    @property
    def private(self):
        return self.guest is not None and self.kind != "pass"

    def __repr__(self):
        return "Screen(%r, %r)" % (self.kind, self.guest)


class TableView:
    def __init__(self, session, people, *, lang="fr", hints=False, labels=None, fonts=None):
        if lang not in TEXT:
            raise ValueError("no card table in %r: languages are %s" % (lang, ", ".join(TEXT)))
        self.session = session
        self.people = tuple(people)
        self.lang = lang
        self.text = TEXT[lang]
        self.hints = hints
        self.labels = labels
        self.fonts = fonts
        self.holder = None  # who the screen was last passed to
        self.queue = []
        self.screen = None
        self.banner = ""
        self.buttons = []  # (rect, value) of the last draw
        self._read = 0
        self.shown_log = []  # every screen shown, in order (for tests and replays)

    # -- names ----------------------------------------------------------------------

    def name(self, card):
        if card in WEAPON_NAMES[self.lang]:
            return WEAPON_NAMES[self.lang][card]
        if self.labels is None:
            from hal import captions

            from .labels import Labels

            self.labels = Labels(self.lang, captions.load(self.lang))
        for table in (self.labels.suspects, self.labels.places, self.labels.guests):
            if card in table:
                return table[card]
        return card

    # -- following the session -----------------------------------------------------

    @property
    def visible(self):
        return self.screen is not None

    def showing(self):
        """(kind, guest) of the screen up now, or None."""
        return (self.screen.kind, self.screen.guest) if self.screen else None

    def update(self):
        s = self.session
        for note in s.notes[self._read :]:
            self._note(note)
        self._read = len(s.notes)
        h = s.pending
        if h is not None and h.waiting and h.waiting[0] in self.people:
            r, options = h.waiting
            self._want(Screen("refute", r, asker=h.asker, named=h.named, options=options))
        g = s.accusing
        if g in self.people:
            self._want(Screen("accuse", g, picked={}))
        self._next()

    def _want(self, screen):
        for x in [self.screen] + self.queue:
            if x is not None and x.kind == screen.kind and x.guest == screen.guest:
                return
        self.queue.append(screen)

    def _note(self, note):
        kind = note[0]
        people = self.people
        if kind == "new":
            self.queue, self.screen, self.holder, self.banner = [], None, None, ""
        elif kind == "deal":
            for g in note[1]:
                if g in people:
                    self.queue.append(Screen("hand", g, cards=self.session.table.deal.hands[g]))
        elif kind == "open" and note[1] in people:
            self.queue.append(Screen("case", note[1], suspect=note[2], card=note[3]))
        elif kind == "arrive" and note[1] in people:
            self.queue.append(Screen("hypothesis", note[1], place=note[2], picked={}))
        elif kind == "turn":
            self._drop(lambda x: x.kind == "hypothesis" and x.guest != note[1])
        elif kind == "accuse":
            self._drop(lambda x: x.kind == "hypothesis")  # no hypothesis after ACCUSE
        elif kind == "hypothesis":
            h = note[1]
            self.banner = self._public(h)
            if h.asker in people:
                self.queue.append(Screen("shown", h.asker, shower=h.shower, card=h.card))
        elif kind == "verdict":
            g, triple, right = note[1], note[2], note[3]
            self._drop(lambda x: x.kind == "accuse" and x.guest == g)
            if g in people:
                self.queue.append(Screen("verdict", g, triple=triple, right=right))

    def _drop(self, which):
        self.queue = [x for x in self.queue if not which(x)]
        if self.screen is not None and which(self.screen):
            self.screen = None

    def _public(self, h):
        t = self.text
        named = " / ".join(self.name(c) for c in h.named)
        rest = "".join(t["passed"] % self.name(g) for g in h.passed)
        rest += t["showed"] % self.name(h.shower) if h.shower else t["noone"]
        return t["public_hyp"] % (self.name(h.asker), named, rest)

    def _next(self):
        if self.screen is not None or not self.queue:
            return
        nxt = self.queue[0]
        if nxt.private and nxt.guest != self.holder:
            self.screen = Screen("pass", nxt.guest)  # hot-seat privacy first
        else:
            self.screen = self.queue.pop(0)
        self.shown_log.append((self.screen.kind, self.screen.guest))

    def open_sheet(self, guest=None):
        """Show a person's detective sheet (after a pass-to screen if needed)."""
        guest = guest or self.holder or (self.people[0] if self.people else None)
        if guest in self.session.sheets and guest in self.people:
            self.queue.insert(0, Screen("sheet", guest))
            if self.screen is not None and self.screen.kind in ("sheet", "pass"):
                self.screen = None
            self._next()

    # -- input ---------------------------------------------------------------------------

    def click(self, pos):
        for rect, value in self.buttons:
            if rect.collidepoint(pos):
                self.choose(value)
                return True
        return False

    def choose(self, value):
        sc = self.screen
        if sc is None:
            raise ValueError("no card-table screen is up")
        s = self.session
        k = sc.kind
        if k == "pass":
            if value != "ready":
                raise ValueError("the pass-to screen only takes 'ready'")
            self.holder = sc.guest
            self._done()
        elif k in ("hand", "case", "shown", "verdict", "sheet"):
            self._done()
        elif k == "hypothesis":
            picked = sc.data["picked"]
            if value == "skip":
                self._done()
            elif value == "ask":
                if "suspect" not in picked or "weapon" not in picked:
                    raise ValueError("pick a suspect and a weapon first")
                self._done()
                s.hypothesis(sc.guest, picked["suspect"], picked["weapon"])
                self.update()
            elif value in SUSPECTS:
                picked["suspect"] = value
            elif value in WEAPONS:
                picked["weapon"] = value
            else:
                raise ValueError("a hypothesis names a suspect and a weapon, not %r" % (value,))
        elif k == "refute":
            if value not in sc.data["options"]:
                raise ValueError("%s can show %s, not %r" % (sc.guest, ", ".join(sc.data["options"]), value))
            self._done()
            s.show(sc.guest, value)
            self.update()
        elif k == "accuse":
            picked = sc.data["picked"]
            if value == "accuse":
                if len(picked) < 3:
                    raise ValueError("name a suspect, a place and a weapon first")
                self._done()
                s.accuse(sc.guest, picked["suspect"], picked["place"], picked["weapon"])
                self.update()
            elif value in SUSPECTS:
                picked["suspect"] = value
            elif value in PLACES:
                picked["place"] = value
            elif value in WEAPONS:
                picked["weapon"] = value
            else:
                raise ValueError("an accusation names a suspect, a place and a weapon, not %r" % (value,))

    def _done(self):
        self.screen = None
        self._next()

    # -- drawing -----------------------------------------------------------------------

    def _font(self, size, face="sans"):
        if self.fonts is None:
            from .fonts import Fonts

            self.fonts = Fonts()
        return self.fonts.get(size, face)

    def draw(self, surface):
        """Draw the screen up now over the whole of `surface`."""
        self.buttons = []
        sc = self.screen
        if sc is None:
            return
        w, h = surface.get_size()
        surface.fill(PAPER)
        pygame.draw.rect(surface, INK, surface.get_rect(), 3)
        scale = max(0.5, min(w / 900, h / 640))
        self._scale = scale
        t = self.text
        y = int(16 * scale)
        getattr(self, "_draw_" + sc.kind)(surface, sc, t, y)
        if self.banner and sc.kind in ("pass", "shown"):
            self._line(surface, self.banner, h - int(40 * scale), 14, MUTED)

    def _line(self, surface, text, y, size=20, color=INK, face="sans", x=None):  # noqa: PLR0917
        font = self._font(size * self._scale, face)
        from .fonts import wrap

        for line in wrap(font, text, surface.get_width() - 40):
            img = font.render(line, True, color)
            surface.blit(img, (x if x is not None else 20, y))
            y += img.get_height() + 2
        return y

    def _button(self, surface, value, label, x, y, width, chosen=False):  # noqa: PLR0917
        font = self._font(15 * self._scale, "bold")
        height = font.get_height() + 10
        width = max(width, font.size(label)[0] + 24)
        rect = pygame.Rect(x, y, width, height)
        pygame.draw.rect(surface, CHOSEN if chosen else BUTTON, rect, border_radius=6)
        img = font.render(label, True, PAPER)
        surface.blit(img, img.get_rect(center=rect.center))
        self.buttons.append((rect, value))
        return rect

    def _grid(self, surface, cards, y, chosen=None, columns=3):
        """Cards as buttons, `columns` a row; the top of what comes next."""
        width = (surface.get_width() - 40 - (columns - 1) * 10) // columns
        bottom = y
        for i, c in enumerate(cards):
            x = 20 + (i % columns) * (width + 10)
            row_h = self._font(15 * self._scale, "bold").get_height() + 18
            rect = self._button(surface, c, self.name(c), x, y + (i // columns) * row_h, width, c == chosen)
            bottom = rect.bottom
        return bottom + 12

    def _ok(self, surface, y, value="ok", label=None):
        return self._button(surface, value, label or self.text["ok"], 20, y, 260).bottom

    def _draw_pass(self, surface, sc, t, y):
        y = self._line(surface, t["pass"] % self.name(sc.guest), y + 60, 30, INK, "serif")
        self._ok(surface, y + 30, "ready", t["ready"] % self.name(sc.guest))

    def _draw_hand(self, surface, sc, t, y):
        y = self._line(surface, t["hand"] % self.name(sc.guest), y, 24, INK, "serif")
        for c in sc.data["cards"]:
            y = self._line(surface, "• " + self.name(c), y + 4, 20)
        self._ok(surface, y + 20)

    def _draw_case(self, surface, sc, t, y):
        y = self._line(surface, t["case"] % (self.name(sc.data["suspect"]), self.name(sc.data["card"])), y, 24)
        self._ok(surface, y + 20)

    def _draw_shown(self, surface, sc, t, y):
        if sc.data["shower"]:
            text = t["shown"] % (self.name(sc.data["shower"]), self.name(sc.data["card"]))
        else:
            text = t["nobody"]
        y = self._line(surface, text, y, 24)
        self._ok(surface, y + 20)

    def _draw_verdict(self, surface, sc, t, y):
        triple = " / ".join(self.name(c) for c in sc.data["triple"])
        y = self._line(surface, (t["right"] if sc.data["right"] else t["wrong"]) % triple, y, 24)
        self._ok(surface, y + 20)

    def _draw_hypothesis(self, surface, sc, t, y):
        picked = sc.data["picked"]
        y = self._line(surface, t["hypothesis"] % (self.name(sc.guest), self.name(sc.data["place"])), y, 22)
        y = self._grid(surface, SUSPECTS, y + 8, picked.get("suspect"), 4)
        y = self._grid(surface, WEAPONS, y, picked.get("weapon"), 3)
        self._button(surface, "ask", t["ask"], 20, y, 200)
        self._button(surface, "skip", t["skip"], 240, y, 240)

    def _draw_refute(self, surface, sc, t, y):
        named = " / ".join(self.name(c) for c in sc.data["named"])
        y = self._line(surface, t["refute"] % (self.name(sc.guest), self.name(sc.data["asker"]), named), y, 22)
        self._grid(surface, sc.data["options"], y + 8, None, 3)

    def _draw_accuse(self, surface, sc, t, y):
        picked = sc.data["picked"]
        y = self._line(surface, t["accuse"] % self.name(sc.guest), y, 22)
        y = self._grid(surface, SUSPECTS, y + 6, picked.get("suspect"), 4)
        y = self._grid(surface, PLACES, y, picked.get("place"), 5)
        y = self._grid(surface, WEAPONS, y, picked.get("weapon"), 3)
        self._button(surface, "accuse", t["accuse_go"], 20, y, 200)

    def _draw_sheet(self, surface, sc, t, y):
        sheet = self.session.sheets[sc.guest]
        y = self._line(surface, t["sheet"] % self.name(sc.guest), y, 22, INK, "serif")
        cands = set(c for kind in sheet.hint() for c in kind) if self.hints else set()
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
                if mark in SUSPECTS:
                    mark = "VU " + INITIALS_SUSPECT.get(mark, mark[:2])
                label = ("? " if c in cands else "   ") + self.name(c)
                color = MUTED if mark else INK
                img = font.render(label, True, color)
                if c in SUSPECTS:  # the "seen" circle
                    cx, cy = x + 6, yy + img.get_height() // 2
                    pygame.draw.circle(surface, INK, (cx, cy), 5, 0 if c in sheet.seen else 1)
                surface.blit(img, (x + 14, yy))
                if mark:
                    surface.blit(font.render(mark, True, BUTTON), (x + col_w - 70, yy))
                yy += img.get_height() + 3
            y = max(y, yy)
        heard = ", ".join(self.name(p) for p in sheet.inspecteur) or "—"
        y = self._line(surface, t["inspecteur"] + " " + heard, y + 10, 15)
        if self.hints:
            y = self._line(surface, t["hint"], y + 4, 13, MUTED)
        self._ok(surface, y + 10)


class CardTableHook:
    """Everything the desktop board needs for `--table` / `--bots`: the
    session (sink of the app's Board), bot guests, and the view.

        hook = CardTableHook(app.board, seed, lang, bots={"AZUR": "hard"})
        # each frame, after the app's update():
        for event in hook.step(app.now, quiet=not audio_busy):
            app.feed(event)
        # drawing: if hook.visible: hook.draw(surface, rect)
        # input: a click inside rect -> hook.click(pos, rect); S -> hook.view.open_sheet()

    Every guest who enrols and is not a bot is a person at the hot-seat table.
    """

    def __init__(self, board, seed, lang, *, bots=None, hints=False, delay_ms=1200):
        from firmware.board import GUESTS

        from .bots import Bot
        from .cards.session import Session

        bots = dict(bots or {})
        people = tuple(g for g in GUESTS if g not in bots)
        self.session = Session(
            board, seed, bots={g: Bot(g, lv, seed) for g, lv in bots.items()}, humans=people, delay_ms=delay_ms
        )
        self.view = TableView(self.session, people, lang=lang, hints=hints)  # its own fonts, scaled to its surface
        self._drawn = None
        self._news = 0
        self.problem = None  # set if a bot got stuck (a bug): the bots then stop
        self._told = None

    def present(self, actions, now_ms):
        """A Sink (hal.sink): the screens follow what the board said."""
        self.view.update()

    @property
    def visible(self):
        return self.view.visible

    def news(self):
        """What the whole table saw since the last call, as lines for a log:
        hypotheses and who refuted, accusations and the table's verdict."""
        lines = []
        notes = self.session.notes
        for note in notes[self._news :]:
            if note[0] == "hypothesis":
                lines.append(self.view._public(note[1]))
            elif note[0] == "verdict":
                t = self.view.text
                triple = " / ".join(self.view.name(c) for c in note[2])
                lines.append(self.view.name(note[1]) + " : " + (t["right"] if note[3] else t["wrong"]) % triple)
        self._news = len(notes)
        if self.problem and self._told != self.problem:
            self._told = self.problem
            lines.append(self.problem)
        return lines

    def toggle_hints(self):
        """Show (or hide) on the sheets the cards that can still be in the case."""
        self.view.hints = not self.view.hints
        return self.view.hints

    def make_bot(self, guest=None, level="hard"):
        """At the roll call: `guest` (default: the one being asked about)
        becomes a bot, which answers YES itself."""
        from .bots import Bot

        guest = guest or self.session.asked
        if guest is None:
            raise ValueError("bots join at the roll call, while the narrator asks who plays")
        self.session.add_bot(Bot(guest, level, self.session.seed))
        self.view.people = tuple(p for p in self.view.people if p != guest)
        return guest

    def step(self, now_ms, quiet=True):
        """The events to feed the board now: bots' presses and the table's
        YES/NO after an accusation. `quiet`: the speaker is silent (bots wait
        for the narrator to finish, as people do)."""
        self.view.update()
        if not quiet or self.problem:
            return []
        try:
            return self.session.poll(now_ms)
        except Stuck as e:  # a bot's bug must not close the window: say it, and stop the bots
            self.problem = "card table: %s" % e
            return []

    @property
    def changed(self):
        """The screen or the banner changed since the last draw: redraw."""
        return self._drawn != (self.view.showing(), self.view.banner, self.view.hints)

    def draw(self, surface, rect):
        """Draw the screen up now over `rect` (any rect-like) of `surface`."""
        self._drawn = (self.view.showing(), self.view.banner, self.view.hints)
        if self.view.visible:
            self.view.draw(surface.subsurface(pygame.Rect(rect)))

    def click(self, pos, rect):
        """A click in window coordinates; True when the view took it."""
        rect = pygame.Rect(rect)
        if not self.view.visible or not rect.collidepoint(pos):
            return False
        return self.view.click((pos[0] - rect.x, pos[1] - rect.y))

    def key(self, char):
        """The card table's keys: d the detective sheet, h the hints, b at the
        roll call makes the guest asked about a bot, Return takes the only
        answer of a pass-to or a notice. True when the key was the table's."""
        v = self.view
        if char == "d":
            v.open_sheet()
        elif char == "h":
            self.toggle_hints()
        elif char == "b" and self.session.asked is not None and self.session.table is None:
            self.make_bot()
        elif (
            char in ("\r", "\n")
            and v.visible
            and v.showing()[0] in ("pass", "hand", "case", "shown", "verdict", "sheet")
        ):
            v.choose("ready" if v.showing()[0] == "pass" else "ok")
        else:
            return False
        return True


INITIALS_SUSPECT = {
    "MOUTARDE": "CM",
    "VIOLET": "PV",
    "OLIVE": "RO",
    "PERVENCHE": "MP",
    "ROSE": "MR",
    "LEBLANC": "ML",
    "FRANCIS": "F",
    "BEAUMONT": "MB",
}

__all__ = ["TableView", "Screen", "INITIALS"]
