"""One open page of the web board: its socket, its role (the board, a seat,
or a screen that only watches), what it was sent of each kind of state,
and the bounds it is held to:

- what waits to be sent to it is bounded: messages in order (captions,
  answers, each change of the board's, the table's and the seat's state) in
  a queue that a page that stops reading overflows: it is then dropped
  (hal.web.guard.Limits.queue, queue_bytes);
- a time to send each message (a stuck page is dropped);
- a rate of messages it may send (over it, one line back; far over, dropped).

    page = Page(ws, "seat", addr, guest="COMTE", limits=LIMITS, transport=request.transport)
    page.put(text); page.put_state("board", text)
    await page.write()                              # its writer task, until it closes
"""

import asyncio
import collections
import json

from .guard import Bucket

DROPPED = "the page was dropped"  # the message of the cancel that ends a dropped page's reader


class Page:
    def __init__(self, ws, role, addr, *, guest=None, limits, transport=None):
        self.ws = ws
        self.transport = transport  # aborted when the page is dropped and will not close
        self.reader = None  # the task reading the page's messages: ended when the page is dropped
        self.role = role  # "board", "seat" or "viewer"
        self.addr = addr
        self.guest = guest
        self.limits = limits
        self.sent = {}  # kind of state -> the JSON text last queued
        self.queue = collections.deque()  # the messages waiting to be sent, in order
        self.queued_bytes = 0
        self._wake = asyncio.Event()
        self.busy_since = None  # a board page speaking since (ms), or None
        self.bucket = Bucket(limits.rate, limits.burst)
        self.over = 0  # messages refused for the rate
        self.dropped = None  # why the page was dropped, once it was
        self.closing = None  # why the page is closed once its queue is sent
        self._told = None  # when it was last told it sends too fast (s)
        self.heard = 0.0  # when it last sent a message (s): the idlest watcher makes room for a player first

    def put(self, text):
        """Queue `text` for the page; False (and the page dropped) when too much waits already."""
        if self.dropped is not None:
            return False
        if len(self.queue) >= self.limits.queue or self.queued_bytes + len(text) > self.limits.queue_bytes:
            self.drop("it stopped reading")
            return False
        self.queued_bytes += len(text)
        self.queue.append(text)
        self._wake.set()
        return True

    def put_state(self, kind, text):
        """A state of `kind` ("board", "table", "seat"), queued when it changed."""
        if self.sent.get(kind) != text:
            self.sent[kind] = text
            self.put(text)

    def tell(self, kind, text, **more):
        """A one-line answer to this page alone ("error", "refused", ...)."""
        self.put(json.dumps(dict(more, t=kind, text=text), ensure_ascii=False))

    def allowed(self, now_s):
        """Whether one more message from the page is within its rate; a page far over it is dropped."""
        self.heard = now_s
        if self.bucket.take(now_s):
            return True
        self.over += 1
        if self.over > self.limits.flood and self.role != "board":
            self.drop("it sent too many messages")
        elif self._told is None or now_s - self._told >= 1.0:
            self._told = now_s
            self.tell("error", "too many messages: slow down")
        return False

    def close(self, why):
        """Close the page's socket once what waits for it is sent (a seat handed back: its last word)."""
        if self.dropped is None and self.closing is None:
            self.closing = why
            self._wake.set()

    def drop(self, why):
        """Close the page's socket now, whatever waits (the handler's reader then ends)."""
        if self.dropped is None:
            self.dropped = why
            self.queue.clear()  # what waited for it is let go at once
            self.queued_bytes = 0
            self._wake.set()

    def speaking(self, now_ms):
        """A board page is saying something now (bounded: a page that never says it stopped is ignored)."""
        return self.busy_since is not None and now_ms - self.busy_since < self.limits.busy_ms

    async def _send(self, text):
        await asyncio.wait_for(self.ws.send_str(text), self.limits.send_s)

    async def write(self):
        """Send what is queued, one message at a time, until the page goes or
        is dropped; a dropped page's socket is closed (cut, if it will not
        close) and its reader ended."""
        try:
            while self.dropped is None:
                if self.closing is not None and not self.queue:
                    self.dropped = self.closing
                    break
                await self._wake.wait()
                self._wake.clear()
                while self.dropped is None and self.queue:
                    text = self.queue.popleft()
                    self.queued_bytes -= len(text)
                    await self._send(text)
        except TimeoutError:
            self.dropped = self.dropped or "it did not read for %.0f s" % self.limits.send_s
        except (ConnectionError, RuntimeError):
            return  # the page went away: its reader ends the connection
        finally:
            if self.dropped is not None:
                await self._end()

    async def _end(self):
        """A page closed (its last words were sent: a close handshake) or
        dropped (cut at once: a page that reads nothing reads no goodbye
        either); its reader is ended in both cases (aiohttp may leave the
        reader of a socket cut short waiting for good)."""
        if self.dropped == self.closing:
            try:
                await asyncio.wait_for(asyncio.shield(self.ws.close()), 1.0)
            except (TimeoutError, ConnectionError, RuntimeError):
                pass
        if self.transport is not None and not self.transport.is_closing():
            self.transport.abort()
        if self.reader is not None and not self.reader.done() and self.reader is not asyncio.current_task():
            self.reader.cancel(DROPPED)
