"""hal/cfx/link.py: the host's link table, driven directly (the h11 way), and
the Host held to it: every way a host's link went in the memory games of
test_serve.py is a way the table lists."""

import pytest

from hal.cfx import link as states
from hal.cfx.link import AGREED, CLOSED, DOWN, HELLO, INTRODUCED, OPENED, SILENT, SYNC, TABLE, UP, Link
from hal.cfx.rig_core import RigCore
from tests.support.link import MemoryLink, build_host


def test_the_table_names_every_state_and_leads_only_to_states():
    assert set(TABLE) == set(states.STATES)
    for state, row in TABLE.items():
        assert row[OPENED] == HELLO and row[CLOSED] == DOWN, state
        assert set(row.values()) <= set(states.STATES)
    for column in (states.TAKES_EVENTS, states.CLOCK_RUNS, states.TICKS, states.PINGED):
        assert set(column) <= set(states.STATES)


def test_the_handshake_and_its_faults():
    link = Link()
    assert link.state == DOWN
    assert link.go(OPENED, 0) == DOWN and link.state == HELLO
    link.go(INTRODUCED, 10)
    assert link.state == SYNC
    link.go(AGREED, 20)
    assert link.state == UP
    link.go(INTRODUCED, 30)  # the rig restarted
    assert link.state == SYNC
    link.go(SILENT, 40)
    assert link.state == HELLO
    link.go(AGREED, 50)  # a hung rig's late STATE: it is back
    assert link.state == UP
    link.go(CLOSED, 60)
    assert link.state == DOWN


@pytest.mark.parametrize(
    "state, happening",
    [(DOWN, INTRODUCED), (DOWN, AGREED), (DOWN, SILENT), (HELLO, SILENT), (UP, "dance")],
)
def test_a_happening_the_state_does_not_list_raises(state, happening):
    link = Link()
    link.state = state
    with pytest.raises(RuntimeError, match="cannot happen in %s" % state):
        link.go(happening, 0)
    assert link.state == state


def test_the_games_clock_runs_only_while_the_rig_is_there():
    link = Link()
    assert link.game_ms(500) == 0
    link.go(OPENED, 1000)
    assert link.game_ms(1500) == 0  # not yet: no rig
    link.go(INTRODUCED, 2000)
    assert link.game_ms(2500) == 500
    link.go(AGREED, 2600)
    assert link.game_ms(3000) == 1000
    link.go(SILENT, 3000)  # gone
    assert link.game_ms(9000) == 1000
    link.go(AGREED, 9000)  # back
    assert link.game_ms(9500) == 1500
    link.go(CLOSED, 9500)
    link.go(OPENED, 20000)
    link.go(INTRODUCED, 30000)
    assert link.game_ms(30100) == 1600


def test_a_state_before_any_hello_is_not_the_rigs():
    host = build_host()
    host.opened(0)
    host.on_line("STATE ON 4410 ECURIE -", 10)  # PROTOCOL.md: before HELLO, no STATE is the rig's
    assert host.link == HELLO and host.stats["ignored"] == 1
    assert host.fed == {}


def test_a_host_follows_the_table_through_a_game_with_faults():
    seen = set()
    host = build_host(seed=1)
    go = host._link.go

    def spy(happening, now):
        before = host.link
        left = go(happening, now)
        seen.add((before, happening, host.link))
        return left

    host._link.go = spy
    link = MemoryLink(host, RigCore())
    link.connect()
    link.rig.switch(True)
    link.settle()
    link.rig.muted = True
    link.advance(10000)  # gone after 3 pings
    link.rig.muted = False
    link.advance(2500)  # back
    link.rig.boot(link.now)  # HELLO again
    link.settle()
    link.unplug()
    link.replug()
    assert host.link == UP
    for before, happening, after in seen:
        assert TABLE[before][happening] == after
    assert {h for _, h, _ in seen} == {OPENED, INTRODUCED, AGREED, SILENT, CLOSED}
