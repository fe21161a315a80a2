"""The ring as drawn (issue 14, the desktop table): every path shows both its
arrowheads, clear of the places' name plates, and no name plate hangs past
the lawn, in every edition."""

import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from firmware.board import PLACES  # noqa: E402
from hal.captions import load  # noqa: E402
from sim import layout as L  # noqa: E402
from sim.paint.draw import BoardPainter, arrow_ends  # noqa: E402
from sim.paint.fonts import Fonts  # noqa: E402
from sim.words.labels import Labels  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def pg():
    pygame.init()
    yield
    pygame.quit()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_arrowhead_is_clear_of_the_name_plates_and_plates_stay_on_the_lawn(lang):
    lay = L.Layout((1280, 800))
    painter = BoardPainter(Fonts(), Labels(lang, load(lang)))
    plates = {p: painter._plate(lay, p) for p in PLACES}
    lawn = pygame.Rect(L.BOARD)
    for place, plate in plates.items():
        assert lawn.contains(plate), (place, plate)
    for i, p in enumerate(PLACES):
        q = PLACES[(i + 1) % len(PLACES)]
        a, b = L.place_center(p), L.place_center(q)
        tips = arrow_ends(a, b, (plates[p], plates[q]))
        d = math.hypot(b[0] - a[0], b[1] - a[1])
        u = ((b[0] - a[0]) / d, (b[1] - a[1]) / d)
        for tip, sign in zip(tips, (1, -1)):
            head = [(tip[0] + sign * u[0] * k, tip[1] + sign * u[1] * k) for k in range(0, 17, 2)]
            for other in plates.values():
                assert not any(other.collidepoint(x, y) for x, y in head), (p, q, tip)
        assert math.hypot(tips[1][0] - tips[0][0], tips[1][1] - tips[0][1]) > 30, (p, q)  # still a path
