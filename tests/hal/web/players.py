"""People at a web table, for tests: each plays with a bot's mind, but acts
only as a person would: presses on the board page's socket, choices on
their own seat's socket, and learns the cards only from what their seat's
page is sent (hand, cases, cards shown) and what the whole table sees.

The server runs in this process (hal.web.server on a real loopback port)
so the minds hear the board's sentences as a guest at the table does.
"""

import asyncio
import json

import aiohttp

from firmware.board import GUESTS
from hal import captions as captions_
from hal.runner import Board
from hal.web.server import WebBoard
from sim.bots.mind import Bot
from sim.hotseat.words import Words
from sim.labels import Labels
from sim.web.table import WebTable
from sim.web.words import page_words

DEADLINE_S = 180


class Person:
    """One person at the table: a mind, their seat's socket, what it was sent."""

    def __init__(self, guest, seed, playing):
        self.guest = guest
        self.playing = playing
        self.mind = Bot(guest, "hard", seed)
        self.ws = None
        self.received = []  # every text this seat's connection received, in order
        self.seat = None  # the last private state
        self.table = None  # the last public table
        self.learned_cases = set()
        self.learned_log = 0
        self.sat = False

    def take(self, text):
        self.received.append(text)
        m = json.loads(text)
        if m["t"] == "seat":
            self.seat = m
        elif m["t"] == "table":
            self.table = m

    def learn(self):
        """What this person's phone shows, told to their mind."""
        s, t = self.seat, self.table
        if s is None or t is None or not s.get("seated"):
            return
        if not self.sat:
            self.mind.sit(t["guests"], s["hand"])
            self.sat = True
        for suspect, card in s["opened"].items():
            if suspect not in self.learned_cases:
                self.learned_cases.add(suspect)
                self.mind.learn_case(suspect, card)
        mine = [
            x for x in t["log"][: self.learned_log] if x["kind"] == "hypothesis" and x["public"]["asker"] == self.guest
        ]
        for line in t["log"][self.learned_log :]:
            if line["kind"] == "hypothesis":
                public = dict(line["public"], named=tuple(line["public"]["named"]))
                card = None
                if public["asker"] == self.guest:
                    if len(s["shown"]) <= len(mine):
                        return  # the card shown has not reached the phone yet
                    card = s["shown"][len(mine)]["card"]
                    mine.append(line)
                self.mind.learn_refutation(public, card)
            elif line["kind"] == "verdict":
                self.mind.learn_accusation(line["guest"], tuple(line["named"]), line["right"])
            self.learned_log += 1


class WebGame:
    """A whole game on a web table: `people` {guest: playing?}, the rest bots."""

    def __init__(self, seed, people, bots, lang="en"):
        self.seed = seed
        captions = captions_.load(lang)
        labels = Labels(lang, captions)
        words = Words(lang, labels)
        self.table = WebTable(seed, lang, bots=bots, words=words, delay_ms=0)
        self.web = WebBoard(captions, page_words(labels, words), table=self.table)
        self.board = Board(seed=seed, sinks=[self.web.presenter])
        self.board.attach(self.table.sink)
        self.people = {g: Person(g, seed, playing) for g, playing in people.items()}
        for p in self.people.values():
            self.board.attach(p.mind)  # a person hears the board
        self.board_received = []
        self.changed = asyncio.Event()
        self.says = 0
        self.url = None

    async def play(self):
        ready = asyncio.Event()

        def listening(url):
            self.url = url
            ready.set()

        server = asyncio.ensure_future(self.web.run(self.board, "127.0.0.1", 0, listening))
        await asyncio.wait_for(ready.wait(), 10)
        try:
            async with aiohttp.ClientSession() as http:
                await asyncio.wait_for(self._play(http), DEADLINE_S)
        finally:
            server.cancel()
            try:
                await server
            except asyncio.CancelledError:
                pass

    async def _play(self, http):
        board_ws = await http.ws_connect(self.url + "ws")
        readers = [asyncio.ensure_future(self._read(board_ws, None))]
        for g, p in self.people.items():
            p.ws = await http.ws_connect("%sws?seat=%s&k=%s" % (self.url, g, self.table.tokens[g]))
            readers.append(asyncio.ensure_future(self._read(p.ws, p)))
        self.board_ws = board_ws
        try:
            await self._press("SWITCH")
            while not self.table.session.over:
                await self._step()
        finally:
            for r in readers:
                r.cancel()

    async def _read(self, ws, person):
        async for msg in ws:
            self.changed.set()
            if person is None:
                self.board_received.append(msg.data)
                if '"t": "say"' in msg.data:
                    self.says += 1
            else:
                person.take(msg.data)

    async def _until(self, cond):
        """Wait for the sockets to bring what makes `cond` true (the game's deadline bounds it)."""
        while not cond():
            self.changed.clear()
            await self.changed.wait()

    async def _news(self):
        """Wait for the next message on any socket."""
        self.changed.clear()
        await self.changed.wait()

    async def _press(self, ident):
        before = self.says
        await self.board_ws.send_json({"t": "press", "id": ident, "down": True})
        await self.board_ws.send_json({"t": "press", "id": ident, "down": False})
        await self._until(lambda: self.says > before)

    async def _step(self):
        s = self.table.session
        for p in self.people.values():
            p.learn()
        if s.asked in self.people:  # the roll call asks about a person: they answer on the board
            await self._press("YES" if self.people[s.asked].playing else "NO")
            return
        for p in self.people.values():
            seat = p.seat or {}
            if seat.get("todo") == "refute":
                r = seat["refute"]
                await p.ws.send_json({"t": "show", "card": p.mind.show(r["asker"], tuple(r["options"]))})
                await self._until(lambda p=p: (p.seat or {}).get("todo") != "refute")
                return
            if seat.get("todo") == "accuse":
                suspect, place, weapon = p.mind.accusation()
                await p.ws.send_json({"t": "accuse", "suspect": suspect, "place": place, "weapon": weapon})
                await self._until(lambda p=p: (p.seat or {}).get("todo") != "accuse" or s.over)
                return
        current = s.table.current if s.table else None
        p = self.people.get(current)
        if p is None or p.seat is None or p.seat.get("todo") == "refute":
            await self._news()  # a bot's turn: the server's clock plays it
            return
        act = p.mind.next_action()
        if act is None:
            await self._news()
            return
        if act[0] == "press":
            await self._press(act[1])
        else:
            await p.ws.send_json({"t": "hypothesis", "suspect": act[1], "weapon": act[2]})
            await self._until(lambda: s.pending is None and (p.seat or {}).get("todo") != "hypothesis")


def other_guests(guest):
    return [g for g in GUESTS if g != guest]
