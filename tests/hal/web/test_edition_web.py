"""`clue-fx web --edition us --voices DIR`: the pages get the us names and
lang, the board speaks as Mr. Ashe, and a clip the voice pack holds is the
pack's (the others the edition's)."""

import asyncio
import json
import shutil

import aiohttp

from hal.captions import SOUNDS
from tests.support.web_link import TIMEOUT, expected_greeting, next_of


def test_the_us_pages_with_a_voice_pack(server_factory, tmp_path):
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "voices.json").write_text(json.dumps({"format": "cfx-voices/1", "edition": "us"}))
    shutil.copy(SOUNDS / "fr" / "0004.wav", pack / "0004.wav")  # any other WAV: we only see which is served
    s = server_factory("--seed", "5", "--voices", str(pack), "--table", "--bots", "AZUR")
    assert any(line.endswith("edition us; Ctrl-C to stop") for line in s.lines)

    async def go():
        async with aiohttp.ClientSession(timeout=TIMEOUT) as http:
            assert await (await http.get(s.url + "sounds/us/0004.wav")).read() == (pack / "0004.wav").read_bytes()
            assert (
                await (await http.get(s.url + "sounds/us/0005.wav")).read() == (SOUNDS / "us" / "0005.wav").read_bytes()
            )
            ws = await http.ws_connect(s.url + "ws")
            hello = await next_of(ws, "hello")
            assert hello["lang"] == "us" and hello["html_lang"] == "en-US"
            names = hello["words"]["names"]
            assert names["COMTE"] == "Lord Gray" and names["ROSE"] == "Miss Scarlet" and names["KIOSQUE"] == "Gazebo"
            assert names["NAIN"] == "Lawn gnome" and names["INSPECTEUR"] == "Inspector Brown"
            assert hello["words"]["initials"]["OLIVE"] == "MG" and hello["words"]["marks"]["CP"] == "LG"
            await ws.send_json({"t": "press", "id": "SWITCH", "down": True})
            await ws.send_json({"t": "press", "id": "SWITCH", "down": False})
            want = expected_greeting(5, "us")
            got = [(await next_of(ws, "say")) for _ in want]
            assert [m["text"] for m in got] == want and got[0]["speaker"] == "Mr. Ashe"

    asyncio.run(go())
    assert s.stop() == 0
