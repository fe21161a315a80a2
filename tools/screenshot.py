"""Screenshots of the desktop board's real window, for the README.

    python tools/screenshot.py            # docs/screenshot.png (en) and docs/screenshot-fr-debug.png
                                          # docs/window-us.png, docs/table-us.png (the us edition)

Where there is no display it runs itself again under Xvfb (xvfb-run, Debian
package xvfb); the picture is taken from the X server by ImageMagick's
`import` (package imagemagick), so it shows what a user's screen shows.
Without them (`--pygame`, or neither installed) the window is drawn on SDL's
dummy driver and saved by pygame itself: the same frame, drawn by the same
code, without a window manager's frame. The game is scripted: a fixed seed,
a roll call, three turns, a pawn held down; the card table's help (F1) and
detective sheet; a game switched off and taken back (the resumed board).
"""

import argparse
import os
import pathlib
import shutil
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SIZE = (1280, 800)
SHOTS = (  # file, edition, debug overlay, help overlay (or "table": the card table's detective sheet)
    ("docs/screenshot.png", "en", False, False),
    ("docs/screenshot-fr-debug.png", "fr", True, False),
    ("docs/window-us.png", "us", False, False),
    ("docs/table-us.png", "us", False, "table"),
    ("docs/window-help-table.png", "en", False, "table-help"),
    ("docs/window-resumed.png", "en", False, "resumed"),
)


def under_xvfb(argv):
    """Run this script again inside a fresh Xvfb server."""
    if not shutil.which("xvfb-run"):
        sys.exit("screenshot: no display and no xvfb-run: apt-get install xvfb imagemagick")
    cmd = ["xvfb-run", "-a", "-s", "-screen 0 %dx%dx24" % SIZE, sys.executable, __file__, *argv]
    return subprocess.call(cmd)


def scripted_game(app, pygame):
    """Roll call (three guests), two turns, and a pawn pressed on the third."""

    def key(ch, down=True, up=True):
        if down:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(ch), unicode=ch, mod=0, scancode=0))
            app.step(33)
        if up:
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=ord(ch), mod=0, scancode=0))
            app.step(33)

    app.step(0)
    for ch in "yyny":
        key(ch)
    for place_key in "47":
        key(place_key)
        for _ in range(30):
            app.step(1000)  # half a minute of thinking
        key("s")
    key("2", up=False)  # held: the pad is lit in the picture


def table_game(app, pygame):
    """The card table with a bot at the Azur seat: Lord Gray and Miss Peach
    play at the screen, two turns go by, then Lord Gray's detective sheet."""

    def key(ch):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=ord(ch), unicode=ch, mod=0, scancode=0))
        app.step(33)
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=ord(ch), mod=0, scancode=0))
        app.step(33)

    def settle(ms=20000):
        for _ in range(ms // 500):
            app.step(500)
            while app.table.screens.visible and app.table.screens.showing()[0] in ("pass", "hand", "case", "shown",
                                                                                   "notice", "verdict"):
                key("\r")

    app.step(0)
    for ch in "ynyb":  # Lord Gray, not Lady Lavender, Miss Peach, and a bot for Prince Azure
        key(ch)
        settle(3000)
    for place_key in "47":
        settle()
        key(place_key)
        settle()
        key("s")
    settle()
    key("d")  # the detective sheet of the guest at the screen
    for _ in range(10):
        app.step(33)


def resumed_game(app, pygame):
    """The scripted game, the switch held a second (OFF), then ON and Return:
    the game taken back, as after a crash, showing its last announcement."""
    scripted_game(app, pygame)
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=ord("2"), mod=0, scancode=0))
    app.step(33)
    for kind in (pygame.KEYDOWN, None, pygame.KEYUP, pygame.KEYDOWN, pygame.KEYUP):
        if kind is None:
            app.step(1100)  # held a whole second
            continue
        pygame.event.post(pygame.event.Event(kind, key=ord("o"), unicode="o", mod=0, scancode=0))
        app.step(33)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=0, scancode=40))
    app.step(33)


def shoot(out, lang, seed, debug, help_overlay):
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from sim.app import App
    from sim.window import make_audio, open_window

    screen = open_window()
    audio = make_audio(lang, "silent", 0.8, print)
    if help_overlay in ("table", "table-help"):
        app = App(screen, seed=seed, lang=lang, audio=audio, debug=debug, table={"AZUR": "hard"})
        table_game(app, pygame)
        if help_overlay == "table-help":
            while app.table.screens.visible:
                app.table.screens.choose("ok")
        help_overlay = help_overlay == "table-help"
    elif help_overlay == "resumed":
        import tempfile

        from hal.trace import TraceFile

        path = os.path.join(tempfile.mkdtemp(), "game.jsonl")
        trace = TraceFile(open(path, "w", encoding="utf-8"), path)  # noqa: SIM115
        app = App(screen, seed=seed, lang=lang, audio=audio, debug=debug, trace=trace)
        resumed_game(app, pygame)
        help_overlay = False
    else:
        app = App(screen, seed=seed, lang=lang, audio=audio, debug=debug)
        scripted_game(app, pygame)
    app.help = help_overlay
    app.dirty = True
    for _ in range(5):
        app.step(33)
        time.sleep(0.05)  # let the X server draw the window
    target = ROOT / out
    target.parent.mkdir(parents=True, exist_ok=True)
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        pygame.image.save(pygame.display.get_surface(), str(target))  # the frame as drawn, by pygame
    else:
        window = pygame.display.get_wm_info().get("window")
        cmd = ["import", "-window", str(window) if window else "root", str(target)]
        subprocess.run(cmd, check=True)
    pygame.quit()
    print("screenshot: %s (%s, seed %d%s)" % (out, lang, seed, ", debug overlay" if debug else ""))


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seed", type=int, default=11, help="the board's seed (default 11)")
    p.add_argument("--only", metavar="FILE", help="take only this one of the screenshots")
    p.add_argument("--pygame", action="store_true", help="draw on SDL's dummy driver and save with pygame")
    args = p.parse_args(argv)
    if args.pygame or not (shutil.which("import") and (os.environ.get("DISPLAY") or shutil.which("xvfb-run"))):
        print("screenshot: SDL's dummy driver, saved by pygame (no X server and import here, or --pygame)")
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    elif not os.environ.get("DISPLAY"):
        return under_xvfb(argv)
    for out, lang, debug, help_overlay in SHOTS:
        if args.only and args.only != out:
            continue
        # one process per picture: pygame's display starts fresh each time
        code = subprocess.call(
            [
                sys.executable,
                "-c",
                "import sys; sys.path.insert(0, %r); import screenshot; "
                "screenshot.shoot(%r, %r, %d, %r, %r)"
                % (str(ROOT / "tools"), out, lang, args.seed, debug, help_overlay),
            ]
        )
        if code:
            return code
    return 0


if __name__ == "__main__":
    sys.exit(main())
