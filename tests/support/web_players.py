"""People at a web table, for tests: each plays with a bot's mind, but acts
only as a person would: presses on the board page's socket, choices on
their own seat's socket, and learns the cards only from what their seat's
page is sent (hand, cases, cards shown) and what the whole table sees.

Each person is a task of their own that wakes at every message any page
receives and acts when it is theirs to act (their roll-call question,
their turn, a card to choose, the three to name), so one person waiting
for another's choice never holds the game up. The game fails on a stall:
no message on any socket for STALL_S while it is not over, with the
board's, the table's and every seat's state in the message.

The server runs in this process (hal.web.server on a real loopback port)
so the minds hear the board's sentences as a guest at the table does. A
watcher's socket comes from another loopback address (127.0.0.2): what a
screen that does not hold the board is sent.

The server's clock is the game's own: it moves TICK_MS at each turn of the
server's loop (about as fast as a real one), and `skip(ms)` moves it on at
once, as a family waiting that long would see it, with no real wait.

Two kinds of people hold the table up (issue 37): a guest who said YES but
never linked a phone (`unlinked`: they play their turns on the board alone,
a move and SEARCH, and cannot show a card), and one whose phone falls
asleep the first time it must choose a card to show (`sleepers`: its socket
closes, it never answers again). The family at the board (`rescue`) then
waits until the board offers "→ bot" for that seat and takes it.
"""

import asyncio
import json

import aiohttp

from firmware.board import GUESTS, PLACES, SUSPECTS, WEAPONS
from hal import captions as captions_
from hal.desk import Desk
from hal.runner import Board
from hal.schedule import Schedule
from hal.web.guard import Limits
from hal.web.server import WebBoard
from sim.bots.mind import Bot
from sim.web.phone_table import OFFER_MS, WebTable
from sim.words.card_words import Words
from sim.words.labels import Labels
from sim.words.pages import page_words

DEADLINE_S = 240
STALL_S = 20
NAMED_MS = 1000  # a wait on a person is named on every page within this, on the game's clock
TICK_MS = 10  # the server's clock turns ten times as often as a board's: the bots press sooner
WATCHER = "127.0.0.2"
MOMENT = ("say", "sfx", "off", "stop")  # what the presenter sends every page as it happens


class Stalled(AssertionError):
    pass


class Rescue:
    """A seat the table waited on, given to a bot from the board's offer:
    `what` it waited for, `since`, `offered` and `done` on the game's clock,
    `asker` of the hypothesis when it was a card to show, and when each open
    page was told of it."""

    def __init__(self, wait, *, offered, done, asker, pages, told):
        self.guest, self.what, self.since = wait["guest"], wait["for"], wait["since"]
        self.offered, self.done, self.asker = offered, done, asker
        self.pages = pages  # the pages open when the table began to wait
        self.told = told  # {page: the clock when it was first told of the wait}

    def __repr__(self):
        return "Rescue(%s %s since %s, offered %s, asker %s)" % (
            self.guest, self.what, self.since, self.offered, self.asker)  # fmt: skip


class Unhurried(Limits):
    """A person's presses at a machine's pace: not held to a finger's rate."""

    rate = 1e6
    burst = 1e6


class Person:
    """One person at the table: a mind, their seat's socket, what it was sent."""

    def __init__(self, guest, seed, playing, phone=True, sleeps=False):
        self.guest = guest
        self.playing = playing
        self.phone = phone  # False: never linked (plays on the board alone)
        self.sleeps = sleeps  # the phone falls asleep at its first card to show
        self.asleep = False
        self.mind = Bot(guest, "hard", seed)
        self.ws = None
        self.received = []  # every text this seat's connection received, in order
        self.seat = None  # the last private state
        self.table = None  # the last public table
        self.learned_cases = set()
        self.learned_log = 0
        self.sat = False
        self.refused = 0

    def take(self, text):
        self.received.append(text)
        m = json.loads(text)
        if m["t"] == "seat":
            self.seat = m
        elif m["t"] == "table":
            self.table = m
        elif m["t"] in ("refused", "error"):
            self.refused += 1

    def todo(self):
        return (self.seat or {}).get("todo")

    def learn(self):
        """What this person's phone shows, told to their mind."""
        s, t = self.seat, self.table
        if s is None or t is None or not s.get("seated") or self.guest not in t["guests"]:
            return  # not dealt in yet (as far as this phone was told)
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

    def __init__(self, seed, people, bots, lang="en", limits=None, *, unlinked=(), sleepers=(), probe=()):
        self.seed = seed
        self.probe = tuple(probe)  # guests whose cards the people ask about first (see _probing)
        self.clock = 0  # the server's clock (ms): TICK_MS a turn of its loop, and skip()
        captions = captions_.load(lang)
        labels = Labels(lang, captions)
        words = Words(lang, labels)
        self.table = WebTable(seed, lang, bots=bots, words=words, delay_ms=0)
        self.web = WebBoard(captions, page_words(labels, words), table=self.table, limits=limits or Unhurried())
        self.board = Board(seed=seed, sinks=[self.web.presenter])
        self.board.attach(self.table.sink)
        self.desk = Desk(self.board, table=self.table, schedule=Schedule(tick_ms=TICK_MS))
        self.people = {
            g: Person(g, seed, playing, phone=g not in unlinked, sleeps=g in sleepers) for g, playing in people.items()
        }
        self.rescued = []  # (guest, what the table waited for, since, offered at, given to a bot at) on the clock
        self.named = {}  # (guest, what, which) of each wait on a phone -> {page: the clock when it was named}
        self.began = {}  # ... -> the clock when the table began to wait (the wait's `since`)
        for g, mind in self.session.bots.items() if self.probe else ():  # the bots ask so too (_probing)
            mind.next_action = self._bot_probing(g, mind.next_action)
        self.web.now = lambda: self.clock
        ticked = self.web.tick

        def tick():  # a turn of the server's loop: the clock moves on
            self.clock += TICK_MS
            ticked()

        self.web.tick = tick
        for p in self.people.values():
            self.board.attach(p.mind)  # a person hears the board
        self.board_received = []
        self.board_last_table = None
        self.watcher_received = []
        self.version = 0  # messages received on every socket so far
        self.changed = None  # an asyncio.Condition, made in the loop
        self.says = 0
        self.url = None
        self.players = []
        self.speaking_for_good = False
        self.pressed = 0  # presses down the board page made that the server took
        served = self.web.press

        def press(ident, down):  # the server taking a press of the board page: its answer is out
            served(ident, down)
            if down:
                self.pressed += 1
                asyncio.ensure_future(self._bump())

        self.web.press = press
        self.published = 0  # the moment's messages the server sent every page (captions, notices)
        self.heard = 0  # ... and those the board page has received
        send = self.web.presenter.send

        def publish(message):
            send(message)
            self.published += 1

        self.web.presenter.send = publish

    @property
    def session(self):
        return self.table.session

    def over(self):
        return self.session.over

    async def play(self):
        self.changed = asyncio.Condition()
        ready = asyncio.Event()

        def listening(urls):
            self.url = urls[0]
            ready.set()

        server = asyncio.ensure_future(self.web.run(self.desk, [("127.0.0.1", 0)], listening))
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
        self.board_ws = await http.ws_connect(self.url + "ws")  # the host's own first page: it holds the board
        readers = [asyncio.ensure_future(self._read(self.board_ws, "board"))]
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(WATCHER, 0))) as other:
            watcher = await other.ws_connect(self.url + "ws")
            readers.append(asyncio.ensure_future(self._read(watcher, "watcher")))
            for g, p in self.people.items():
                if not p.phone:
                    continue
                p.ws = await http.ws_connect("%sws?seat=%s&k=%s" % (self.url, g, self.web.seats.code(g)))
                readers.append(asyncio.ensure_future(self._read(p.ws, p)))
            self.players = [asyncio.ensure_future(self._person(p)) for p in self.people.values()]
            self.players.append(asyncio.ensure_future(self._rescue()))
            players = self.players
            try:
                if self.speaking_for_good:  # a board page that says it speaks and never stops
                    await self.board_ws.send_json({"t": "audio", "busy": True})
                await self._press("SWITCH")
                await self._watch()
            finally:
                for task in players + readers:
                    task.cancel()

    async def _read(self, ws, who):
        async for msg in ws:
            self._waits(msg.data, who)
            if who == "board":
                self.board_received.append(msg.data)
                if msg.data.endswith('"t": "table"}'):
                    self.board_last_table = json.loads(msg.data)
                if '"t": "say"' in msg.data:
                    self.says += 1
                if json.loads(msg.data)["t"] in MOMENT:
                    self.heard += 1
            elif who == "watcher":
                self.watcher_received.append(msg.data)
            else:
                who.take(msg.data)
            async with self.changed:
                self.version += 1
                self.changed.notify_all()

    def _waits(self, text, who):
        """When each page was first told of each wait on a phone (a card, an accusation)."""
        if not text.endswith('"t": "table"}'):
            return
        w = json.loads(text)["waiting"]
        if not w or w["for"] == "turn":
            return
        key = self._wait_key(w)
        page = who if isinstance(who, str) else who.guest
        self.named.setdefault(key, {}).setdefault(page, self.clock)
        if w["since"] is not None:
            self.began[key] = min(self.began.get(key, w["since"]), w["since"])

    def board_table(self):
        """The last table the board page was sent."""
        return self.board_last_table

    def skip(self, ms):
        """The clock moves on `ms` at once (the family waited that long)."""
        self.clock += ms

    async def _rescue(self):
        """The family at the board: a seat the table waits on whose person is
        away (no phone linked, a phone asleep) is given to a bot once the
        board offers it, and only then."""
        while not self.over():
            seen = self.version
            t = self.board_table()
            w = t and t["waiting"]
            p = w and self.people.get(w["guest"])
            if p is not None and w["since"] is not None and self._away(p, w["for"]):
                # the first second at the clock's own pace: every page is told (or is late), then the rest skipped
                key, pages = self._wait_key(w), self._pages()
                while self.clock < w["since"] + NAMED_MS and not pages <= set(self.named.get(key, ())):
                    await asyncio.sleep(TICK_MS / 1000)  # a condition polled, as a browser test's wait does
                told = dict(self.named.get(key, {}))
                assert not w["offer"] and self.clock - w["since"] < OFFER_MS[w["for"]], (
                    "the board offered a bot before the wait was long: %s" % w
                )
                self.skip(OFFER_MS[w["for"]])
                await self._until(lambda w=w: self._offered(w) or self._ended(w))
                if self.over() or not self._offered(w):
                    continue  # the wait ended, or it is another one: it is looked at again
                offered = self.clock
                pending = self.session.pending
                asker = pending.asker if pending is not None else None
                await self.board_ws.send_json({"t": "bot", "guest": w["guest"]})
                await self._until(lambda w=w: w["guest"] in (self.board_table() or {}).get("bots", {}))
                self.rescued.append(Rescue(w, offered=offered, done=self.clock, asker=asker, pages=pages, told=told))
                continue
            await self._until(lambda seen=seen: self.version != seen)

    def _wait_key(self, w):
        s = self.session
        return (w["guest"], w["for"], id(s.pending) if w["for"] == "show" else len(s.verdicts))  # the same wait

    def _pages(self):
        """The pages open now: the board's, the watcher's, each phone linked and awake."""
        return {"board", "watcher"} | {g for g, p in self.people.items() if p.ws is not None and not p.asleep}

    def _away(self, p, what):
        """Nobody will answer for `p` now: no phone for a card, or a phone asleep."""
        return p.asleep or (not p.phone and what != "turn")

    def _ended(self, w):
        """The board no longer shows the wait `w` (nor one since that moment)."""
        t = self.board_table()
        now = t and t["waiting"]
        return (
            not now
            or (now["guest"], now["for"], now["since"]) != (w["guest"], w["for"], w["since"])
            and (now["since"] is not None)
        )

    def _offered(self, w):
        t = self.board_table()
        now = t and t["waiting"]
        return bool(now and now["guest"] == w["guest"] and now["for"] == w["for"] and now["offer"])

    async def _bump(self):
        async with self.changed:
            self.version += 1
            self.changed.notify_all()

    async def _until(self, cond):
        """Wait until `cond()` holds, re-checked at every message (no wake-up is lost)."""
        async with self.changed:
            await self.changed.wait_for(lambda: cond() or self.over())

    async def _watch(self):
        """Until the game is over; a stall (no message for STALL_S) fails with the state."""
        while not self.over():
            seen = self.version
            try:
                await asyncio.wait_for(self._until(lambda seen=seen: self.version != seen), STALL_S)
            except TimeoutError:
                self._raise_failed()
                raise Stalled(self.state()) from None
            self._raise_failed()

    def _raise_failed(self):
        """A person's task that failed fails the game with its own error."""
        for task in self.players:
            if task.done() and not task.cancelled() and task.exception() is not None:
                raise task.exception()

    def state(self):
        s = self.session
        n = self.board.narrator
        seats = {g: (p.todo(), (p.seat or {}).get("refute"), p.mind.phase, p.sat) for g, p in self.people.items()}
        pending = s.pending
        return "the game stalled (seed %d): board %s, turn %s; pending %r; verdict due %s; asked %s; seats %s" % (
            self.seed, n.state, n.current, pending, s.verdict_due, s.asked, seats)  # fmt: skip

    async def _press(self, ident):
        """A tap on the board page, and the wait until the server took it and
        the board page heard all it answered (people act on what they hear,
        never ahead of the pages)."""
        before = self.pressed
        await self.board_ws.send_json({"t": "press", "id": ident, "down": True})
        await self.board_ws.send_json({"t": "press", "id": ident, "down": False})
        await self._until(lambda: self.pressed > before and self.heard >= self.published)

    # -- one person -----------------------------------------------------------------

    async def _person(self, p):
        """`p` acts each time something changed and it is theirs to act."""
        while not self.over():
            seen = self.version
            await self._act(p)
            await self._until(lambda seen=seen: self.version != seen)

    async def _act(self, p):
        s = self.session
        if p.asleep:
            return
        p.learn()
        if s.asked == p.guest:  # the roll call asks about this person: they answer on the board
            await self._press("YES" if p.playing else "NO")
            return
        if not p.phone:
            await self._on_the_board(p)
            return
        todo = p.todo()
        if todo == "refute" and p.sleeps:  # the phone falls asleep: it never answers again
            p.asleep = True
            await p.ws.close()
            return
        if todo == "refute":
            r = p.seat["refute"]
            await p.ws.send_json({"t": "show", "card": p.mind.show(r["asker"], tuple(r["options"]))})
            await self._until(lambda: p.todo() != "refute" or p.seat["refute"] != r)
            return
        if todo == "accuse":
            suspect, place, weapon = p.mind.accusation()
            await p.ws.send_json({"t": "accuse", "suspect": suspect, "place": place, "weapon": weapon})
            await self._until(lambda: p.todo() != "accuse")
            return
        table = s.table
        if table is None or table.current != p.guest or not p.sat or s.pending is not None:
            return  # another's turn, the phone not dealt yet, or the table waits for another's card
        if s.verdict_due is not None:
            return  # the table answers "were you right?" itself
        act = p.mind.next_action()
        if act is None:
            return
        if act[0] == "press":
            await self._press(act[1])
        else:
            act = self._probing(p.guest, act)
            before = p.refused
            await p.ws.send_json({"t": "hypothesis", "suspect": act[1], "weapon": act[2]})
            await self._until(lambda: p.todo() != "hypothesis" or p.refused > before)

    def _bot_probing(self, guest, decide):
        def next_action():
            act = decide()
            return act if act is None or act[0] == "press" else self._probing(guest, act)

        return next_action

    def _probing(self, guest, act):
        """`guest`'s hypothesis, or one naming two cards that a guest of `probe`
        (not a bot yet) must choose between: the refuters before them hold
        none of the three. A family asks what it asks; the test asks so that
        the table waits on that guest's phone in most games, not by luck."""
        t = self.session.table
        place = t.where[guest]
        hands = t.deal.hands
        for target in self.probe:
            if target == guest or target in self.session.bots or target not in t.guests:
                continue
            hand = hands[target]
            suspect = next((c for c in hand if c in SUSPECTS), act[1])
            weapon = next((c for c in hand if c in WEAPONS), act[2])
            named = {suspect, place, weapon}
            before = t.left_of(guest)[: t.left_of(guest).index(target)]
            if len(named & set(hand)) >= 2 and not any(named & set(hands[r]) for r in before):
                return ("hypothesis", suspect, weapon)
        return act

    async def _on_the_board(self, p):
        """A guest with no phone plays their turn on the board: a move, then
        SEARCH (NO if it finds the Inspecteur: no phone to name three on)."""
        s = self.session
        n = self.board.narrator
        if s.table is None or s.over or n.current != p.guest or p.guest in s.bots or s.pending is not None:
            return
        if n.state == "move":
            here = n.guests.get(p.guest)
            await self._press(next(q for q in PLACES if q != here))
        elif n.state == "moved":
            await self._press("SEARCH")
        elif n.state in ("found", "confirm"):
            await self._press("NO")


def other_guests(guest):
    return [g for g in GUESTS if g != guest]
