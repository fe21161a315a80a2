"""Everything a guest can press is on screen (issue 38): F1 and the footer
list every key the card table answers to (found by pressing every key, not
copied from the map), and the caption box keeps a long announcement whole,
from its first line, read from the drawn frame."""

import random
import string

import pytest

pygame = pytest.importorskip("pygame")

from sim import layout as L  # noqa: E402
from sim.hotseat.hook import CardTableHook  # noqa: E402
from sim.paint.fonts import wrap  # noqa: E402
from sim.paint.panel import BOX_BG, CAPTION_SIZES, footer_lines, help_rows  # noqa: E402
from tests.support.window import FRAME, make_app, make_table_app, tap  # noqa: E402


@pytest.fixture
def dummy(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    yield
    pygame.quit()


def answered_keys(app):
    """Every character the card table takes as its own, pressed one by one on
    fresh tables (at the roll call, where b answers; on a screen, where Return does)."""
    taken = set()
    for ch in string.printable:
        hook = CardTableHook(app.seed, "en", labels=app.labels)
        hook.session.asked = "COMTE"  # the roll call asks about the Comte: b makes him a bot
        hook.screens.notice("search_after_hypothesis")  # a page up: Return takes it
        if hook.key(ch):
            taken.add(ch)
    return taken


def shown_name(ch):
    return {"\r": "Return", "\n": "Return"}.get(ch, ch.upper())


@pytest.mark.parametrize("lang", ["en", "fr", "us"])
def test_f1_and_the_footer_list_every_key_the_table_answers_to(dummy, lang):
    app = make_table_app(3, {}, lang=lang)
    taken = answered_keys(app)
    assert {"d", "h", "b", "\r"} <= taken  # the sheet, the hints, a bot, Return: and nothing that is the board's
    scene = app.scene()
    left, right = help_rows(app.labels, scene.table_keys)
    f1 = {key for key, _ in left + right}
    footer = " ".join(footer_lines(app.labels, scene.table_short))
    enter = app.table.words.text.get("key_name_ok", "Return")
    for ch in taken:
        name = enter if ch in "\r\n" else shown_name(ch)
        assert name in f1 or name.lower() in f1, (ch, sorted(f1))
        assert " %s " % name in " %s " % footer, (ch, footer)
    # and F1 with the table is drawn with them, fitted in its box
    app.help = True
    app.dirty = True
    app.step(FRAME)
    assert app.frames_drawn > 0


def test_without_the_table_the_footer_is_one_line(dummy):
    app = make_app(seed=3, backend="silent")
    assert footer_lines(app.labels, app.scene().table_short) == [app.labels.ui["footer"]]


def first_row_is_drawn(app):
    """The caption box's first row is the first line of the announcement's first
    sentence, and the frame's pixels there are that line, rendered alone."""
    painter = app.panel_painter
    caption = app.scene().caption
    line, (x, y), size = painter.caption_rows[0]
    font = app.fonts.get(size)
    want = wrap(font, caption[0][0], app.layout.n(L.CAPTION[2] - 28))[0]
    assert line == want, (line, want)
    img = font.render(line, True, (200, 192, 176))
    alone = pygame.Surface(img.get_size())
    alone.fill(BOX_BG)
    alone.blit(img, (0, 0))
    drawn = app.screen.subsurface(pygame.Rect((x, y), img.get_size()))
    return pygame.image.tostring(drawn, "RGB") == pygame.image.tostring(alone, "RGB")


def test_a_long_announcement_keeps_its_first_line_in_the_caption_box(dummy):
    """Games with four guests, many seeds: after every burst the box shows the
    announcement from its first line (it shrinks, then scrolls, never drops its
    top); the long ones (more lines than the box holds at its first size) are counted."""
    long_ones = 0
    for seed in range(8):
        rng = random.Random(seed)
        app = make_app(seed=seed, lang=["fr", "en"][seed % 2], backend="silent")
        for ch in "yyyy":
            tap(app, ch)
        for k in range(60):  # turns: a pawn moved, then STOP (the suspects move between turns)
            tap(app, rng.choice("123456789") if k % 2 == 0 else "s")
            if not app.transcript.caption:
                continue
            assert first_row_is_drawn(app), (seed, app.scene().caption)
            if app.panel_painter.caption_rows[0][2] < CAPTION_SIZES[0] or app.panel_painter.caption_hidden:
                long_ones += 1
        app.close()
    assert long_ones >= 3, long_ones
