"""The desktop board, headless: SDL's dummy video driver and its disk audio
driver (the speaker's output goes to a file, faster than real time). Real
pygame events are posted into pygame's queue; frames are stepped with a
made-up clock; the real hal.audio.AudioOut plays the real WAVs.

Waits are on a condition with a deadline (the mixer's thread), never a sleep.
"""

import io
import json
import time

import pytest

pygame = pytest.importorskip("pygame")

from firmware.board import BUTTONS, PLACES, START_PADS  # noqa: E402
from hal import captions  # noqa: E402
from sim import app as sim_app  # noqa: E402
from sim import layout as L  # noqa: E402
from sim import window  # noqa: E402
from sim.paint.draw import LIT, PAD_FILL  # noqa: E402
from sim.transcript import Transcript  # noqa: E402
from tests.support.window import FRAME, key_down, key_up, make_app, post, tap  # noqa: E402


@pytest.fixture
def speaker(monkeypatch, tmp_path):
    """Dummy display; the mixer writes what it plays to speaker.raw."""
    path = tmp_path / "speaker.raw"
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "disk")
    monkeypatch.setenv("SDL_DISKAUDIOFILE", str(path))
    monkeypatch.setenv("SDL_DISKAUDIODELAY", "1")  # ~20x faster than real time
    yield path
    pygame.quit()








def pixel(app, target):
    return tuple(app.screen.get_at(app.layout.lit_probe(target)))[:3]


def wait_until(app, condition, what, seconds=20):
    """Step frames until `condition()`; fail after `seconds` of real time.
    Board time stands still meanwhile: only the mixer's thread moves on."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out waiting for " + what
        app.step(0)


def caption_text(app):
    return " ".join(text for text, _ in app.scene().caption)


def said(app, clip_name):
    return app.captions.clip_by_name(clip_name)


@pytest.mark.parametrize(("seed", "lang", "hidden"), [(11, "fr", False), (13, "en", True)])
def test_a_whole_game_to_a_verdict_with_the_mouse_and_the_keys(speaker, seed, lang, hidden):
    app = make_app(seed=seed, lang=lang)
    n = app.board.narrator
    assert ("INSPECTEUR" in n.hidden) == hidden  # seed 13: he must be searched for
    assert app.audio.backend == "pygame"
    assert n.state == "rollcall" and app.switch_on
    assert said(app, "phrase.greeting") in app.transcript.log[-2][0]

    # Roll call: the Comte and Lady Lavande play, Melle Pêche and the Prince do not.
    for ch in "yynn":
        tap(app, ch)
    assert n.guests == {"COMTE": None, "LAVANDE": None}
    assert n.state == "move" and n.current in ("COMTE", "LAVANDE")
    assert app.labels.guests[n.current] in app.scene().status

    # The current guest walks to where the Inspecteur really is: press and hold his pad.
    where = n.positions["INSPECTEUR"]
    target = ("pad", where)
    assert pixel(app, target) == PAD_FILL
    post(pygame.MOUSEBUTTONDOWN, pos=app.layout.pad_center(where), button=1)
    app.step(FRAME)
    assert pixel(app, target) == LIT  # the pad lights while held
    assert n.guests[n.current] == where
    enter = app.transcript.caption[-1]
    assert app.captions.clip_by_name("at." + where).lower() in enter[0].lower()
    assert enter[0] in caption_text(app)
    post(pygame.MOUSEBUTTONUP, pos=app.layout.pad_center(where), button=1)
    app.step(FRAME)
    assert pixel(app, target) == PAD_FILL
    assert n.pads_down == set()

    # Accuse (the Inspecteur in plain sight) or search for him (hidden), then YES, YES.
    if "INSPECTEUR" in n.hidden:
        tap(app, "f")
        assert n.state == "found"
        assert said(app, "phrase.found_inspecteur") in caption_text(app)
    else:
        key_down(app, "a")
        assert pixel(app, ("button", "ACCUSE")) == LIT
        key_up(app, "a")
        assert n.state == "confirm"
        assert said(app, "phrase.confirm_accusation") in caption_text(app)
    tap(app, "y")
    assert n.state == "verdict"
    assert said(app, "phrase.accusation") in caption_text(app)
    winner = n.current
    tap(app, "y")
    assert n.state == "over"
    text = caption_text(app)
    assert app.captions.clip_by_name("guest." + winner)[1:] in text
    assert said(app, "phrase.right") in text and said(app, "phrase.game_over") in text

    # The mixer really played every clip the board said, in order, into the speaker file.
    spoken = [c for a in _says(app) for c in a]
    wait_until(app, lambda: len(app.audio.played) >= len(spoken) and not app.audio.busy(), "the last clip")
    assert app.audio.played == spoken
    assert app.notices == []
    pygame.mixer.quit()  # flush the speaker file
    raw = speaker.read_bytes()
    assert len(raw) > 22050 * 2 * 3  # more than 3 s of sound
    assert raw.count(b"\0") < len(raw) * 0.9  # not silence


def _says(app):
    """The clip lists of every Say and Sfx the board gave (recorded below)."""
    return app.transcript.spoken


@pytest.fixture(autouse=True)
def _record_spoken(monkeypatch):
    """Keep the clips of every Say/Sfx the window shows (its transcript, a sink, sees them all)."""
    original = Transcript.present

    def present(self, actions, now_ms):
        spoken = self.__dict__.setdefault("spoken", [])
        for a in actions:
            clips = getattr(a, "clips", None) or ((a.clip,) if hasattr(a, "clip") else None)
            if clips:
                spoken.append(tuple(clips))
        return original(self, actions, now_ms)

    monkeypatch.setattr(Transcript, "present", present)


def test_batteries_drained_below_3300_mV_switch_the_board_off(speaker):
    app = make_app(seed=5, lang="en")
    n = app.board.narrator
    probe = ("pad", "ECURIE")
    assert pixel(app, probe) == PAD_FILL
    # Click the gauge's minus button down to 3500 mV: "the batteries are low".
    minus = app.layout.p((L.GAUGE_MINUS[0] + 10, L.GAUGE_MINUS[1] + 10))
    for _ in range(10):
        post(pygame.MOUSEBUTTONDOWN, pos=minus, button=1)
        post(pygame.MOUSEBUTTONUP, pos=minus, button=1)
        app.step(FRAME)
    assert app.millivolts == 3500
    assert said(app, "phrase.battery_low") in caption_text(app)
    assert n.state == "rollcall"
    # The '-' key, three times: 3200 mV, empty, the board goes dark.
    for _ in range(3):
        tap(app, "-")
    assert app.millivolts == 3200
    assert said(app, "phrase.battery_empty") in caption_text(app)
    assert n.state == "asleep"
    dark = pixel(app, probe)
    assert max(dark) < 90, dark  # a dark board
    assert app.scene().dark
    # New batteries, then OFF and ON: the board wakes and greets again.
    for _ in range(13):
        tap(app, "+")
    assert app.millivolts == 4500
    tap(app, "o")
    assert n.state == "off" and max(pixel(app, probe)) < 90
    tap(app, "o")
    assert n.state == "rollcall"
    assert pixel(app, probe) == PAD_FILL
    assert said(app, "phrase.greeting") in caption_text(app)


def test_the_battery_is_read_every_ten_seconds_of_board_time_and_written_when_it_changes(speaker):
    stream = io.StringIO()
    stream.close = lambda: None
    app = make_app(trace=stream, backend="silent")
    fed, feed = [], app.board.feed  # what the board is fed from now on (the first reading, at 0, is in already)
    app.board.feed = lambda event, now: fed.append((now, event)) or feed(event, now)
    for _ in range(int(25000 / FRAME) + 1):
        app.step(FRAME)
    readings = [t for t, e in fed if type(e).__name__ == "Battery"]
    assert len(readings) == 2
    assert 10000 <= readings[0] < 10000 + FRAME and 10000 <= readings[1] - readings[0] < 10000 + FRAME

    def written():
        lines = [json.loads(line) for line in stream.getvalue().splitlines()[1:]]
        return [(r["t"], r["in"]["millivolts"]) for r in lines if r.get("in", {}).get("type") == "Battery"]

    assert written() == [(0, app.desk.millivolts)]  # the same since: not written again (issue 42)
    app.set_battery(app.desk.millivolts - 100)
    app.step(FRAME)
    assert [mv for _, mv in written()] == [app.desk.millivolts + 100, app.desk.millivolts]  # read at once, written


def test_every_pad_and_button_has_a_key_and_lights(speaker):
    app = make_app(backend="silent")
    from sim.keys import key_of

    for target in [("pad", p) for p in PLACES + START_PADS] + [("button", b) for b in BUTTONS]:
        ch = key_of(target)
        key_down(app, ch)
        assert pixel(app, target) == LIT, target
        assert target[1] in app.board.narrator.pads_down or target[0] == "button"
        key_up(app, ch)
        assert pixel(app, target) != LIT, target


def test_the_digit_row_works_on_an_azerty_keyboard(speaker):
    app = make_app(backend="silent")
    post(pygame.KEYDOWN, key=ord("&"), unicode="&", mod=0, scancode=30)  # the "1" key of AZERTY
    app.step(FRAME)
    assert app.board.narrator.pads_down == {"GARDIEN"}
    post(pygame.KEYUP, key=ord("&"), mod=0, scancode=30)
    app.step(FRAME)
    assert app.board.narrator.pads_down == set()


def test_a_resized_window_scales_the_board_and_its_pads(speaker):
    app = make_app(backend="silent")
    pygame.display.set_mode((640, 400), pygame.RESIZABLE)
    post(pygame.VIDEORESIZE, size=(640, 400), w=640, h=400)
    app.step(FRAME)
    assert app.layout.scale == pytest.approx(0.5)
    centre = app.layout.pad_center("KIOSQUE")
    assert max(centre) < 640
    post(pygame.MOUSEBUTTONDOWN, pos=centre, button=1)
    app.step(FRAME)
    assert app.board.narrator.pads_down == {"KIOSQUE"}
    assert pixel(app, ("pad", "KIOSQUE")) == LIT


def test_idle_frames_draw_nothing_new(speaker):
    app = make_app(backend="silent")
    for _ in range(5):
        app.step(FRAME)
    drawn = app.frames_drawn
    for _ in range(100):
        app.step(FRAME)
    assert app.frames_drawn == drawn
    tap(app, "y")  # an answer: the caption changes, the window is redrawn
    assert app.frames_drawn > drawn


def test_help_and_debug_overlays(speaker):
    app = make_app(backend="silent")
    before = pygame.image.tobytes(app.screen, "RGB")
    post(pygame.KEYDOWN, key=pygame.K_F1, unicode="", mod=0, scancode=58)
    app.step(FRAME)
    assert app.help and pygame.image.tobytes(app.screen, "RGB") != before
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, unicode="\x1b", mod=0, scancode=41)
    app.step(FRAME)
    assert not app.help and app.running
    # F3: a token for the Inspecteur beside the place where he really is.
    post(pygame.KEYDOWN, key=pygame.K_F3, unicode="", mod=0, scancode=60)
    app.step(FRAME)
    assert app.debug
    scene = app.scene()
    assert scene.positions == app.board.narrator.positions and scene.hidden == app.board.narrator.hidden
    status = scene.status
    assert "[rollcall]" in status


def test_a_trace_of_the_window_replays_identically(speaker):
    from hal.trace import read, replay

    stream = io.StringIO()
    stream.close = lambda: None
    app = make_app(seed=3, trace=stream, backend="silent")
    for ch in "yynn15s":
        tap(app, ch)
    seed, records = read(io.StringIO(stream.getvalue()))
    assert seed == 3
    assert replay(seed, records) is None
    assert sum(1 for r in records if r[1] == "in") > 10


@pytest.mark.slow  # every clip played through the mixer: a long run (docs/testing.md, the quick lane)
def test_selftest_plays_every_clip_and_lights_every_pad_and_button(speaker):
    from sim.selftest import TARGETS, SelfTest, every_clip

    lines = []
    screen = window.open_window()
    audio = window.make_audio("en", "pygame", 0.8, lines.append)
    manifest = captions.load_manifest()
    test = SelfTest(audio, captions.Captions("en", manifest), every_clip(manifest), out=lines.append)
    app = sim_app.App(screen, lang="en", audio=audio, switch_on=False, selftest=test)
    seen = set()
    deadline = time.monotonic() + 60
    while not test.done:
        assert time.monotonic() < deadline, "selftest too slow"
        app.step(FRAME)
        for target in test.lit:
            if target not in seen:
                assert pixel(app, target) == LIT, target
                seen.add(target)
    assert seen == set(TARGETS)
    assert audio.played == test.numbers == list(range(1, len(test.numbers) + 1))
    assert lines[0].startswith("0001  jingle.greeting")
    assert lines[-1].startswith(
        "selftest: %d clips of the en edition, %d played (sound: pygame)"
        % (len(test.numbers), len(test.numbers))
    )
    assert app.board.narrator.state == "off"  # the firmware never heard of it


def test_no_display_says_so_in_one_line_and_offers_the_text_board(monkeypatch, capsys):
    from hal import cli

    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr("sys.platform", "linux")
    assert cli.main([]) == 2
    out = capsys.readouterr()
    assert out.out.count("\n") == 1 and "clue-fx play --text" in out.out
    assert "Traceback" not in out.err


def test_idle_sleep_darkens_the_board_and_the_switch_restarts_it(speaker):
    app = make_app(seed=2, backend="silent")
    n = app.board.narrator
    probe = ("pad", "GARAGE")
    tap(app, "y")
    app.step(15 * 60 * 1000)  # a quarter of an hour with nobody pressing anything
    assert n.state == "asleep"
    assert said(app, "phrase.sleep") in caption_text(app)
    assert max(pixel(app, probe)) < 90
    tap(app, "5")  # asleep: a press changes nothing
    assert n.state == "asleep" and max(pixel(app, probe)) < 90
    tap(app, "o")
    tap(app, "o")
    assert n.state == "rollcall" and pixel(app, probe) == PAD_FILL


def test_a_pad_held_when_the_window_loses_the_keyboard_is_released(speaker):
    app = make_app(backend="silent")
    key_down(app, "7")
    assert app.board.narrator.pads_down == {"GARAGE"}
    post(pygame.WINDOWFOCUSLOST)
    app.step(FRAME)
    assert app.board.narrator.pads_down == set()
    assert pixel(app, ("pad", "GARAGE")) == PAD_FILL


def test_a_missing_wav_is_named_in_the_log_and_the_caption_still_shows(speaker, tmp_path, capsys):
    import shutil

    from hal import captions
    from hal.audio import AudioOut
    from hal.captions import SOUNDS

    folder = tmp_path / "sounds"
    shutil.copytree(SOUNDS / "fr", folder / "fr")
    (folder / "fr" / "0044.wav").unlink()  # phrase.greeting
    notices = window.Notices()
    screen = window.open_window()
    window.init_mixer("pygame")
    audio = AudioOut(captions.load("fr"), backend="pygame", notice=notices, sounds=folder)
    app = sim_app.App(screen, seed=1, lang="fr", audio=audio)
    notices.forward_to(app.notice)
    app.step(0)
    wait_until(app, lambda: not audio.busy(), "the greeting")
    assert said(app, "phrase.greeting") in caption_text(app)
    missing = [text for text, kind in app.transcript.log if kind == "notice"]
    assert len(missing) == 1 and "0044.wav" in missing[0] and "phrase.greeting" in missing[0]
    assert "0044.wav" in capsys.readouterr().err
    assert 44 not in audio.played and audio.played[0] == 1


def test_the_log_scrolls_back_with_the_wheel_and_page_keys(speaker):
    app = make_app(backend="silent")
    for _ in range(12):
        tap(app, "r")  # REPEAT: the question again, a line in the log each time
    assert len(app.transcript.log) > 14
    bottom = pygame.image.tobytes(app.screen, "RGB")
    post(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0, precise_y=2.0, touch=False)
    app.step(FRAME)
    assert app.transcript.log_scroll == 6
    assert pygame.image.tobytes(app.screen, "RGB") != bottom
    post(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, unicode="", mod=0, scancode=78)
    app.step(FRAME)
    assert app.transcript.log_scroll == 0
    assert pygame.image.tobytes(app.screen, "RGB") == bottom
