"""The card table in the desktop board's window (`--table`, `--bots`): the
session with its bot guests, the hot-seat screens and their view, behind
the few calls the App makes. The App attaches the session and then the hook
to its Board (composers attach; nothing attaches itself):

    hook = CardTableHook(seed, lang, bots={"AZUR": "hard"}, labels=labels)
    for sink in hook.sinks(): board.attach(sink)   # the guests hear the board, then the screens follow
    board.record(hook.setup_line())                # a new table's first record (hal.compose does both)
    for event in hook.step(now_ms, quiet=not audio_busy):   # each frame
        board.feed(event, now_ms)
    if hook.visible: hook.draw(surface, rect)
    hook.click(pos, rect); hook.key(char)
    desk = Desk(board, table=hook)   # hal.desk: its step, its records, its refusals (SEARCH after a hypothesis)

Every guest who enrols and is not a bot is a person at the hot-seat screen.
"""

import pygame

from firmware.board import GUESTS
from hal.sink import Sink

from ..bots.mind import Bot
from ..bots.session import Session, Stuck
from ..cards import record
from ..words.card_words import Words
from .screens import DISMISSED, Screens
from .view import HotSeatView

# The card table's keys in the window: the character typed, what it does (its
# words: sim.words.card_words TEXT["key_" + what]), and the key's name on screen.
# key() answers to these and no other; F1 and the footer show them from here.
TABLE_KEYS = (("d", "sheet", "D"), ("h", "hints", "H"), ("b", "bot", "B"), ("\r", "ok", "Return"))


class CardTableHook(Sink):
    def __init__(self, seed, lang, *, bots=None, hints=False, delay_ms=1200, labels=None):
        """`bots`: {guest: level}. `labels`: the window's sim.words.labels.Labels
        (None: read when first needed). `delay_ms`: board time between two
        bot presses."""
        bots = dict(bots or {})
        self.levels, self.hints = dict(bots), bool(hints)  # its seats, as recorded
        people = tuple(g for g in GUESTS if g not in bots)
        self.session = Session(
            seed, bots={g: Bot(g, lv, seed) for g, lv in bots.items()}, humans=people, delay_ms=delay_ms
        )
        self.screens = Screens(self.session, people)
        self.words = Words(lang, labels)
        self.view = HotSeatView(self.screens, self.words, hints=hints)  # its own fonts, scaled to its surface
        self._drawn = None
        self._news = 0
        self.problem = None  # set if a bot got stuck (a bug): the bots then stop
        self._told = None
        self._recorder = record.Recorder(self.session)  # its moments and calls not yet in the trace

    def sinks(self):
        """What hears the board, in order: the guests (the session), then the screens (this hook)."""
        return (self.session, self)

    def setup_line(self):
        """The trace's first line of a new table (at t=0): its bots and --hints."""
        return record.line(0, record.seats(self.levels, self.hints))

    def records(self, t):
        """The trace lines (at board time `t`) of what the table did since the
        last call: its moments (sim.cards.record), then its journal's calls.
        Written before the board's next input, they replay at their place."""
        return self._recorder.lines(t)

    def resynced(self, recorded=None):
        """After a resumed game's replay (sim.hotseat.restore): nothing of the
        past is news, logged or recorded again (but the moments beyond the
        trace's `recorded` first ones: a kill left them out); the screens show
        only what still waits for a decision."""
        self._news = len(self.session.notes)
        self._recorder.caught_up(recorded)
        self.screens.resync()

    def burst_end(self, now_ms):
        """A Sink (hal.sink): the screens follow what the board said."""
        self.screens.update()

    @property
    def visible(self):
        return self.screens.visible

    def news(self):
        """What the whole table saw since the last call, as lines for a log:
        hypotheses and who refuted, accusations and the table's verdict."""
        lines = []
        notes = self.session.notes
        for note in notes[self._news :]:
            if note[0] == "hypothesis":
                lines.append(self.words.public(note[1]))
            elif note[0] == "refused":
                lines.append(self.words.text[note[3]])
            elif note[0] == "verdict":
                lines.append(self.words.verdict(note[1], note[2], note[3]))
        self._news = len(notes)
        if self.problem and self._told != self.problem:
            self._told = self.problem
            lines.append(self.problem)
        return lines

    def refuses(self, button):
        """Before the desk feeds a press of `button` to the board: the card
        table's reason to refuse it (SEARCH after a hypothesis this turn), its
        hint then on the screen and in the log; None when it may be pressed."""
        why = self.session.refuses(button)
        if why is not None:
            self.screens.notice(why)
        return why

    def toggle_hints(self):
        """Show (or hide) on the sheets the cards that can still be in the case."""
        self.view.hints = not self.view.hints
        return self.view.hints

    def make_bot(self, guest=None, level="hard"):
        """At the roll call: `guest` (default: the one being asked about)
        becomes a bot, which answers YES itself."""
        if self.session.table is not None:  # the hot-seat screens seat people from the deal on
            raise ValueError("bots join the window's table at the roll call, before the deal")
        guest = guest or self.session.asked
        if guest is None:
            raise ValueError("bots join at the roll call, while the narrator asks who plays")
        self.session.add_bot(Bot(guest, level, self.session.seed))
        self.screens.seat_bot(guest)
        return guest

    def step(self, now_ms, quiet=True):
        """The events to feed the board now: bots' presses and the table's
        YES/NO after an accusation. `quiet`: the speaker is silent (bots wait
        for the narrator to finish, as people do); a bot's turn also waits
        while a screen is up (see _bot_waits)."""
        self.screens.update()
        if not quiet or self.problem or self._bot_waits():
            return []
        try:
            return self.session.poll(now_ms)
        except Stuck as e:  # a bot's bug must not close the window: say it, and stop the bots
            self.problem = "card table: %s" % e
            return []

    def _bot_waits(self):
        """A bot's turn waits while a screen is up: the people see its whole
        turn on the board, not behind someone's hand or a pass-to page. The
        table's own YES/NO after an accusation does not wait."""
        s = self.session
        if not self.screens.visible or s.table is None or s.over or s.verdict_due is not None:
            return False
        return s.table.current in s.bots

    @property
    def changed(self):
        """The screen or the banner changed since the last draw: redraw."""
        return self._drawn != self._look()

    def _look(self):
        return (self.screens.showing(), self.screens.banner, self.view.hints)

    def draw(self, surface, rect):
        """Draw the screen up now over `rect` (any rect-like) of `surface`."""
        self._drawn = self._look()
        if self.screens.visible:
            self.view.draw(surface.subsurface(pygame.Rect(rect)))

    def click(self, pos, rect):
        """A click in window coordinates; True when the screen took it (any
        click on a screen up: it covers the board, nothing beneath is pressed;
        a disabled button does nothing)."""
        rect = pygame.Rect(rect)
        if not self.screens.visible or not rect.collidepoint(pos):
            return False
        self.view.click((pos[0] - rect.x, pos[1] - rect.y))
        return True

    def key(self, char):
        """The card table's keys (TABLE_KEYS): d the detective sheet, h the
        hints, b at the roll call makes the guest asked about a bot, Return
        takes the only answer of a pass-to or a notice. True when the key
        was the table's."""
        what = {k: w for k, w, _ in TABLE_KEYS}.get("\r" if char == "\n" else char)
        s = self.screens
        if what == "sheet":
            s.open_sheet()
        elif what == "hints":
            self.toggle_hints()
        elif what == "bot" and self.session.asked is not None and self.session.table is None:
            self.make_bot()
        elif what == "ok" and s.visible and s.showing()[0] in ("pass",) + DISMISSED:
            s.choose("ready" if s.showing()[0] == "pass" else "ok")
        else:
            return False
        return True

    def keys(self, short=False):
        """[(the key's name on screen, its words)] of every key the table
        answers to (`short`: a word each, for the footer)."""
        tail = "_short" if short else ""
        t = self.words.text
        return [(t.get("key_name_" + what, name), t["key_" + what + tail]) for _, what, name in TABLE_KEYS]
