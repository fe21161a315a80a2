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
import io
import os
import select
import sys
import time

from firmware.board import PLACES

from . import captions as captions_
from .compose import compose
from .console import Console
from .desk import BATTERY_STEP_MV
from .keymap import BUTTON_KEYS, F1, PLACE_KEYS, START_KEYS, key_events, keys_of
from .schedule import TICK_MS

# The text board's own words, per edition (the names of places and guests
# are the captions'); the buttons as each edition's board prints them. An
# edition with none of its own (a voice pack's) reads the English.
WORDS = {
    "en": {
        "buttons": {b: b for b in BUTTON_KEYS.values()},
        "help": "places: %s\nstart:  %s\nbuttons: %s\n"
        "board:  o ON/OFF switch  - battery down  + battery up  ? help  x quit",
        "start": "START %s",
        "title": "Clue FX, text board (seed %d). Press ? for the keys, x to quit.",
        "switch": ("[switch OFF]", "[switch ON]"),
        "battery": "[battery %d mV]",
        "not_a_key": "[%r is not a key of the board: press ? for the keys]",
        "resumed": "[the game goes on: %d inputs replayed; r repeats the last announcement]",
    },
    "fr": {
        "buttons": {"STOP": "STOP", "SEARCH": "RECHERCHE", "REPEAT": "RÉPÉTER", "ACCUSE": "ACCUSATION",
                    "YES": "OUI", "NO": "NON", "WAIT": "ATTENDRE"},
        "help": "lieux : %s\ndépart : %s\nboutons : %s\n"
        "plateau : o interrupteur MARCHE/ARRÊT  - piles −100 mV  + piles +100 mV  ? aide  x quitter",
        "start": "DÉPART %s",
        "title": "Clue FX, le plateau en mode texte (graine %d). ? pour les touches, x pour quitter.",
        "switch": ("[interrupteur sur ARRÊT]", "[interrupteur sur MARCHE]"),
        "battery": "[piles : %d mV]",
        "not_a_key": "[%r n'est pas une touche du plateau : ? pour les touches]",
        "resumed": "[la partie continue : %d entrées rejouées ; r répète la dernière annonce]",
    },
}
WORDS["us"] = WORDS["en"]  # the North American board prints the English words


def words(captions):
    """The text board's words in the captions' edition."""
    return WORDS.get(captions.lang, WORDS["en"])


def help_text(captions):
    w = words(captions)
    places = "  ".join("%s %s" % (k, captions.clip_by_name("place." + p)) for k, p in zip(PLACE_KEYS, PLACES))
    # a START square as the board prints it, with its guest's name as the cards print it (no ids shown)
    starts = "  ".join(
        "%s %s" % (k, w["start"] % captions.card("guest." + v[len("START_"):])) for k, v in START_KEYS.items()
    )
    buttons = "  ".join("%s %s" % (k, w["buttons"][v]) for k, v in BUTTON_KEYS.items())
    return w["help"] % (places, starts, buttons)


# The switch on a keyboard: a game going is switched OFF only after Return (a
# terminal tells no key held from a key pressed), and a game switched off is
# offered back at the next ON, as after a crash (hal.resume.switched_off).
SWITCH_WORDS = {
    "en": {
        "off": "[a game is going: Return switches the board OFF (the game can be taken back at ON); "
        "any other key: it goes on]",
        "kept": "[the board stays ON: the game goes on]",
        "back": "[the board was switched off during a game (%d min, %s): "
        "Return goes on with it, Esc starts a new game]",
        "guests": "%d guests",
        "again": "[Return: go on with the game switched off; Esc: a new game]",
        "resumed": "[the game goes on: %d inputs replayed; r repeats the last announcement]",
    },
    "fr": {
        "off": "[une partie est en cours : Entrée éteint le plateau (la partie pourra être reprise à l'allumage) ; "
        "toute autre touche : elle continue]",
        "kept": "[le plateau reste allumé : la partie continue]",
        "back": "[le plateau a été éteint en cours de partie (%d min, %s) : Entrée la reprend, "
        "Échap commence une nouvelle partie]",
        "guests": "%d invités",
        "again": "[Entrée : reprendre la partie éteinte ; Échap : une nouvelle partie]",
        "resumed": "[la partie continue : %d entrées rejouées ; r répète la dernière annonce]",
    },
}
RETURN = ("\n", "\r")


class TextBoard:
    def __init__(self, seed=0, lang="fr", trace=None, out=sys.stdout, millivolts=4500, *, captions=None, resumed=None):
        self.captions = captions if captions is not None else captions_.load(lang)
        self.words = SWITCH_WORDS.get(self.captions.lang, SWITCH_WORDS["en"])
        self.out = out
        self.console = Console(self.captions, self.say)
        self.start_mv = millivolts  # the batteries of a new board (a resumed one has its own)
        self.path = getattr(trace, "path", None)  # a game switched off is offered back from its trace ...
        if trace is None:  # ... or from one kept in memory
            trace = io.StringIO()
        self.asking = None  # "off": Return switches a game off; "back": Return takes it back
        self.ended = False  # the last OFF ended a game going
        self._build(seed, trace, resumed)

    def _build(self, seed, trace, resumed):
        self.trace = trace
        self.desk = compose(seed, trace=trace, sinks=[self.console], resumed=resumed, millivolts=self.start_mv)
        self.board = self.desk.board
        self.resumed = resumed
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
        self.say(words(self.captions)["switch"][not self.switch_on])
        self.desk.toggle_switch(self.now())

    def switch_key(self):
        """`o`: the switch, but a game going asks first, and one switched off is offered back."""
        if self.switch_on and self.desk.game_going():
            self.asking = "off"
            self.say(self.words["off"])
        elif not self.switch_on and self.ended and self._before_off() is not None:
            before = self._before_off()
            self.asking = "back"
            guests = self.words["guests"] % len(before.narrator.guests)
            self.say(self.words["back"] % (before.last_t // 60000, guests))
        else:
            self.ended = False
            self.toggle_switch()

    def _answer(self, key):
        """A key while the switch asks: True when it was the answer (taken, nothing else)."""
        asking, self.asking = self.asking, None
        if asking == "off":
            if key in RETURN:
                self.ended = True
                self.toggle_switch()
                return True
            self.say(self.words["kept"])
            return key in (" ", "\t")  # any other key does what it does
        if key in RETURN:
            self.ended = False
            self._go_on()
        elif key == "\x1b":
            self.ended = False
            self.toggle_switch()  # the firmware's rule: OFF then ON is a new game
        else:
            self.asking = asking
            self.say(self.words["again"])
        return True

    def _before_off(self):
        """The Resumed of the game the last OFF ended (its trace cut back to just before it), or None."""
        from .resume import ResumeError, inspect, rebuild, switched_off
        from .trace import TraceError, load

        try:
            if self.path is not None:
                return inspect(self.path, before_off=True)
            data = self.trace.getvalue().encode("utf-8")
            at = switched_off(load(io.BytesIO(data)))
            return None if at is None else rebuild(load(io.BytesIO(data[:at])))[0]
        except (ResumeError, TraceError) as e:
            self.say("[%s]" % e)
            return None

    def _go_on(self):
        """The game switched off goes on, as after a crash: its trace cut back to before the OFF."""
        from .resume import ResumeError, rebuild, resume, switched_off
        from .trace import load

        if self.path is not None:
            self.board.close()  # our lock on the trace goes: hal.resume takes its own
            try:
                resumed, stream = resume(self.path, before_off=True)
            except ResumeError as e:
                self.say("[%s: a new game, not saved]" % e)
                self._build(self.board.seed, io.StringIO(), None)
                self.toggle_switch()
                return
        else:
            data = self.trace.getvalue().encode("utf-8")
            self.board.close()
            resumed, cut = rebuild(load(io.BytesIO(data[: switched_off(load(io.BytesIO(data)))])))
            stream = io.StringIO(data[:cut].decode("utf-8"))
            stream.seek(0, io.SEEK_END)
        self._build(resumed.seed, stream, resumed)
        self.say(self.words["resumed"] % resumed.inputs)

    def tick(self):
        self.desk.step(self.now())

    def key(self, key):
        """Act on one key (a character or an escape sequence); False to quit."""
        key = key.lower() if len(key) == 1 else key
        if key in ("x", "\x04", "\x03"):
            return False
        if self.asking is not None and self._answer(key):
            return True
        if key.startswith("\x1b") and key not in F1:
            return True  # an escape sequence (arrows, F2...) or a lone Esc: no key of the board
        if key in ("?", "h") or key in F1:
            self.say(help_text(self.captions))
        elif key == "o":
            self.switch_key()
        elif key in "-+":
            mv = self.desk.nudge_battery(BATTERY_STEP_MV if key == "+" else -BATTERY_STEP_MV)
            self.say(words(self.captions)["battery"] % mv)
            self.tick()
        elif key in (" ", "\n", "\r", "\t"):
            pass
        else:
            evs = key_events(key)
            if evs is None:
                self.say(words(self.captions)["not_a_key"] % key)
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
        for line in stdin:  # a pipe: every character of a line is a key, and its end is Return
            for key in keys_of(line.rstrip("\n")) + (["\n"] if line.endswith("\n") else []):
                text.tick()
                if not text.key(key):
                    return 0
        return 0
    finally:
        text.board.close()


def _start(text, resumed):
    w = words(text.captions)
    text.say(w["title"] % text.board.seed)
    text.say(help_text(text.captions))
    if resumed is not None:
        text.say(w["resumed"] % resumed.inputs)
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
