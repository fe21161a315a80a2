"""The web board's door: what aiohttp lets in before any request is read.

- HTTP connections are counted per address from accept() until they become
  a page's WebSocket (the pages have their own limits: hal.web.guard.Limits)
  or close. One address may hold `connections_per_address` of them at once:
  a new one beyond that is cut at once, so a stranger renewing half-sent
  requests (slowloris) holds a few file descriptors, never the process's
  all, and a new page from any other address still gets in. When all of
  them are held (`connections`), the address holding the most loses its
  oldest. Those that never send a whole request are closed by aiohttp's
  keepalive_timeout (Limits.header_s).
- A client's WebSocket frame that is not masked closes its socket (RFC 6455
  §5.1: "The server MUST close the connection upon receiving a frame that is
  not masked"). aiohttp's reader serves both directions and does not check
  it (its threat model, 3.1); `StrictSocket` puts a check in front of it.

    gate = Gate(limits, count=console.count)
    gate.watch(runner.server)         # after runner.setup(): every accepted connection counted
    gate.upgraded(request.protocol)   # a page's socket now: counted as a page, no longer here
    fits(pages, addr, limits) or make_room(pages, addr, "board", limits)   # the board and seats always get in
    ws = StrictSocket(heartbeat=..., max_msg_size=...)
"""

import asyncio
import struct

from aiohttp import WSCloseCode, web
from aiohttp.http import WebSocketError

BACKLOG = 32  # connections the kernel queues, and accept() takes in one go, before any is counted
SPARE_FDS = 48  # the process's own files: the listening sockets, the trace, stdio, Python's, a clip being sent


def connections_cap(limits):
    """Limits.connections, lowered when the process may open fewer files
    (`ulimit -n`) than the pages, these connections, a backlog's worth and
    its own need: accept() then never runs out of file descriptors."""
    try:
        import resource

        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    except (ImportError, OSError, ValueError):  # no such limit here (Windows)
        return limits.connections
    if soft == resource.RLIM_INFINITY:
        return limits.connections
    return max(limits.connections_per_address, min(limits.connections, soft - limits.sockets - BACKLOG - SPARE_FDS))


class Gate:
    def __init__(self, limits, count=None, total=None):
        """`count(kind)`: each refusal told to the console; `total`: the connections' cap (default limits')."""
        self.per_address = limits.connections_per_address
        self.total = total if total is not None else limits.connections
        self.count = count or (lambda kind: None)
        self.open = {}  # address -> {handler: transport}, oldest first
        self.held = 0

    def watch(self, server):
        """Count every connection aiohttp's `server` (a web.Server) accepts, and let go those it loses."""
        made, lost = server.connection_made, server.connection_lost

        def connection_made(handler, transport):
            made(handler, transport)
            self.accepted(handler, transport)

        def connection_lost(handler, exc=None):
            self.forget(handler)
            lost(handler, exc)

        server.connection_made = connection_made
        server.connection_lost = connection_lost

    def accepted(self, handler, transport):
        peer = transport.get_extra_info("peername")
        addr = peer[0] if isinstance(peer, tuple) and peer else None
        mine = self.open.get(addr, {})
        if len(mine) >= self.per_address:
            _cut(transport)
            self.count("refused")
            return
        if self.held >= self.total:
            biggest = max(self.open, key=lambda a: len(self.open[a]))
            if len(self.open[biggest]) <= len(mine) + 1:  # no one holds more than this address would
                _cut(transport)
                self.count("refused")
                return
            oldest = next(iter(self.open[biggest]))
            self.open[biggest].pop(oldest).abort()
            self.held -= 1
            self.count("evicted")
        self.open.setdefault(addr, mine)[handler] = transport
        self.held += 1

    def forget(self, handler):
        for addr, mine in self.open.items():
            if mine.pop(handler, None) is not None:
                self.held -= 1
                if not mine:
                    del self.open[addr]
                return

    def upgraded(self, handler):
        """The connection is a page's WebSocket now: the pages' limits hold it."""
        self.forget(handler)


def _cut(transport):
    """Cut a connection just accepted: once aiohttp's handler of it has started
    (cut within connection_made, the handler would start after it was lost)."""
    asyncio.get_running_loop().call_soon(transport.abort)


def fits(pages, addr, limits):
    """Whether one more page (hal.web.page.Page) from `addr` fits the pages' limits."""
    live = [p for p in pages if p.dropped is None]
    return len(live) < limits.sockets and sum(p.addr == addr for p in live) < limits.sockets_per_address


def make_room(pages, addr, role, limits):
    """Room made for one more page of `role` ("board" or "seat": one that
    plays) from `addr`: the watchers heard from least recently are dropped
    (at that address when it is the address that is full), else an older
    page of the same role at that address (a reload's leftover). False when
    there is none to drop."""
    live = [p for p in pages if p.dropped is None]
    mine = [p for p in live if p.addr == addr]
    while len(live) >= limits.sockets or len(mine) >= limits.sockets_per_address:
        pool = mine if len(mine) >= limits.sockets_per_address else live
        watchers = [p for p in pool if p.role == "viewer"] or [p for p in mine if p.role == role]
        if not watchers:
            return False
        gone = min(watchers, key=lambda p: p.heard)
        gone.drop("room was made for the board or a seat")
        live.remove(gone)
        if gone in mine:
            mine.remove(gone)
    return True


class MaskedFrames:
    """In front of aiohttp's WebSocket reader: follows the frames' headers
    (2 to 14 bytes, then the payload's length) and, at the first frame that
    is not masked, ends the socket with a protocol error (1002) instead of
    handing it on. What comes before it is handed on as it came."""

    def __init__(self, parser, queue):
        self.parser = parser
        self.queue = queue
        self.head = b""  # a frame header not whole yet
        self.left = 0  # payload bytes of the current frame still to pass
        self.bad = False

    def feed_eof(self):
        self.parser.feed_eof()

    def feed_data(self, data):
        if self.bad:
            return True, b""
        data = bytes(data)
        pos = 0
        while pos < len(data):
            if self.left:
                step = min(self.left, len(data) - pos)
                self.left -= step
                pos += step
                continue
            start = pos - len(self.head)  # where this header began (before this chunk: < pos)
            take = min(14 - len(self.head), len(data) - pos)
            head = self.head + data[pos : pos + take]
            if len(head) >= 2 and not head[1] & 0x80:
                return self._refuse(data[: max(start, 0)])
            size, length = _header(head)
            if size is None:
                self.head = head
                break
            pos += size - len(self.head)
            self.head = b""
            self.left = length
        return self.parser.feed_data(data)

    def _refuse(self, before):
        self.bad = True
        if before:
            eof, _ = self.parser.feed_data(before)
            if eof:
                return True, b""
        self.queue.set_exception(WebSocketError(WSCloseCode.PROTOCOL_ERROR, "a client's frame must be masked"))
        return True, b""


def _header(head):
    """(header size, payload length) of a frame header, or (None, None) while it is not whole."""
    if len(head) < 2:
        return None, None
    flag = head[1] & 0x7F
    extra = 2 if flag == 126 else 8 if flag == 127 else 0
    size = 2 + extra + (4 if head[1] & 0x80 else 0)
    if len(head) < size:
        return None, None
    if flag == 126:
        return size, struct.unpack("!H", head[2:4])[0]
    if flag == 127:
        return size, struct.unpack("!Q", head[2:10])[0]
    return size, flag


class StrictSocket(web.WebSocketResponse):
    """aiohttp's WebSocketResponse with `MaskedFrames` in front of its reader
    (from the first byte after the handshake, bytes sent with it included)."""

    def _post_start(self, request, protocol, writer):
        proto = request.protocol
        if not (hasattr(proto, "_message_tail") and hasattr(proto, "_payload_parser")):
            # an aiohttp whose insides differ from 3.9-3.14's: its own reader, unchecked, rather than no socket
            super()._post_start(request, protocol, writer)
            return
        tail, proto._message_tail = proto._message_tail, b""  # fed below, through the check
        super()._post_start(request, protocol, writer)
        masked = MaskedFrames(proto._payload_parser, self._reader)
        proto._payload_parser = masked
        if tail and masked.feed_data(tail)[0]:
            proto.close()
