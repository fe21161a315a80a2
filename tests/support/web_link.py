"""What the tests of `clue-fx web` over its WebSocket share: the client's
timeout, the next message of a kind, and the greeting the board must say."""

import json

import aiohttp

from firmware import Narrator
from firmware.actions import Say
from firmware.events import Switch
from hal import captions as captions_

TIMEOUT = aiohttp.ClientTimeout(total=20)


def expected_greeting(seed, lang):
    """The captions the board says when switched ON, from the firmware itself."""
    c = captions_.load(lang)
    return [c.line(a) for a in Narrator(seed=seed).handle(Switch(True), 0) if type(a) is Say]


async def next_of(ws, kind):
    """The next message of kind `kind` (its "t") on `ws`, the others skipped."""
    while True:
        m = json.loads((await ws.receive(timeout=10)).data)
        if m["t"] == kind:
            return m
