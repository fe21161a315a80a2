"""Opening the board's window and its speaker: whether there is a display at
all, the pygame display and mixer started the way hal.audio expects, and the
audio's notices kept until the window can show them."""

import os
import sys

import pygame

WINDOW = (1280, 800)


def no_display_reason():
    """Why no window can open here, or None (Linux without X11 or Wayland)."""
    if os.environ.get("SDL_VIDEODRIVER"):
        return None
    if sys.platform.startswith("linux") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        return "no display here (DISPLAY and WAYLAND_DISPLAY are unset)"
    return None


def open_window(fullscreen=False, title="Clue FX"):
    """pygame's display and a window; pygame.error if there is none."""
    pygame.display.init()
    if not os.environ.get("SDL_VIDEODRIVER") and pygame.display.get_driver() in ("offscreen", "dummy"):
        # SDL found no display it could open (a DISPLAY naming no X server) and fell back to
        # drawing in memory: a window nobody would ever see.
        pygame.display.quit()
        where = os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") or "the display"
        raise pygame.error("%s answers no window (no X server or compositor there?)" % where)
    pygame.font.init()
    if fullscreen:
        screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    else:
        screen = pygame.display.set_mode(WINDOW, pygame.RESIZABLE)
    pygame.display.set_caption(title)
    return screen


def init_mixer(backend):
    """The mixer the way hal.audio wants it, before the rest of pygame; a
    failure is left for AudioOut to notice and fall back from."""
    from hal.audio_backends import MIXER_BUFFER, RATE, quiet_stderr

    if backend in ("auto", "pygame") and not pygame.mixer.get_init():
        try:
            with quiet_stderr():  # no sound card: ALSA's complaints are AudioOut's one line
                pygame.mixer.init(RATE, -16, 1, MIXER_BUFFER)
        except pygame.error:
            pass


def make_audio(lang, backend, volume, notice, voices=None):
    from hal import captions
    from hal.audio import AudioOut

    init_mixer(backend)
    return AudioOut(captions.load(lang), backend=backend, volume=volume, notice=notice, voices=voices)


class Notices:
    """hal.audio's `notice` before the app exists: kept, then forwarded."""

    def __init__(self):
        self.kept = []
        self._to = None

    def __call__(self, text):
        if self._to is None:
            self.kept.append(text)
        else:
            self._to(text)

    def forward_to(self, to):
        self._to = to
        for text in self.kept:
            to(text)
        self.kept = []


def no_window(reason):
    print(
        "clue-fx: cannot open the board's window: %s. The text board needs none: clue-fx play --text" % reason
    )
    return 2
