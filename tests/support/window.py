"""The desktop window for tests: an App on SDL's dummy drivers, with or
without the card table, and the key presses and frames that drive it."""

import pytest

pygame = pytest.importorskip("pygame")

from sim import app as sim_app  # noqa: E402
from sim import window  # noqa: E402

FRAME = 33  # ms of board time per step


def make_app(seed=11, lang="fr", backend="pygame", trace=None, **kw):
    screen = window.open_window()
    notices = []
    audio = window.make_audio(lang, backend, 0.8, notices.append)
    app = sim_app.App(screen, seed=seed, lang=lang, audio=audio, trace=trace, **kw)
    app.notices = notices
    app.step(0)
    return app


def post(kind, **attrs):
    pygame.event.post(pygame.event.Event(kind, **attrs))


def enter(app):
    """Return: the answer yes to the window's question, then one frame."""
    post(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=0, scancode=40)
    app.step(FRAME)


def esc(app):
    """Esc: the answer no (or the quit question), then one frame."""
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, unicode="\x1b", mod=0, scancode=41)
    app.step(FRAME)


def key_down(app, ch, scancode=0):
    post(pygame.KEYDOWN, key=ord(ch), unicode=ch, mod=0, scancode=scancode)
    app.step(FRAME)


def key_up(app, ch):
    post(pygame.KEYUP, key=ord(ch), mod=0, scancode=0)
    app.step(FRAME)


def tap(app, ch):
    key_down(app, ch)
    key_up(app, ch)


def make_table_app(seed, table, lang="en", **kw):
    screen = window.open_window()
    audio = window.make_audio(lang, "silent", 0.8, lambda text: None)
    app = sim_app.App(screen, seed=seed, lang=lang, audio=audio, table=table, **kw)
    app.step(0)
    return app
