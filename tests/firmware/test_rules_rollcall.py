"""RULES.md, Roll call."""

from tests.support.driver import Driver, keys, says


def asked(out):
    return [a.args["guest"] for a in says(out, "rollcall.ask")]


def test_roll_call_asks_each_guest_in_order():
    d = Driver()
    assert asked(d.switch(True)) == ["COMTE"]
    assert asked(d.button("YES")) == ["LAVANDE"]
    assert asked(d.button("NO")) == ["PECHE"]
    assert asked(d.button("YES")) == ["AZUR"]
    out = d.button("NO")
    assert keys(out) == ["rollcall.welcome", "turn.call"]
    assert out[0].args == {"guests": ["COMTE", "PECHE"]}
    assert d.n.guests == {"COMTE": None, "PECHE": None}  # on START: in no place
    assert d.n.active == ["COMTE", "PECHE"]
    assert d.n.current in ("COMTE", "PECHE")


def test_fewer_than_two_guests_starts_the_roll_call_again():
    d = Driver()
    d.switch(True)
    d.button("YES")
    d.button("NO")
    d.button("NO")
    out = d.button("NO")
    assert keys(out) == ["rollcall.need_two", "rollcall.ask"]
    assert asked(out) == ["COMTE"]
    assert d.n.state == "rollcall"
    assert d.n.enrolled == []  # the roll call starts again from nothing


def test_start_pad_of_the_guest_asked_answers_yes():
    d = Driver()
    d.switch(True)
    out = d.pad("START_COMTE")
    assert asked(out) == ["LAVANDE"]
    assert d.n.enrolled == ["COMTE"]


def test_start_pad_of_a_later_guest_enrols_at_once_and_skips_their_question():
    d = Driver()
    d.switch(True)
    out = d.pad("START_PECHE")  # enrolled at once, acknowledged; COMTE's question waits, not asked again
    assert keys(out) == ["rollcall.joined"]
    assert out[0].args == {"guest": "PECHE"}
    assert asked(d.button("REPEAT")) == ["COMTE"]
    assert d.n.enrolled == ["PECHE"]
    assert asked(d.button("NO")) == ["LAVANDE"]
    assert asked(d.button("NO")) == ["AZUR"]  # PECHE's question skipped
    out = d.button("YES")
    assert says(out, "rollcall.welcome")[0].args == {"guests": ["PECHE", "AZUR"]}


def test_start_pad_enrols_a_guest_who_answered_no():
    d = Driver()
    d.switch(True)
    d.button("NO")  # COMTE: no
    d.pad("START_COMTE")  # ... then changes their mind
    d.button("NO")
    d.button("NO")
    out = d.button("YES")
    assert says(out, "rollcall.welcome")[0].args == {"guests": ["COMTE", "AZUR"]}


def test_place_pads_and_other_buttons_are_ignored_during_the_roll_call():
    d = Driver()
    d.switch(True)
    for press in ("ECURIE", "GARAGE"):
        assert d.pad(press) == []
    for b in ("STOP", "SEARCH", "ACCUSE", "WAIT"):
        assert d.button(b) == []
    assert d.n.state == "rollcall" and d.n.enrolled == []


def test_four_guests():
    d = Driver()
    out = d.start(guests=("COMTE", "LAVANDE", "PECHE", "AZUR"))
    assert says(out, "rollcall.welcome")[0].args == {"guests": ["COMTE", "LAVANDE", "PECHE", "AZUR"]}


def test_guests_view_lists_the_enrolled_on_start_during_the_roll_call():
    d = Driver()
    d.switch(True)
    d.button("YES")
    d.pad("START_AZUR")
    assert d.n.guests == {"COMTE": None, "AZUR": None}
    assert d.n.enrolled == ["COMTE", "AZUR"]


def test_a_start_pad_pressed_during_the_roll_call_is_acknowledged_by_name():
    d = Driver()
    d.switch(True)
    out = d.pad("START_COMTE")  # the guest asked: acknowledged, then the next question
    assert keys(out) == ["rollcall.joined", "rollcall.ask"]
    assert out[0].args == {"guest": "COMTE"} and asked(out) == ["LAVANDE"]
    assert d.button("REPEAT") == out  # the whole announcement: the acknowledgement and the question


def test_the_welcome_asks_for_the_pawns_on_their_start_squares():
    from firmware.clips import number

    d = Driver()
    out = d.start(guests=("COMTE", "AZUR"))
    welcome = says(out, "rollcall.welcome")[0]
    assert welcome.clips[0] == number("phrase.welcome")
    assert welcome.clips[-1] == number("phrase.pawns_on_start")
