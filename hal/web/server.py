"""The web board: one Board served to browser pages over HTTP and WebSocket
(aiohttp), its clock ticking on the server. No rule of the game here: the
firmware decides, the card table (handed in, optional) keeps the cards.

    web = WebBoard(captions, words, table=None)       # words: the pages' printed names (JSON)
    board = Board(seed, trace, sinks=[web.presenter])  # the composer wires the sinks
    board.attach(table.sink)                           # with a card table: it hears the board
    web.serve(board, host, port, ready=print_url)      # until Ctrl-C

Routes: `/` the board page; `/seat/GUEST?k=TOKEN` a guest's private page;
`/ws` the WebSocket (`?seat=GUEST&k=TOKEN` for a seat); `/join?code=ROOM` the
free seats' links for the room code shown on the board; `/sounds/LANG/NNNN.wav`
the edition's clips; `/qr/GUEST.svg` a seat's link as a QR code (until the
guest joins); `/static/...` the pages' own files. Nothing is fetched from
anywhere else: the pages work with no internet.

The card table, if any, is any object with: `sink` (a hal.sink.Sink),
`tokens` ({guest: token} of the seats people take), `step(now_ms, quiet)`
(the events its bots press now), `refuses(button)` (a line of text, or None),
`public()` (what the whole table sees: a JSON-able dict), `private(guest)`
(one guest's whole private state), `act(guest, message)` (a seat's
choice; returns a line of text when it is refused, else None),
`seat_bot(guest)` (a free seat given to a bot; a line when it cannot be)
and `records(t)` (its trace lines since the last call: written before the
board's next input, so a resumed host brings the seats back). `due`: the
presses a resumed table's replay made that the trace lacks (fed first, run).

Privacy: a seat's connection is sent the public messages (the same bytes
every page gets) and its own `private(guest)`, never another guest's.
"""

import asyncio
import html
import json
import pathlib
import secrets
import signal
import time

from aiohttp import WSMsgType, web

from firmware.board import BUTTONS, PADS
from firmware.events import AudioDone

from ..captions import SOUNDS
from ..edges import BTN, PAD, SW, event_of
from ..schedule import Schedule
from .present import Broadcast
from .qr import svg as qr_svg

STATIC = pathlib.Path(__file__).resolve().parent / "static"
HTML_LANG = {"us": "en-US"}  # an edition's language as a page's lang attribute
SWITCH = "SWITCH"
INPUTS = PADS + BUTTONS + (SWITCH,)
_NO_CACHE = {"Cache-Control": "no-cache"}
ROOM_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # no I or O: not read as 1 or 0


class Connection:
    """One page: its role, its guest (a seat) and what it was last sent of
    each kind of state, so it is sent only what changed."""

    def __init__(self, ws, guest=None):
        self.ws = ws
        self.guest = guest
        self.sent = {}  # kind -> the JSON text last sent
        self.queue = asyncio.Queue()
        self.busy = False  # a board page playing the narrator's voice

    def put(self, text):
        self.queue.put_nowait(text)

    def put_state(self, kind, text):
        if self.sent.get(kind) != text:
            self.sent[kind] = text
            self.put(text)


class WebBoard:
    def __init__(self, captions, words, *, table=None, millivolts=4500, debug=False, base_url=None, voices=None):
        self.captions = captions
        self.voices = voices  # a hal.voicepack.VoicePack of this edition, or None
        self.words = words
        self.table = table
        self.millivolts = millivolts
        self.debug = debug
        self.base_url = base_url  # what the QR codes carry; set by serve() when None
        self.presenter = Broadcast(captions, self._public)
        self.clips = sorted(
            {int(p.stem) for p in (SOUNDS / captions.lang).glob("*.wav") if p.stem.isdigit()}
            | set(voices.clips() if voices is not None else ())
        )
        self.board = None
        self.schedule = Schedule()
        self.switch_on = False
        self.conns = []
        self.joined = set()  # seats whose guest has connected once: their QR is no longer shown
        self.room = "".join(secrets.choice(ROOM_LETTERS) for _ in range(4))  # typed at /join by who cannot scan
        self._t0 = time.monotonic()
        self._out = []  # public messages of the burst being presented
        self._refused = set()  # inputs whose press the table refused: their release is dropped too
        self.notice = None
        self._dirty = True  # something may have changed since the pages were last sent the state
        self.due = []  # a resumed table's press in flight when the host stopped (fed first)

    # -- the board ---------------------------------------------------------------

    def now(self):
        return int((time.monotonic() - self._t0) * 1000)

    def _public(self, message):
        self._out.append(message)

    def table_time(self):
        """The board's time (a resumed game's goes on from its trace's)."""
        return self.board.offset_ms + self.now()

    def _record(self):
        """The card table's calls so far into the trace, before the board's next input."""
        if self.table is not None:
            for line in self.table.records(self.table_time()):
                self.board.record(line)

    def feed(self, event):
        self._dirty = True
        self._record()
        self.board.feed(event, self.now())

    def press(self, ident, down):
        """A pointer went down (or up) on input `ident` of a board page."""
        if ident == SWITCH:
            if down:
                self.switch_on = not self.switch_on
                self.feed(event_of(SW, "", self.switch_on))
                if self.switch_on:
                    self.schedule.read_battery_now()
            return
        kind = PAD if ident in PADS else BTN
        if kind == BTN and self.table is not None:
            if not down and ident in self._refused:
                self._refused.discard(ident)
                return
            why = self.table.refuses(ident) if down else None
            if why is not None:
                self._refused.add(ident)
                self.notice = why
                self._public({"t": "notice", "text": why})
                return
        self.feed(event_of(kind, ident, down))

    def set_battery(self, millivolts):
        self._dirty = True
        self.millivolts = max(0, min(5200, int(millivolts)))
        self.schedule.read_battery_now()

    def tick(self):
        """The clock's turn: the schedule's Tick and Battery, the bots' presses."""
        now = self.now()
        for event in self.schedule.due(now, self.millivolts if self.switch_on else None):
            self.board.feed(event, now)
        if self.table is not None:
            quiet = not any(c.busy for c in self.conns)
            for event in self.table.step(self.table_time(), quiet):
                self.feed(event)
            self._record()

    # -- what the pages are sent --------------------------------------------------

    def status(self):
        """The board as every page sees it: the switch, the batteries, the pawns."""
        n = self.board.narrator
        out = {
            "t": "board",
            "switch": self.switch_on,
            "mv": self.millivolts,
            "state": n.state,
            "current": n.current,
            "pawns": n.guests,
            "seed": self.board.seed,
        }
        if self.debug:
            out["debug"] = {"positions": n.positions, "hidden": sorted(n.hidden)}
        if self.table is not None:
            out["seats"] = [g for g in self.table.tokens if g not in self.joined]
            out["room"] = self.room
        return out

    def flush(self):
        """Send every page what happened: the burst's public messages, then
        each kind of state that changed (a seat: its own private state)."""
        out, self._out = self._out, []
        self._dirty = False
        texts = [json.dumps(m, ensure_ascii=False) for m in out]
        status = json.dumps(self.status(), ensure_ascii=False)
        public = private = None
        if self.table is not None:
            public = json.dumps(dict(self.table.public(), t="table"), ensure_ascii=False)
        for c in self.conns:
            for text in texts:
                c.put(text)
            c.put_state("board", status)
            if public is not None:
                c.put_state("table", public)
            if c.guest is not None:
                private = json.dumps(dict(self.table.private(c.guest), t="seat"), ensure_ascii=False)
                c.put_state("seat", private)

    # -- HTTP -------------------------------------------------------------------

    async def page_board(self, request):
        return web.FileResponse(STATIC / "board.html", headers=_NO_CACHE)

    async def page_seat(self, request):
        guest = request.match_info["guest"]
        if self.table is None or guest not in self.table.tokens:
            raise web.HTTPNotFound(text="no seat %s at this table (start clue-fx web with --table)" % guest)
        return web.FileResponse(STATIC / "seat.html", headers=_NO_CACHE)

    async def sound(self, request):
        lang, name = request.match_info["lang"], request.match_info["name"]
        path = SOUNDS / lang / name
        if self.voices is not None and lang == self.voices.edition and name[:4].isdigit():
            path = self.voices.path(int(name[:4])) or path
        if lang not in self.captions.editions or not name.endswith(".wav") or not path.is_file():
            raise web.HTTPNotFound(text="no clip %s/%s" % (lang, name))
        return web.FileResponse(path, headers={"Cache-Control": "max-age=86400"})

    async def qr(self, request):
        guest = request.match_info["guest"]
        if self.table is None or guest not in self.table.tokens or guest in self.joined:
            raise web.HTTPNotFound(text="no seat link for %s (taken, or no such seat)" % guest)
        return web.Response(body=qr_svg(self.seat_url(guest)), content_type="image/svg+xml")

    async def join(self, request):
        """A phone that cannot scan: the room code shown on the board, then the seats still free."""
        if self.table is None:
            raise web.HTTPNotFound(text="no seats: start clue-fx web with --table")
        code = request.query.get("code", "").strip().upper()
        if not code:
            body = '<form><label>Code <input name="code" autocapitalize="characters" size="6"></label>'
            body += " <button>OK</button></form>"
        elif code != self.room:
            body = '<p>Not this table\'s code: look at the board again.</p><p><a href="/join">Back</a></p>'
        else:
            free = [g for g in self.table.tokens if g not in self.joined]
            links = "".join(
                '<p><a data-seat="%s" href="%s">%s</a></p>'
                % (g, html.escape(self.seat_url(g)), html.escape(self.words["names"][g]))
                for g in free
            )
            body = links or "<p>Every seat is taken.</p>"
        page = (
            '<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">'
        )
        page += (
            '<title>Clue FX</title><link rel="icon" href="data:,"><body style="font: 20px system-ui; padding: 16px">'
        )
        return web.Response(text=page + body, content_type="text/html")

    def seat_url(self, guest):
        return "%sseat/%s?k=%s" % (self.base_url, guest, self.table.tokens[guest])

    async def socket(self, request):
        ws = web.WebSocketResponse(heartbeat=30)
        await ws.prepare(request)
        guest = request.query.get("seat")
        if guest is not None:
            tokens = self.table.tokens if self.table is not None else {}
            if tokens.get(guest) is None or request.query.get("k") != tokens[guest]:
                await ws.send_str(
                    json.dumps({"t": "error", "text": "this seat's link is not valid: scan its QR code again"})
                )
                await ws.close()
                return ws
            self.joined.add(guest)
        conn = Connection(ws, guest)
        hello = {
            "t": "hello",
            "role": "seat" if guest else "board",
            "guest": guest,
            "lang": self.captions.lang,
            "html_lang": HTML_LANG.get(self.captions.lang, self.captions.lang),
            "words": self.words,
            "history": self.presenter.history,
            "clips": self.clips,
        }
        conn.put(json.dumps(hello, ensure_ascii=False))
        self.conns.append(conn)
        writer = asyncio.ensure_future(self._write(conn))
        self.flush()
        try:
            async for msg in ws:
                if msg.type != WSMsgType.TEXT:
                    continue
                self._receive(conn, msg.data)
                self._dirty = True
                self.flush()
        finally:
            self.conns.remove(conn)
            writer.cancel()
            self.flush()
        return ws

    async def _write(self, conn):
        try:
            while True:
                text = await conn.queue.get()
                await conn.ws.send_str(text)
        except (ConnectionError, RuntimeError):
            pass  # the page went away: its reader ends the connection

    def _receive(self, conn, data):
        try:
            m = json.loads(data)
            kind = m["t"]
        except (ValueError, KeyError, TypeError):
            return
        if conn.guest is not None:  # a seat acts at the card table, never on the board
            why = self.table.act(conn.guest, m)
            self._record()
            if why is not None:
                conn.put(json.dumps({"t": "refused", "text": why}, ensure_ascii=False))
            return
        if kind == "press" and m.get("id") in INPUTS:
            self.press(m["id"], bool(m.get("down")))
        elif kind == "audio":
            conn.busy = bool(m.get("busy"))
            if not conn.busy:
                self.feed(AudioDone())
        elif kind == "battery":
            self.set_battery(m.get("mv", self.millivolts))
        elif kind == "bot" and self.table is not None:  # a free seat given to a bot, from the board
            guest = m.get("guest")
            why = "%s has joined from a phone" % guest if guest in self.joined else self.table.seat_bot(guest)
            if why is not None:
                self._public({"t": "notice", "text": why})

    # -- running ----------------------------------------------------------------

    def app(self):
        app = web.Application()
        app.add_routes(
            [
                web.get("/", self.page_board),
                web.get("/seat/{guest}", self.page_seat),
                web.get("/ws", self.socket),
                web.get("/sounds/{lang}/{name}", self.sound),
                web.get("/qr/{guest}.svg", self.qr),
                web.get("/join", self.join),
                web.static("/static", STATIC),
            ]
        )
        return app

    async def run(self, board, host, port, ready=None, started=None):
        """Serve until cancelled. `ready(url)` once listening (the real port
        when `port` is 0)."""
        self.board = board
        while self.due:  # before the clock's Tick and battery reading, before any page's press
            self.feed(self.due.pop(0))
        # SIGTERM (a kill, a service manager) cancels the serving task, the asyncio way: its
        # finally closes the pages and the server, wherever the loop was (a KeyboardInterrupt
        # raised by a signal handler can land anywhere, even in aiohttp's own clean-up)
        loop = asyncio.get_running_loop()
        try:
            loop.add_signal_handler(signal.SIGTERM, asyncio.current_task().cancel)
        except (NotImplementedError, RuntimeError, ValueError):  # no such handlers (Windows, not the main thread)
            pass
        # a second or two to let the pages go, not aiohttp's minute: a kill or Ctrl-C ends at once
        runner = web.AppRunner(self.app(), access_log=None, handle_signals=False, shutdown_timeout=2.0)
        await runner.setup()
        site = web.TCPSite(runner, host, port)
        await site.start()
        bound = runner.addresses[0][1]
        url = "http://%s:%d/" % (host, bound)
        if self.base_url is None:
            self.base_url = url
        if ready is not None:
            ready(url)
        try:
            while True:
                self.tick()
                if self._out or self._dirty:
                    self.flush()
                await asyncio.sleep(self.schedule.wait_ms(self.now()) / 1000)
        finally:
            # A page that went away without its closing handshake would hold each close
            # for aiohttp's 10 s: a second at most each, so Ctrl-C or a kill ends promptly.
            for c in list(self.conns):
                try:
                    await asyncio.wait_for(c.ws.close(), 1.0)
                except (TimeoutError, ConnectionError, RuntimeError):
                    pass
            await runner.cleanup()

    def serve(self, board, host, port, ready=None):
        try:
            asyncio.run(self.run(board, host, port, ready))
        except asyncio.CancelledError:
            pass  # SIGTERM: served, and closed cleanly
