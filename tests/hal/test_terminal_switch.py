"""The text board's switch (issue 38): a terminal tells no key held from a key
pressed, so `o` while a game is going asks first (Return switches it off,
any other key keeps it on and does what it does); at the next ON the game
switched off is offered back, as after a crash (Return), or a new game
starts by the firmware's rule (Esc). From a file trace or, without
--trace, from the one the board keeps in memory."""

import io
import json
import random
import subprocess
import sys

import pytest

from hal.terminal import TextBoard

PLAY_KEYS = "123456789sfrwyn"


def board(seed, **kw):
    out = io.StringIO()
    text = TextBoard(seed=seed, lang="en", out=out, **kw)
    text.key("o")  # ON: no game is going yet
    return text, out


def stands(text):
    n = text.board.narrator
    return (n.state, n.guests, n.current, n.positions, n.hidden)


def a_game(text, rng, presses):
    for key in "yynn":
        text.key(key)
    for _ in range(presses):
        text.key(rng.choice(PLAY_KEYS))


@pytest.mark.parametrize("seed", range(8))
def test_a_stray_o_keeps_the_game_and_return_after_it_switches_off_then_it_comes_back(seed):
    rng = random.Random(seed)
    text, out = board(seed)
    a_game(text, rng, rng.randrange(0, 15))
    before = stands(text)
    text.key("o")  # a French player's "o" for oui
    assert text.switch_on and stands(text) == before and "Return switches the board OFF" in out.getvalue()
    text.key("9")  # not Return: the game goes on, and 9 is a press
    assert text.switch_on and "the board stays ON" in out.getvalue()
    moved = stands(text)
    text.key("o")
    text.key("\n")  # asked, and answered: OFF
    assert not text.switch_on and text.board.narrator.state == "off"
    text.key("o")  # ON: the game is offered back
    assert not text.switch_on and "Return goes on with it, Esc starts a new game" in out.getvalue()
    text.key("y")  # neither: asked again, nothing pressed
    assert not text.switch_on
    text.key("\n")
    assert text.switch_on and stands(text) == moved


def test_esc_at_the_offer_is_the_firmwares_new_game():
    text, out = board(3)
    a_game(text, random.Random(3), 4)
    for key in ("o", "\n", "o", "\x1b"):
        text.key(key)
    n = text.board.narrator
    assert text.switch_on and n.state == "rollcall" and n.guests == {}


def test_from_a_pipe_the_end_of_a_line_is_return_and_the_trace_replays(tmp_path):
    """The game taken back goes on in its own trace, cut back to before the OFF:
    one header, replayed identical, no OFF left in it."""
    trace = tmp_path / "t.jsonl"
    keys = "yynn\n9\nos\no\no\nr\nx\n"  # a stray o (then STOP), o + Return: OFF, o + Return: taken back
    r = subprocess.run(
        [sys.executable, "-m", "hal.cli", "play", "--text", "--seed", "5", "--lang", "en", "--trace", str(trace)],
        input=keys,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 0, r.stderr
    assert "[the board stays ON: the game goes on]" in r.stdout
    assert "[switch OFF]" in r.stdout and "[the game goes on:" in r.stdout
    lines = [json.loads(x) for x in trace.read_text(encoding="utf-8").splitlines()]
    assert sum(1 for x in lines if "trace" in x) == 1
    inputs = [x["in"] for x in lines if "in" in x]
    assert {"type": "Switch", "on": True} in inputs and {"type": "Switch", "on": False} not in inputs
    replayed = subprocess.run([sys.executable, "-m", "hal.cli", "replay", str(trace)], capture_output=True, text=True)
    assert replayed.returncode == 0 and "identical" in replayed.stdout, replayed.stdout
