"""The board's art is drawn once for both boards (issue 27): the web
board's SVG sprite and colours (hal/web/static/art.svg, art.css) are what
tools/web_art.py makes from sim/paint/art.py, the same shapes and colours the
desktop window draws with pygame."""

import os
import pathlib
import sys
import xml.etree.ElementTree as ET

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from firmware.board import BUTTONS, PLACES  # noqa: E402
from sim.paint import art, svg  # noqa: E402
from sim.paint.symbols import Pen  # noqa: E402

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "tools"))

import web_art  # noqa: E402

SVG_NS = "{http://www.w3.org/2000/svg}"
PIECES = (*art.PLACE_ART.values(), *art.ICON_ART.values(), art.PAWN, art.PAWN_HALO)
EVERY_SHAPE = [s for shapes in PIECES for s in shapes]


def test_the_web_art_is_what_the_desktop_art_makes():
    assert web_art.stale() == [], "run python tools/web_art.py"


def test_the_sprite_has_every_place_icon_and_the_pawn():
    root = ET.fromstring((web_art.STATIC / "art.svg").read_text(encoding="utf-8"))
    ids = {s.get("id"): s for s in root.iter(SVG_NS + "symbol")}
    want = {"place-" + p for p in PLACES} | {"icon-" + b for b in BUTTONS} | {"pawn", "pawn-halo"}
    assert set(ids) == want
    for ident in want:
        assert len(ids[ident]) >= 1, ident
    css = (web_art.STATIC / "art.css").read_text(encoding="utf-8")
    assert "--lawn: #4a7842;" in css and "--guest-COMTE: #b22234;" in css


@pytest.mark.parametrize("shape", EVERY_SHAPE, ids=lambda s: s[0])
def test_every_shape_draws_on_both_boards(shape):
    surface = pygame.Surface((64, 64))
    Pen(surface, (32, 32), 20 if shape not in art.PAWN + art.PAWN_HALO else 1, {"bg": (1, 2, 3), "ink": (4, 5, 6),
        "fill": (7, 8, 9)}).draw([shape])  # fmt: skip
    assert ET.fromstring(svg.shape(shape)).tag in ("rect", "polygon", "circle", "line", "polyline", "ellipse", "path")


def test_an_outline_is_drawn_inside_as_pygame_draws_it():
    """pygame draws a circle's (a rect's, an ellipse's) outline inward from
    its edge: the SVG's stroke is centred half a width in."""
    ring = ET.fromstring(svg.shape(art.circle((0, 0, 0), 0, 0, 0.5, 0.1)))
    assert float(ring.get("r")) == pytest.approx(0.45) and ring.get("stroke-width") == "0.1"
    box = ET.fromstring(svg.shape(art.rect("bg", -0.5, -0.5, 1, 1, 0.2)))
    assert [float(box.get(k)) for k in ("x", "y", "width", "height")] == pytest.approx([-0.4, -0.4, 0.8, 0.8])
    assert box.get("stroke") == "currentColor"
