"""The board in a terminal, for people with no display (clue-fx play --text).

Keys stand for the pads and buttons; the narrator's captions are printed;
the clock is real. A key press is a pawn or finger pressing and releasing.
On a terminal each key acts at once; from a pipe, each character of each
line does. A key's escape sequence (F1, the arrows) is one key: F1 is the
help, the others mean nothing here (never a press).

    run(seed=7, lang="en", trace=stream)              # clue-fx play --text
    run(seed=7, trace=stream, resumed=resumed)        # --resume: the game goes on
"""

import codecs
import os
import select
import sys
import time

from firmware.board import PLACES

from . import captions as captions_
from .console import Console
from .desk import BATTERY_STEP_MV, Desk
from .edges import BTN, PAD, tap
from .runner import Board
from .schedule import TICK_MS

PLACE_KEYS = "123456789"  # the ring, from the gatekeeper's lodge to the stables
START_KEYS = {"c": "START_COMTE", "l": "START_LAVANDE", "p": "START_PECHE", "z": "START_AZUR"}
BUTTON_KEYS = {"s": "STOP", "f": "SEARCH", "r": "REPEAT", "a": "ACCUSE", "y": "YES", "n": "NO", "w": "WAIT"}


def help_text(captions):
    places = "  ".join("%s %s" % (k, captions.clip_by_name("place." + p)) for k, p in zip(PLACE_KEYS, PLACES))
    # a START square as the board prints it, with its guest's name (no ids shown)
    starts = "  ".join(
        "%s START %s" % (k, captions.clip_by_name("guest." + v[len("START_"):])) for k, v in START_KEYS.items()
    )
    buttons = "  ".join("%s %s" % (k, v) for k, v in BUTTON_KEYS.items())
    return (
        "places: %s\nstart:  %s\nbuttons: %s\nboard:  o ON/OFF switch  - battery down  + battery up"
        "  ? help  x quit" % (places, starts, buttons)
    )


F1 = ("\x1bOP", "\x1b[11~", "\x1b[[A")  # xterm, vt220, the Linux console


def keys_of(text):
    """The keys in `text`: single characters, and each escape sequence whole
    (ESC [ ... final, ESC O x, a lone ESC)."""
    keys = []
    i = 0
    while i < len(text):
        if text[i] != "\x1b":
            keys.append(text[i])
            i += 1
            continue
        j = i + 1
        if j < len(text) and text[j] == "O":
            j += 2
        elif j < len(text) and text[j] == "[":
            j += 1
            if j < len(text) and text[j] == "[":
                j += 1  # the Linux console's F1-F5: ESC [ [ A
            while j < len(text) and not ("@" <= text[j] <= "~"):
                j += 1
            j += 1
        keys.append(text[i:j])
        i = j
    return keys


def key_events(key):
    """The events one key stands for, or None for a key that means nothing."""
    if key in PLACE_KEYS:
        return tap(PAD, PLACES[PLACE_KEYS.index(key)])
    if key in START_KEYS:
        return tap(PAD, START_KEYS[key])
    if key in BUTTON_KEYS:
        return tap(BTN, BUTTON_KEYS[key])
    return None


class TextBoard:
    def __init__(self, seed=0, lang="fr", trace=None, out=sys.stdout, millivolts=4500, *, captions=None, resumed=None):
        self.captions = captions if captions is not None else captions_.load(lang)
        self.out = out
        self.console = Console(self.captions, self.say)
        self.board = Board(seed=seed, trace=trace, sinks=[self.console], resumed=resumed)
        self.resumed = resumed
        self.desk = Desk(self.board, millivolts=(resumed.millivolts if resumed is not None else None) or millivolts)
        self._t0 = time.monotonic()

    def now(self):
        return int((time.monotonic() - self._t0) * 1000)

    def say(self, line):
        self.out.write(line + "\n")
        self.out.flush()

    @property
    def switch_on(self):
        return self.desk.switch_on

    def feed(self, event):
        self.desk.feed(event, self.now())

    def toggle_switch(self):
        self.say("[switch %s]" % ("OFF" if self.switch_on else "ON"))
        self.desk.toggle_switch(self.now())

    def tick(self):
        self.desk.step(self.now())

    def key(self, key):
        """Act on one key (a character or an escape sequence); False to quit."""
        key = key.lower() if len(key) == 1 else key
        if key in ("x", "\x04", "\x03"):
            return False
        if key.startswith("\x1b") and key not in F1:
            return True  # an escape sequence (arrows, F2...) or a lone Esc: no key of the board
        if key in ("?", "h") or key in F1:
            self.say(help_text(self.captions))
        elif key == "o":
            self.toggle_switch()
        elif key in "-+":
            mv = self.desk.nudge_battery(BATTERY_STEP_MV if key == "+" else -BATTERY_STEP_MV)
            self.say("[battery %d mV]" % mv)
            self.tick()
        elif key in (" ", "\n", "\r", "\t"):
            pass
        else:
            evs = key_events(key)
            if evs is None:
                self.say("[%r is not a key of the board: press ? for the keys]" % key)
            else:
                for ev in evs:
                    self.feed(ev)
        return True


def run(seed=0, lang="fr", trace=None, stdin=sys.stdin, out=sys.stdout, *, millivolts=4500, resumed=None):
    text = TextBoard(seed=seed, lang=lang, trace=trace, out=out, millivolts=millivolts, resumed=resumed)
    try:
        if stdin.isatty():
            return _run_tty(text, stdin)
        _start(text, resumed)
        for line in stdin:  # a pipe: every character of a line is a key
            for key in keys_of(line.rstrip("\n")):
                text.tick()
                if not text.key(key):
                    return 0
        return 0
    finally:
        text.board.close()


def _start(text, resumed):
    text.say("Clue FX, text board (seed %d). Press ? for the keys, x to quit." % text.board.seed)
    text.say(help_text(text.captions))
    if resumed is not None:
        text.say("[the game goes on: %d inputs replayed; r repeats the last announcement]" % resumed.inputs)
    if not text.switch_on:
        text.toggle_switch()


def _run_tty(text, stdin):
    import termios
    import tty

    fd = stdin.fileno()
    decoder = codecs.getincrementaldecoder("utf-8")("replace")  # a character cut between two reads
    saved = termios.tcgetattr(fd)
    try:
        tty.setcbreak(fd)  # before the first line: a key typed after it is never flushed away
        _start(text, text.resumed)
        while True:
            ready, _, _ = select.select([fd], [], [], TICK_MS / 1000)
            text.tick()
            if ready:  # all that came: an escape sequence arrives whole
                for key in keys_of(decoder.decode(os.read(fd, 64))):
                    if not text.key(key):
                        return 0
    except KeyboardInterrupt:
        return 0
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
