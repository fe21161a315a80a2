"""Screens of a home network around one `clue-fx web` on loopback, for the
tests of who holds the board (tests/hal/web/test_board_role.py): each
device at its own loopback address (every 127.x address is this
computer's own; the host takes 127.0.0.1 alone for itself), its pages in
tabs of one headless Chromium, what each socket received read back from
Chromium's network log, and a stranger's script polling the port.

    tablet = device(server.port, 2)       # a relay: the page at 127.0.0.2, the host sees 127.0.0.2
    d.get(on(tablet, server.board_url))   # the printed link, opened there
    frames.received(d, tablet)            # every text that tab's sockets received
    stranger = Poller(server.url, "127.0.0.3"); ...; stranger.stop()
"""

import asyncio
import json
import threading
import urllib.parse

from tests.support.web_attack import stranger_session
from tests.support.web_scene import Relay, data, wait


def device(port, n):
    """Another device at 127.0.0.`n`: its pages are opened at the relay's url."""
    address = "127.0.0.%d" % n
    return Relay(port, listen=address, source=address)


def on(relay, url):
    """`url` (the host's, 127.0.0.1) as the device behind `relay` opens it."""
    parts = urllib.parse.urlsplit(url)
    return urllib.parse.urlunsplit(parts._replace(netloc=urllib.parse.urlsplit(relay.url).netloc))


def role(d):
    """What the board page in the current tab says it is: board, viewer or tv."""
    return data(d, "role")


def ready(d):
    return data(d, "ready") == "1" and data(d, "link") == "up"


def wait_role(d, want, what):
    wait(d, lambda d: ready(d) and role(d) == want, "%s: %s" % (what, want))


def type_code(d, code):
    """The board's code typed in a watching page's field, sent."""
    field = d.find_element("id", "take-code")
    field.clear()
    field.send_keys(code)
    d.find_element("id", "take-go").click()


class Frames:
    """The WebSocket frames each host:port's pages received, from Chromium's
    performance log (read as it goes: the log is drained when read)."""

    def __init__(self):
        self.urls = {}  # requestId -> the socket's url
        self.got = {}  # requestId -> [text]

    def read(self, d):
        for entry in d.get_log("performance"):
            msg = json.loads(entry["message"])["message"]
            p = msg.get("params", {})
            if msg["method"] == "Network.webSocketCreated":
                self.urls[p["requestId"]] = p["url"]
            elif msg["method"] == "Network.webSocketFrameReceived":
                self.got.setdefault(p["requestId"], []).append(p["response"]["payloadData"])

    def received(self, d, relay):
        """Every text the sockets opened at `relay`'s address received so far."""
        self.read(d)
        where = urllib.parse.urlsplit(relay.url).netloc
        return [t for rid, texts in self.got.items() if "//%s/" % where in self.urls.get(rid, "") for t in texts]


def leaks(texts, codes):
    """The seats' codes (and the board's: `codes` holds what is secret) found in `texts`."""
    out = []
    for c in codes:
        for form in (c, "%s-%s" % (c[:4], c[4:])):
            out += [form for t in texts if form in t]
    return out


class Poller:
    """A stranger's script on the network, from `address`: it opens the
    board's socket again and again (it took the board before the tablet on
    main 567fd85), tries a few codes, and keeps every text it is sent."""

    def __init__(self, url, address, guesses=("AAAA-AAAA", "ZZZZ-2222")):
        self.url = url
        self.address = address
        self.guesses = list(guesses)
        self.texts = []
        self.roles = []  # each socket's role, as its hello said
        self.connected = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=lambda: asyncio.run(self._run()), daemon=True)
        self._thread.start()

    async def _run(self):
        async with stranger_session(self.address) as http:
            while not self._stop.is_set():
                query = "?take=1&b=" + self.guesses.pop(0) if self.guesses else ""
                try:
                    ws = await http.ws_connect(self.url + "ws" + query)
                except Exception:  # the host not up (yet, or again): poll on, as a script would
                    await asyncio.sleep(0.05)
                    continue
                try:
                    await self._read(ws)
                finally:
                    await ws.close()

    async def _read(self, ws):
        """Its messages for a while, then a new socket (a script polling)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + 1.0
        while not self._stop.is_set() and loop.time() < end:
            try:
                msg = await ws.receive(timeout=0.2)
            except TimeoutError:
                continue
            if msg.type != 1:  # aiohttp.WSMsgType.TEXT
                return
            self.texts.append(msg.data)
            m = json.loads(msg.data)
            if m["t"] == "hello":
                self.roles.append(m["role"])
                self.connected.set()

    def stop(self):
        self._stop.set()
        self._thread.join(10)
