"""RULES.md, Rounds and turns: move, arrive, search, hypothesis/STOP,
accusation, REPEAT, WAIT."""

from firmware.actions import Sfx
from firmware.phrases import say
from tests.support.driver import Driver, keys, says, sfx, stage

STILL = {"second_suspect": (0, 1), "inspecteur_moves": (0, 1)}  # one suspect moves only


def started(seed=3, guests=("COMTE", "LAVANDE"), chances=STILL, **stage_at):
    d = Driver(seed=seed, chances=chances)
    d.start(guests)
    stage(d.n, stage_at)
    return d


def test_turn_call_names_the_guest():
    d = Driver(seed=5)
    out = d.start()
    call = says(out, "turn.call")[0]
    assert call.args == {"guest": d.n.current}


def test_move_arrive_plays_the_place_sound_then_says_who_is_there():
    d = started(ROSE="ECURIE", FRANCIS="ECURIE", MOUTARDE="ECURIE", VIOLET=("ECURIE", True))
    out = d.pad("ECURIE")
    assert out[0] == Sfx("ECURIE") and out[0].clip > 0
    enter = says(out, "place.enter")[0]
    # visible ones, in the order of RULES.md; hidden VIOLET is not named
    assert enter.args == {"place": "ECURIE", "suspects": ["MOUTARDE", "ROSE", "FRANCIS"], "inspecteur": False}
    assert d.n.guests[d.n.current] == "ECURIE"
    assert d.n.state == "moved"


def test_arrive_where_there_is_no_suspect_and_the_inspecteur():
    d = started(INSPECTEUR="GARAGE")
    enter = says(d.pad("GARAGE"), "place.enter")[0]
    assert enter.args == {"place": "GARAGE", "suspects": [], "inspecteur": True}


def test_hidden_inspecteur_is_not_announced():
    d = started(INSPECTEUR=("GARAGE", True))
    assert says(d.pad("GARAGE"), "place.enter")[0].args["inspecteur"] is False


def test_move_to_the_same_place_is_refused():
    d = started()
    d.pad("ECURIE")
    d.button("STOP")
    d.pad("GARAGE")
    d.button("STOP")  # both guests have moved once; first guest again later
    guest = d.n.current
    here = d.n.guests[guest]
    out = d.pad(here)
    assert keys(out) == ["move.same_place"]
    assert d.n.state == "move" and d.n.guests[guest] == here


def test_stop_or_search_before_moving_start_pad_and_yes_no():
    d = started()
    assert keys(d.button("STOP")) == ["turn.move_first"]
    assert keys(d.button("SEARCH")) == ["turn.move_first"]
    assert keys(d.pad("START_AZUR")) == ["move.not_a_place"]
    assert d.button("YES") == [] and d.button("NO") == []
    assert d.n.state == "move" and d.n.guests[d.n.current] is None


def test_second_move_is_refused_with_a_hint():
    d = started()
    d.pad("ECURIE")
    assert keys(d.pad("GARAGE")) == ["move.already_moved"]
    assert keys(d.pad("START_" + d.n.current)) == ["move.already_moved"]  # back to START: a second move
    assert d.n.guests[d.n.current] == "ECURIE"


def test_pawns_put_on_their_start_squares_as_the_welcome_asks_are_not_mistakes():
    """The welcome asks for the pawns on START (rulebook, Course of the
    Game): each guest doing so, before or after the first guest's move, is
    answered with nothing, changes nothing and is no announcement."""
    for seed in range(1, 9):
        d = Driver(seed=seed)
        d.start(("COMTE", "LAVANDE", "AZUR"))
        call = d.log[-2][2]  # the welcome and the first call: what REPEAT gives
        first = d.n.current
        for guest in ("COMTE", "LAVANDE", "AZUR"):
            assert d.pad("START_" + guest) == [], (seed, guest)
        assert d.n.state == "move" and d.n.current == first
        assert d.button("REPEAT") == call
        d.pad("ECURIE")  # the first guest moves; the others still stand on START
        for guest in ("COMTE", "LAVANDE", "AZUR"):
            out = d.pad("START_" + guest)
            assert keys(out) == (["move.already_moved"] if guest == first else []), (seed, guest)
        assert d.n.state == "moved"
        d.button("STOP")
        second = d.n.current
        assert d.pad("START_" + second) == []  # still on START: their first move is to come
        assert d.pad("START_PECHE") != []  # not playing: touch a place
        assert d.n.state == "move" and d.n.guests[second] is None


def test_search_finds_who_was_hiding_and_they_are_hidden_no_longer():
    never_hide = dict(STILL, hide=(0, 1))  # so that the moves after the turn hide nobody again
    d = started(chances=never_hide, ROSE=("ECURIE", True), OLIVE=("ECURIE", True), FRANCIS="ECURIE")
    guest = d.n.current
    d.pad("ECURIE")
    out = d.button("SEARCH")
    result = says(out, "search.result")[0]
    assert result.args == {"place": "ECURIE", "suspects": ["OLIVE", "ROSE"], "inspecteur": False}
    assert "ROSE" not in d.n.hidden and "OLIVE" not in d.n.hidden
    # the search ends the turn: the next guest is called
    assert says(out, "turn.call")[0].args["guest"] != guest


def test_search_finding_nobody_ends_the_turn():
    d = started()
    d.pad("ECURIE")
    out = d.button("SEARCH")
    assert says(out, "search.result")[0].args == {"place": "ECURIE", "suspects": [], "inspecteur": False}
    assert keys(out)[-1] == "turn.call"


def test_search_finding_the_inspecteur_asks_to_accuse_yes_goes_to_the_accusation():
    d = started(INSPECTEUR=("ECURIE", True))
    d.pad("ECURIE")
    out = d.button("SEARCH")
    assert keys(out) == ["search.result", "accuse.found_inspecteur"]
    assert out[0].args["inspecteur"] is True and "INSPECTEUR" not in d.n.hidden
    assert d.n.state == "found"
    # other presses change nothing while the board waits (hints only)
    assert keys(d.button("SEARCH")) == ["search.already"]
    assert keys(d.pad("GARAGE")) == ["move.already_moved"]
    assert d.n.state == "found"
    assert keys(d.button("YES")) == ["accuse.announce"]
    assert d.n.state == "verdict"


def test_found_inspecteur_accuse_counts_as_yes_and_stop_as_no():
    d = started(INSPECTEUR=("ECURIE", True))
    d.pad("ECURIE")
    d.button("SEARCH")
    assert keys(d.button("ACCUSE")) == ["accuse.announce"]

    d = started(INSPECTEUR=("ECURIE", True))
    guest = d.n.current
    d.pad("ECURIE")
    d.button("SEARCH")
    out = d.button("STOP")
    assert keys(out)[-1] == "turn.call" and d.n.current != guest


def test_found_inspecteur_no_ends_the_turn():
    d = started(INSPECTEUR=("ECURIE", True))
    guest = d.n.current
    d.pad("ECURIE")
    d.button("SEARCH")
    out = d.button("NO")
    assert says(out, "turn.call")[0].args["guest"] != guest


def test_stop_ends_the_turn_after_a_hypothesis():
    d = started()
    guest = d.n.current
    d.pad("ECURIE")
    out = d.button("STOP")
    assert says(out, "turn.call")[0].args["guest"] != guest
    assert d.n.state == "move"


def test_accuse_is_refused_unless_the_inspecteur_is_here_and_known():
    d = started(INSPECTEUR=("ECURIE", True))
    d.pad("ECURIE")
    assert keys(d.button("ACCUSE")) == ["accuse.not_here"]
    assert d.n.state == "moved"
    d2 = started(INSPECTEUR="GARAGE")
    d2.pad("ECURIE")
    assert keys(d2.button("ACCUSE")) == ["accuse.not_here"]


def test_accuse_before_moving_without_a_known_inspecteur_is_refused():
    d = started(INSPECTEUR="GARAGE")
    assert keys(d.button("ACCUSE")) == ["accuse.not_here"]  # on START: no place
    assert d.n.state == "move"


def test_accuse_without_moving_when_standing_with_the_known_inspecteur():
    d = started(INSPECTEUR="KIOSQUE", guests=("COMTE", "LAVANDE"))
    first = d.n.current
    d.pad("GARAGE")
    d.button("STOP")  # second guest's turn
    d.pad("ECURIE")
    d.button("STOP")
    stage(d.n, {"INSPECTEUR": "GARAGE"}, rest="PISCINE")  # the Inspecteur walks to the first guest
    if d.n.current != first:  # the round order may call the other guest first
        d.pad("MANOIR")
        d.button("STOP")
        stage(d.n, {"INSPECTEUR": "GARAGE"}, rest="PISCINE")
    assert d.n.current == first and d.n.guests[first] == "GARAGE"
    assert keys(d.button("ACCUSE")) == ["accuse.confirm"]
    assert d.n.state == "confirm"
    # NO takes the guest back to where they were in the turn: not yet moved
    assert keys(d.button("NO")) == ["accuse.cancelled"]
    assert d.n.state == "move"


def test_accusation_confirm_then_verdict_right_wins_and_the_game_is_over():
    d = started(INSPECTEUR="ECURIE")
    guest = d.n.current
    d.pad("ECURIE")
    assert keys(d.button("ACCUSE")) == ["accuse.confirm"]
    for press in (lambda: d.pad("GARAGE"), lambda: d.button("SEARCH"), lambda: d.button("STOP")):
        assert press() == []  # nothing changes while the board waits for YES or NO
    assert d.n.state == "confirm"
    assert keys(d.button("YES")) == ["accuse.announce"]
    out = d.button("YES")
    assert keys(out) == ["accuse.right", "game.over"]
    assert out[0].args == {"guest": guest}
    assert d.n.state == "over"


def test_confirm_no_after_moving_goes_back_to_the_turn():
    d = started(INSPECTEUR="ECURIE")
    d.pad("ECURIE")
    d.button("ACCUSE")
    assert keys(d.button("NO")) == ["accuse.cancelled"]  # "very well, carry on"
    assert d.n.state == "moved"
    assert keys(d.button("SEARCH"))[0] == "search.result"


def test_wrong_accusation_eliminates_the_guest_who_is_never_called_again():
    d = started(guests=("COMTE", "LAVANDE", "PECHE"), INSPECTEUR="ECURIE")
    loser = d.n.current
    d.pad("ECURIE")
    d.button("ACCUSE")
    d.button("YES")
    out = d.button("NO")
    assert says(out, "accuse.wrong")[0].args == {"guest": loser}
    assert loser not in d.n.active and len(d.n.active) == 2
    called = []
    for _ in range(12):
        called.append(d.n.current)
        d.pad("GARAGE" if d.n.guests[d.n.current] != "GARAGE" else "MANOIR")
        d.button("STOP")
    assert loser not in called


def test_last_guest_left_wins():
    d = started(INSPECTEUR="ECURIE")
    loser = d.n.current
    d.pad("ECURIE")
    d.button("ACCUSE")
    d.button("YES")
    out = d.button("NO")
    winner = [g for g in ("COMTE", "LAVANDE") if g != loser][0]
    assert keys(out) == ["accuse.wrong", "game.last_guest", "game.over"]
    assert out[1].args == {"guest": winner}
    assert d.n.state == "over" and d.n.current is None


def test_game_over_only_repeat_and_the_switch():
    d = started(INSPECTEUR="ECURIE")
    d.pad("ECURIE")
    d.button("ACCUSE")
    d.button("YES")
    verdict = d.button("YES")
    for b in ("STOP", "SEARCH", "ACCUSE", "YES", "NO", "WAIT"):
        assert d.button(b) == []
    assert d.pad("GARAGE") == []
    assert d.button("REPEAT") == verdict  # the fanfare, the congratulations and the goodbye
    assert d.n.state == "over"
    assert keys(d.switch(False)) == []  # StopAudio + PowerOff
    assert d.n.state == "off"


def test_repeat_repeats_the_whole_last_announcement():
    d = started(ROSE="ECURIE")
    arrival = d.pad("ECURIE")
    assert keys(arrival) == ["place.enter"] and arrival[0] == Sfx("ECURIE")
    assert d.button("REPEAT") == arrival  # the place's sound and the sentence, in order
    assert d.button("REPEAT") == arrival  # twice: the same thing twice
    between = d.button("STOP")  # the moves and sound clues, then the next call
    assert keys(between)[-1] == "turn.call"
    assert d.button("REPEAT") == between


def test_repeat_after_a_hint_repeats_the_announcement_before_it():
    d = started(ROSE="ECURIE")
    arrival = d.pad("ECURIE")
    for hint, press in (
        ("move.already_moved", lambda: d.pad("GARAGE")),
        ("move.already_moved", lambda: d.pad("START_COMTE")),
    ):
        assert keys(press()) == [hint]
        assert d.button("REPEAT") == arrival
    d2 = started(INSPECTEUR="GARAGE")
    call = [say("turn.call", {"guest": d2.n.current})]
    for hint, press in (
        ("turn.move_first", lambda: d2.button("STOP")),
        ("move.not_a_place", lambda: d2.pad("START_PECHE")),
        ("accuse.not_here", lambda: d2.button("ACCUSE")),
    ):
        assert keys(press()) == [hint]
        again = d2.button("REPEAT")
        assert again[-1:] == call and hint not in keys(again)


def test_the_accuse_refusal_is_the_same_whether_the_inspecteur_hides_here_or_not():
    hiding = started(INSPECTEUR=("ECURIE", True))
    hiding.pad("ECURIE")
    elsewhere = started(INSPECTEUR="GARAGE")
    elsewhere.pad("ECURIE")
    a, b = hiding.button("ACCUSE"), elsewhere.button("ACCUSE")
    assert keys(a) == keys(b) == ["accuse.not_here"] and a[0].clips == b[0].clips


def test_repeat_during_the_roll_call_gives_the_question():
    d = Driver()
    ask = d.switch(True)[-1]
    assert d.button("REPEAT") == [ask]
    out = d.button("NO")
    assert d.button("REPEAT") == out


def test_wait_tells_the_current_guest_to_hurry():
    d = started()
    out = d.button("WAIT")
    assert keys(out) == ["turn.hurry"] and out[0].args == {"guest": d.n.current}
    d.pad("ECURIE")
    assert keys(d.button("WAIT")) == ["turn.hurry"]


def test_wait_is_ignored_outside_a_turn():
    d = Driver()
    d.switch(True)
    assert d.button("WAIT") == []


def test_guest_moves_anywhere_not_only_along_arrows():
    d = started()
    d.pad("GARDIEN")
    d.button("STOP")
    d.pad("TENNIS")  # far from GARDIEN on the ring
    assert sfx(d.log[-2][2]) == ["TENNIS"]
