"""Pickers cannot submit an incomplete choice (issue 12), and the card
table's own refusal of SEARCH after a hypothesis (issue 11), in the desktop
board's window: headless pygame (SDL's dummy driver), real mouse and key
events, frames stepped with a made-up clock.

Before: "Suspect" clicked before both a suspect and a weapon were chosen,
or "Accuse" before all three, raised ValueError and closed the window
(seeds 11, 12, 21)."""

import pytest

pygame = pytest.importorskip("pygame")

from firmware.board import SUSPECTS, WEAPONS  # noqa: E402
from sim import layout as L  # noqa: E402
from tests.support.driver import stage  # noqa: E402
from tests.support.window import FRAME, post, tap  # noqa: E402
from tests.support.window import make_table_app as make_app  # noqa: E402


def click(app, value, enabled=True):
    """A real click on the screen's drawn button `value` (greyed when not
    `enabled`); then a frame."""
    app.step(FRAME)  # drawn as it stands now
    view = app.table.view
    rows = view.buttons if enabled else view.disabled
    found = [r for r, v in rows if v == value]
    assert found, "%r is not among the %s buttons" % (value, "enabled" if enabled else "greyed")
    board = app.layout.r(L.BOARD)
    pos = (board[0] + found[0].centerx, board[1] + found[0].centery)
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    assert app.step(FRAME), "the window closed"


def showing(app):
    return app.table.screens.showing()


def said(app):
    return " ".join(text for text, kind in app.transcript.log)


def to_the_turn(app):
    """Roll call (the Comte and Lady Lavande), the hands seen; the guest
    whose turn it is holds the screen once it is passed to them."""
    for ch in "yynn":
        tap(app, ch)
        app.step(FRAME)
    for _ in range(40):
        app.step(FRAME)
        if showing(app) is None:
            break
        click(app, "ready" if showing(app)[0] == "pass" else "ok")
    assert showing(app) is None and app.board.narrator.state == "move"
    return app.table.session.table.current


def take_the_screen(app, guest):
    """Take the screen and look at what comes before the picker (cases opened)."""
    for _ in range(12):
        up = showing(app)
        if up is None or up[0] not in ("pass", "case"):
            return
        click(app, "ready" if up[0] == "pass" else "ok")


def refute(app):
    """A person to the left holding several named cards shows one (a click)."""
    for _ in range(4):
        up = showing(app)
        if up is None or up[0] not in ("pass", "refute"):
            return
        options = app.table.screens.screen.data.get("options")
        click(app, "ready" if up[0] == "pass" else options[0])


@pytest.mark.parametrize("seed", [11, 12, 21])
def test_pickers_cannot_submit_an_incomplete_choice_hypothesis(window, seed):
    app = make_app(seed, {})
    guest = to_the_turn(app)
    tap(app, "1")  # the Gatekeeper's Lodge
    app.step(FRAME)
    take_the_screen(app, guest)
    assert showing(app) == ("hypothesis", guest)
    click(app, "ask", enabled=False)  # nothing chosen: greyed, the click does nothing
    assert showing(app) == ("hypothesis", guest) and app.running
    hand = app.table.session.table.deal.hands[guest]
    suspect = next(s for s in SUSPECTS if s not in hand)
    click(app, suspect)
    click(app, "ask", enabled=False)  # a suspect but no weapon: still greyed
    assert showing(app) == ("hypothesis", guest) and app.table.session.notes[-1][0] != "hypothesis"
    click(app, WEAPONS[0])
    click(app, "ask")  # complete: the hypothesis is made
    refute(app)
    hyps = [n[1] for n in app.table.session.notes if n[0] == "hypothesis"]
    assert [h.named for h in hyps] == [(suspect, "GARDIEN", WEAPONS[0])]
    assert app.running


@pytest.mark.parametrize("seed", [11, 12, 21])
def test_pickers_cannot_submit_an_incomplete_choice_accusation(window, seed):
    app = make_app(seed, {})
    guest = to_the_turn(app)
    stage(app.board.narrator, {"INSPECTEUR": "GARDIEN"}, rest="GARAGE")  # the test, not the table, puts him there
    for ch in "1ay":  # the lodge, ACCUSE, YES
        tap(app, ch)
        app.step(FRAME)
    take_the_screen(app, guest)
    assert showing(app) == ("accuse", guest)
    solution = app.table.session.table.deal.solution
    for chosen in solution:
        click(app, "accuse", enabled=False)  # fewer than three chosen: greyed, the click does nothing
        assert showing(app) == ("accuse", guest) and app.running
        click(app, chosen)
    click(app, "accuse")
    assert showing(app) == ("verdict", guest)
    for _ in range(100):
        app.step(FRAME)
        if app.board.narrator.state == "over":
            break
    assert app.board.narrator.state == "over" and app.running  # the table answered YES itself
    assert app.table.session.table.accusations == [(guest, solution, True)]


def test_search_or_hypothesis_the_window_refuses_search_after_a_hypothesis(window):
    app = make_app(11, {})
    guest = to_the_turn(app)
    tap(app, "1")
    app.step(FRAME)
    take_the_screen(app, guest)
    hand = app.table.session.table.deal.hands[guest]
    click(app, next(s for s in SUSPECTS if s not in hand))
    click(app, next(w for w in WEAPONS if w not in hand))
    click(app, "ask")
    refute(app)
    while showing(app) is not None and showing(app)[0] in ("pass", "shown"):
        click(app, "ready" if showing(app)[0] == "pass" else "ok")
    state = app.board.narrator.state
    tap(app, "f")  # SEARCH
    app.step(FRAME)
    assert showing(app) == ("notice", None)  # the table's own hint, on the screen
    assert app.board.narrator.state == state  # the board never heard the press
    hint = "You have already made a hypothesis this turn: it is a search or a hypothesis, not both."
    assert hint in said(app)  # and in the log
    click(app, "ok")
    tap(app, "s")  # STOP ends the turn as usual
    for _ in range(5):
        app.step(FRAME)
    assert app.table.session.table.current != guest and app.running
