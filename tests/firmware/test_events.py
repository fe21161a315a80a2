"""Events and actions: value objects, checked at the boundary (DESIGN.md)."""

import pytest

from firmware import actions, events
from firmware.actions import PowerOff, Say, Sfx, StopAudio
from firmware.events import AudioDone, Battery, ButtonDown, ButtonUp, PadDown, PadUp, Switch, Tick


def test_bad_pad_names_the_valid_pads():
    with pytest.raises(ValueError) as e:
        PadDown("KITCHEN")
    msg = str(e.value)
    assert "KITCHEN" in msg and "ECURIE" in msg and "START_AZUR" in msg


def test_bad_button_names_the_valid_buttons():
    with pytest.raises(ValueError) as e:
        ButtonDown("PAUSE")
    msg = str(e.value)
    assert "PAUSE" in msg and all(b in msg for b in ("STOP", "SEARCH", "REPEAT", "ACCUSE", "YES", "NO", "WAIT"))


@pytest.mark.parametrize("bad", [lambda: PadUp("kitchen"), lambda: ButtonUp("yes"), lambda: Switch(1),
                                 lambda: Battery(-1), lambda: Battery("4500"), lambda: Battery(True)])
def test_other_bad_values_raise_value_error(bad):
    with pytest.raises(ValueError):
        bad()


def test_events_compare_by_value_and_read_well():
    assert PadDown("ECURIE") == PadDown("ECURIE")
    assert PadDown("ECURIE") != PadUp("ECURIE")
    assert PadDown("ECURIE") != PadDown("GARAGE")
    assert Tick() == Tick() and Tick() != AudioDone()
    assert repr(ButtonDown("YES")) == "ButtonDown('YES')"
    assert len({PadDown("ECURIE"), PadDown("ECURIE"), Tick()}) == 2


@pytest.mark.parametrize("ev", [Switch(True), PadDown("ECURIE"), PadUp("START_PECHE"), ButtonDown("WAIT"),
                                ButtonUp("NO"), Battery(4410), Tick(), AudioDone()])
def test_events_round_trip_through_their_trace_form(ev):
    assert events.from_dict(ev.as_dict()) == ev


@pytest.mark.parametrize("act", [Say("turn.call", {"guest": "PECHE"}, (6, 49)), Sfx("ECURIE"), StopAudio(),
                                 PowerOff("idle")])
def test_actions_round_trip_through_their_trace_form(act):
    assert actions.from_dict(act.as_dict()) == act


def test_from_dict_rejects_what_is_not_an_event():
    with pytest.raises(ValueError, match="types are"):
        events.from_dict({"type": "Explode"})
    with pytest.raises(ValueError, match="needs"):
        events.from_dict({"type": "PadDown"})
    with pytest.raises(ValueError, match="KITCHEN"):
        events.from_dict({"type": "PadDown", "pad": "KITCHEN"})


def test_sfx_knows_its_clip():
    from firmware.clips import number

    assert Sfx("ECURIE").clip == number("sfx.ECURIE")
