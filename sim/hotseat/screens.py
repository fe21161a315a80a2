"""The hot-seat screens, in order, for the people at one screen: "pass
to …" before anything private, the cards in hand, a case opened, the
hypothesis picker, the choice of a card to show, the accusation, the
table's verdict and each guest's detective sheet. Pure: no pygame, no
words; sim.hotseat.view draws the screen up now.

    screens = Screens(session, people=("LAVANDE",))
    screens.update()              # after each burst the session heard
    screens.showing()             # ("pass", "LAVANDE"), or None
    screens.choose("ready")       # an answer, by value (a click, a key, a test)

Nothing here decides a rule: the session (sim.bots.session) does the
table's bookkeeping, the board's firmware everything else.
"""

from firmware.board import PLACES, SUSPECTS, WEAPONS

DISMISSED = ("hand", "case", "shown", "verdict", "sheet", "notice", "solution")  # screens only "ok" takes away


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


class Screens:
    def __init__(self, session, people):
        self.session = session
        self.people = tuple(people)
        self.holder = None  # who the screen was last passed to
        self.queue = []
        self.screen = None
        self.banner = None  # the last hypothesis, for everyone to read
        self._read = 0
        self.shown_log = []  # every screen shown, in order (for tests and replays)

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

    def resync(self):
        """After the session was rebuilt by a replay (a resumed game): the
        banner, and the screens of the turn going on only (the hands before
        the first turn; the cases opened, the card shown and the verdict of
        this turn; the hypothesis of the person whose turn it is while still
        possible; a card to show or an accusation waiting), after a pass-to
        screen. Earlier turns' screens were seen already: the sheets hold them."""
        s = self.session
        self.people = tuple(p for p in self.people if p not in s.bots)
        self.queue, self.screen, self.holder, self.banner = [], None, None, None
        news = [k for k, n in enumerate(s.notes) if n[0] == "new"]
        notes = s.notes[news[-1] + 1 if news else 0 :]
        turns = [k for k, n in enumerate(notes) if n[0] == "turn"]
        for k, note in enumerate(notes):
            if turns and k == turns[-1]:
                self.queue = []  # what came before this turn was seen
            self._note(note)
        t = s.table
        self.queue = [
            x
            for x in self.queue
            if x.kind != "hypothesis"
            or (t is not None and x.guest == t.current and not t.hypothesis_made and not t.searched
                and s.verdict_due is None)
        ]
        self._read = len(s.notes)
        self.update()

    def _want(self, screen):
        for x in [self.screen] + self.queue:
            if x is not None and x.kind == screen.kind and x.guest == screen.guest:
                return
        self.queue.append(screen)

    def _note(self, note):
        kind = note[0]
        people = self.people
        if kind == "new":
            self.queue, self.screen, self.holder, self.banner = [], None, None, None
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
        elif kind in ("accuse", "search"):
            self._drop(lambda x: x.kind == "hypothesis")  # no hypothesis after ACCUSE or a search
        elif kind == "hypothesis":
            h = note[1]
            self.banner = h
            if h.asker in people:
                self.queue.append(Screen("shown", h.asker, shower=h.shower, card=h.card))
        elif kind == "verdict":
            g, triple, right = note[1], note[2], note[3]
            self._drop(lambda x: x.kind == "accuse" and x.guest == g)
            if g in people:  # wrong: the accuser has looked in the case, and sees what it held
                solution = None if right else self.session.table.deal.solution
                self.queue.append(Screen("verdict", g, triple=triple, right=right, solution=solution))
        elif kind == "over" and self.session.table is not None and set(people) & set(self.session.table.guests):
            # the game is over: the case is opened for everyone at the table, on one page: a verdict
            # still to show is that page (no longer private: the case is open), or takes the case on it
            solution = self.session.table.deal.solution
            if self.screen is not None and self.screen.kind == "verdict":
                self.screen.data["solution"] = solution
                return
            late = [x for x in self.queue if x.kind == "verdict"]
            self._drop(lambda x: x.kind == "verdict")
            if self.screen is not None and self.screen.kind == "pass" and late and self.screen.guest == late[0].guest:
                self.screen = None  # the pass-to before that verdict: nothing private is left to show
            verdict = (late[0].guest, late[0].data["triple"], late[0].data["right"]) if late else None
            self.queue.append(Screen("solution", None, triple=solution, verdict=verdict))

    def _drop(self, which):
        self.queue = [x for x in self.queue if not which(x)]
        if self.screen is not None and which(self.screen):
            self.screen = None

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

    def notice(self, reason):
        """The table's own hint for everyone (a press it refused, by its
        reason: sim.cards.card_table), before anything else."""
        if self.screen is not None and self.screen.kind == "notice":
            self.screen = None
        self.queue.insert(0, Screen("notice", None, reason=reason))
        if self.screen is not None and self.screen.kind in ("sheet", "pass"):
            self.screen = None
        self._next()

    def seat_bot(self, guest):
        """`guest` is a bot from now on, no longer a person at the screen."""
        self.people = tuple(p for p in self.people if p != guest)

    # -- answers ---------------------------------------------------------------------------

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
        elif k in DISMISSED:
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
