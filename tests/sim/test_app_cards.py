"""The digital card table inside the desktop board (clue-fx --table / --bots):
headless, real pygame events, frames stepped with a made-up clock."""

import pytest

pygame = pytest.importorskip("pygame")

from firmware.phrases import say  # noqa: E402
from sim import layout as L  # noqa: E402
from tests.support.window import FRAME, post, tap  # noqa: E402
from tests.support.window import make_table_app as make_app  # noqa: E402


def asked(app):
    return app.table.session.asked


def test_two_bots_play_a_whole_game_in_the_window(window):
    app = make_app(5, {"COMTE": "hard", "LAVANDE": "hard"})
    for _ in range(20_000):
        if app.board.narrator.state == "over":
            break
        if app.board.narrator.state == "rollcall" and asked(app) in ("PECHE", "AZUR"):
            tap(app, "n")  # the people at the table do not play: NO for them
        app.step(FRAME)
    assert app.board.narrator.state == "over", app.board.narrator.state
    said = " ".join(text for text, kind in app.transcript.log)
    caption = app.transcript.captions.of  # the narration's words are the manifest's: read them from it
    assert caption(say("rollcall.welcome", {"guests": ["COMTE", "LAVANDE"]}).clips) in said
    winner = app.table.session.table.winner
    assert caption(say("accuse.right", {"guest": winner}).clips) in said  # hard bots accuse only when certain
    assert app.table.problem is None


def test_a_person_at_the_table_gets_the_pass_to_screen_over_the_board(window):
    app = make_app(3, {})  # people only: the deal is private, the screen says whose turn it is to look
    board_rect = app.layout.r(L.BOARD)
    for ch in "yynn":
        tap(app, ch)
        app.step(FRAME)
    for _ in range(10):
        app.step(FRAME)
    view, screens = app.table.view, app.table.screens
    assert screens.visible and screens.showing()[0] == "pass"
    before = app.screen.copy()
    # a click on the screen's button goes to the table, not to the pad beneath
    rect, _ = view.buttons[0]
    pos = (board_rect[0] + rect.centerx, board_rect[1] + rect.centery)
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.step(FRAME)
    assert screens.showing()[0] != "pass"
    assert app.board.narrator.pads_down == set()
    assert pygame.image.tostring(before, "RGB") != pygame.image.tostring(app.screen, "RGB")


def test_table_keys_do_not_press_the_board(window):
    app = make_app(3, {})
    app.table.screens.open_sheet("COMTE")
    tap(app, "d")
    assert app.board.narrator.pads_down == set()


def test_options_give_the_table_and_the_bots():
    import argparse

    from hal.cli import play

    p = argparse.ArgumentParser()
    play.add_arguments(p)
    assert play.table_of(p.parse_args([])) is None
    assert play.table_of(p.parse_args(["--table"])) == {}
    assert play.table_of(p.parse_args(["--bots", "LAVANDE,AZUR:easy"])) == {"LAVANDE": "hard", "AZUR": "easy"}
    with pytest.raises(SystemExit):
        p.parse_args(["--bots", "NOBODY"])
