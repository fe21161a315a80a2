"""What the web board's security tests share: the strangers' addresses
(every 127.x address is this computer's own, so a test host on 127.0.0.1
sees them as other devices), a client session from one of them, the
host's memory, and how long the host takes to answer."""

import contextlib
import json
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
