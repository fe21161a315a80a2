"""`clue-fx web` as a real subprocess on loopback, spoken to over HTTP and
WebSocket (aiohttp's client): the first line, the pages and clips it
serves, the board's sentences as captions, the seats' tokens, a seat that
reconnects getting its whole state back, and its one-line failures."""

import asyncio
import json
import subprocess
import sys

import aiohttp
import pytest

from hal.captions import SOUNDS
from tests.support.web_link import TIMEOUT, expected_greeting, next_of

from .conftest import ROOT


def test_first_line_qr_and_seat_lines(server_factory):
    s = server_factory("--seed", "5", "--lang", "en", "--table", "--bots", "AZUR:easy")
    assert s.lines[0] == "board: %s?b=%s" % (s.url, s.key)  # the board's link carries its code ...
    assert "board code: %s-%s " % (s.key[:4], s.key[4:]) in "\n".join(s.lines)  # ... also printed as text
    assert any("█" in line or "▀" in line for line in s.lines[1:6]), "no QR code after the first line"
    assert any(line.startswith("listening on 127.0.0.1:%d (this address only)" % s.port) for line in s.lines)
    assert sorted(s.seats) == ["COMTE", "LAVANDE", "PECHE"]  # AZUR is a bot: no seat for a person
    for g, url in s.seats.items():
        assert url.startswith("%sseat/%s?k=" % (s.url, g))
    codes = {u.split("k=")[1] for u in s.seats.values()}
    assert len(codes) == 3 and all(len(c) == 8 for c in codes), "each seat has its own code"


def test_pages_clips_and_the_board_speaking(server_factory):
    s = server_factory("--seed", "5", "--lang", "en")

    async def go():
        async with aiohttp.ClientSession(timeout=TIMEOUT) as http:
            r = await http.get(s.url)
            assert r.status == 200 and 'data-input="SWITCH"' in await r.text()
            for path in ("static/board.js", "static/voice.js", "static/link.js", "static/board.css"):
                assert (await http.get(s.url + path)).status == 200, path
            wav = await (await http.get(s.url + "sounds/en/0001.wav")).read()
            assert wav == (SOUNDS / "en" / "0001.wav").read_bytes()
            assert (await http.get(s.url + "sounds/en/9999.wav")).status == 404
            assert (await http.get(s.url + "sounds/../manifest.json")).status == 404
            assert (await http.get(s.url + "seat/COMTE")).status == 404  # no --table: no seats
            ws = await http.ws_connect(s.url + "ws")
            hello = await next_of(ws, "hello")
            assert hello["role"] == "board" and hello["lang"] == "en" and 1 in hello["clips"]
            state = await next_of(ws, "board")
            assert state["switch"] is False
            await ws.send_json({"t": "press", "id": "SWITCH", "down": True})
            await ws.send_json({"t": "press", "id": "SWITCH", "down": False})
            want = expected_greeting(5, "en")
            got = [(await next_of(ws, "say")) for _ in want]
            assert [m["text"] for m in got] == want
            assert got[0]["speaker"] == "Edmond" and got[0]["clips"]
            state = await next_of(ws, "board")
            assert state["switch"] is True and state["state"] == "rollcall"
            # a page that joins late is given the captions so far
            late = await http.ws_connect(s.url + "ws")
            assert [m["text"] for m in (await next_of(late, "hello"))["history"]] == want
            await ws.send_json({"t": "press", "id": "NOT_A_PAD", "down": True})  # ignored, not a crash
            await ws.send_json({"t": "battery", "mv": 4000})
            assert (await next_of(ws, "board"))["mv"] == 4000

    asyncio.run(go())
    assert s.stop() == 0
    assert "Traceback" not in s.proc.stderr.read()


def test_seats_codes_and_a_reconnecting_seat(server_factory):
    s = server_factory("--seed", "5", "--lang", "fr", "--table", "--bots", "AZUR")

    async def go():
        async with aiohttp.ClientSession(timeout=TIMEOUT) as http:
            url = s.seats["COMTE"]
            assert (await http.get(url)).status == 200
            assert (await http.get(s.url + "qr/COMTE.svg")).status == 404  # no board yet: nobody is shown codes
            board = await http.ws_connect(s.url + "ws")  # the host's own first page: it holds the board
            hello = await next_of(board, "hello")
            assert hello["role"] == "board" and "key" not in hello  # given the board, not its code
            assert (await http.get(s.url + "qr/COMTE.svg")).status == 404  # the same address is no ground
            qr = await http.get(s.url + "qr/COMTE.svg", params={"b": hello["screen"]})  # the holding screen's ticket
            assert qr.status == 200 and b"<svg" in await qr.read()
            code = url.split("k=")[1]
            seats = (await next_of(board, "board"))["seats"]
            assert {x["guest"]: x["code"].replace("-", "") for x in seats} == {
                g: u.split("k=")[1] for g, u in s.seats.items()
            }
            bad = await http.ws_connect(s.url + "ws?seat=COMTE&k=" + code[::-1])
            assert (await next_of(bad, "error"))["why"] == "bad_code"
            seat = await http.ws_connect(s.url + "ws?seat=COMTE&k=" + code)
            hello = await next_of(seat, "hello")
            assert hello["role"] == "seat" and hello["device"]
            assert (await next_of(seat, "seat"))["todo"] == "rollcall"
            assert (await http.get(s.url + "qr/COMTE.svg")).status == 404  # held: its code is no longer shown
            # who cannot scan types the code shown under the seat's QR code at /join
            lavande = s.seats["LAVANDE"].split("k=")[1]
            free = await http.get(s.url + "join", params={"code": lavande.lower()}, allow_redirects=False)
            assert free.status == 303 and free.headers["Location"] == "/seat/LAVANDE?k=" + lavande
            wrong = await (await http.get(s.url + "join", params={"code": "ZZZZ-ZZZZ"})).text()
            assert "seat/" not in wrong and "Ce n" in wrong  # the board's edition
            # at the roll call, a free seat is given to a bot from the board: its code is gone
            await board.send_json({"t": "bot", "guest": "PECHE"})
            while True:
                state = await next_of(board, "board")
                if "PECHE" not in [x["guest"] for x in state["seats"]]:
                    break
            assert (await http.get(s.url + "seat/PECHE")).status == 404
            for ident in ("SWITCH", "YES", "YES"):  # ON; the Comte and Lady Lavande play; Mlle Pêche is a bot now
                await board.send_json({"t": "press", "id": ident, "down": True})
                await board.send_json({"t": "press", "id": ident, "down": False})
            while True:
                m = await next_of(seat, "seat")
                if m.get("seated"):
                    break
            hand = m["hand"]
            assert len(hand) == 3  # 12 cards among four guests (the bots, Pêche and Azur, answer yes themselves)
            await seat.close()
            again = await http.ws_connect(s.url + "ws?seat=COMTE&k=" + code)  # the same phone comes back
            first = {}  # the first message of each kind
            while "seat" not in first or "table" not in first:
                m = json.loads((await again.receive(timeout=10)).data)
                first.setdefault(m["t"], m)
            back = first["seat"]
            assert back["hand"] == hand and back["seated"], "a seat that reconnects gets its whole state back"
            assert first["table"]["bots"] == {"AZUR": "hard", "PECHE": "hard"}

    asyncio.run(go())


def test_a_web_game_traced_replays(server_factory, tmp_path):
    trace = tmp_path / "web.jsonl"
    s = server_factory("--seed", "9", "--lang", "fr", "--trace", str(trace))

    async def go():
        async with aiohttp.ClientSession(timeout=TIMEOUT) as http:
            ws = await http.ws_connect(s.url + "ws")
            for ident in ("SWITCH", "YES", "YES", "NO", "NO", "ECURIE"):
                await ws.send_json({"t": "press", "id": ident, "down": True})
                await ws.send_json({"t": "press", "id": ident, "down": False})
            while True:
                m = await next_of(ws, "board")
                if m["state"] == "moved":
                    break

    asyncio.run(go())
    assert s.stop() == 0
    r = subprocess.run(
        [sys.executable, "-m", "hal.cli", "replay", str(trace)], cwd=ROOT, capture_output=True, text=True
    )
    assert r.returncode == 0, r.stdout + r.stderr


def run_cli(*args):
    return subprocess.run(
        [sys.executable, "-m", "hal.cli", "web", *args], cwd=ROOT, capture_output=True, text=True, timeout=60
    )


@pytest.mark.parametrize(
    "args, words",
    [
        (["--port", "70000"], "port"),
        (["--lang", "de"], "edition"),
        (["--bots", "NOBODY"], "unknown guest"),
    ],
)
def test_usage_errors_are_one_line(args, words):
    r = run_cli(*args)
    assert r.returncode == 2
    assert words in r.stderr and "Traceback" not in r.stderr


def test_a_port_in_use_is_one_line(server_factory):
    s = server_factory("--seed", "1")
    r = run_cli("--host", "127.0.0.1", "--port", str(s.port))
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "cannot listen" in lines[0], r.stderr
