"""No single stray press ends a game in the window (issue 38): the switch
held a second switches a game going OFF (a tap does nothing but say how),
and the game switched off is offered back at the next ON, as after a crash;
the firmware's own rule stands (OFF then ON, answered no: a new game). A
resumed game shows where it stands: the last announcement, in the caption."""

import copy
import random

import pytest

pygame = pytest.importorskip("pygame")

from firmware.events import ButtonDown  # noqa: E402
from hal.trace import read, replay  # noqa: E402
from sim import layout as L  # noqa: E402
from sim.app import HOLD_OFF_MS  # noqa: E402
from sim.saved import Saved  # noqa: E402
from tests.support.window import FRAME, enter, esc, key_down, key_up, make_app, make_table_app, post, tap  # noqa: E402

PLAY_KEYS = "123456789sfrwyn"  # the places and the buttons a game's turns press (no switch)


@pytest.fixture
def dummy(monkeypatch, tmp_path):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    yield tmp_path
    pygame.quit()




def stands(app):
    n = app.board.narrator
    return (n.state, n.guests, n.current, n.positions, n.hidden)


def a_game(app, rng, presses):
    """The roll call (two guests), then `presses` keys of a game, each tapped."""
    for ch in "yynn":
        tap(app, ch)
    for _ in range(presses):
        tap(app, rng.choice(PLAY_KEYS))


def saved_app(seed, **kw):
    return make_app(seed=seed, backend="silent", trace=Saved.default().fresh(), **kw)


@pytest.mark.parametrize("seed", range(6))
def test_a_stray_switch_key_or_click_mid_game_keeps_the_game(dummy, seed):
    rng = random.Random(seed)
    app = saved_app(seed)
    a_game(app, rng, rng.randrange(0, 12))
    assert app.desk.game_going()
    before = stands(app)
    tap(app, "o")  # a key pressed and let go, as a French player's "o" for oui
    assert app.switch_on and stands(app) == before
    assert any(app.labels.ui["hold_off"] in text for text, _ in app.transcript.log[-2:])
    pos = app.layout.p((L.SWITCH[0] + L.SWITCH[2] / 2, L.SWITCH[1] + L.SWITCH[3] / 2))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    app.step(FRAME)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.step(FRAME)  # a click on the switch, as short
    key_down(app, "o")
    for _ in range((HOLD_OFF_MS - 3 * FRAME) // FRAME):
        app.step(FRAME)  # held, but not a whole second
    key_up(app, "o")
    assert app.switch_on and stands(app) == before
    app.close()


@pytest.mark.parametrize("seed", range(6))
def test_held_a_second_it_switches_off_and_on_again_the_game_is_offered_back(dummy, seed):
    rng = random.Random(100 + seed)
    app = saved_app(seed)
    a_game(app, rng, rng.randrange(0, 12))
    before = stands(app)
    key_down(app, "o")
    assert app.hold_fraction() is not None and app.board.narrator.state != "off"
    for _ in range(HOLD_OFF_MS // FRAME + 1):
        app.step(FRAME)
    key_up(app, "o")
    assert not app.switch_on and app.board.narrator.state == "off"
    tap(app, "o")  # ON again: asked first
    assert app.question is not None and app.board.narrator.state == "off"
    tap(app, "y")  # a letter never answers
    assert app.question is not None
    enter(app)
    assert app.question is None and app.switch_on and stands(app) == before
    # it goes on as the game it was: the same answer to the same press as an untouched narrator
    app.close()
    path = Saved.default().path
    assert replay(*read(open(path, encoding="utf-8"))) is None  # the trace cut back is the game, whole


def test_answered_no_the_firmwares_rule_stands_a_new_game(dummy):
    app = saved_app(8)
    a_game(app, random.Random(8), 5)
    key_down(app, "o")
    app.step(HOLD_OFF_MS)
    key_up(app, "o")
    tap(app, "o")
    esc(app)
    n = app.board.narrator
    assert app.question is None and n.state == "rollcall" and n.guests == {}
    app.close()


def test_a_game_switched_off_is_offered_at_the_next_start_and_says_what_it_was(dummy):
    app = saved_app(9)
    a_game(app, random.Random(9), 4)
    before = stands(app)
    key_down(app, "o")
    app.step(HOLD_OFF_MS)
    key_up(app, "o")
    app.close()
    offer = Saved.default().offer()
    assert offer is not None and offer.before_off and offer.resumed.seed == 9
    app = make_app(seed=1, lang="en", backend="silent", offer=offer)
    text = app.question.text
    assert "switched off" in text and "paper cards" in text and "Comte du Puy and Lady Lavande" in text
    enter(app)
    assert stands(app) == before and app.switch_on
    app.close()


def test_a_requested_table_is_never_dropped_silently(dummy):
    """--table, and the game left unfinished was played with the paper cards: the
    question says so; no starts a new game at the card table."""
    app = saved_app(12)
    a_game(app, random.Random(12), 3)
    app.close()
    app = make_table_app(5, {}, offer=Saved.default().offer())
    assert "paper cards, not at the card table you asked for" in app.question.text
    esc(app)
    assert app.table is not None and app.question is None
    app.close()


def test_a_resumed_game_shows_its_last_announcement(dummy):
    app = saved_app(13)
    a_game(app, random.Random(13), 6)
    want = copy.deepcopy(app.board.narrator).handle(ButtonDown("REPEAT"), app.board.offset_ms + app.now)
    app.close()
    app = make_app(seed=2, backend="silent", offer=Saved.default().offer())
    enter(app)
    app.step(FRAME)
    shown = [text for text, _ in app.scene().caption]
    said = [app.transcript.captions.line(a) for a in want if type(a).__name__ == "Say"]
    assert said and all(line in shown for line in said), (said, shown)
    app.close()


def test_a_card_table_game_switched_off_comes_back_with_its_deal_and_bots(dummy):
    app = make_table_app(21, {"AZUR": "hard"}, trace=Saved.default().fresh())
    for ch in "ynn":  # the Comte plays at the screen; the Prince Azur is a bot, who says YES himself
        tap(app, ch)
        for _ in range(60):
            app.step(FRAME)
    for _ in range(200):
        app.step(FRAME)
    session = app.table.session
    assert session.table is not None and app.desk.game_going()
    deal, before = session.table.deal, stands(app)
    key_down(app, "o")
    app.step(HOLD_OFF_MS)
    key_up(app, "o")
    assert app.board.narrator.state == "off"
    tap(app, "o")
    assert "card table (bots: Prince Azur)" in app.question.text
    enter(app)
    again = app.table.session
    assert again is not session and again.table.deal.hands == deal.hands and again.table.deal.solution == deal.solution
    assert set(again.bots) == {"AZUR"} and stands(app) == before
    app.close()
