"""Starting the desktop board: `clue-fx play` (the window until it is
closed) and `clue-fx selftest` (every clip, every light, then quit). These
compose the parts: the window, the speaker, the self-test and the App,
which builds the board; `loop` is pygame's clock around App.step.

    play(seed=7, lang="fr", audio="auto", table={"AZUR": "hard"})   # an exit code
    selftest("en", audio="silent")                                   # an exit code
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from hal import captions  # noqa: E402

from .app import App  # noqa: E402
from .saved import Saved  # noqa: E402
from .selftest import SelfTest, every_clip  # noqa: E402
from .window import Notices, make_audio, no_display_reason, no_window, open_window  # noqa: E402

FPS = 60


def play(  # noqa: PLR0917
    seed,
    lang,
    trace=None,
    audio="auto",
    volume=0.8,
    fullscreen=False,
    debug=False,
    millivolts=4500,
    selftest=False,
    table=None,
    hints=False,
    resumed=None,
    voices=None,
):
    """`clue-fx` / `clue-fx play`: the window until it is closed. Exit code.
    `trace`: an open text stream or None (the window's own, sim.saved);
    `resumed`: a hal.resume.Resumed game `trace` goes on with; `table`: None
    for the paper cards, else {guest: level} of the bot guests of the
    digital card table; `voices`: a hal.voicepack.VoicePack or None."""
    reason = no_display_reason()
    if reason:
        return no_window(reason)
    try:
        screen = open_window(fullscreen)
    except pygame.error as e:
        return no_window(str(e) or "pygame found no display")
    offer = None
    if trace is None and resumed is None:  # the window saves every game (sim/saved.py)
        saved = Saved.default()
        offer = saved.offer()  # the card table too: its seats, deal and calls are in the trace
        trace = saved.fresh() if offer is None else None
    from hal.audio_backends import AudioUnavailable

    notices = Notices()
    try:
        speaker = make_audio(lang, audio, volume, notices, voices)
    except AudioUnavailable as e:
        pygame.quit()
        print("clue-fx: %s" % e)
        return 2
    test = None
    if selftest:
        manifest = captions.load_manifest()
        test = SelfTest(speaker, captions.Captions(lang, manifest), every_clip(manifest), dwell_ms=250)
    app = App(
        screen,
        seed=seed,
        lang=lang,
        audio=speaker,
        trace=trace,
        millivolts=millivolts,
        selftest=test,
        fullscreen=fullscreen,
        debug=debug,
        table=table,
        hints=hints,
        resumed=resumed,
        offer=offer,
    )
    notices.forward_to(app.notice)  # the audio's notices (no sound card, a missing WAV) show in the log
    return loop(app, quit_after_selftest=False)


def selftest(lang, audio="auto", volume=0.8, voices=None):
    """`clue-fx selftest`: every clip, every light, then quit. Exit code."""
    reason = no_display_reason()
    if reason:
        print("clue-fx selftest: %s: the lights are not shown, the clips are played" % reason)
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    try:
        screen = open_window(title="Clue FX — selftest")
    except pygame.error as e:
        print("clue-fx selftest: no window (%s): the lights are not shown, the clips are played" % e)
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        screen = open_window(title="Clue FX — selftest")
    from hal.audio_backends import AudioUnavailable

    try:
        speaker = make_audio(lang, audio, volume, lambda text: print("clue-fx selftest: " + text), voices)
    except AudioUnavailable as e:
        print("clue-fx selftest: %s" % e)
        return 2
    dwell = 0 if os.environ.get("SDL_VIDEODRIVER") == "dummy" else 250
    manifest = captions.load_manifest()
    test = SelfTest(speaker, captions.Captions(lang, manifest), every_clip(manifest), dwell_ms=dwell)
    app = App(screen, lang=lang, audio=speaker, switch_on=False, selftest=test)
    code = loop(app, quit_after_selftest=True)
    return 1 if code == 0 and test.unplayable() else code  # a clip that does not play fails the test


def loop(app, quit_after_selftest=False):
    """Step `app` at FPS until it quits (or its self-test is done); then
    close the board, the speaker and pygame. Exit code."""
    clock = pygame.time.Clock()
    dt = 0
    try:
        while app.step(dt):
            if quit_after_selftest and app.selftest is not None and app.selftest.done:
                break
            dt = clock.tick(FPS)
    except KeyboardInterrupt:
        return 130
    finally:
        app.close()
        if app.audio is not None:
            app.audio.close()
        pygame.quit()
    return 0
