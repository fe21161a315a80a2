"""The board's device modules (hal/mcu) one by one, on CPython with small
fakes: quick checks of what the MicroPython game test runs as a whole."""

import importlib.util
import os
import subprocess
import sys

import pytest

from hal.mcu import dfplayer
from hal.mcu.battery import Gauge
from hal.mcu.buttons import Buttons, Switch
from hal.mcu.clock import Clock
from hal.mcu.inputs import Debouncer, Inputs
from hal.mcu.mpr121 import MPR121, MPR121Error
from hal.mcu.pads import Pads
from hal.mcu.speaker import _ACK_MS as ACK_MS
from hal.mcu.speaker import _ECHO_MS as ECHO_MS
from hal.mcu.speaker import _RETRIES as RETRIES
from hal.mcu.speaker import COMMAND_GAP_MS, Speaker

HERE = os.path.dirname(os.path.abspath(__file__))
SUPPORT = os.path.join(os.path.dirname(os.path.dirname(HERE)), "support")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))


def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


faketime = _load("faketime", os.path.join(SUPPORT, "mcu", "faketime", "time.py"))


@pytest.fixture
def fakes(monkeypatch):
    """A fresh fake `machine` (tests/mcu/fakes) running on the fake ticks."""
    monkeypatch.setitem(sys.modules, "time", faketime)
    machine = _load("fake_machine", os.path.join(SUPPORT, "mcu", "fakes", "machine.py"))
    monkeypatch.setitem(sys.modules, "time", __import__("time"))
    machine.time = faketime
    faketime.set_ms(0)
    return machine


# -- clock ------------------------------------------------------------------------


def test_clock_counts_on_across_the_wrap():
    faketime.set_ms(faketime.PERIOD - 50)
    clock = Clock(faketime.ticks_ms, faketime.ticks_diff)
    seen = []
    for _ in range(10):
        faketime.advance(20)
        seen.append(clock.now())
    assert seen == list(range(20, 220, 20))
    assert faketime.ticks_ms() < 200  # it did wrap


# -- DFPlayer -----------------------------------------------------------------------


class Uart:
    def __init__(self, incoming=b""):
        self.sent = bytearray()
        self.incoming = bytearray(incoming)

    def write(self, b):
        self.sent.extend(b)

    def any(self):
        return len(self.incoming)

    def readinto(self, buf, n):
        n = min(n, len(self.incoming), 3)  # the UART gives a few bytes at a time
        buf[:n] = self.incoming[:n]
        del self.incoming[:n]
        return n


def reply(cmd, param):
    body = [0xFF, 0x06, cmd, 0, param >> 8, param & 0xFF]
    chk = -sum(body) & 0xFFFF
    return bytes([0x7E] + body + [chk >> 8, chk & 0xFF, 0xEF])


def test_track_of_folders_and_files():
    assert dfplayer.track_of(1) == (1, 1)
    assert dfplayer.track_of(255) == (1, 255)
    assert dfplayer.track_of(256) == (2, 1)
    assert dfplayer.path_of(74) == "01/074.wav"
    for bad in (0, dfplayer.MAX_CLIP + 1):
        with pytest.raises(ValueError, match="clips 1..25245"):
            dfplayer.track_of(bad)


def test_frames_of_play_stop_volume():
    uart = Uart()
    p = dfplayer.DFPlayer(uart)
    p.play(256)
    p.stop()
    p.volume(30)
    assert bytes(uart.sent) == bytes.fromhex("7EFF060F000201FEE9EF7EFF0616000000FEE5EF7EFF060600001EFED7EF")
    with pytest.raises(ValueError, match="0..30"):
        p.volume(31)


def test_replies_through_noise_and_broken_frames():
    broken = bytearray(reply(0x3D, 7))
    broken[8] ^= 1
    uart = Uart(b"\x00\x13" + reply(0x3F, 2) + bytes(broken) + b"\xff" + reply(0x3D, 9))
    p = dfplayer.DFPlayer(uart)
    got = []
    r = p.reply()
    while r is not None:
        got.append(r)
        r = p.reply()
    assert got == [(0x3F, 2), (0x3D, 9)]
    assert p.bad_frames == 1


def _commands(uart):
    """[(cmd, param, feedback)] of the frames the driver sent."""
    sent = bytes(uart.sent)
    return [(sent[i + 3], sent[i + 5] << 8 | sent[i + 6], sent[i + 4]) for i in range(0, len(sent), 10)]


def test_replies_of_a_clone_in_8_bytes():
    short = reply(0x3F, 2)[:7] + b"\xef"  # 7E FF 06 3F 00 00 02 EF: no checksum
    uart = Uart(short + reply(0x41, 0) + reply(0x3D, 9)[:7] + b"\xef")
    p = dfplayer.DFPlayer(uart)
    got = [p.reply(), p.reply(), p.reply(), p.reply()]
    assert got == [(0x3F, 2), (0x41, 0), (0x3D, 9), None]
    assert p.replies == 3 and p.bad_frames == 0


def test_speaker_stops_before_a_new_track_when_the_last_one_ended_by_itself():
    uart = Uart()
    s = Speaker(dfplayer.DFPlayer(uart))
    s.queue((1, 2))
    now = 0
    assert s.poll(now) is False and s.playing == 1
    uart.incoming += reply(0x41, 0)  # taken
    s.poll(now + 20)
    now += 900
    uart.incoming += reply(0x3D, 1)
    s.poll(now)  # clip 1 finished
    uart.incoming += reply(0x3D, 1)  # the DFPlayer's echo of it
    s.poll(now + 10)
    assert s.playing == 0  # waiting for an echo to pass
    now += ECHO_MS
    s.poll(now)  # a stop: the next track starts sooner than after an end alone
    assert s.playing == 0 and _commands(uart)[-1] == (0x16, 0, 0)
    s.poll(now + COMMAND_GAP_MS - 10)
    assert s.playing == 0  # the manual's spacing between two commands
    now += COMMAND_GAP_MS
    s.poll(now)
    assert s.playing == 2 and _commands(uart)[-1] == (0x0F, 0x0102, 1)  # acknowledged, please
    uart.incoming += reply(0x41, 0)
    s.poll(now + 30)
    assert s.playing == 2
    uart.incoming += reply(0x3D, 2)
    s.poll(now + 900)
    assert s.poll(now + 900 + ECHO_MS) is True  # all played: AudioDone
    assert s.poll(now + 1000) is False
    assert [c for c, _, _ in _commands(uart)] == [0x0F, 0x16, 0x0F, 0x16]  # stopped again, for the next


def test_speaker_sends_a_dropped_play_again_then_gives_it_up():
    uart = Uart()
    s = Speaker(dfplayer.DFPlayer(uart))
    s.queue((5, 6))
    s.poll(0)
    s.poll(ACK_MS - 10)
    assert len(_commands(uart)) == 1
    s.poll(ACK_MS)  # no ACK: dropped, sent again
    assert _commands(uart) == [(0x0F, 0x0105, 1)] * 2 and s.retried == 1
    uart.incoming += reply(0x41, 0)
    s.poll(ACK_MS + 20)
    s.poll(3 * ACK_MS)
    assert s.playing == 5 and s.retried == 1  # taken the second time: it plays
    uart.incoming += reply(0x3D, 5)
    s.poll(1000)
    t = 1000 + ECHO_MS + COMMAND_GAP_MS
    s.poll(1000 + ECHO_MS)
    s.poll(t)
    assert s.playing == 6
    for i in range(1, RETRIES + 1):
        s.poll(t + i * ACK_MS)
    assert s.playing == 6 and s.retried == 1 + RETRIES
    # never taken: given up after its retries, not after a track's timeout; all done
    assert s.poll(t + (RETRIES + 1) * ACK_MS) is True
    assert s.playing == 0 and s.lost == 1


def test_speaker_gets_over_a_lost_reply_and_a_missing_file():
    uart = Uart()
    s = Speaker(dfplayer.DFPlayer(uart), timeout_ms=1000, ack=False)
    s.queue((5, 6))
    s.poll(0)
    uart.incoming += reply(0x40, 6)  # file not found
    s.poll(10)
    s.poll(10 + COMMAND_GAP_MS)
    assert s.playing == 6
    assert s.poll(999 + 10 + COMMAND_GAP_MS) is False
    assert s.poll(2000) is True and s.lost == 1  # no reply came: given up, and all is done


class Busy:
    def __init__(self):
        self.level = 1

    def value(self):
        return self.level


def test_speaker_follows_a_silent_clone_on_its_busy_pin():
    uart = Uart()
    busy = Busy()
    s = Speaker(dfplayer.DFPlayer(uart), ack=False, busy=busy)
    s.queue((7, 8))
    s.poll(0)
    s.poll(600)
    assert s.playing == 7 and _commands(uart) == [(0x0F, 0x0107, 0)]  # no ACK asked, none awaited
    busy.level = 0  # it sounds
    s.poll(700)
    s.poll(1500)
    assert s.playing == 7
    busy.level = 1  # it ended
    s.poll(1510)
    assert s.playing == 0
    s.poll(1510 + ECHO_MS)
    s.poll(1510 + ECHO_MS + COMMAND_GAP_MS)
    assert s.playing == 8 and [c for c, _, _ in _commands(uart)] == [0x0F, 0x16, 0x0F]


def test_speaker_waits_for_the_dfplayer_to_start_or_say_ready():
    uart = Uart()
    s = Speaker(dfplayer.DFPlayer(uart), ready_ms=3000)
    s.set_volume(20)
    s.queue((3,))
    s.poll(100)
    s.poll(2900)
    assert not uart.sent  # a module may take 3 s to read its card
    uart.incoming += reply(0x3F, 2)  # card online
    s.poll(2950)
    assert bytes(uart.sent) == bytes.fromhex("7EFF0606000014FEE1EF")  # the volume first
    s.poll(2950 + COMMAND_GAP_MS)
    assert s.playing == 3


def test_speaker_stop_empties_the_queue():
    uart = Uart()
    s = Speaker(dfplayer.DFPlayer(uart), capacity=2)
    s.queue((1, 2, 3))
    assert s.dropped == 1
    s.stop(0)
    assert s.idle() and not uart.sent  # nothing played yet: nothing to cut
    s.queue((1, 2))
    s.poll(0)
    s.stop(5)
    assert s.idle() and s.poll(100) is False  # no DONE after a STOP
    assert bytes(uart.sent[-10:]) == bytes.fromhex("7EFF0616000000FEE5EF")


# -- inputs ----------------------------------------------------------------------------


def test_debouncer_needs_the_bits_to_hold_still():
    d = Debouncer(3, 30)
    assert d.update(0b001, 0) == 0
    assert d.update(0b000, 5) == 0  # a bounce
    assert d.update(0b001, 10) == 0
    assert d.update(0b001, 39) == 0
    assert d.update(0b001, 40) == 0b001 and d.state == 0b001
    assert d.update(0b101, 50) == 0
    assert d.update(0b100, 80) == 0b100  # bit 2 held 30 ms; bit 0 only just let go
    assert d.update(0b100, 110) == 0b001 and d.state == 0b100


class Pin:
    def __init__(self, level=1):
        self.level = level

    def value(self):
        return self.level


def test_inputs_report_pads_before_the_switch(fakes):
    i2c = fakes.I2C(0)
    touch = [MPR121(i2c, 0x5A, 9), MPR121(i2c, 0x5B, 4)]
    for t in touch:
        t.reset()
    from hal.mcu import config

    pins = [Pin() for _ in range(7)]
    switch = Pin()
    buttons = Buttons(pins, config.BUTTON_NAMES)
    inputs = Inputs(Pads(touch, config.PAD_ELECTRODES), buttons, Switch(switch), 30)
    fakes.WORLD.apply("pad ECURIE 1")
    fakes.WORLD.apply("pad START_AZUR 1")
    switch.level = 0
    pins[4].level = 0  # YES
    assert inputs.poll(0) == []
    assert inputs.poll(30) == [
        ("PAD", "ECURIE", True),
        ("PAD", "START_AZUR", True),
        ("BTN", "YES", True),
        ("SW", "SWITCH", True),
    ]
    assert inputs.pads_down() == ["ECURIE", "START_AZUR"] and inputs.buttons_down() == ["YES"]
    assert inputs.switch_on()


# -- MPR121 -------------------------------------------------------------------------------


def test_mpr121_set_up_like_adafruit_in_stop_mode(fakes):
    i2c = fakes.I2C(0)
    m = MPR121(i2c, 0x5A, electrodes=9)
    model = fakes.WORLD.touch[0x5A]
    assert model.regs[0x5E] == 0 and model.resets == 0  # nothing sent by the constructor
    m.reset(touch=20, release=10)
    assert model.resets == 1 and model.stop_mode_violations == 0
    assert model.regs[0x5E] == 0x89  # run: tracking from the first reading, 9 electrodes
    assert model.regs[0x41] == 20 and model.regs[0x42] == 10 and model.regs[0x41 + 2 * 11] == 20
    assert bytes(model.regs[0x2B:0x36]) == b"\x01\x01\x0e\x00\x01\x05\x01\x00\x00\x00\x00"
    assert model.regs[0x5C] == 0x10 and model.regs[0x5D] == 0x20
    model.touched = 0b1000000101  # electrode 9 is not run
    assert m.touched() == 0b101
    assert m.baseline(0) == 700 and m.filtered(0) == 640 and m.filtered(1) == 700


def test_mpr121_starts_from_calibrated_baselines(fakes):
    m = MPR121(fakes.I2C(0), 0x5B, electrodes=4)
    m.reset(baselines=(600, 604, 608, 612))
    model = fakes.WORLD.touch[0x5B]
    assert bytes(model.regs[0x1E:0x22]) == bytes([150, 151, 152, 153])
    assert model.regs[0x5E] == 0x04  # tracking from the baselines written


def test_mpr121_missing_says_where_to_look(fakes):
    m = MPR121(fakes.I2C(0), 0x5C)
    with pytest.raises(MPR121Error, match="0x5C did not answer.*SDA, SCL"):
        m.reset()


def test_pads_keep_their_state_through_a_bus_glitch(fakes):
    i2c = fakes.I2C(0)
    from hal.mcu import config

    touch = [MPR121(i2c, 0x5A, 9), MPR121(i2c, 0x5B, 4)]
    for t in touch:
        t.reset()
    pads = Pads(touch, config.PAD_ELECTRODES)
    fakes.WORLD.apply("pad MANOIR 1")
    assert pads.read() == 1 << 2
    fakes.WORLD.i2c_errors = 1
    fakes.WORLD.apply("pad MANOIR 0")
    assert pads.read() == 1 << 2 and pads.errors == 1
    assert pads.read() == 0


# -- battery ----------------------------------------------------------------------------------


def test_gauge_millivolts_from_u16_and_from_uv():
    class U16:
        def read_u16(self):
            return 44676  # 2.25 V on a 3.3 V reference

    class UV:
        def read_uv(self):
            return 2_100_000

    assert Gauge(U16(), 2, 3300).millivolts() == 4499
    assert Gauge(UV(), 2).millivolts() == 4200


# -- MicroPython rules ----------------------------------------------------------------------------


def test_hal_mcu_passes_ruff():
    root = ROOT
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "ruff",
            "check",
            "hal/mcu",
            "hal/bringup",
            "tests/support/mcu",
        ],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    assert r.returncode == 0, r.stdout + r.stderr


def test_hal_mcu_uses_nothing_micropython_lacks():
    root = os.path.join(ROOT, "hal", "mcu")
    banned = (
        "dataclass",
        "import enum",
        "import abc",
        "functools",
        "itertools",
        "from typing",
        'f"',
        "[*",
        "{**",
    )
    for name in sorted(os.listdir(root)):
        if name.endswith(".py"):
            with open(os.path.join(root, name)) as f:
                text = f.read()
            for word in banned:
                assert word not in text, "%s uses %s" % (name, word)


def test_a_card_without_the_sentence_tracks_says_the_sentence_clip_by_clip(monkeypatch):
    """The board's table names a whole sentence's track; the card has only
    the clips (written with --clips-only, or by an older clue-fx): the module
    says "no such file", the sentence is said clip by clip after all, and
    every later one too (the table is set aside)."""
    import io

    from hal.bringup.sentences import BASE, _many, sentences, table
    from hal.mcu import sentences as reader
    from hal.mcu.standalone import SpeakerSink

    seqs = _many(sentences())
    uart = Uart()
    s = Speaker(dfplayer.DFPlayer(uart))
    sink = SpeakerSink(s)
    monkeypatch.setattr(reader, "load", lambda path: reader.Sentences(io.BytesIO(table(seqs))))  # in memory
    reader.attach(sink, "sentences.bin")

    class Said:
        clips = seqs[5]

    sink.say(Said, 0)
    s.poll(0)
    assert s.playing == BASE + 6  # the whole sentence's track
    uart.incoming += reply(0x41, 0) + reply(0x40, 6)  # taken, then: no such file
    s.poll(20)
    assert s.missing == 1 and sink.sentences is None
    played = []
    now = 20
    while not s.idle():
        now += 10
        s.poll(now)
        if s.playing and (not played or played[-1] != s.playing):
            played.append(s.playing)
            uart.incoming += reply(0x41, 0)
            s.poll(now + 10)
            now += 300
            uart.incoming += reply(0x3D, 1)
    assert played == list(seqs[5])


def test_sentences_said_together_join_in_one_track_while_the_first_waits(monkeypatch):
    """A pawn's arrival: its place's sound, then what is seen there, queued
    in one input: one track (hal/bringup/sentences.py's TOGETHER); a
    sentence that comes once the one before has started is its own track."""
    import io

    from firmware.actions import Sfx
    from firmware.phrases import say
    from hal.bringup.sentences import _many, sentences, table
    from hal.mcu import sentences as reader
    from hal.mcu.standalone import SpeakerSink

    seqs = _many(sentences())
    s = Speaker(dfplayer.DFPlayer(Uart()))
    sink = SpeakerSink(s)
    monkeypatch.setattr(reader, "load", lambda path: reader.Sentences(io.BytesIO(table(seqs))))
    reader.attach(sink, "sentences.bin")
    enter = say("place.enter", {"place": "ECURIE", "suspects": ["ROSE"], "inspecteur": False})
    sink.sfx(Sfx("ECURIE"), 0)
    sink.say(enter, 0)
    both = (Sfx("ECURIE").clip,) + tuple(enter.clips)
    assert s._len == 1 and s._ring[s._head] == sink.sentences.track(both) > 0
    s.poll(0)  # it starts
    assert s.playing and s._len == 0
    call = say("turn.call", {"guest": "COMTE"})
    sink.say(call, 0)  # too late to join: its own track
    assert s._len == 1 and s._ring[s._head] == sink.sentences.track(call.clips) > 0
    sink.sfx(Sfx("GARAGE"), 0)  # no track of a call then a place's sound: a clip after it
    assert s._len == 2 and s._ring[(s._head + 1) % len(s._ring)] == Sfx("GARAGE").clip
