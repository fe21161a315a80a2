"""What the window's tests share: `window`, SDL's dummy display and sound
for the test, and pygame shut down after it."""

import pytest


@pytest.fixture
def window(monkeypatch):
    pygame = pytest.importorskip("pygame")
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    yield
    pygame.quit()
