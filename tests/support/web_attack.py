"""What the web board's security tests share: the strangers' addresses
(every 127.x address is this computer's own, so a test host on 127.0.0.1
sees them as other devices), a client session from one of them, the
host's memory, and how long the host takes to answer."""

import contextlib
import json
import socket
import struct
import time

import aiohttp

STRANGER = "127.0.0.2"  # someone else on the home network
THIEF = "127.0.0.3"  # another one, guessing codes


@contextlib.asynccontextmanager
async def stranger_session(address):
    """An aiohttp client session whose connections come from `address`."""
    connector = aiohttp.TCPConnector(local_addr=(address, 0))
    async with aiohttp.ClientSession(connector=connector, timeout=aiohttp.ClientTimeout(total=30)) as session:
        yield session


def rss_mb(pid):
    """The resident memory of process `pid`, in MB (Linux)."""
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS for %d" % pid)


async def answer_time_ms(ws, tries=5):
    """The median time the host takes to answer a page (a message it
    refuses in one line: the cheapest answer there is), in ms."""
    times = []
    for _ in range(tries):
        t0 = time.perf_counter()
        await ws.send_json({"t": "probe"})
        while True:
            m = json.loads((await ws.receive(timeout=10)).data)
            if m["t"] == "error" and "probe" in m["text"]:
                break
        times.append((time.perf_counter() - t0) * 1000)
    return sorted(times)[len(times) // 2]


async def small_board(**limits):
    """A web board (no card table) served in this process on 127.0.0.1 with
    its Limits changed as given: (web, url, port, stop())."""
    import asyncio

    from hal import captions as captions_
    from hal.desk import Desk
    from hal.runner import Board
    from hal.web.guard import Limits
    from hal.web.server import WebBoard
    from sim.words.card_words import Words
    from sim.words.labels import Labels
    from sim.words.pages import page_words

    small = Limits()
    for k, v in limits.items():
        setattr(small, k, v)
    captions = captions_.load("en")
    labels = Labels("en", captions)
    web = WebBoard(captions, page_words(labels, Words("en", labels)), limits=small)
    desk = Desk(Board(seed=4, sinks=[web.presenter]))
    ready = asyncio.Event()
    urls = []

    def listening(got):
        urls.extend(got)
        ready.set()

    task = asyncio.ensure_future(web.run(desk, [("127.0.0.1", 0)], listening))
    await asyncio.wait_for(ready.wait(), 10)

    async def stop():
        task.cancel()
        try:
            await task
        except asyncio.CancelledError:
            pass

    return web, urls[0], int(urls[0].rstrip("/").rsplit(":", 1)[1]), stop


STRANGERS = ("127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5")  # one stranger's several addresses


def raw_get(port, target, source="127.0.0.1", timeout=10):
    """(status, whole answer in bytes) of `GET target` sent byte for byte
    (`target` as written: no client decodes, encodes or normalises it)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout, source_address=(source, 0)) as c:
        head = b"GET " + (target.encode("latin-1") if isinstance(target, str) else target) + b" HTTP/1.1\r\n"
        c.sendall(head + b"Host: 127.0.0.1:%d\r\nConnection: close\r\n\r\n" % port)
        data = b""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                chunk = c.recv(65536)
            except ConnectionResetError:
                break
            if not chunk:
                break
            data += chunk
    status = int(data.split(b" ", 2)[1]) if data.startswith(b"HTTP/1.") else None
    return status, data


def handshake(port, source="127.0.0.1", query="", then=b""):
    """A raw socket that opened the board's WebSocket (the 101 read): frames
    are the test's own to write (`then`: sent with the handshake itself)."""
    c = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
    c.sendall(
        (
            "GET /ws%s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n" % (query, port)
        ).encode()
        + then
    )
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = c.recv(1)
        assert chunk, "the handshake was cut: %r" % head
        head += chunk
    assert head.startswith(b"HTTP/1.1 101"), head
    return c


def frame(text, mask=b"\x11\x22\x33\x44"):
    """One WebSocket text frame of `text` (short), masked with `mask` (None: unmasked)."""
    data = text.encode()
    assert len(data) < 126
    if mask is None:
        return bytes([0x81, len(data)]) + data
    return bytes([0x81, 0x80 | len(data)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def frames_until_closed(c, timeout=10):
    """[(opcode, payload)] the host sends on raw socket `c` until it closes (or `timeout` s)."""
    c.settimeout(timeout)
    data = b""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            chunk = c.recv(65536)
        except (ConnectionResetError, TimeoutError):
            break
        if not chunk:
            break
        data += chunk
    out = []
    while len(data) >= 2:
        n, at = data[1] & 0x7F, 2
        if n == 126:
            n, at = int.from_bytes(data[2:4], "big"), 4
        elif n == 127:
            n, at = int.from_bytes(data[2:10], "big"), 10
        out.append((data[0] & 0x0F, data[at : at + n]))
        data = data[at + n :]
    return out


MALFORMED = (  # requests aiohttp's parser refuses (each printed a traceback on main 567fd85)
    b"GET /\x01 HTTP/1.1\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: x\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header\r\n\r\n",
    b"GET / HTTP/9.9\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
    b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(32) + b"\r\n\r\n",  # TLS: someone tried https://
)


def malformed_burst(port, n=2000, source="127.0.0.1"):
    """`n` malformed requests, one connection each, every answer waited for
    (the kinds of MALFORMED in turn; every tenth a WebSocket handshake cut
    off before its answer): the seconds it took."""
    t0 = time.monotonic()
    for i in range(n):
        c = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
        try:
            if i % 10 == 9:
                c.sendall(
                    b"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n" % port
                )
                c.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # cut: a RST
            else:
                c.sendall(MALFORMED[i % len(MALFORMED)])
                try:
                    while c.recv(4096):
                        pass
                except (ConnectionResetError, TimeoutError):
                    pass
        finally:
            c.close()
    return time.monotonic() - t0
