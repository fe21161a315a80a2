"""The board's code over the wire (a real `clue-fx web` subprocess on
loopback, aiohttp's client; strangers at their own loopback addresses):
printed, kept in the trace with or without the card table, the only thing
that moves the board, told live to the screen that loses it, guessed at
no faster than /join allows, and a television's key to the join codes."""

import asyncio
import json
import subprocess
import sys

import aiohttp

from sim.cards import record
from tests.support.web_attack import STRANGER, THIEF, stranger_session
from tests.support.web_link import TIMEOUT, next_of

from .conftest import ROOT

FRIEND = "127.0.0.5"  # the family's tablet, at an address of its own


def dashed(code):
    return "%s-%s" % (code[:4], code[4:])


def trace_key(path):
    lines = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()[1:]]
    return record.board_key([x for x in lines if "table" in x])


def test_the_code_is_printed_and_a_resumed_host_keeps_it_with_or_without_the_table(server_factory, tmp_path):
    for extra in ((), ("--table",)):
        trace = tmp_path / ("web%d.jsonl" % len(extra))
        first = server_factory("--seed", "3", "--lang", "en", "--trace", str(trace), *extra)
        assert first.lines[0] == "board: %s?b=%s" % (first.url, first.key)
        assert any(line.startswith("board code: %s " % dashed(first.key)) for line in first.lines)
        assert trace_key(trace) == first.key
        first.proc.kill()  # kill -9
        first.proc.wait(10)
        again = server_factory("--resume", str(trace), "--lang", "en")
        assert again.key == first.key, extra
        assert again.stop() == 0
        lines = trace.read_text(encoding="utf-8").splitlines()
        assert sum('"board"' in x for x in lines) == 1, "the code is written once, not at each resume"
        r = subprocess.run([sys.executable, "-m", "hal.cli", "replay", str(trace)], cwd=ROOT, capture_output=True,
                           text=True)  # fmt: skip
        assert r.returncode == 0, r.stdout + r.stderr


async def hello_of(http, url, query=""):
    ws = await http.ws_connect(url + "ws" + query)
    return ws, await next_of(ws, "hello")


def test_wrong_codes_are_held_to_the_rate_of_join_per_address(server_factory):
    """From one address, a few wrong codes (as the link's, as typed, as a QR
    code's key), then even the right one is not looked at; the tablet at its
    own address is not held up by the thief."""
    s = server_factory("--seed", "4", "--lang", "en", "--table")

    async def go():
        async with stranger_session(THIEF) as evil, stranger_session(FRIEND) as tablet:
            roles = []
            for i in range(4):
                ws, hello = await hello_of(evil, s.url, "?take=1&b=AAAA-AA%02d" % (i + 22))
                roles.append((hello["role"], hello.get("wrong")))
                await ws.close()
            assert roles == [("viewer", True)] * 4
            watcher, _ = await hello_of(evil, s.url)
            await watcher.send_json({"t": "take", "code": "BBBB-BBBB"})  # the fifth wrong guess: typed
            assert "not the board's code" in (await next_of(watcher, "refused"))["text"]
            assert (await evil.get(s.url + "qr/COMTE.svg", params={"b": "CCCCCCCC"})).status == 404  # the sixth
            # over the rate: the right code is not even looked at, by any way
            ws, hello = await hello_of(evil, s.url, "?take=1&b=" + s.key)
            assert hello["role"] == "viewer" and hello.get("wrong") and "key" not in hello
            await watcher.send_json({"t": "take", "code": s.key})
            assert "not the board's code" in (await next_of(watcher, "refused"))["text"]
            assert (await evil.get(s.url + "qr/COMTE.svg", params={"b": s.key})).status == 404
            board, hello = await hello_of(tablet, s.url, "?take=1&b=" + s.key)  # the tablet: another address
            assert hello["role"] == "board" and hello["key"] == s.key and hello["screen"]
            qr = await tablet.get(s.url + "qr/COMTE.svg", params={"b": hello["screen"]})
            assert qr.status == 200 and b"<svg" in await qr.read()

    asyncio.run(go())


def test_the_code_moves_the_board_and_the_old_board_is_told_live(server_factory):
    s = server_factory("--seed", "4", "--lang", "en", "--table", "--bots", "AZUR")

    async def go():
        async with (
            aiohttp.ClientSession(timeout=TIMEOUT) as host,
            stranger_session(FRIEND) as tablet,
            stranger_session(STRANGER) as other,
        ):
            laptop, hello = await hello_of(host, s.url)  # the host's own first page
            assert hello["role"] == "board" and "key" not in hello
            assert "code" in (await next_of(laptop, "board"))["seats"][0]
            board, hello = await hello_of(tablet, s.url, "?take=1&b=" + dashed(s.key).lower())
            assert hello["role"] == "board"
            told = await next_of(laptop, "role")
            assert told == {"t": "role", "role": "viewer", "taken": True}
            while True:  # the laptop's next state of the board carries no code
                seats = (await next_of(laptop, "board"))["seats"]
                if all("code" not in x for x in seats):
                    break
            await laptop.send_json({"t": "press", "id": "SWITCH", "down": True})
            assert "only the board" in (await next_of(laptop, "error"))["text"]
            # a watching screen elsewhere types the code: it takes the board, the tablet is told
            watcher, hello = await hello_of(other, s.url)
            assert hello["role"] == "viewer"
            await watcher.send_json({"t": "take", "code": s.key})
            got = await next_of(watcher, "role")
            assert got["role"] == "board" and got["key"] == s.key and got["screen"]
            assert (await next_of(board, "role"))["role"] == "viewer"
            # the tablet's tab reconnecting with its old ticket and the code, not on purpose: it only watches
            back, hello = await hello_of(tablet, s.url, "?b=%s&s=%s" % (s.key, "stale-ticket"))
            assert hello["role"] == "viewer"
            # a watching screen's page may not send what only the board sends, nor the board "take"
            await watcher.send_json({"t": "take", "code": s.key})
            assert "only a watching screen" in (await next_of(watcher, "error"))["text"]

    asyncio.run(go())
    assert s.stop() == 0
    err = s.proc.stderr.read()
    assert "Traceback" not in err, err
    held = [line for line in s.lines if "board: held by the screen at" in line]
    assert [line.rsplit(" ", 1)[1] for line in held] == ["127.0.0.1", FRIEND, STRANGER], held


def test_a_tv_shows_the_join_codes_only_with_the_code_and_never_holds_the_board(server_factory):
    s = server_factory("--seed", "4", "--lang", "en", "--table")

    async def go():
        async with stranger_session(FRIEND) as tv_, stranger_session(STRANGER) as evil:
            tv, hello = await hello_of(tv_, s.url, "?view=tv&b=" + s.key)  # the first screen of all
            assert hello["role"] == "tv" and "key" not in hello and "screen" not in hello
            seats = (await next_of(tv, "board"))["seats"]
            assert sorted(x["code"].replace("-", "") for x in seats) == sorted(
                url.split("k=")[1] for url in s.seats.values()
            )
            assert all("holder" not in x for x in seats)
            await tv.send_json({"t": "bot", "guest": "COMTE"})
            assert "only the board" in (await next_of(tv, "error"))["text"]
            await tv.send_json({"t": "take", "code": s.key})
            assert "only a watching screen" in (await next_of(tv, "error"))["text"]
            fake, hello = await hello_of(evil, s.url, "?view=tv")  # a TV without the code
            assert hello["role"] == "viewer"
            assert all("code" not in x for x in (await next_of(fake, "board"))["seats"])
            board, hello = await hello_of(evil, s.url, "?take=1&b=" + s.key)  # nobody held it: the code takes it
            assert hello["role"] == "board"
            assert hello["join"] == s.url.split("://")[1] + "join"  # the host's address, not this page's

    asyncio.run(go())


def test_a_phone_refused_a_held_seat_is_told_the_way_back(server_factory):
    """A guest's own phone that lost its storage (its device key) is told the
    seat is held, and how to get it back: "Free it" on the board, then the
    new code; which works."""
    s = server_factory("--seed", "4", "--lang", "en", "--table")
    code = s.seats["COMTE"].split("k=")[1]

    async def go():
        async with aiohttp.ClientSession(timeout=TIMEOUT) as host, stranger_session(FRIEND) as phone:
            board, _ = await hello_of(host, s.url)
            first = await phone.ws_connect(s.url + "ws?seat=COMTE&k=" + code)
            assert (await next_of(first, "hello"))["device"]
            await first.close()
            async with stranger_session(STRANGER) as same_phone_new_address:  # no device key any more
                lost = await same_phone_new_address.ws_connect(s.url + "ws?seat=COMTE&k=" + code)
                refused = await next_of(lost, "error")
                assert refused["why"] == "held" and '"Free it"' in refused["text"] and "scan" in refused["text"]
                await board.send_json({"t": "free", "guest": "COMTE"})
                while True:
                    seat = next(x for x in (await next_of(board, "board"))["seats"] if x["guest"] == "COMTE")
                    if seat.get("code") and seat["code"] != dashed(code):  # a new code: the old one is dead
                        break
                again = await same_phone_new_address.ws_connect(
                    s.url + "ws?seat=COMTE&k=" + seat["code"].replace("-", "")
                )
                assert (await next_of(again, "hello"))["role"] == "seat"

    asyncio.run(go())
