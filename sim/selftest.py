"""Play every clip of an edition in order and light every pad and button in
turn, like the test mode of MAME's Stop Thief driver: check the sound and
the display in one go. Each clip's number and caption is printed as it plays.

Where there is no display it still runs: the clips play (or, with no sound
card, their captions print) and the lights are drawn on an invisible window
(sim.start.selftest builds it all).

    test = SelfTest(audio, captions, numbers=every_clip(manifest), dwell_ms=250)
    App(screen, audio=audio, switch_on=False, selftest=test)   # the App drives it
"""

from firmware.actions import Say
from firmware.board import BUTTONS, PLACES, START_PADS

TARGETS = (
    [("pad", p) for p in PLACES]
    + [("pad", p) for p in START_PADS]
    + [("button", b) for b in BUTTONS]
    + [("switch",)]
)


def every_clip(manifest):
    """The number of every clip of the sounds manifest, in order."""
    return sorted(c["id"] for c in manifest["clips"])


class SelfTest:
    """Driven by the app's clock: update(now_ms) starts the next clip when the
    last one has finished (and shown for at least `dwell_ms`)."""

    def __init__(self, audio, captions, numbers, out=print, dwell_ms=0):
        """`audio`: an hal.audio.AudioOut; `captions`: hal.captions.Captions
        of its edition; `numbers`: the clips to play, in order."""
        self.audio = audio
        self.captions = captions
        self.out = out
        self.dwell_ms = dwell_ms
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

    def unplayable(self):
        """The clips of the test that could not be played (missing or bad files)."""
        return sorted(set(getattr(self.audio, "unplayable", ())) & set(self.numbers))

    def summary(self):
        played = len(getattr(self.audio, "played", ()))
        bad = self.unplayable()
        return (
            "selftest: %d clips of the %s edition, %d played (sound: %s), %d pads, buttons and the switch lit%s"
            % (
                len(self.numbers),
                self.captions.lang,
                played,
                getattr(self.audio, "backend", "none"),
                min(len(TARGETS), len(self.numbers)),
                "; %d could not be played: %s" % (len(bad), " ".join("%04d" % n for n in bad)) if bad else "",
            )
        )
