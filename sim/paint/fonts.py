"""Fonts by design size, scaled to the window and cached. DejaVu where the
system has it (it has every accent and the ♪), pygame's own font otherwise;
no font search (fc-list) so that the first frame comes quickly."""

import os

import pygame

_DIRS = (
    "/usr/share/fonts/truetype/dejavu",
    "/usr/share/fonts/TTF",
    "/usr/share/fonts/dejavu",
    "/Library/Fonts",
    "C:/Windows/Fonts",
)
FACES = {
    "sans": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "narrow": "DejaVuSansCondensed-Bold.ttf",
    "serif": "DejaVuSerif-Bold.ttf",
}


def _find(name):
    for d in _DIRS:
        path = os.path.join(d, name)
        if os.path.exists(path):
            return path
    return None


class Fonts:
    def __init__(self):
        self._paths = {face: _find(name) for face, name in FACES.items()}
        self._cache = {}
        self.scale = 1.0

    def set_scale(self, scale):
        if scale != self.scale:
            self.scale = scale
            self._cache.clear()

    def get(self, size, face="sans"):
        """A font of `size` design pixels in `face` (sans, bold, narrow, serif)."""
        px = max(6, round(size * self.scale))
        key = (px, face)
        font = self._cache.get(key)
        if font is None:
            font = pygame.font.Font(self._paths.get(face), px)
            if self._paths.get(face) is None and face != "sans":
                font.set_bold(True)
            self._cache[key] = font
        return font


def wrap(font, text, width):
    """`text` cut into lines no wider than `width` pixels, at spaces."""
    lines = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = word if not line else line + " " + word
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines
