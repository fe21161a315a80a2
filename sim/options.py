"""Options of the desktop board (clue-fx play): kept apart from the window
code so that `clue-fx --help` does not start pygame."""


def add_arguments(p):
    p.add_argument("--volume", type=float, default=0.8, help="sound volume, 0 to 1 (default 0.8)")
    p.add_argument("--audio", choices=("auto", "pygame", "simpleaudio", "silent"), default="auto",
                   help="how to play sounds (default: pygame, then simpleaudio, then captions only)")
    p.add_argument("--fullscreen", action="store_true", help="start full screen (F11 toggles)")
