"""`clue-fx web --resume` (issue 12's resume, on the web board): a web board
killed with SIGKILL mid-game comes back from its trace, the same guest's
turn, REPEAT giving the last announcement, the trace going on and replaying
identical; with the phones' card table it refuses in one line (not yet)."""

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

from .conftest import ROOT
from .test_protocol import TIMEOUT, next_of


def presses(url, idents, until):
    """Press and release each of `idents` on the board page's socket; the
    board message for which until(message) holds."""

    async def go():
        async with aiohttp.ClientSession(timeout=TIMEOUT) as http:
            ws = await http.ws_connect(url + "ws")
            for ident in idents:
                await ws.send_json({"t": "press", "id": ident, "down": True})
                await ws.send_json({"t": "press", "id": ident, "down": False})
            while True:
                m = await next_of(ws, "board")
                if until(m):
                    return m

    return asyncio.run(go())


def repeat(url):
    """The captions REPEAT brings, on the board page's socket."""

    async def go():
        async with aiohttp.ClientSession(timeout=TIMEOUT) as http:
            ws = await http.ws_connect(url + "ws")
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

    before = presses(first.url, ("SWITCH", "YES", "YES", "NO", "NO", "ECURIE", "STOP"), next_turn)
    first.proc.kill()  # kill -9: no goodbye, no flush beyond what is on the disk
    first.proc.wait(10)
    lines = len(trace.read_text(encoding="utf-8").splitlines())

    again = server_factory("--resume", str(trace), "--lang", "en")
    after = presses(again.url, (), lambda m: True)
    assert (after["state"], after["current"]) == ("move", before["current"])  # the same guest's turn
    said = repeat(again.url)
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
    assert [m["text"] for m in said][-len(last):] == last
    assert again.stop() == 0
    assert len(trace.read_text(encoding="utf-8").splitlines()) > lines  # the same file goes on
    r = subprocess.run([sys.executable, "-m", "hal.cli", "replay", str(trace)], cwd=ROOT, capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_resume_with_the_phones_table_is_refused_in_one_line(tmp_path):
    trace = tmp_path / "t.jsonl"
    trace.write_text('{"trace": "cfx/1", "seed": 3}\n', encoding="utf-8")
    r = subprocess.run(
        [sys.executable, "-m", "hal.cli", "web", "--port", "0", "--resume", str(trace), "--table"],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and "card table" in r.stderr
