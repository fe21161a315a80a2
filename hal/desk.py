"""The desk: what every screen keeps beside the Board, written once (the
PyBoy habit: the state every front end needs lives in one core, never in a
plugin). A screen only turns its input into the desk's calls and the
board's actions into pixels and sound.

    desk = Desk(board, millivolts=4500, table=table)   # table: a card table, or None
    desk.press(PAD, "ECURIE", True, now)   # None, or the card table's refusal (SEARCH after a hypothesis)
    desk.toggle_switch(now)                # ON / OFF, as the board's own switch
    desk.game_going()                      # a game an OFF would end (a keyboard's screen asks first)
    desk.nudge_battery(-100)               # the batteries, clamped once to MIN_MV..MAX_MV
    changed = desk.step(now, quiet=True)   # each turn of the loop: Tick, Battery, the bots' presses
    desk.switch_on, desk.millivolts        # the truth, after a resume too

It holds:
- the switch (after `--resume`, ON if the resumed game is awake) and the
  batteries: one range, clamped here; readings come from these virtual
  batteries, or from a `gauge` (a real board's ADC), or from nowhere (a
  rig reports its own: the serial host feeds its BATTERY lines as events);
- the schedule of Tick and Battery (RULES.md, Power: a reading at least
  every 10 s while the board is awake);
- the card table's step and records: what its bots press, and its trace
  lines written before the board's next input (sim.cards.record);
- the one rule of what a screen may refuse: a button the card table
  refuses is not pressed, and its release is dropped with it.

`now` is the screen's clock in ms (the board adds a resumed game's time).
Runs under MicroPython as under CPython (the Pico's standalone program and
the offline web app use it too): no import beyond firmware/ and hal's pure
modules; the board and the table are handed in.
"""

from firmware.events import AudioDone, Switch
from firmware.table import ASLEEP, OFF, OVER, ROLLCALL

from .edges import BTN, SW, battery, event_of
from .schedule import Schedule

MIN_MV = 0
MAX_MV = 5000  # 3 fresh LR6 read up to about 4.8 V
DEFAULT_MV = 4500
BATTERY_STEP_MV = 100  # what one press of a screen's − or + moves


def clamp_mv(millivolts):
    """Whole millivolts within MIN_MV..MAX_MV (the one range of every screen)."""
    mv = int(millivolts)
    if mv < MIN_MV:
        return MIN_MV
    if mv > MAX_MV:
        return MAX_MV
    return mv


def game_going(narrator):
    """A game the switch OFF would end: the board awake, not over, past a
    roll call nobody has answered yet. The firmware's rule stands (OFF then
    ON is a new game); a screen a keyboard drives asks for a deliberate
    action before it switches such a game off, and offers it back."""
    state = narrator.state
    if state in (OFF, ASLEEP, OVER):
        return False
    return state != ROLLCALL or len(narrator.guests) > 0


class Desk:
    def __init__(self, board, *, millivolts=DEFAULT_MV, gauge=None, table=None, schedule=None, speaker=None):
        """`board`: a hal.runner.Board (anything with `narrator`, `offset_ms`,
        `feed(event, now)` and `record(line)`). `millivolts`: the virtual
        batteries (None: this desk sends no readings, e.g. a rig that
        reports its own). `gauge`: an object whose `millivolts()` reads real
        batteries (None when there are none), used instead. `table`: a card
        table with `records(t)`, `refuses(button)` and `step(t, quiet)`.
        `speaker`: a speaker the desk polls (`poll(now)` True once when what
        it was given has played: the one way AudioDone reaches the board;
        `idle()`); None when the screen reports it (a web page's)."""
        self.board = board
        self.table = table
        self.gauge = gauge
        self.speaker = speaker
        self.schedule = schedule if schedule is not None else Schedule()
        self.millivolts = None if millivolts is None else clamp_mv(millivolts)
        self.switch_on = board.narrator.state != OFF  # a resumed game that is awake is ON
        self._refused = set()  # buttons whose press the table refused: their release is dropped too
        self._audio_done = AudioDone()

    # -- what the board sees ---------------------------------------------------

    def awake(self):
        return self.board.narrator.state not in (OFF, ASLEEP)

    def game_going(self):
        return game_going(self.board.narrator)

    def table_time(self, now):
        """The board's time at the screen's `now` (a resumed game's goes on)."""
        return self.board.offset_ms + now

    def record(self, now):
        """The card table's trace lines so far, before the board's next input;
        True if there were any."""
        if self.table is None:
            return False
        lines = self.table.records(self.table_time(now))
        for line in lines:
            self.board.record(line)
        return len(lines) > 0

    def feed(self, event, now):
        """One event to the board (its actions go to the board's sinks)."""
        self.record(now)
        if type(event) is Switch:
            self.switch_on = event.on
            if event.on:
                self.schedule.read_battery_now()
        return self.board.feed(event, now)

    # -- the screen's inputs ------------------------------------------------------

    def press(self, kind, ident, down, now):
        """A pad (PAD) or a button (BTN) pressed or released. Returns None,
        or the card table's refusal of a button press (its reason): then
        nothing reaches the board, and the release is dropped too."""
        if kind == BTN and self.table is not None:
            if not down and ident in self._refused:
                self._refused.discard(ident)
                return None
            why = self.table.refuses(ident) if down else None
            if why is not None:
                self._refused.add(ident)
                return why
        self.feed(event_of(kind, ident, down), now)
        return None

    def set_switch(self, on, now):
        self.feed(event_of(SW, "", on), now)

    def toggle_switch(self, now):
        self.set_switch(not self.switch_on, now)
        return self.switch_on

    def set_battery(self, millivolts):
        """The virtual batteries at `millivolts` (clamped); read at the next step."""
        self.millivolts = clamp_mv(millivolts)
        self.schedule.read_battery_now()
        return self.millivolts

    def nudge_battery(self, delta_mv):
        return self.set_battery((self.millivolts or 0) + delta_mv)

    def audio_done(self, now):
        """The speaker fell silent (the firmware hears it)."""
        self.feed(self._audio_done, now)

    # -- the loop ---------------------------------------------------------------------

    def reading(self):
        """The batteries now, or None (no batteries to read, or the board is dark)."""
        if not self.switch_on or not self.awake():
            return None
        if self.gauge is not None:
            return self.gauge.millivolts()
        return self.millivolts

    def step(self, now, quiet=True):
        """One turn of the loop: the speaker's AudioDone, the Battery reading
        and the Tick that are due, then the card table's presses (its bots, its YES/NO; `quiet`:
        nothing is being said, bots wait for the narrator as people do).
        True when the board said something or the table did something (a
        screen then shows it: a phone that must choose is told at once)."""
        changed = False
        if self.speaker is not None and self.speaker.poll(now):
            self.audio_done(now)
            changed = True
        if self.schedule.battery_due(now):
            mv = self.reading()
            if mv is not None and self.board.feed(battery(mv), now):
                changed = True
        if self.schedule.tick_due(now) and self.board.feed(self.schedule.tick, now):
            changed = True  # the idle sleep
        if self.table is not None:
            if self.speaker is not None:
                quiet = quiet and self.speaker.idle()
            for event in self.table.step(self.table_time(now), quiet):
                self.feed(event, now)
                changed = True
            if self.record(now):
                changed = True
        return changed

    def wait_ms(self, now):
        """How long the loop may sleep before the next step is due."""
        return self.schedule.wait_ms(now)
