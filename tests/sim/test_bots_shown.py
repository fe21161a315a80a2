"""The window says which guests are bots (issue 14, the desktop table): the
scene names them and their START square reads "START · bot"."""

from sim import app as sim_app
from sim import window as sim_window
from sim.paint.draw import BoardPainter


def test_the_bots_are_shown_on_their_start_squares(window, monkeypatch):
    screen = sim_window.open_window()
    app = sim_app.App(screen, seed=5, lang="en", audio=None, table={"LAVANDE": "hard", "AZUR": "medium"})
    app.step(0)
    scene = app.scene()
    assert scene.bots == {"LAVANDE", "AZUR"}
    titles = []
    real = BoardPainter._start

    def spy(painter, *args):
        titles.append((args[2], args[4]))  # (pad, bot)
        return real(painter, *args)

    monkeypatch.setattr(BoardPainter, "_start", spy)
    app.dirty = True
    app.draw()
    assert dict(titles) == {"START_COMTE": False, "START_LAVANDE": True, "START_PECHE": False, "START_AZUR": True}
    assert "bot" in app.labels.ui and app.labels.ui["bot"] == "bot"


def test_no_table_no_bots(window):
    app = sim_app.App(sim_window.open_window(), seed=5, lang="fr", audio=None)
    app.step(0)
    assert app.scene().bots == set()
