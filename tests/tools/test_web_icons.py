"""The offline app's PNG icons are drawn from its icon.svg (tools/web_icons.py):
the committed PNGs match a fresh drawing by headless Chromium, at the sizes
the manifest and iOS ask for, and the export ships them and names them."""

import json
import pathlib
import subprocess
import sys

import pytest

from tests.support.tools import tool

web_icons = tool("web_icons")
pygame = pytest.importorskip("pygame")
ROOT = pathlib.Path(__file__).resolve().parents[2]


def pixels(path):
    s = pygame.image.load(str(path))
    return s.get_size(), pygame.image.tobytes(s, "RGBA")


@pytest.mark.skipif(web_icons.chromium() is None, reason="headless Chromium is not installed")
def test_the_committed_pngs_are_what_the_svg_draws(tmp_path):
    web_icons.draw(tmp_path)
    for name, px in web_icons.SIZES.items():
        (size, committed), (fresh_size, fresh) = pixels(web_icons.STATIC / name), pixels(tmp_path / name)
        assert size == fresh_size == (px, px), name
        diff = sum(abs(a - b) for a, b in zip(committed, fresh)) / len(fresh)
        assert diff < 2.0, "%s differs from icon.svg's drawing (run python tools/web_icons.py)" % name


def test_the_apple_icon_is_opaque_and_the_others_keep_their_corners():
    (size, apple) = pixels(web_icons.STATIC / "apple-touch-icon.png")
    assert apple[3] == 255  # the corner: iOS rounds it itself
    (size, icon) = pixels(web_icons.STATIC / "icon-192.png")
    assert icon[3] == 0  # the rounded rectangle leaves the corner clear


def test_the_export_ships_and_names_the_pngs(tmp_path):
    dest = tmp_path / "app"
    done = subprocess.run([sys.executable, "-m", "hal.cli", "web", "--export", str(dest), "en"], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)  # fmt: skip
    assert done.returncode == 0, done.stderr
    icons = json.loads((dest / "app.webmanifest").read_text())["icons"]
    assert {(i["src"], i["sizes"]) for i in icons if i["type"] == "image/png"} == {
        ("icon-192.png", "192x192"), ("icon-512.png", "512x512")}
    assert '<link rel="apple-touch-icon" href="apple-touch-icon.png">' in (dest / "index.html").read_text()
    for name in web_icons.SIZES:
        assert (dest / name).read_bytes() == (web_icons.STATIC / name).read_bytes()
