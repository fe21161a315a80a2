"""The host against the rig faults of issue 12, in memory (the h11 way, a
clock that is a number): a repeated edge and a duplicated pair are one
press, a STATE with every input down resyncs, a STATE before this port's
HELLO is not the rig's, ERR is never a flood, the ping period is refused
below its floor, a restarted rig that really is off is said to be off, and
the lists a long game appends to stay bounded."""

import pytest

from firmware.actions import Say
from firmware.board import BUTTONS, PADS
from firmware.events import ButtonDown, PadDown, Switch
from hal import captions
from hal.cfx import host as host_
from hal.cfx import seq, wire
from hal.cfx.rig_core import RigCore
from tests.support.cfx import Game, count
from tests.support.link import build_host


def inject(g, *texts):
    """Lines from the rig, framed, numbered from the rig's own next number
    ("{}" in a text is replaced by a number: {0} the next, {1} the one after...)."""
    base = g.rig.seq
    highest = -1
    for text in texts:
        n = [(base + i) % wire.SEQ_MOD for i in range(8)]
        line = text.format(*n)
        highest = max([highest] + [i for i in range(8) if "{%d}" % i in text])
        g.rig.raw(wire.frame(line))
    g.rig.seq = (base + highest + 1) % wire.SEQ_MOD
    g.link.settle()
    g.link.advance(100)


def guests(g):
    asks = [a for _, k, a in g.records() if k == "out" and type(a) is Say and a.key == "rollcall.ask"]
    return [a.args["guest"] for a in asks]


def test_a_repeated_edge_with_no_gap_is_one_press():
    g = Game()
    g.do(("sw", True))
    assert guests(g) == ["COMTE"]
    inject(g, "{0} BTN YES DOWN", "{1} BTN YES DOWN", "{2} BTN YES UP")  # the three lines
    assert count(g.inputs(), ButtonDown("YES")) == 1
    assert guests(g) == ["COMTE", "LAVANDE"]  # one physical YES enrols one guest
    assert g.host.stats["repeats"] == 1 and g.host.stats["gaps"] == 0


def test_a_duplicated_pair_of_lines_is_one_press():
    g = Game()
    g.do(("sw", True))
    inject(g, "{0} BTN YES DOWN", "{1} BTN YES UP", "{0} BTN YES DOWN", "{1} BTN YES UP")
    assert count(g.inputs(), ButtonDown("YES")) == 1
    assert guests(g) == ["COMTE", "LAVANDE"]
    assert g.host.stats["duplicates"] >= 1  # the second {0}; the second {1} is then a repeat
    g.do(("btn", "YES"))  # and the numbering goes on from the rig's
    assert count(g.inputs(), ButtonDown("YES")) == 2


def test_a_repeated_edge_after_lost_lines_is_still_a_press():
    """After a gap the host's belief is stale: the repeat means its opposite was lost."""
    g = Game()
    g.do(("sw", True))
    inject(g, "{0} BTN YES DOWN", "{2} BTN YES DOWN", "{3} BTN YES UP")  # {1} (an UP) lost
    assert count(g.inputs(), ButtonDown("YES")) == 2


def test_a_state_with_every_input_down_fits_and_resyncs():
    g = Game()
    rig = g.rig
    rig.battery(4500)  # a first numbered line: the host knows where the rig's numbers are
    g.link.settle()
    rig.drop_next = 1 + len(PADS) + len(BUTTONS)  # every edge lost: only STATE can tell
    rig.switch(True)
    for p in PADS:
        rig.pad(p, True)
    for b in BUTTONS:
        rig.button(b, True)
    line = rig.state_text()
    assert len(wire.frame(line)) - 1 <= wire.MAX_LINE and len(line) > 160, len(line)
    rig.battery(4400)  # a line after the lost ones: the gap, STATE?
    g.link.settle()
    ins = g.inputs()
    assert Switch(True) in ins
    assert all(PadDown(p) in ins for p in PADS) and all(ButtonDown(b) in ins for b in BUTTONS)
    assert all(g.host.raw[("PAD", p)] for p in PADS) and all(g.host.raw[("BTN", b)] for b in BUTTONS)
    assert g.host.link == host_.UP


def test_a_state_before_this_ports_hello_does_not_bring_the_link_up():
    g = Game()
    g.link.unplug()
    g.host.opened(g.link.now)  # the port again: someone else may be there now
    g.host.on_bytes(wire.frame(wire.state_line(True, 4400, ("ECURIE",), ())), g.link.now)
    assert g.host.link == host_.HELLO
    assert PadDown("ECURIE") not in g.inputs() and g.host.stats["ignored"] >= 1
    fresh = build_host(seed=1)
    fresh.opened(0)
    fresh.on_bytes(wire.frame(wire.state_line(True, 4400, (), ())), 0)
    assert fresh.link == host_.HELLO


def test_no_err_before_hello_and_never_more_than_a_few_a_second():
    host = build_host(seed=1)
    host.opened(0)
    host.take()
    for i in range(200):  # a REPL's prompt and tracebacks, before any HELLO
        host.on_bytes(b">>> Traceback (most recent call last):\r\n", i)
    assert b"ERR" not in host.take()
    host.on_bytes(wire.frame(wire.hello_line("r", ("debounced",))), 300)
    host.take()
    for i in range(1000):  # a second of garbage from a rig that said HELLO
        host.on_bytes(b"garbage*00\n", 1000 + i)
    errs = host.take().count(b"ERR")
    assert 1 <= errs <= seq.ERR_PER_S
    host.on_bytes(wire.frame("ERR checksum"), 2500)  # an ERR is never answered
    assert b"ERR" not in host.take()


@pytest.mark.parametrize("ms", [0, -1, -2000, 50, 1.5, "2000"])
def test_a_ping_period_below_its_floor_is_refused_in_one_line(ms):
    with pytest.raises(ValueError) as e:
        build_host(seed=1, ping_ms=ms)
    assert "give at least %d ms" % host_.MIN_PING_MS in str(e.value) and "\n" not in str(e.value)


def test_a_rig_restarted_with_its_switch_off_is_said_to_be_off():
    g = Game()
    g.to_first_turn()
    g.link.rig = RigCore()  # another rig program: its board's switch is OFF
    g.link.connect()
    ready = [line for line in g.console if "ready:" in line]
    assert "its switch is OFF" in ready[-1] and "goes on" not in ready[-1]
    assert g.inputs()[-1] == Switch(False)
    kept = Game()
    kept.to_first_turn()
    kept.link.rig.boot(kept.link.now)  # the same board rebooted: its switch still ON
    kept.link.settle()
    kept.link.advance(100)
    assert "ready: the game goes on" in [line for line in kept.console if "ready:" in line][-1]
    assert Switch(False) not in kept.inputs()


def test_a_long_game_grows_no_list(monkeypatch):
    """REPEAT pressed over and over: each is a PLAY; the host's, the rig's and
    the audio's records stay under twice their bound (a small bound here)."""
    from hal import audio as audio_

    monkeypatch.setattr(seq, "KEEP", 50)
    monkeypatch.setattr(audio_, "PLAYED_KEEP", 50)
    out = audio_.AudioOut(captions.load("en"), backend="silent", notice=lambda line: None)
    g = Game()
    g.to_first_turn()
    speaker = Game(audio="host", audio_out=out)
    speaker.to_first_turn()
    most = {}
    for _ in range(400):
        for game in (g, speaker):
            game.rig.button("REPEAT", True)
            game.link.settle()
            game.rig.button("REPEAT", False)
            game.link.settle()
            game.link.advance(200)
        sizes = {
            "host.plays": len(g.host.speaker.plays),
            "rig.plays": len(g.rig.plays),
            "rig.played": len(g.rig.played),
            "rig.heard": len(g.rig.heard),
            "rig.sent": len(g.rig.sent),
            "audio.played": len(out.played),
        }
        for k, v in sizes.items():
            most[k] = max(most.get(k, 0), v)
    assert count(g.inputs(), ButtonDown("REPEAT")) == 400
    assert all(v <= 100 for v in most.values()), most
    assert min(most.values()) >= 50, most  # each list did fill up to its bound
    assert len(g.host.speaker._unfinished) < 100 and len(g.rig.queue) <= 256
