"""The composer (hal/compose.py): every screen's board and desk built in one
place, a resumed game's batteries by one rule, the presses in flight fed
first, and the serial host's desk with no batteries of its own."""

import io

import pytest

from firmware.events import Battery, PadDown, Switch
from hal.cfx.rig_core import RigCore
from hal.compose import compose, resumed_millivolts, serial_host
from hal.console import Console
from hal.desk import DEFAULT_MV
from hal.resume import rebuild
from hal.trace import load
from tests.support.link import MemoryLink, captions


def resumed_at(mv, seed=3):
    """A game switched on, one battery reading of `mv`, rebuilt from its trace."""
    stream = io.StringIO()
    desk = compose(seed, trace=stream, millivolts=mv)
    desk.set_switch(True, 0)
    desk.step(10)  # the reading the switch asked for
    return rebuild(load(io.StringIO(stream.getvalue())))[0]


@pytest.mark.parametrize("mv", [0, 1, 3300, 5000])
def test_a_resumed_game_keeps_its_last_reading_even_0_mv(mv):
    resumed = resumed_at(mv)
    assert resumed.millivolts == mv
    assert resumed_millivolts(resumed, 4200) == mv
    assert compose(resumed.seed, resumed=resumed, millivolts=4200).millivolts == mv  # 0 mV is a reading


def test_without_a_reading_the_screen_s_batteries_are_kept():
    assert resumed_millivolts(None, 4200) == 4200
    assert compose(1, millivolts=4200).millivolts == 4200
    assert compose(1).millivolts == DEFAULT_MV


class Table:
    """A card table as the composer sees it (sim.hotseat.restore.card_table builds the real ones)."""

    def __init__(self):
        self.heard = []

    def sinks(self):
        return (self,)

    def setup_line(self):
        return {"t": 0, "table": {"seats": {}, "hints": False}}

    def records(self, t):
        return []

    def refuses(self, button):
        return None

    def step(self, t, quiet):
        return []

    def present(self, outs, now_ms):
        self.heard.append(outs)


def test_a_table_s_sinks_follow_the_screen_s_its_first_line_opens_the_trace_its_presses_in_flight_go_first():
    stream = io.StringIO()
    order = []

    class Sink:
        def present(self, outs, now_ms):
            order.append("screen")

    table = Table()
    due = [Switch(True), PadDown("ECURIE")]
    desk = compose(5, trace=stream, sinks=[Sink()], table=table, due=due, now=7)
    assert desk.table is table and desk.board.sinks[-1] is table
    trace = load(io.StringIO(stream.getvalue()))
    assert [obj for _, obj in trace.extras] == [table.setup_line()]
    fed = [obj for t, way, obj in trace.records if way == "in"]
    assert [e.as_dict() for e in fed] == [e.as_dict() for e in due]  # fed before anything else, in order
    assert order and table.heard  # the screen's sink and the table's both heard the board


def test_the_serial_host_s_desk_sends_no_readings_of_its_own():
    """The rig reports its batteries: each BATTERY line is fed once, as it
    comes; the desk's schedule adds no reading of its own."""
    stream = io.StringIO()
    host = serial_host(Console(captions("en"), lambda line: None), audio="none", seed=2, trace=stream)
    assert host.desk.millivolts is None and host.desk.reading() is None
    link = MemoryLink(host, RigCore(millivolts=4400, battery_every_ms=0))  # it reports when told only
    link.connect()
    link.rig.switch(True)
    link.advance(1000)
    link.rig.battery(3100, link.now)
    link.advance(25000)  # two and a half of the desk's battery periods
    assert host.millivolts == 3100
    readings = [obj.millivolts for _, way, obj in load(io.StringIO(stream.getvalue())).records
                if way == "in" and type(obj) is Battery]  # fmt: skip
    assert readings == [4400, 3100]  # its STATE's, then its BATTERY line's: nothing of the desk's
