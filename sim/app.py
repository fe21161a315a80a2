"""The desktop board: one pygame window standing in for the talking board.

The loop is pygame's (examples/aliens.py): events -> input state -> update ->
draw (only when something changed) -> display -> clock.tick. Every decision
is the firmware's: the window turns clicks and keys into events for a
hal.runner.Board, and shows what the board says and believes.

    app = App(screen, seed=7, lang="fr", audio=AudioOut(captions.load("fr")))
    while app.step(dt_ms): dt_ms = clock.tick(FPS)      # sim.start.loop

Tests construct an App on the dummy video driver and call step() with a
made-up dt, posting real pygame events in between.

The App hands the composer (hal.compose) its sinks in plain sight: the
transcript (the caption and the log), the speaker; the card table's
session and hot-seat screens follow them (sim.hotseat.restore.card_table
builds the table, new or resumed).
"""

import copy
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from firmware.table import ASLEEP, OFF  # noqa: E402
from hal import captions  # noqa: E402
from hal.compose import compose  # noqa: E402
from hal.edges import BTN, PAD, event_of  # noqa: E402
from hal.resume import ResumeError, inspect, resume  # noqa: E402

from . import ask  # noqa: E402
from . import layout as L  # noqa: E402
from .hotseat import restore  # noqa: E402
from .keys import target_of_key  # noqa: E402
from .paint.draw import BACKGROUND, BoardPainter, Scene  # noqa: E402
from .paint.fonts import Fonts  # noqa: E402
from .paint.panel import PanelPainter, draw_help  # noqa: E402
from .transcript import Transcript  # noqa: E402
from .window import WINDOW  # noqa: E402
from .words.labels import Labels  # noqa: E402

DARK_STATES = (OFF, ASLEEP)
HOLD_OFF_MS = 1000  # the switch held this long switches OFF a game going (one stray press never does)
EDGE_KIND = {"pad": PAD, "button": BTN}  # a target's kind -> the kind of its edge (hal.edges)


class App:
    def __init__(
        self,
        screen,
        *,
        seed=0,
        lang="fr",
        audio=None,
        trace=None,
        millivolts=4500,
        switch_on=True,
        selftest=None,
        fullscreen=False,
        debug=False,
        table=None,
        hints=False,
        resumed=None,
        offer=None,
    ):
        """`screen`: the display surface (handed in, like a bus). `audio`: an
        hal.audio.AudioOut (or anything with its interface). `selftest`: a
        sim.selftest.SelfTest to run before the board is switched on.
        `table`: None for the paper cards, or {guest: level} of the bot
        guests (maybe empty) to play with the digital card table. `resumed`:
        a hal.resume.Resumed game `trace` goes on with. `offer`: a
        sim.saved.Offer of an unfinished game: asked first, then built."""
        self.screen = screen
        self.lang = lang
        self.seed = seed
        self.audio = audio
        self.captions = captions.load(lang)
        self.labels = Labels(lang, self.captions)
        self.transcript = Transcript(self.captions, self.labels)
        self._table_args = (table, hints)
        self.question = None
        self.millivolts_at_start = millivolts
        self.now = 0  # board time, ms: the sum of the dt given to step() (the board adds a resumed game's)
        self._build(trace, resumed)
        if offer is not None:
            self.question = ask.resume_question(lang, offer, self._build, self.labels, table_asked=table is not None)
        self.fonts = Fonts()
        self.board_painter = BoardPainter(self.fonts, self.labels)
        self.panel_painter = PanelPainter(self.fonts, self.labels)
        self._relayout(screen)
        self._switch_at_start = switch_on
        self.switch_hold = None  # board time the switch was pressed to go OFF while a game is going
        self.keys_held = {}  # pygame key -> target
        self.mouse_held = None
        self.debug = debug
        self.help = False
        self.fullscreen = fullscreen
        self._windowed_size = WINDOW
        self.selftest = selftest
        self.running = True
        self.dirty = True
        self.frames_drawn = 0

    def _build(self, trace, resumed):
        """The board and its sinks (again, once an offer to resume is answered)."""
        self.trace_path = getattr(trace, "path", None)  # a game switched off is offered back from it
        self.now = 0  # the board's clock starts again (a resumed game's goes on from its trace's last time)
        self.ended = False  # a switch OFF ended a game going: the next ON offers it back
        sinks = [self.transcript] + ([self.audio] if self.audio is not None else [])
        if hasattr(trace, "say"):
            trace.say = self.notice  # a trace that stops is said in the log too
        table, hints = self._table_args

        def make(seats, hints, tokens):
            from .hotseat.hook import CardTableHook

            return CardTableHook(self.seed, self.lang, bots=seats, hints=hints, labels=self.labels)

        if resumed is not None:
            self.seed = resumed.seed  # the card table's seed is the trace's
        self.table, due, notes = restore.card_table(make, resumed, table, hints, getattr(trace, "path", None))
        self.desk = compose(self.seed, trace=trace, sinks=sinks, resumed=resumed, millivolts=self.millivolts_at_start,
                            table=self.table, due=due, now=self.now)  # fmt: skip
        self.board = self.desk.board
        if resumed is not None:
            for note in resumed.notes + notes + ["%d inputs replayed: the game goes on" % resumed.inputs]:
                self.transcript.note("[%s]" % note, 0)
            self._where_it_stands()
        self.dirty = True

    def _where_it_stands(self):
        """A resumed game shows where it stands: the last announcement, what
        REPEAT would say (asked of a copy of the narrator: the game itself,
        and its trace, take no press), in the caption and the log."""
        n = self.board.narrator
        if n.state in DARK_STATES:
            return
        t = self.board.offset_ms
        outs = copy.deepcopy(n).handle(event_of(BTN, "REPEAT", True), t)
        if outs:
            self.transcript.note("[%s]" % self.labels.ui["where"], t)
            self.transcript.present(outs, t)

    # -- the loop -------------------------------------------------------------------

    def step(self, dt_ms):
        """One frame: events, update, draw if anything changed. False to quit."""
        self.now += int(dt_ms)
        for event in pygame.event.get():
            self.handle(event)
        self.update()
        if self.transcript.changed:
            self.transcript.changed = False
            self.dirty = True
        surface = pygame.display.get_surface()
        if surface is not None and surface.get_size() != self.layout.size:
            self._relayout(surface)  # resized without an event reaching us (a window manager's whim)
        if self.dirty:
            self.draw()
            pygame.display.flip()
            self.dirty = False
        return self.running

    def close(self):
        self.board.close()

    def stop(self):
        self.running = False

    # -- input --------------------------------------------------------------------------

    def handle(self, ev):
        kind = ev.type
        if kind == pygame.QUIT:
            self.running = False  # the window closed: the game is saved in its trace
        elif self.question is not None and kind in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            if kind == pygame.KEYDOWN and self.question.key(getattr(ev, "unicode", ""), ev.key):
                self.question = None
            self.dirty = True
        elif kind == pygame.KEYDOWN:
            self._key_down(ev)
        elif kind == pygame.KEYUP:
            target = self.keys_held.pop(ev.key, None)
            if target is not None:
                self.release(target)
        elif kind == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            if self.help:
                self.help = False
                self.dirty = True
                return
            if self.table is not None and self.table.click(ev.pos, self.layout.r(L.BOARD)):
                self.dirty = True
                return  # the card table's screen covers the board
            target = self.layout.hit(ev.pos)
            if target is not None:
                self.mouse_held = target
                self.press(target)
        elif kind == pygame.MOUSEBUTTONUP and ev.button == 1:
            if self.mouse_held is not None:
                target, self.mouse_held = self.mouse_held, None
                self.release(target)
        elif kind == pygame.MOUSEWHEEL:
            self.scroll(ev.y * 3)
        elif kind in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._relayout(pygame.display.get_surface() or self.screen)
        elif kind == pygame.WINDOWFOCUSLOST:
            self.release_all()  # the key-ups will go to another window
        elif kind in (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE, pygame.WINDOWRESTORED):
            self.dirty = True

    def _key_down(self, ev):
        key = ev.key
        if key == pygame.K_F1 or ev.unicode == "?":
            self.help = not self.help
        elif key == pygame.K_F3:
            self.debug = not self.debug
        elif key == pygame.K_F11:
            self.toggle_fullscreen()
        elif key == pygame.K_ESCAPE:
            if self.help:
                self.help = False
            elif self.fullscreen:
                self.toggle_fullscreen()
            elif self.board.narrator.state == OFF:
                self.running = False
            else:  # a game going on: ask first (it is saved anyway)
                self.question = ask.quit_question(self.lang, self.stop)
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            rows = max(1, self.panel_painter.log_rows - 1)
            self.scroll(rows if key == pygame.K_PAGEUP else -rows)
        elif self.table is not None and self.table.key(getattr(ev, "unicode", "")):
            pass  # d the detective sheet, h the hints, b a bot at the roll call, Return
        else:
            target = target_of_key(getattr(ev, "unicode", ""), getattr(ev, "scancode", 0))
            if target is not None and key not in self.keys_held:
                self.keys_held[key] = target
                self.press(target)
            return
        self.dirty = True

    def held(self, target):
        return target == self.mouse_held or target in self.keys_held.values()

    @property
    def switch_on(self):
        return self.desk.switch_on

    @property
    def millivolts(self):
        return self.desk.millivolts

    def press(self, target):
        """A pad, button, switch or gauge pressed (by the mouse or a key)."""
        self.dirty = True
        kind = target[0]
        if self.selftest is not None and not self.selftest.done:
            return  # the self-test owns the board
        if kind in EDGE_KIND:  # the card table's refusal (SEARCH after a hypothesis) is its hint on the screen
            self.desk.press(EDGE_KIND[kind], target[1], True, self.now)
        elif kind == "switch":
            if self.switch_on and self.desk.game_going():
                self.switch_hold = self.now  # held for HOLD_OFF_MS: OFF (update); let go sooner: nothing
            elif not self.switch_on and self.ended and self.trace_path is not None:
                self._offer_back()
            else:
                self.set_switch(not self.switch_on)
        elif kind == "battery":
            self.set_battery(self.millivolts + target[1])
        elif kind == "battery_at":
            span = L.GAUGE_MAX_MV - L.GAUGE_MIN_MV
            self.set_battery(round((L.GAUGE_MIN_MV + target[1] * span) / 10) * 10)

    def release(self, target):
        self.dirty = True
        if self.held(target) or (self.selftest is not None and not self.selftest.done):
            return  # still held by the other hand (key and mouse)
        if target[0] == "switch" and self.switch_hold is not None:
            self.switch_hold = None  # let go too soon: the game goes on
            self._note("[%s]" % self.labels.ui["hold_off"])
        if target[0] in EDGE_KIND:
            self.desk.press(EDGE_KIND[target[0]], target[1], False, self.now)

    def release_all(self):
        held = [t for t in [self.mouse_held, *self.keys_held.values()] if t is not None]
        self.mouse_held = None
        self.keys_held.clear()
        for target in held:
            self.release(target)

    def hold_fraction(self):
        """How far the switch held towards OFF (0..1), or None."""
        if self.switch_hold is None:
            return None
        return min(1.0, (self.now - self.switch_hold) / HOLD_OFF_MS)

    def _hold_switch(self):
        """The switch held long enough: OFF, and the game it ends is offered back at ON."""
        if self.switch_hold is not None and self.now - self.switch_hold >= HOLD_OFF_MS:
            self.switch_hold = None
            self.ended = self.desk.game_going()
            self.set_switch(False)
        self.dirty = self.dirty or self.switch_hold is not None  # the progress moves

    def _offer_back(self):
        """ON after an OFF that ended a game going: go on with it (its trace cut
        back to before the OFF, as after a crash), or a new game (the firmware's rule)."""
        self.ended = False
        try:
            before = inspect(self.trace_path, before_off=True)  # read only: the trace stays ours
        except ResumeError as e:
            self._note("[%s]" % e)
            before = None
        if before is None:
            self.set_switch(True)
            return

        def go_on():
            self.board.close()  # our lock on the trace goes: hal.resume takes its own
            try:
                resumed, stream = resume(self.trace_path, before_off=True)
            except ResumeError as e:  # (another process took the file meanwhile): a new game, unsaved
                self._build(None, None)
                self._note("[%s; a new game, not saved]" % e)
                self.set_switch(True)
                return
            self._build(stream, resumed)

        self.question = ask.back_question(self.lang, before, self.labels, yes=go_on, no=lambda: self.set_switch(True))

    def set_switch(self, on):
        self._note(
            "[%s %s]" % (self.labels.ui["switch"], self.labels.ui["switch_on" if on else "switch_off"])
        )
        self.desk.set_switch(on, self.now)

    def set_battery(self, millivolts):
        self.desk.set_battery(millivolts)  # clamped there, read at the next step
        self.dirty = True

    def scroll(self, lines):
        self.transcript.scroll(lines)
        self.dirty = True

    def toggle_fullscreen(self):
        if not self.fullscreen:
            self._windowed_size = self.screen.get_size()
            screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            screen = pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE)
        self.fullscreen = not self.fullscreen
        self._relayout(screen)

    def _relayout(self, screen):
        self.screen = screen
        self.layout = L.Layout(screen.get_size())
        self.fonts.set_scale(self.layout.scale)
        self.dirty = True

    # -- the board --------------------------------------------------------------------

    def feed(self, event):
        return self.desk.feed(event, self.now)  # the table's calls so far go into the trace first

    def update(self):
        if self.question is not None:
            return  # the board waits for the answer
        if self.selftest is not None and not self.selftest.done:
            if self.selftest.update(self.now):
                self.dirty = True
                if self.selftest.done:
                    self._note(self.selftest.summary())
            return
        self._hold_switch()
        if self._switch_at_start:
            self._switch_at_start = False
            if not self.switch_on:  # a resumed game is on already
                self.set_switch(True)
        if self.audio is not None:
            if self.audio.poll():
                self.desk.audio_done(self.now)
            self.transcript.follow(self.audio.playing if self.audio.busy() else None)
        if self.table is not None:
            for line in self.table.news():  # before the presses: a hypothesis before the next call
                self._note(line)
        quiet = self.audio is None or not self.audio.busy()  # bots wait for the narrator, as people do
        self.desk.step(self.now, quiet)  # the Tick, a battery reading, the card table's presses and records
        if self.table is not None and self.table.changed:
            self.dirty = True

    def _note(self, text):
        self.transcript.note(text, self.now)

    def notice(self, text):
        """For hal.audio's one-line notices: shown in the log and on stderr."""
        print("clue-fx: " + text, file=sys.stderr)
        self.transcript.notice(text, self.now)

    # -- drawing ---------------------------------------------------------------------------

    def scene(self):
        n = self.board.narrator
        s = Scene()
        s.lit = {t for t in [self.mouse_held, *self.keys_held.values()] if t is not None}
        selftest = self.selftest is not None and not self.selftest.done
        if selftest:
            s.lit = set(self.selftest.lit)
        s.switch_on = self.switch_on
        s.state = n.state
        s.dark = n.state in DARK_STATES and not selftest
        s.guests = n.guests
        s.active = n.active
        s.current = n.current
        s.positions = n.positions
        s.hidden = n.hidden
        s.bots = set(self.table.session.bots) if self.table is not None else set()
        s.table_keys = self.table.keys() if self.table is not None else []
        s.table_short = self.table.keys(short=True) if self.table is not None else []
        s.hold = self.hold_fraction()
        s.debug = self.debug
        s.help = self.help
        s.millivolts = self.millivolts
        t = self.transcript
        s.caption = t.lines()
        s.log = t.log
        s.log_scroll = t.log_scroll
        s.speaking = t.speaking is not None
        backend = getattr(self.audio, "backend", "none")
        s.title_note = "%s · %s %d · ♪ %s" % (self.lang, self.labels.ui["seed"], self.seed, backend)
        progress = (self.selftest.index + 1, len(self.selftest.numbers)) if selftest else None
        s.status = self.labels.status(n, debug=self.debug, selftest=progress)
        return s

    def draw(self):
        scene = self.scene()
        surface = self.screen
        surface.fill(BACKGROUND)
        self.board_painter.draw(surface, self.layout, scene)
        self.panel_painter.draw(surface, self.layout, scene)
        if self.table is not None:
            self.table.draw(surface, self.layout.r(L.BOARD))
        if scene.help:
            draw_help(surface, self.layout, self.fonts, self.labels, scene.table_keys)
        if self.question is not None:
            self.question.draw(surface, self.layout, self.fonts)
        self.frames_drawn += 1
