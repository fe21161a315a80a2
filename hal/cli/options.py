"""Options shared by several commands, and their checks: a leaf module
(argparse and the standard library only), so any command may import it.

    add_board_options(parser)        # --seed, --lang, --trace
    seed_of(args); default_lang(); open_trace(args)
"""

import argparse
import locale
import os

EDITIONS = ("fr", "en")
AUDIO_BACKENDS = ("auto", "pygame", "simpleaudio", "silent")
DEFAULT_AUDIO = "auto"
DEFAULT_VOLUME = 0.8


def default_lang():
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    loc = locale.getlocale()[0] or ""
    return "fr" if loc.lower().startswith("fr") else "en"


def lang_arg(value):
    if value not in EDITIONS:
        raise argparse.ArgumentTypeError("unknown edition %r: the editions are %s" % (value, ", ".join(EDITIONS)))
    return value


def volume_arg(value):
    try:
        v = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError("the volume is a number from 0 to 1, not %r" % value) from None
    if not 0 <= v <= 1:
        raise argparse.ArgumentTypeError("the volume is a number from 0 to 1, not %s" % value)
    return v


def add_lang_option(p):
    p.add_argument("--lang", type=lang_arg, default=None, help="edition: fr or en (default: from the locale)")


def add_audio_options(p):
    p.add_argument(
        "--audio",
        choices=AUDIO_BACKENDS,
        default=DEFAULT_AUDIO,
        help="how to play sounds (default: pygame, then simpleaudio, then captions only)",
    )
    p.add_argument(
        "--volume", type=volume_arg, default=DEFAULT_VOLUME, help="sound volume, 0 to 1 (default %s)" % DEFAULT_VOLUME
    )


def add_board_options(p):
    p.add_argument("--seed", type=int, default=None, help="the board's random seed (default: from the clock)")
    add_lang_option(p)
    p.add_argument("--trace", metavar="FILE", help="write a trace of the game to FILE (JSON Lines)")


def seed_of(args):
    if args.seed is not None:
        return args.seed
    import time

    return int(time.time()) % 100000


def open_trace(args):
    if not getattr(args, "trace", None):
        return None
    from hal.trace import TraceFile

    try:
        return TraceFile(open(args.trace, "w", encoding="utf-8"), args.trace)
    except OSError as e:
        raise SystemExit("clue-fx: cannot write the trace %s: %s" % (args.trace, e.strerror)) from None


def interrupt_on_sigterm():
    """`kill` (SIGTERM) ends a command as Ctrl-C does, so it closes cleanly
    (SDL, once pygame's mixer is up, turns SIGTERM into an event nobody reads)."""
    import signal

    def interrupted(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, interrupted)


def keep_layout(p):
    """Show the command's description as written (its examples laid out)."""
    p.formatter_class = argparse.RawDescriptionHelpFormatter
