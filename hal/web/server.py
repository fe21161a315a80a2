"""The web board: one desk (hal.desk: the Board, its switch, batteries,
schedule and card table) served to browser pages over HTTP and WebSocket
(aiohttp), its clock ticking on the server. No rule of the game here: the
firmware decides, the card table (handed in, optional) keeps the cards.

    web = WebBoard(captions, words, clips=edition_clips("en"), table=None)   # words: the pages' printed names
    desk = compose(seed, trace=trace, sinks=[web.presenter], table=table)   # hal.compose: the board, its desk
    web.serve(desk, [("192.168.1.10", 8000)], ready=print_url)   # until Ctrl-C

Routes: `/` the board page; `/seat/GUEST?k=CODE` a guest's own page;
`/ws` the WebSocket (`?seat=GUEST&k=CODE` for a seat, `&d=KEY` the key
its phone was given; `?b=CODE` the board's code, `&take=1` shown on
purpose, `&s=TICKET` the holding screen's own, `&view=tv` a television);
`/join` a seat's code typed by hand;
`/qr/GUEST.svg` a free seat's link as a QR code, for the board alone;
`/sounds/LANG/NNNN.wav` (or `.mp3`, the format the hello names) the edition's clips; `/static/...` the pages' own
files. Nothing is fetched from anywhere else: the pages work with no
internet.

Who may do what (hal.web.holders; docs/web.md): the screen that holds the
board (by its code) presses, switches, sets the batteries, reports its
speaker and sees the seats' codes; a television with the board's code sees
the codes too; a seat's phone makes that guest's choices and sees that
guest's cards alone; any other screen only watches what is said aloud.
Every message is checked (hal.web.messages) and every page bounded
(hal.web.page, hal.web.guard) before anything reads it.

The card table, if any, is any object with: `sink` (a hal.sink.Sink),
`people` (the seats people take), `tokens` ({guest: code} to start with),
`step(now_ms, quiet)`, `refuses(button)`, `records(t)` (hal.desk uses
them), `watch(t)` (the wait on a person changed: hal.web.hub),
`public()` (what the whole table sees: a JSON-able dict),
`private(guest)` (one guest's whole private state), `act(guest, message)`
(a seat's choice; a line of text when it is refused, else None),
`seat_bot(guest)` (a seat given to a bot, before or after the deal; a line
when it cannot be), `recode(codes)` (the seats' codes changed: the trace
keeps them), `refusal(why)` (a refusal's words) and `problem`.
"""

import asyncio
import json
import pathlib
import re
import signal
import time

from aiohttp import WSMsgType, web

from ..captions import clip_file, clip_format, clip_numbers
from .admission import Admission
from .console import Console
from .gate import BACKLOG, Gate, StrictSocket, connections_cap
from .guard import LIMITS, Hosts, inside, protect, url_host
from .holders import BoardHolder, SeatHolders, shown
from .hub import Hub
from .join import join_page
from .messages import Bad, parse
from .page import DROPPED, Page
from .qr import svg as qr_svg

STATIC = pathlib.Path(__file__).resolve().parent / "static"
# a clip by its number: /sounds/LANG/NNNN.wav or .mp3 (the pages ask in the format their hello names; the
# answer is the clip's own file, hal.captions.clip_file: a wheel's MP3, a checkout's WAV, a voice pack's WAV)
CLIP = re.compile(r"[0-9]{4}\.(?:wav|mp3)")
STATIC_NAME = re.compile(r"(?:[A-Za-z0-9_-]+/){0,3}[A-Za-z0-9_-]+(?:\.[A-Za-z0-9]+)+")  # app.js, css/x.css: no '..'
_NO_CACHE = {"Cache-Control": "no-cache"}
_PRIVATE = {"Cache-Control": "no-store"}
GONE = {  # why a seat's page is closed, as its page says it (the words are the page's: words["seat"])
    "released": "seat_released",
    "bot": "seat_to_bot",
    "freed": "seat_freed",
}


def edition_clips(lang, voices=None):
    """The clip numbers of edition `lang` a page may fetch: the clips the
    package holds, and a voice pack's (hal.voicepack.VoicePack, or None)."""
    return sorted(clip_numbers(lang) | set(voices.clips() if voices is not None else ()))


class WebBoard:
    def __init__(
        self, captions, words, *, clips=(), table=None, debug=False, voices=None, limits=LIMITS, board_key=None,
        log=None,
    ):  # fmt: skip
        """`clips`: the clip numbers the pages may fetch (`edition_clips`,
        handed in by the composer). `log(line)`: who took the board and each
        seat, for the host's console."""
        self.captions = captions
        self.log = log or (lambda line: None)
        self.voices = voices  # a hal.voicepack.VoicePack of this edition, or None
        self.sounds = [clip_format()]  # the installed clips' format, for the board page's hello (voice.js, pick)
        self.words = words
        self.table = table
        self.limits = limits
        self.hub = Hub(captions, words, clips, debug=debug, table=table)  # what the pages are told
        self.presenter = self.hub.presenter
        self.board_holder = BoardHolder(board_key)
        self.seats = SeatHolders(table.people if table is not None else (), table.tokens if table is not None else None)
        self.admission = Admission(self.board_holder, self.seats, limits)  # codes tried, sockets for those who play
        self.pages = []
        self.base_url = None  # what the QR codes carry: set by run() (or the front door's ready)
        self.hosts = None
        self.gate = None  # the door (hal.web.gate): HTTP connections counted per address from accept()
        self.console = None  # the host's console, quiet (hal.web.console): set by run()
        self.dropped = []  # (address, role, why) of each page dropped: it stopped reading, it flooded
        self._t0 = time.monotonic()

    # -- the board ---------------------------------------------------------------

    @property
    def desk(self):
        return self.hub.desk

    @property
    def board(self):
        return self.hub.board

    def now(self):
        return int((time.monotonic() - self._t0) * 1000)

    def press(self, ident, down):
        """A finger went down (or up) on input `ident` of the board page."""
        self.hub.press(ident, down, self.now())

    def quiet(self, now):
        """Nothing is being said on any board page: the bots may press (they wait, as people do)."""
        return not any(p.role == "board" and p.speaking(now) for p in self.pages)

    def tick(self):
        """The clock's turn: the desk's Tick and Battery, the bots' presses."""
        now = self.now()
        self.hub.step(now, self.quiet(now))

    # -- what the pages are sent --------------------------------------------------

    def status(self, role):
        """The board as a page of `role` sees it (hal.web.hub), with the
        seats: the board's own screen also sees their codes and holders."""
        return self.hub.status(role, self._seats(role) if self.table is not None else None)

    def _seats(self, role):
        """Each seat a person may take: free, held (and whether its page is open), or a bot's."""
        out = []
        online = {p.guest for p in self.pages if p.role == "seat"}
        for g in self.table.people:
            if g not in self.seats:
                continue
            held = self.seats.held(g)
            seat = {"guest": g, "state": "held" if held else "free", "online": g in online}
            if role == "board" and held:
                seat["holder"] = self.seats.holder(g)
            if role in ("board", "tv") and not held:  # a television with the board's code shows them too
                seat["code"] = shown(self.seats.code(g))
            out.append(seat)
        return out

    def flush(self):
        """Send every page what happened: the burst's public messages, then
        each kind of state that changed (a seat: its own private state)."""
        out = self.hub.take()
        self.hub.stale()  # the state is sent below, to every page
        texts = [json.dumps(m, ensure_ascii=False) for m in out]
        statuses = {}
        public = None
        if self.table is not None:
            public = json.dumps(dict(self.table.public(), t="table"), ensure_ascii=False)
        for p in list(self.pages):
            for text in texts:
                p.put(text)
            if p.role not in statuses:
                statuses[p.role] = json.dumps(self.status(p.role), ensure_ascii=False)
            p.put_state("board", statuses[p.role])
            if public is not None:
                p.put_state("table", public)
            if p.role == "seat":
                p.put_state("seat", json.dumps(dict(self.table.private(p.guest), t="seat"), ensure_ascii=False))

    def _changed(self):
        return self.hub.changed()

    # -- HTTP -------------------------------------------------------------------

    async def page_board(self, request):
        return web.FileResponse(STATIC / "board.html", headers=_NO_CACHE)

    async def page_seat(self, request):
        if self.table is None or request.match_info["guest"] not in self.table.people:
            raise web.HTTPNotFound(text="no such seat at this table (start clue-fx web with --table)")
        return web.FileResponse(STATIC / "seat.html", headers=_PRIVATE)

    async def sound(self, request):
        """Clip NNNN of an edition (the voice pack's WAV, if it has it; else the package's
        file of it, hal.captions.clip_file), from that folder alone, whichever of .wav and .mp3
        the page named (a browser decodes what it is sent, by its bytes)."""
        lang, name = request.match_info["lang"], request.match_info["name"]
        path = None
        if lang in self.captions.editions and CLIP.fullmatch(name):
            mine = self.voices is not None and lang == self.voices.edition and self.voices.path(int(name[:4]))
            for clip in filter(None, (mine, clip_file(lang, int(name[:4])))):  # the pack's, else the package's
                path = path or inside(clip.parent, clip.name, CLIP)  # from that folder alone (a link out: not)
        if path is None:
            raise web.HTTPNotFound(text="no such clip")
        return web.FileResponse(path, headers={"Cache-Control": "max-age=86400"})

    async def static(self, request):
        """The pages' own files, by their own names, from static/ alone."""
        path = inside(STATIC, request.match_info["path"], STATIC_NAME)
        if path is None:
            raise web.HTTPNotFound(text="no such file")
        return web.FileResponse(path)

    async def qr(self, request):
        """A free seat's link, as a QR code: for the board's own screen alone."""
        guest = request.match_info["guest"]
        if not self.admission.board_key(request.remote, request.query.get("b"), self.board_holder.is_board):
            raise web.HTTPNotFound(text="the seats' codes are shown on the board")
        if self.table is None or guest not in self.seats or self.seats.held(guest):
            raise web.HTTPNotFound(text="no free seat %s" % guest)
        return web.Response(body=qr_svg(self.seat_url(guest)), content_type="image/svg+xml", headers=_PRIVATE)

    async def join(self, request):
        """A phone that cannot scan: the code shown under its seat's QR code, typed."""
        if self.table is None:
            raise web.HTTPNotFound(text="no seats: start clue-fx web with --table")
        words = self.words["join"]
        typed = request.query.get("code")
        note = ""
        if typed is not None:
            if not self.admission.tries(request.remote).take(time.monotonic()):
                note = words["slow"]
            else:
                guest = self.seats.guest_of_code(typed)
                if guest is not None:
                    raise web.HTTPSeeOther(self.seat_path(guest))
                note = words["wrong"]
        return web.Response(text=join_page(words, self.captions.lang, note), content_type="text/html",
                            headers=_PRIVATE)  # fmt: skip

    def seat_path(self, guest):
        return "/seat/%s?k=%s" % (guest, self.seats.code(guest))

    def seat_url(self, guest):
        return self.base_url.rstrip("/") + self.seat_path(guest)

    # -- the pages' sockets -----------------------------------------------------------

    async def socket(self, request):
        addr = request.remote
        if not self.admission.admit(self.pages, addr, request.query):
            raise web.HTTPTooManyRequests(text="too many pages open")
        ws = StrictSocket(
            heartbeat=self.limits.heartbeat_s, max_msg_size=self.limits.message, compress=False, autoping=True
        )
        try:
            await ws.prepare(request)
        except ConnectionError:  # gone during the handshake: nothing to say (no traceback on the console)
            return web.Response(status=400)  # its own write fails quietly too (aiohttp's finish_response)
        if self.gate is not None:
            self.gate.upgraded(request.protocol)  # a page now: the pages' limits hold it
        guest = request.query.get("seat")  # the board's page asks for its clips in the installed format
        hello = self.hub.hello("seat") if guest is not None else dict(self.hub.hello("board"), sounds=self.sounds)
        if guest is not None:
            if not self.admission.tries(addr).ready(time.monotonic()):  # codes tried too fast from here: not looked at
                text = self.words["join"]["slow"]
                await ws.send_str(json.dumps({"t": "error", "text": text, "why": "slow", "fatal": False}))
                await ws.close()
                return ws
            device, why = self.seats.claim(guest, request.query.get("k"), addr, request.query.get("d"))
            if why is not None:
                self.admission.tries(addr).take(time.monotonic())
                text = self.words["seat"]["refused_" + why]
                await ws.send_str(json.dumps({"t": "error", "text": text, "why": why, "fatal": True}))
                await ws.close()
                return ws
            page = Page(ws, "seat", addr, guest=guest, limits=self.limits, transport=request.transport)
            hello.update(guest=guest, device=device)
            if not any(p.role == "seat" and p.guest == guest for p in self.pages):
                self.log("seat %s: held by the phone at %s" % (guest, addr))
            self.hub.touch()  # the board shows the seat held
        else:
            q = request.query
            key = q.get("b")
            if key is not None and not self.admission.board_key(addr, key, self.board_holder.is_key):
                key = None  # a wrong code, or too many: this screen only watches
                hello["wrong"] = True
            before = self.board_holder.ticket
            role, ticket = self.board_holder.connect(addr, key, q.get("s"), q.get("take") == "1", q.get("view") == "tv")
            page = Page(ws, role, addr, limits=self.limits, transport=request.transport)
            page.ticket = ticket
            hello.update((k, v) for k, v in self._role(page).items() if k != "t")
            if self.table is not None and self.base_url is not None:
                hello["join"] = self.base_url.split("://", 1)[-1].rstrip("/") + "/join"  # not the tablet's 127.0.0.1
            if ticket is not None and ticket != before:
                self._taken(page)
        page.put(json.dumps(hello, ensure_ascii=False))
        self.pages.append(page)
        page.reader = asyncio.current_task()
        writer = asyncio.ensure_future(page.write())
        self.flush()
        try:
            await self._read(page, ws)
        except asyncio.CancelledError as e:
            if e.args != (DROPPED,):
                raise
            asyncio.current_task().uncancel()  # ours: the page was dropped (the server goes on)
        finally:
            self.pages.remove(page)
            if page.dropped is not None:
                self.dropped.append((addr, page.role, page.dropped))
                self.log("the %s page at %s was dropped: %s" % (page.role, addr, page.dropped))
            page.drop("closed")
            writer.cancel()
            self.hub.touch()
        return ws

    async def _read(self, page, ws):
        """The page's messages, each checked and answered, until it goes or is dropped."""
        async for msg in ws:
            if page.dropped is not None or page.closing is not None or msg.type == WSMsgType.ERROR:
                break  # an error: a protocol error (an unmasked frame, too big a message), the socket closed
            if not page.allowed(time.monotonic()):
                continue
            if msg.type == WSMsgType.TEXT:
                self._receive(page, msg.data)
            else:
                page.tell("error", "messages are JSON text")
            if self._changed():
                self.flush()

    # -- who holds the board ------------------------------------------------------

    def _role(self, page):
        """What a board page is told of its role: the holding screen its
        ticket (and the board's code, if it showed it)."""
        out = {"t": "role", "role": page.role}
        if page.role == "board":
            out["screen"] = page.ticket
            if self.board_holder.keyed:
                out["key"] = self.board_holder.key
        return out

    def _taken(self, page):
        """`page` took the board: every other board page only watches now, and is told."""
        self.log("board: held by the screen at %s" % page.addr)
        for p in self.pages:
            if p.role == "board" and not self.board_holder.holds(p.ticket):
                p.role, p.ticket, p.busy_since = "viewer", None, None
                p.put(json.dumps(dict(self._role(p), taken=True)))
        self.hub.touch()

    def _receive(self, page, data):
        try:
            kind, m = parse(data, page.role)
        except Bad as e:
            page.tell("error", e.text)
            return
        getattr(self, "_on_" + kind)(page, **m)

    # the board's screen
    def _on_press(self, page, id, down):  # noqa: A002  (the message's own field)
        self.press(id, down)

    def _on_audio(self, page, busy):
        page.busy_since = self.now() if busy else None
        if not busy:
            self.hub.audio_done(self.now())

    def _on_battery(self, page, mv):
        self.hub.battery(mv)

    def _on_bot(self, page, guest):
        why = self._to_bot(guest)
        if why is not None:
            page.tell("refused", why)

    def _on_free(self, page, guest):
        if guest not in self.seats:
            page.tell("refused", self.words["seat"]["no_seat"])
            return
        self._hand_back(guest, "freed")

    # a watching screen
    def _on_take(self, page, code):
        """The board's code typed on a watching screen: it takes the board."""
        if not self.admission.board_key(page.addr, code, self.board_holder.is_key):
            page.tell("refused", self.words["board"]["wrong_code"])
            return
        _, page.ticket = self.board_holder.connect(page.addr, code, None, take=True)
        page.role = "board"
        page.put(json.dumps(self._role(page)))
        self._taken(page)

    # a seat's phone
    def _on_hypothesis(self, page, suspect, weapon):
        self._act(page, {"t": "hypothesis", "suspect": suspect, "weapon": weapon})

    def _on_show(self, page, card):
        self._act(page, {"t": "show", "card": card})

    def _on_accuse(self, page, suspect, place, weapon):
        self._act(page, {"t": "accuse", "suspect": suspect, "place": place, "weapon": weapon})

    def _on_release(self, page):
        self._hand_back(page.guest, "released")

    def _on_to_bot(self, page):
        why = self._to_bot(page.guest)
        if why is not None:
            page.tell("refused", why)

    def _on_more_time(self, page, on):  # never offered to a bot (sim.web.phone_table.WebTable.more_time)
        self._act(page, {"t": "more_time", "on": on})

    def _act(self, page, message):
        self.hub.touch()
        why = self.table.act(page.guest, message)
        self.desk.record(self.now())
        if why is not None:
            page.tell("refused", why)

    # -- the seats ---------------------------------------------------------------------

    def _to_bot(self, guest):
        """`guest`'s seat to a bot (free or held, before or after the deal); a line if it cannot be."""
        if self.table is None or guest not in self.seats:
            return self.words["seat"]["no_seat"]
        why = self.table.seat_bot(guest)
        if why is not None:
            return why
        self.seats.remove(guest)
        self._close_seat(guest, "bot")
        self.hub.touch()
        return None

    def _hand_back(self, guest, why):
        """`guest`'s seat free again with a new code; its phone's page is closed."""
        self.seats.hand_back(guest)
        self.table.recode(self.seats.codes())
        self._close_seat(guest, why)
        self.hub.touch()

    def _close_seat(self, guest, why):
        for p in self.pages:
            if p.role == "seat" and p.guest == guest:
                p.tell("error", self.words["seat"][GONE[why]], why=why, fatal=True)
                p.close(why)

    # -- running ----------------------------------------------------------------

    def app(self):
        app = protect(web.Application(client_max_size=self.limits.body), lambda: self.hosts)
        app.add_routes(
            [
                web.get("/", self.page_board),
                web.get("/seat/{guest}", self.page_seat),
                web.get("/ws", self.socket),
                web.get("/sounds/{lang}/{name}", self.sound),
                web.get("/qr/{guest}.svg", self.qr),
                web.get("/join", self.join),
                web.get("/static/{path:.+}", self.static),
            ]
        )
        return app

    async def run(self, desk, addresses, ready=None):
        """Serve on each (host, port) of `addresses` until cancelled (port 0:
        any free one, the same for all). `ready(urls)` once listening."""
        self.hub.desk = desk  # built by hal.compose: a resumed table's press in flight is fed already
        loop = asyncio.get_running_loop()
        try:  # SIGTERM (a kill, a service manager) cancels the serving task: its finally closes cleanly
            loop.add_signal_handler(signal.SIGTERM, asyncio.current_task().cancel)
        except (NotImplementedError, RuntimeError, ValueError):  # no such handlers (Windows, not the main thread)
            pass
        self.console = Console(self.log)  # errors summed up, one line a minute at most (installed once listening)
        # keepalive_timeout also closes a connection that has not sent a whole request by then
        runner = web.AppRunner(
            self.app(), access_log=None, handle_signals=False, shutdown_timeout=2.0,
            keepalive_timeout=self.limits.header_s,
        )  # fmt: skip
        await runner.setup()
        self.gate = Gate(self.limits, self.console.count, total=connections_cap(self.limits))
        self.gate.watch(runner.server)
        urls = []
        port = addresses[0][1]
        for host, _ in addresses:  # a short backlog: accept() takes at most that many at once (file descriptors)
            await web.TCPSite(runner, host, port, backlog=BACKLOG).start()
            port = runner.addresses[-1][1]  # the port bound (0: any free one), then the same for the others
            urls.append("http://%s:%d/" % (url_host(host), port))
        if self.hosts is None:
            self.hosts = Hosts(port)
        if self.base_url is None:
            self.base_url = urls[0]
        try:
            self.console.install(loop)
            if ready is not None:
                ready(urls)
            while True:
                self.tick()
                if self._changed():
                    self.flush()
                await asyncio.sleep(self.desk.wait_ms(self.now()) / 1000)
        finally:
            for p in list(self.pages):
                try:
                    await asyncio.wait_for(p.ws.close(), 1.0)
                except (TimeoutError, ConnectionError, RuntimeError):
                    pass
            await runner.cleanup()
            self.console.close()

    def serve(self, desk, addresses, ready=None):
        try:
            asyncio.run(self.run(desk, addresses, ready))
        except asyncio.CancelledError:
            pass  # SIGTERM: served, and closed cleanly
