"""The board of the offline web app (`clue-fx web --export`): the same
Board, Desk and Hub as `clue-fx web`, driven by the board page itself,
under MicroPython's WebAssembly port (hal/web/static/local.js) as under
CPython (the tests). Text in, text out: the page hands in its messages as
JSON text and its clock in ms; it gets back, as JSON text, what a host's
WebSocket would have sent it and the trace lines to keep (IndexedDB).

    app = Offline(manifest_text, words_text, "en", seed=7)         # a new game
    app = Offline(manifest_text, words_text, "en", trace=text)      # resumed by replay, as --resume does
    app.hello()                      # '{"out": [hello, board], "trace": [...lines], "wait": ms}'
    app.receive('{"t": "press", "id": "ECURIE", "down": true}', now)   # the same answer's shape
    app.step(now)                    # the clock's turn: Tick, Battery (the 15-minute sleep)

The trace is hal.trace's own format, written by its own TraceWriter
(`clue-fx replay` checks it); a resume is hal.resume.rebuild's replay of
its inputs (what `clue-fx web --resume` does with a file): the game, its
clock and its batteries go on, the captions so far come back.

Runs under MicroPython: no import beyond firmware/ and hal's pure modules.
No card table here: private hands need a host (docs/web.md).
"""

import io
import json

from ..captions import Captions
from ..compose import compose
from ..desk import DEFAULT_MV
from ..trace import TraceWriter
from .hub import Hub
from .messages import Bad, parse

TABLE_ONLY = ("bot", "free")  # a board page's messages about seats: no seats without a host


class Lines:
    """A text stream for the TraceWriter: the whole lines written since the last take."""

    def __init__(self):
        self.lines = []
        self._part = ""

    def write(self, text):
        parts = (self._part + text).split("\n")
        self._part = parts.pop()
        for line in parts:
            self.lines.append(line)

    def flush(self):
        pass

    def take(self):
        out, self.lines = self.lines, []
        return out


class Offline:
    def __init__(self, manifest_text, words_text, lang, *, seed=0, trace=None, debug=False, millivolts=DEFAULT_MV):
        """`trace`: the text of a trace to resume (ResumeError when it cannot be)."""
        manifest = json.loads(manifest_text)
        captions = Captions(lang, manifest)
        clips = sorted(c["id"] for c in manifest["clips"])
        self.hub = Hub(captions, json.loads(words_text), clips, debug=debug)
        self.stream = Lines()
        self.notes = []
        resumed = None
        if trace:  # hal.resume and the trace's reader: imported only to resume (a new game opens without them)
            from ..resume import ResumeError, rebuild
            from ..trace import TraceError, load

            try:
                loaded = load(io.StringIO(trace))
            except TraceError as e:
                raise ResumeError("the saved game is not a trace: %s" % e) from None
            resumed, cut = rebuild(loaded, "the saved game")
            self.notes = resumed.notes
            self.stream.lines = [line for line in trace[:cut].split("\n") if line.strip()]  # the page keeps these
            seed = resumed.seed
        desk = compose(seed, sinks=[self.hub.presenter], resumed=resumed, millivolts=millivolts,
                       recorder=TraceWriter(self.stream, seed, header=resumed is None))  # fmt: skip
        if resumed is not None:
            self._captions_back(loaded, resumed.inputs)
        self.seed = desk.board.seed
        self.hub.desk = desk
        self._sent = None  # the board's state last sent, as text

    def _captions_back(self, loaded, inputs):
        """The captions of the replayed game, for the page that comes back (not said again)."""
        outs = []
        kept = 0
        for t, way, obj in loaded.records:
            if way == "in":
                kept += 1
                if kept > inputs:
                    break
            else:
                outs.append((t, obj))
        for t, action in outs:
            self.hub.presenter.present([action], t)
        self.hub.take()

    # -- what the page calls ----------------------------------------------------------

    def hello(self):
        """Everything a page is told when it opens (as a host's hello), then the board."""
        hello = self.hub.hello("board")
        hello["offline"] = True
        hello["seed"] = self.seed
        hello["notes"] = self.notes
        self.hub.touch()
        answer = self._answer([hello], 0)
        return answer[:-1] + ', "reset": true}'  # the page's stored trace is replaced by these lines

    def receive(self, text, now):
        """One message of the board page (a press, the speaker, the batteries)."""
        try:
            kind, m = parse(text, "board")
        except Bad as e:
            return self._answer([{"t": "error", "text": e.text}], now)
        if kind == "press":
            self.hub.press(m["id"], m["down"], now)
        elif kind == "audio":
            if not m["busy"]:
                self.hub.audio_done(now)
        elif kind == "battery":
            self.hub.battery(m["mv"])
        elif kind in TABLE_ONLY:
            return self._answer([{"t": "refused", "text": "no seats without a host (clue-fx web)"}], now)
        return self._answer([], now)

    def step(self, now, quiet=True):
        """The clock's turn (the page calls it when `wait` says)."""
        self.hub.step(now, quiet)
        return self._answer([], now)

    def _answer(self, first, now):
        out = first + self.hub.take()
        if self.hub.stale():
            status = json.dumps(self.hub.status("board"))
            if status != self._sent:
                self._sent = status
                out.append(json.loads(status))
        return json.dumps({"out": out, "trace": self.stream.take(), "wait": self.hub.desk.wait_ms(now)})


def start(config_text):
    """The page's one call to begin: {"manifest", "words", "lang", "seed",
    "trace" (or null), "debug", "mv"} as JSON text; an Offline, or a
    ResumeError whose text the page shows (it then starts a new game)."""
    c = json.loads(config_text)
    return Offline(c["manifest"], c["words"], c["lang"], seed=c.get("seed") or 0, trace=c.get("trace"),
                   debug=bool(c.get("debug")), millivolts=c.get("mv") or DEFAULT_MV)  # fmt: skip
