"""Play every clip of an edition in order and light every pad and button in
turn, like the test mode of MAME's Stop Thief driver: check the sound and
the display in one go. Each clip's number and caption is printed as it plays.

Where there is no display it still runs: the clips play (or, with no sound
card, their captions print) and the lights are drawn on an invisible window.
"""

from firmware.actions import Say
from firmware.board import BUTTONS, PLACES, START_PADS

TARGETS = (
    [("pad", p) for p in PLACES]
    + [("pad", p) for p in START_PADS]
    + [("button", b) for b in BUTTONS]
    + [("switch",)]
)


class SelfTest:
    """Driven by the app's clock: update(now_ms) starts the next clip when the
    last one has finished (and shown for at least `dwell_ms`)."""

    def __init__(self, audio, captions, out=print, dwell_ms=0, numbers=None):
        from hal.captions import load_manifest

        self.audio = audio
        self.captions = captions
        self.out = out
        self.dwell_ms = dwell_ms
        if numbers is None:
            numbers = sorted(c["id"] for c in load_manifest()["clips"])
        self.numbers = list(numbers)
        self.index = -1
        self.lit = set()
        self.done = False
        self._since = 0

    def update(self, now_ms):
        """True when something changed (a new clip, a new light, the end)."""
        if self.done:
            return False
        self.audio.poll()
        if self.index >= 0 and (self.audio.busy() or now_ms - self._since < self.dwell_ms):
            return False
        self.index += 1
        if self.index >= len(self.numbers):
            self.done = True
            self.lit = set()
            self.out(self.summary())
            return True
        n = self.numbers[self.index]
        self.audio.present([Say("selftest", {}, (n,))], now_ms)
        self.out("%04d  %-26s %s" % (n, self.captions.name(n), self.captions.clip(n)))
        self.lit = {TARGETS[self.index % len(TARGETS)]}
        self._since = now_ms
        return True

    def summary(self):
        played = len(getattr(self.audio, "played", ()))
        return (
            "selftest: %d clips of the %s edition, %d played (sound: %s), %d pads, buttons and the switch lit"
            % (
                len(self.numbers),
                self.captions.lang,
                played,
                getattr(self.audio, "backend", "none"),
                min(len(TARGETS), len(self.numbers)),
            )
        )


def run(lang, audio="auto", volume=0.8):
    """`clue-fx selftest`: every clip, every light, then quit. Exit code."""
    import os

    from . import app as sim_app

    reason = sim_app.no_display_reason()
    if reason:
        print("clue-fx selftest: %s: the lights are not shown, the clips are played" % reason)
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    try:
        screen = sim_app.open_window(title="Clue FX — selftest")
    except sim_app.pygame.error as e:
        print("clue-fx selftest: no window (%s): the lights are not shown, the clips are played" % e)
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        screen = sim_app.open_window(title="Clue FX — selftest")
    from hal.audio import AudioUnavailable

    try:
        audio = sim_app.make_audio(lang, audio, volume, lambda text: print("clue-fx selftest: " + text))
    except AudioUnavailable as e:
        print("clue-fx selftest: %s" % e)
        return 2
    from hal import captions

    dwell = 0 if os.environ.get("SDL_VIDEODRIVER") == "dummy" else 250
    test = SelfTest(audio, captions.load(lang), dwell_ms=dwell)
    app = sim_app.App(screen, lang=lang, audio=audio, switch_on=False, selftest=test)
    return sim_app.loop(app, quit_after_selftest=True)
