"""`clue-fx web --resume` (issue 12's resume, on the web board): a web board
killed with SIGKILL mid-game comes back from its trace, the same guest's
turn, REPEAT giving the last announcement, the trace going on and replaying
identical; with the phones' card table, the seats come back too."""

import asyncio
import json
import subprocess
import sys

import aiohttp

from firmware import Narrator
from firmware.actions import Say
from firmware.events import ButtonDown
from hal.captions import load
from hal.trace import read
from tests.support.web_link import TIMEOUT, next_of

from .conftest import ROOT


def presses(url, key, idents, until):
    """Press and release each of `idents` on the board page's socket (the
    board's code `key` shown: it takes the board); the board message for
    which until(message) holds."""

    async def go():
        async with aiohttp.ClientSession(timeout=TIMEOUT) as http:
            ws = await http.ws_connect(url + "ws?take=1&b=" + key)
            for ident in idents:
                await ws.send_json({"t": "press", "id": ident, "down": True})
                await ws.send_json({"t": "press", "id": ident, "down": False})
            while True:
                m = await next_of(ws, "board")
                if until(m):
                    return m

    return asyncio.run(go())


def repeat(url, key):
    """The captions REPEAT brings, on the board page's socket."""

    async def go():
        async with aiohttp.ClientSession(timeout=TIMEOUT) as http:
            ws = await http.ws_connect(url + "ws?take=1&b=" + key)
            await next_of(ws, "board")
            await ws.send_json({"t": "press", "id": "REPEAT", "down": True})
            await ws.send_json({"t": "press", "id": "REPEAT", "down": False})
            said = []
            while True:
                m = json.loads((await ws.receive(timeout=10)).data)
                if m["t"] == "say" and m not in said:
                    said.append(m)
                    if m["text"].startswith("Edmond") and "turn" in m["text"]:
                        return said

    return asyncio.run(go())


def test_a_killed_web_board_resumes_where_it_was(server_factory, tmp_path):
    trace = tmp_path / "web.jsonl"
    first = server_factory("--seed", "9", "--lang", "en", "--trace", str(trace))
    seen = []

    def next_turn(m):  # the pawn arrived ("moved"), then STOP called the next guest ("move")
        seen.append(m["state"])
        return m["state"] == "move" and "moved" in seen

    before = presses(first.url, first.key, ("SWITCH", "YES", "YES", "NO", "NO", "ECURIE", "STOP"), next_turn)
    first.proc.kill()  # kill -9: no goodbye, no flush beyond what is on the disk
    first.proc.wait(10)
    lines = len(trace.read_text(encoding="utf-8").splitlines())

    again = server_factory("--resume", str(trace), "--lang", "en")
    assert again.key == first.key  # the trace keeps the board's code: the tablet's link still holds the board
    after = presses(again.url, again.key, (), lambda m: True)
    assert (after["state"], after["current"]) == ("move", before["current"])  # the same guest's turn
    said = repeat(again.url, again.key)
    with open(trace, encoding="utf-8") as f:
        seed, records = read(f)
    captions = load("en")
    narrator = Narrator(seed=seed)
    last = []
    for t, way, obj in records:  # the last announcement, from the firmware: the STOP's burst
        if way == "in":
            out = narrator.handle(obj, t)
            if type(obj) is ButtonDown and obj.button == "STOP":
                last = [captions.line(a) for a in out if type(a) is Say]
    assert [m["text"] for m in said][-len(last) :] == last
    assert again.stop() == 0
    assert len(trace.read_text(encoding="utf-8").splitlines()) > lines  # the same file goes on
    r = subprocess.run(
        [sys.executable, "-m", "hal.cli", "replay", str(trace)], cwd=ROOT, capture_output=True, text=True
    )
    assert r.returncode == 0, r.stdout + r.stderr


class Watch:
    """The board page's and one seat's sockets, their last messages by kind."""

    def __init__(self, http, url, seat_url):
        self.http, self.url, self.seat_url = http, url, seat_url
        self.last = {}  # (who, kind) -> message
        self.said = []  # the board page's captions, in order
        self.changed = asyncio.Event()

    async def open(self):
        self.board = await self.http.ws_connect(self.url + "ws")
        guest, _, query = self.seat_url.partition("/seat/")[2].partition("?")
        self.seat = await self.http.ws_connect("%sws?seat=%s&%s" % (self.url, guest, query))
        self.readers = [asyncio.ensure_future(self._read(ws, who)) for ws, who in ((self.board, "b"), (self.seat, "s"))]

    async def _read(self, ws, who):
        async for msg in ws:
            m = json.loads(msg.data)
            self.last[(who, m["t"])] = m
            if who == "b" and m["t"] == "say":
                self.said.append(m["text"])
            self.changed.set()

    def asked(self, name):
        """The narrator's last caption asks whether `name` plays."""
        return bool(self.said) and ("%s, are you playing" % name) in self.said[-1]

    def get(self, who, kind, key=None, default=None):
        m = self.last.get((who, kind)) or {}
        return m if key is None else m.get(key, default)

    async def until(self, cond, what):
        try:
            await asyncio.wait_for(self._until(cond), 60)
        except TimeoutError:
            last = {k: v for k, v in self.last.items() if k[1] in ("seat", "refused", "table", "board")}
            raise AssertionError("waited 60 s for %s; last: %r" % (what, last)) from None

    async def _until(self, cond):
        while not cond():
            self.changed.clear()
            await self.changed.wait()

    async def press(self, ident):
        await self.board.send_json({"t": "press", "id": ident, "down": True})
        await self.board.send_json({"t": "press", "id": ident, "down": False})

    def close(self):
        for r in self.readers:
            r.cancel()


def test_a_killed_web_table_resumes_with_its_seats(server_factory, tmp_path):
    """The host of a phones' table killed with SIGKILL after the Comte's
    hypothesis; `clue-fx web --resume` (no --table: the trace's seats win)
    lets the same seat link back in, with the same hand, cases and card
    shown, the bot still a bot, and the game going on."""
    trace = tmp_path / "web.jsonl"
    first = server_factory("--seed", "6", "--lang", "en", "--table", "--bots", "LAVANDE", "--trace", str(trace))
    comte = first.seats["COMTE"]

    async def play():
        async with aiohttp.ClientSession(timeout=TIMEOUT) as http:
            w = Watch(http, first.url, comte)
            await w.open()
            await w.press("SWITCH")
            for name, answer in (("Comte du Puy", "YES"), ("Melle Pêche", "NO"), ("Prince Azur", "NO")):
                # the Comte plays; the bot answers for Lady Lavande
                await w.until(lambda name=name: w.asked(name), "the roll call's question to %s" % name)
                await w.press(answer)
            await w.until(lambda: w.get("s", "seat", "seated"), "the deal")
            await w.until(lambda: w.get("b", "table", "current") == "COMTE", "the Comte's turn")
            here = w.get("s", "seat", "place")
            await w.press(next(p for p in ("ECURIE", "GARAGE") if p != here))
            await w.until(lambda: w.get("s", "seat", "todo") == "hypothesis", "the Comte in a place")
            hand = w.get("s", "seat", "hand")
            suspect = next(c for c in ("ROSE", "MOUTARDE", "LEBLANC", "OLIVE", "PERVENCHE", "VIOLET") if c not in hand)
            await w.seat.send_json({"t": "hypothesis", "suspect": suspect, "weapon": "MARTEAU"})
            await w.until(lambda: w.get("s", "seat", "shown"), "the card shown to the Comte")
            await w.until(lambda: w.get("s", "seat", "todo") == "stop", "the Comte's STOP to press")
            before = w.get("s", "seat")
            w.close()
            return before

    before = asyncio.run(play())
    first.proc.kill()  # kill -9: no goodbye
    first.proc.wait(10)

    again = server_factory("--resume", str(trace), "--lang", "en")
    assert again.seats["COMTE"].partition("/seat/")[2] == comte.partition("/seat/")[2]  # its token is the trace's
    assert "LAVANDE" not in again.seats

    async def back():
        async with aiohttp.ClientSession(timeout=TIMEOUT) as http:
            w = Watch(http, again.url, again.url + "seat/" + comte.partition("/seat/")[2])
            await w.open()
            await w.until(lambda: w.get("s", "seat") and w.get("b", "table"), "the seat's state")
            after = w.get("s", "seat")
            for key in ("hand", "opened", "shown", "place", "todo"):
                assert after[key] == before[key], key
            assert w.get("b", "table", "bots") == {"LAVANDE": "hard"}
            await w.press("STOP")  # the game goes on: the bot's turn
            await w.until(lambda: w.get("b", "table", "current") == "LAVANDE", "Lady Lavande's turn")
            w.close()

    asyncio.run(back())
    assert again.stop() == 0
    r = subprocess.run(
        [sys.executable, "-m", "hal.cli", "replay", str(trace)], cwd=ROOT, capture_output=True, text=True
    )
    assert r.returncode == 0, r.stdout + r.stderr
