"""RULES.md, Power: the switch, pawns left on the board, the idle sleep, the batteries."""

from firmware.actions import PowerOff, Say, StopAudio
from firmware.events import AudioDone, PadDown, PadUp
from firmware.power import IDLE_MS
from tests.support.driver import Driver, keys


def test_switch_on_greets_then_asks_the_first_guest():
    d = Driver()
    out = d.switch(True)
    assert keys(out) == ["power.greeting", "rollcall.ask"]
    assert out[1].args == {"guest": "COMTE"}
    assert d.n.state == "rollcall"


def test_nothing_happens_while_off():
    d = Driver()
    for send in (lambda: d.button("YES"), lambda: d.pad("ECURIE"), lambda: d.battery(3000), d.tick):
        assert send() == []
    assert d.n.state == "off"


def test_switch_off_is_silence_at_once_and_forgets_everything():
    d = Driver()
    d.start()
    d.pad("ECURIE")
    assert d.switch(False) == [StopAudio(), PowerOff("switch")]
    assert d.n.state == "off"
    assert d.n.guests == {} and d.n.active == [] and d.n.current is None
    assert keys(d.switch(True)) == ["power.greeting", "rollcall.ask"]  # a new game
    assert d.n.guests == {}


def test_pawn_left_on_the_board_at_boot_is_ignored_until_released():
    d = Driver()
    d.send(PadDown("ECURIE"))  # a pawn left on the board, reported before the switch
    out = d.switch(True)
    assert keys(out) == ["power.greeting", "power.remove_pawns", "rollcall.ask"]
    d.button("YES")
    d.button("YES")
    d.button("NO")
    d.button("NO")
    # the pawn is still down: touching it again is no press
    assert d.send(PadDown("ECURIE")) == []
    assert d.n.guests[d.n.current] is None
    d.send(PadUp("ECURIE"))
    out = d.send(PadDown("ECURIE"))  # released, then pressed: a real move
    assert keys(out) == ["place.enter"]


def test_sleep_exactly_900000_ms_after_the_last_press():
    d = Driver()
    d.start()
    last = d.t - 100  # the last press; its release does not count
    d.send(PadUp("ECURIE"), at=last + 500_000)  # a release is not input
    assert d.tick(at=last + IDLE_MS - 1) == []
    out = d.tick(at=last + IDLE_MS)
    assert keys(out) == ["power.sleep"] and out[-1] == PowerOff("idle")
    assert d.n.state == "asleep"


def test_a_refused_press_still_counts_as_input():
    d = Driver()
    d.start()
    t0 = d.t
    out = d.button("STOP", at=t0 + 800_000)  # refused: move first
    assert keys(out) == ["turn.move_first"]
    assert d.tick(at=t0 + 800_000 + IDLE_MS - 1) == []
    assert d.n.state == "move"


def test_what_the_board_says_and_battery_readings_are_not_input():
    d = Driver()
    d.start()
    last = d.t - 100
    d.send(AudioDone(), at=last + 300_000)
    d.battery(4400, at=last + 600_000)
    out = d.tick(at=last + IDLE_MS)
    assert keys(out) == ["power.sleep"]


def test_asleep_only_the_switch_counts_and_off_then_on_is_a_new_game():
    d = Driver()
    d.start()
    d.tick(at=d.t + IDLE_MS)
    assert d.n.state == "asleep"
    for b in ("YES", "REPEAT", "WAIT"):
        assert d.button(b) == []
    assert d.pad("ECURIE") == [] and d.battery(3000) == []
    assert d.switch(True) == []  # already on: OFF first
    assert d.switch(False) == []  # already dark
    assert d.n.state == "off"
    assert keys(d.switch(True)) == ["power.greeting", "rollcall.ask"]


def test_a_press_after_the_deadline_is_lost_to_sleep():
    d = Driver()
    d.start()
    out = d.button("WAIT", at=d.t + IDLE_MS + 5)
    assert keys(out) == ["power.sleep"]
    assert d.n.state == "asleep"


def test_battery_low_warns_at_the_first_reading_then_every_ten_minutes():
    d = Driver()
    d.switch(True, at=0)
    assert keys(d.battery(3500, at=1000)) == ["battery.low"]
    assert d.battery(3500, at=2000) == []
    assert d.battery(3500, at=1000 + 599_999) == []
    assert keys(d.battery(3500, at=1000 + 600_000)) == ["battery.low"]


def test_battery_low_clears_only_after_two_good_readings_in_a_row():
    d = Driver()
    d.switch(True, at=0)
    assert keys(d.battery(3500, at=1000)) == ["battery.low"]
    d.battery(3600, at=2000)  # one good reading
    d.battery(3590, at=3000)  # bounces back: still low, no new warning
    assert d.battery(3599, at=4000) == []
    d.battery(3650, at=5000)
    d.battery(3650, at=6000)  # two in a row: cleared
    assert keys(d.battery(3500, at=7000)) == ["battery.low"]  # low again: warns at once


def test_battery_empty_says_so_and_switches_off():
    d = Driver()
    d.start()
    out = d.battery(3299)
    assert [type(a) for a in out] == [Say, PowerOff]
    assert out[0].key == "battery.empty" and out[1] == PowerOff("battery")
    assert d.n.state == "asleep"
    assert d.button("YES") == []


def test_battery_at_3300_is_low_not_empty():
    d = Driver()
    d.switch(True)
    assert keys(d.battery(3300)) == ["battery.low"]
    assert d.n.state == "rollcall"
