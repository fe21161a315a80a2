"""What the board page is told and what it may do, whoever carries the
messages: the host's WebSocket (hal.web.server, `clue-fx web`) or the page
itself, running the firmware in MicroPython's WebAssembly port (the
offline app: hal.web.offline). One page, two transports, one hub.

    hub = Hub(captions, words, clips)             # its presenter is a Sink of the board
    board = Board(seed, sinks=[hub.presenter]); hub.desk = Desk(board)
    hub.press("ECURIE", True, now)                # the board page's finger
    hub.step(now, quiet=True)                     # the clock's turn
    hub.hello("board"); hub.status("board")       # what a page is sent
    hub.take()                                    # the moment's messages since the last take
    hub.changed()                                 # news for the pages (messages, or an input since)

Runs under MicroPython as under CPython: no import beyond firmware/ and
hal's pure modules; the desk and the card table are handed in.
"""

from firmware.board import PADS

from ..edges import BTN, PAD
from .messages import SWITCH
from .present import Broadcast

HTML_LANG = {"us": "en-US"}  # an edition's language as a page's lang attribute


class Hub:
    def __init__(self, captions, words, clips, *, debug=False, table=None):
        """`words`: the pages' printed names (JSON-able); `clips`: the clip
        numbers the page may fetch; `table`: the card table, or None."""
        self.captions = captions
        self.words = words
        self.clips = list(clips)
        self.debug = debug
        self.table = table
        self.presenter = Broadcast(captions, self._public)
        self.desk = None  # handed in once the board is built
        self.dirty = True  # something may have changed since the pages were last sent the state
        self._out = []  # public messages of the bursts presented since the last take

    @property
    def board(self):
        return self.desk.board

    def _public(self, message):
        self._out.append(message)

    def notice(self, text):
        """A line for every page (the table's refusal of a press)."""
        self._out.append({"t": "notice", "text": text})

    def changed(self):
        """Whether the pages have news: messages not yet taken, or an input
        since the state was last sent."""
        return self.dirty or len(self._out) > 0

    def touch(self):
        """Something the pages see changed outside the board (a seat taken,
        freed or given to a bot, a page gone): the state is to be sent again."""
        self.dirty = True

    def stale(self):
        """Whether the state is to be sent again; the transport sends it now
        (the flag is cleared: the pages have it)."""
        was, self.dirty = self.dirty, False
        return was

    def take(self):
        """The public messages since the last call, in order."""
        out, self._out = self._out, []
        return out

    # -- the board page's hand ---------------------------------------------------

    def press(self, ident, down, now):
        """A finger went down (or up) on input `ident` of the board page."""
        self.dirty = True
        if ident == SWITCH:
            if down:
                self.desk.toggle_switch(now)
            return
        why = self.desk.press(PAD if ident in PADS else BTN, ident, down, now)
        if why is not None:
            self.notice(self.table.refusal(why))

    def battery(self, millivolts):
        self.dirty = True
        self.desk.set_battery(millivolts)

    def audio_done(self, now):
        """The page's speaker fell silent."""
        self.dirty = True
        self.desk.audio_done(now)

    def step(self, now, quiet=True):
        """The clock's turn: the desk's Tick and Battery, the bots' presses;
        the card table's wait on a person (its `watch`: a wait began or
        ended, its offer of a bot is due) told to the pages."""
        if self.desk.step(now, quiet):
            self.dirty = True
        if self.table is not None and self.table.watch(self.desk.table_time(now)):
            self.dirty = True

    # -- what a page is sent ---------------------------------------------------------

    def hello(self, role):
        return {
            "t": "hello",
            "role": role,
            "lang": self.captions.lang,
            "html_lang": HTML_LANG.get(self.captions.lang, self.captions.lang),
            "words": self.words,
            "history": self.presenter.history,
            "clips": self.clips,
            "table": self.table is not None,
        }

    def status(self, role, seats=None):
        """The board as a page of `role` sees it: the switch, the batteries,
        the pawns; `seats`: the seats' list (the host's, who holds them);
        the board's own screen, with --debug, also where everyone is."""
        n = self.board.narrator
        out = {
            "t": "board",
            "switch": self.desk.switch_on,
            "mv": self.desk.millivolts,
            "state": n.state,
            "current": n.current,
            "pawns": n.guests,
            "active": list(n.active),
        }
        if seats is not None:
            out["seats"] = seats
        if role == "board" and self.debug:
            out["debug"] = {"positions": n.positions, "hidden": sorted(n.hidden)}
        return out
