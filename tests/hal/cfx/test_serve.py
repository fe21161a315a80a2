"""hal/cfx/host.Host, the host's side of CFX/1, joined in memory to the virtual
rig's core with a clock that is a number: every fault of issue 4, each a
test, with no port and no sleep. (The same over real ptys and processes:
test_serve_e2e.py.)"""


import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from firmware.actions import Say
from firmware.events import AudioDone, Battery, ButtonDown, PadDown, PadUp, Switch
from hal.cfx import link
from hal.cfx import wire as cfx
from hal.sink import Sink
from tests.support.cfx import MALFORMED_RIG_LINES, Game, count  # noqa: E402


def test_handshake_hello_then_state_then_the_link_is_up():
    g = Game()
    assert g.host.link == link.UP
    assert g.host.rig_name == "virtual-rig"
    assert "debounced" in g.host.features
    assert g.rig.heard[:2] == [("hello?",), ("state?",)]
    assert any("rig virtual-rig ready" in line for line in g.console)


def test_a_press_reaches_the_firmware_and_its_sentence_goes_back_as_play():
    g = Game()
    g.do(("sw", True))
    assert g.inputs()[0] == Switch(True)
    greeting = [a for _, k, a in g.records() if k == "out" and type(a) is Say]
    want = []
    for a in greeting:
        want += list(a.clips)
    assert g.rig.plays[0] == want
    assert g.rig.played == want  # the rig played them all...
    assert AudioDone() in g.inputs(every=True)  # ...and its DONE reached the firmware
    assert not g.host.speaker.playing


def test_a_bad_checksum_is_answered_err_and_the_press_comes_back_through_state():
    g = Game()
    g.to_first_turn()
    g.rig.corrupt_next = 1
    g.do(("pad", "ECURIE", True))  # the pawn stays on the pad
    assert ("err", "checksum") in g.rig.heard
    assert PadDown("ECURIE") not in g.inputs()
    g.rig.battery(4400)  # the next line shows the gap
    g.link.settle()
    assert g.host.stats["gaps"] == 1
    assert count(g.inputs(), PadDown("ECURIE")) == 1
    assert g.says()[-1] == "place.enter"


def test_an_over_long_line_is_dropped_whole_and_answered_err():
    g = Game()
    g.to_first_turn()
    before = g.inputs()
    g.rig.raw(b"7 PAD ECURIE DOWN" + b" ECURIE" * 30 + b"\n")
    g.link.settle()
    assert ("err", "too_long") in g.rig.heard
    assert g.inputs() == before


@pytest.mark.parametrize("line, reason", [(line, reason) for line, reason in MALFORMED_RIG_LINES if line])
def test_a_line_the_host_cannot_take_is_answered_err_with_its_reason_and_changes_nothing(line, reason):
    g = Game()
    g.to_first_turn()
    before, seq, errors = g.inputs(), g.host.last_seq, g.host.stats["errors"]
    g.rig.raw(cfx.frame(line))
    g.link.settle()
    assert g.rig.heard[-1] == ("err", reason)
    assert (g.inputs(), g.host.last_seq, g.host.stats["errors"]) == (before, seq, errors + 1)
    assert g.host.link == link.UP
    g.do(("pad", "ECURIE", True))  # and the next line is taken, its number in turn
    assert g.inputs()[-1] == PadDown("ECURIE") and g.host.stats["gaps"] == 0


def test_garbage_never_becomes_an_event():
    g = Game()
    g.to_first_turn()
    before = g.inputs()
    g.rig.raw(b"\x00\xff\xfe garbage \r\n*** 12 PAD\n\x1b[2J5 PAD ECURIE DOWN*00\n")
    g.link.settle()
    assert g.inputs() == before
    g.do(("pad", "ECURIE", True))  # and the line still works
    assert g.inputs()[-1] == PadDown("ECURIE")


def test_a_lost_line_is_found_by_its_gap_and_recovered_once_through_state():
    g = Game()
    g.to_first_turn()
    g.rig.drop_next = 1
    g.do(("pad", "ECURIE", True))  # lost; the pawn stays down
    assert PadDown("ECURIE") not in g.inputs()
    g.do(("btn", "SEARCH"))  # seq jumps: STATE? -> ECURIE is down
    assert ("state?",) in g.rig.heard[2:]
    assert count(g.inputs(), PadDown("ECURIE")) == 1
    assert any("lost before" in line for line in g.console)
    g.do(("pad", "ECURIE", False))
    assert count(g.inputs(), PadDown("ECURIE")) == 1
    assert g.inputs()[-1] == PadUp("ECURIE")


def test_a_lost_down_of_a_quick_tap_is_inferred_from_its_up_never_doubled():
    g = Game()
    g.to_first_turn()
    g.rig.drop_next = 1
    g.rig.pad("ECURIE", True)  # lost
    g.rig.pad("ECURIE", False)  # arrives after a gap: the press happened
    g.link.settle()
    g.link.advance(2000)
    ins = g.inputs()
    assert count(ins, PadDown("ECURIE")) == 1
    assert count(ins, PadUp("ECURIE")) == 1
    assert g.says()[-1] == "place.enter"


def test_duplicated_lines_count_once():
    clean = Game(seed=3)
    clean.to_first_turn()
    clean.do(("pad", "ECURIE", True), ("btn", "SEARCH"))
    dup = Game(seed=3, duplicate=1.0)
    dup.to_first_turn()
    dup.do(("pad", "ECURIE", True), ("btn", "SEARCH"))
    assert dup.host.stats["duplicates"] > 10
    assert dup.says() == clean.says()
    assert dup.inputs() == clean.inputs()


def test_a_rig_reboot_mid_game_keeps_the_game():
    g = Game()
    g.to_first_turn()
    g.do(("pad", "ECURIE", True))
    narrator = g.host.board.narrator
    state, current, guests = narrator.state, narrator.current, narrator.guests
    ins = g.inputs()
    g.rig.boot(g.link.now)  # HELLO again, seq from 0; the pawn still on ECURIE
    g.link.settle()
    assert any("HELLO again" in line for line in g.console)
    assert (narrator.state, narrator.current, narrator.guests) == (state, current, guests)
    assert g.inputs() == ins  # nothing doubled, nothing lost
    g.do(("btn", "SEARCH"))  # and the game goes on
    assert count(g.inputs(), ButtonDown("SEARCH")) == 1
    assert "search.result" in g.says()


def test_a_rig_that_stops_answering_is_gone_after_three_pings_and_the_game_waits():
    g = Game()
    g.to_first_turn()
    t0 = g.host.game_ms(g.link.now)
    g.rig.muted = True
    g.link.advance(10000)
    assert count(g.rig.heard, ("ping",)) == 3
    assert any("3 pings unanswered" in line for line in g.console)
    assert g.host.link == link.HELLO
    frozen = g.host.game_ms(g.link.now)
    assert frozen - t0 < 9000  # the game's clock stopped when the rig went
    g.link.advance(5000)
    assert g.host.game_ms(g.link.now) == frozen
    state = g.host.board.narrator.state
    g.rig.muted = False
    g.link.advance(2500)  # the next HELLO? is answered
    assert g.host.link == link.UP
    assert any("is back" in line for line in g.console)
    assert g.host.board.narrator.state == state
    g.do(("pad", "ECURIE", True))
    assert g.says()[-1] == "place.enter"


def test_the_port_vanishing_mid_turn_keeps_the_game_and_the_press_made_meanwhile_counts():
    g = Game()
    g.to_first_turn()
    narrator = g.host.board.narrator
    current = narrator.current
    g.link.unplug()
    assert g.host.link == link.DOWN
    assert any("the game waits" in line for line in g.console)
    g.rig.pad("ECURIE", True)  # a pawn moved while the cable was out
    g.link.advance(30000)
    g.link.replug(reboot=True)
    assert g.host.link == link.UP
    assert narrator.current == current
    assert count(g.inputs(), PadDown("ECURIE")) == 1
    assert g.says()[-1] == "place.enter"


def test_an_older_number_without_hello_means_a_reboot_whose_hello_was_lost():
    g = Game()
    g.to_first_turn()
    g.rig.drop_next = 1
    g.rig.boot(g.link.now)  # HELLO lost
    g.rig.pad("ECURIE", True)  # seq 0: older than the last seen
    g.link.settle()
    assert any("numbers went back" in line for line in g.console)
    assert count(g.inputs(), PadDown("ECURIE")) == 1  # through STATE


def test_a_rig_that_does_not_debounce_is_debounced_by_the_host():
    g = Game(features=("pads", "buttons", "switch", "battery", "audio"))
    g.to_first_turn()
    for down in (True, False, True, False, True):  # a bouncing contact, 2 ms apart
        g.rig.pad("ECURIE", down)
        g.link.settle()
        g.link.now += 2
    g.link.advance(100)
    assert count(g.inputs(), PadDown("ECURIE")) == 1
    assert PadUp("ECURIE") not in g.inputs()  # it settled down
    g.rig.pad("ECURIE", False)
    g.link.settle()
    g.link.advance(100)
    assert g.inputs()[-1] == PadUp("ECURIE")


def test_the_first_edge_is_not_delayed_by_debouncing():
    g = Game(features=("pads", "buttons", "switch", "battery", "audio"))
    g.to_first_turn()
    n = len(g.inputs())
    g.rig.pad("ECURIE", True)
    g.link.settle()  # no time passes
    assert g.inputs()[n] == PadDown("ECURIE")


def test_switch_off_sends_stop():
    g = Game(clip_ms=1000)
    g.do(("sw", True))
    g.rig.switch(False)
    g.link.settle()
    assert ("stop",) in g.rig.heard
    assert not g.host.speaker.playing


def test_audio_none_sends_no_play_and_prints_captions():
    g = Game(audio="none")
    g.do(("sw", True))
    assert g.rig.plays == []
    assert any("Edmond: " in line for line in g.console)


def test_a_sentence_cut_by_a_reboot_is_played_again():
    g = Game(clip_ms=500)
    g.rig.switch(True)
    g.link.settle()
    first = g.rig.plays[0]
    g.rig.boot(g.link.now)  # the speaker stops; no DONE will come
    g.link.settle()
    assert g.rig.plays[-1] == first
    g.link.advance(500 * len(first) + 100)
    assert not g.host.speaker.playing


class FakeAudioOut(Sink):
    """hal.audio.AudioOut's face: a Board sink, and poll(now) True once when drained."""

    def __init__(self):
        self.got = []
        self.drained = False

    def present(self, actions, now_ms):
        self.got += actions

    def poll(self, now_ms):
        done, self.drained = self.drained, False
        return done


def test_audio_host_hands_actions_to_the_audio_out_and_feeds_its_done():
    out = FakeAudioOut()
    g = Game(audio="host", audio_out=out)
    g.do(("sw", True))
    assert [a.key for a in out.got if type(a) is Say][0] == "power.greeting"
    assert g.rig.plays == []
    out.drained = True
    g.link.advance(100)
    assert g.inputs(every=True)[-1] == AudioDone()


def test_battery_lines_reach_the_firmware():
    g = Game()
    g.to_first_turn()
    g.rig.battery(3000)
    g.link.settle()
    assert Battery(3000) in g.inputs(every=True)
    assert g.host.board.narrator.state == "asleep"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(min_size=1, max_size=400), st.lists(st.integers(1, 400), max_size=20))
def test_random_noise_in_random_pieces_never_crashes_the_host_nor_makes_an_event(noise, cuts):
    g = Game()
    g.to_first_turn()
    before = g.inputs()
    state = g.host.board.narrator.state

    def cut(data):
        out, prev = [], 0
        for c in sorted(set(c for c in cuts if c < len(data))) + [len(data)]:
            out.append(data[prev:c])
            prev = c
        return out

    g.link.cut = cut
    g.rig.raw(noise)
    g.link.settle()
    g.link.advance(300)
    assert g.inputs() == before
    assert g.host.board.narrator.state == state
    g.rig.raw(b"\n")  # whatever the noise left half-read ends here
    g.do(("pad", "ECURIE", True))
    assert PadDown("ECURIE") in g.inputs()


def test_quiet_prints_only_the_link_and_verbose_every_line():
    g = Game(quiet=True)
    quiet = g.console
    del quiet[:]  # the link's news of the handshake
    g.do(("sw", True), ("btn", "YES"))
    assert quiet == []  # events and sentences only: none printed
    g.link.unplug()
    assert quiet and "rig gone" in quiet[-1]
    v = Game(verbose=2)
    loud = v.console
    del loud[:]
    v.do(("sw", True))
    assert any(line.startswith("  rig>  1 SW ON") for line in loud)
    assert any(line.startswith("  host> PLAY ") for line in loud)
    assert any("[power.greeting]" in line for line in loud)


def test_noise_from_a_hung_rig_does_not_keep_it_alive():
    g = Game()
    g.to_first_turn()
    g.rig.muted = True
    for _ in range(20):  # a floating RX pin: garbage, never a line
        g.rig.raw(b"\xff\x00\x13 \x7f\n")
        g.link.advance(500)
    assert any("3 pings unanswered" in line for line in g.console)


def test_audio_rig_on_a_rig_without_a_speaker_shows_captions_only():
    g = Game(features=("pads", "buttons", "switch", "battery", "debounced"))
    g.do(("sw", True))
    assert g.rig.plays == [] and ("play", [1]) not in g.rig.heard
    assert any("has no speaker" in line for line in g.console)
    assert any("Edmond: " in line for line in g.console)


def test_a_press_made_while_state_is_on_its_way_is_not_lost():
    """The UP of a press is lost; the next line shows the gap and STATE? goes
    out; before its answer comes, the button is pressed again. That press
    counts: a DOWN for a button the host thinks is down means an UP was lost."""
    g = Game()
    g.do(("sw", True))
    g.rig.button("YES", True)
    g.link.settle()
    g.rig.drop_next = 1
    g.rig.button("YES", False)  # lost
    g.rig.battery(4400)  # shows the gap: STATE? goes out...
    g.rig.button("YES", True)  # ...but these come before its answer
    g.rig.button("YES", False)
    g.link.settle()
    assert count(g.inputs(), ButtonDown("YES")) == 2
    asks = [a for _, k, a in g.records() if k == "out" and type(a) is Say and a.key == "rollcall.ask"]
    assert [a.args["guest"] for a in asks] == ["COMTE", "LAVANDE", "PECHE"]
    assert g.host.raw[("BTN", "YES")] is False and g.host.fed[("BTN", "YES")] is False


def test_a_lost_last_line_is_found_by_the_state_asked_after_a_silence():
    g = Game()
    g.rig.drop_next = 1
    g.rig.switch(True)  # lost, and nothing follows it
    g.link.settle()
    assert Switch(True) not in g.inputs()
    g.link.advance(2100)  # silence: PING, and STATE? once
    assert ("state?",) in g.rig.heard[2:]
    assert g.inputs() == [Switch(True)]
    assert g.says()[0] == "power.greeting"
