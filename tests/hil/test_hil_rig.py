"""The hardware-in-the-loop suite: the same tests for the virtual rig (the
default) and a real one (`--rig-port URL`), through the `cfx_rig` fixture of
the clue_fx pytest plugin (hal/hil/plugin.py)."""

import pytest

from firmware.board import PADS

pytestmark = [pytest.mark.hil, pytest.mark.timeout(60)]


def test_the_rig_introduces_itself(cfx_rig):
    assert cfx_rig.host.rig_name
    for feature in ("pads", "buttons", "switch"):
        assert feature in cfx_rig.features


def test_switch_on_is_greeted_and_the_greeting_is_played_on_the_rig(cfx_rig):
    cfx_rig.switch(True)
    greeting = cfx_rig.wait_say("power.greeting")
    if "audio" in cfx_rig.features:
        clips = cfx_rig.wait_play()
        assert clips[: len(greeting["clips"])] == greeting["clips"]
        cfx_rig.wait(lambda h: not h.speaker.playing, what="the rig's DONE")


def test_the_roll_call_answers_yes(cfx_rig):
    cfx_rig.switch(True)
    ask = cfx_rig.wait_say("rollcall.ask")
    assert ask["args"]["guest"] == "COMTE"
    n = len(cfx_rig.trace.records)
    cfx_rig.press_button("YES")
    again = cfx_rig.wait_say("rollcall.ask", start=n)
    assert again["args"]["guest"] == "LAVANDE"


def test_a_pad_tap_is_one_press_and_moves_the_guest(cfx_rig):
    cfx_rig.switch(True)
    cfx_rig.wait_say("rollcall.ask")
    for answer in ("YES", "YES", "NO", "NO"):
        cfx_rig.press_button(answer)
    cfx_rig.wait_say("turn.call")
    cfx_rig.tap_pad("KIOSQUE")
    enter = cfx_rig.wait_say("place.enter")
    assert enter["args"]["place"] == "KIOSQUE"
    downs = [d for d in cfx_rig.trace.inputs(kinds=("PadDown",)) if d["pad"] == "KIOSQUE"]
    assert len(downs) == 1


def test_a_pawn_left_on_a_pad_shows_in_the_state(cfx_rig):
    cfx_rig.press_pad(PADS[0])
    cfx_rig.wait(lambda h: h.fed.get(("PAD", PADS[0])), what="the pad down")
    cfx_rig.loop.call(lambda h: h._ask_state(h._now))
    before = cfx_rig.host.stats["recovered"]
    cfx_rig.wait(lambda h: h._state_by is None, what="STATE's answer")
    assert cfx_rig.host.stats["recovered"] == before  # host and rig agree
    cfx_rig.release_pad(PADS[0])
    cfx_rig.wait(lambda h: not h.fed.get(("PAD", PADS[0])), what="the pad up")


def test_the_rig_answers_pings(cfx_rig):
    before = cfx_rig.host.stats["pongs"]
    cfx_rig.loop.call(lambda h: h.send("PING"))
    cfx_rig.wait(lambda h: h.stats["pongs"] > before, what="PONG")


def test_noise_from_the_host_is_answered_err_and_changes_nothing(cfx_rig):
    before = cfx_rig.host.stats["rig_errs"]
    cfx_rig.send_raw(b"\x00\xffgarbage\r\nPLAY 1*00\nPLAY " + b"9 " * 60 + b"\nDANCE\n")
    cfx_rig.wait(lambda h: h.stats["rig_errs"] >= before + 4, what="four ERR answers")
    assert cfx_rig.host.speaker.playing is False
    before = cfx_rig.host.stats["pongs"]
    cfx_rig.loop.call(lambda h: h.send("PING"))  # and the rig still listens
    cfx_rig.wait(lambda h: h.stats["pongs"] > before, what="PONG after the noise")
