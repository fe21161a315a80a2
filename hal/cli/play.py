"""Play on this computer: the desktop board in a window, or `--text` in a
terminal (captions printed, keys for pads).

    clue-fx play --edition us --seed 3
    clue-fx play --text
    clue-fx --table --bots LAVANDE,AZUR:easy

The text board takes --edition, --seed, --trace, --resume and --battery; the
window's own options are refused there, each with its reason.

Every game is saved as it goes: to --trace FILE, or (the window) to its own
trace under the user's data directory, $XDG_DATA_HOME/clue-fx/game.jsonl
(default ~/.local/share/clue-fx/): the window offers to go on with an
unfinished game it finds there. --resume TRACE goes on with any game.
"""

import sys

from . import options
from .options import millivolts_arg
from .seats import SEAT_LEVELS, bots_arg, table_of

# The window's options, and why the text board (hal.terminal) has no use for them.
WINDOW_ONLY = {
    "table": "the card table's screens and sheets need the window",
    "bots": "bot guests sit at the card table, which needs the window",
    "hints": "the hints mark the card table's detective sheets, which need the window",
    "audio": "it has no speaker, it prints the captions",
    "volume": "it has no speaker, it prints the captions",
    "fullscreen": "it has no window",
    "selftest": "the self-test lights the window's pads (clue-fx selftest runs without a display)",
    "voices": "it has no speaker, it prints the captions",
}


def add_arguments(p):
    p.add_argument(
        "--text",
        action="store_true",
        help="the board in a terminal: captions printed, keys for pads "
        "(with --edition, --seed, --trace, --resume, --battery)",
    )
    options.add_board_options(p)
    _add_window_options(p)
    p.set_defaults(**dict.fromkeys(WINDOW_ONLY))  # None: not given (each gets its default in run)


def _add_window_options(p):
    options.add_audio_options(p)
    options.add_voices_option(p)
    p.add_argument("--fullscreen", action="store_true", help="start full screen (F11 toggles)")
    p.add_argument(
        "--debug",
        action="store_true",
        help="start with the debug overlay: where every suspect and the Inspecteur really are (F3); "
        "a failure shows its traceback",
    )
    p.add_argument(
        "--battery",
        type=millivolts_arg,
        default=4500,
        metavar="MV",
        help="the batteries' charge at start, in millivolts (default 4500; - and + change it)",
    )
    p.add_argument(
        "--selftest",
        action="store_true",
        help="first play every clip and light every pad and button, then the game",
    )
    p.add_argument(
        "--table",
        action="store_true",
        help="play without the cards: the digital card table deals, opens the suspect cases, "
        "refutes hypotheses and checks accusations (hot-seat screens, detective sheets)",
    )
    p.add_argument(
        "--bots",
        type=bots_arg,
        default={},
        metavar="GUEST[:LEVEL],...",
        help="bot guests, e.g. LAVANDE,AZUR:easy (levels %s; default hard); implies --table" % ", ".join(SEAT_LEVELS),
    )
    p.add_argument(
        "--hints",
        action="store_true",
        help="with the card table: the detective sheets mark the cards that can still be in the confidential case",
    )


def not_for_text(args):
    """The first window option given to the text board, with its reason; or None."""
    for dest, reason in WINDOW_ONLY.items():
        if getattr(args, dest, None) is not None:
            return "--%s does not apply to the text board: %s" % (dest, reason)
    return None


def run(args):
    if args.text and not_for_text(args):
        print("clue-fx play: error: %s" % not_for_text(args), file=sys.stderr)
        return 2
    lang, voices = options.edition_and_voices(args)
    if args.text:
        from hal.terminal import run as run_text

        if sys.stdin is None:  # `<&-`: before a trace is made for a game that cannot be played
            print("clue-fx play: standard input is closed: the text board reads its keys there", file=sys.stderr)
            return 2
        seed, trace, resumed = options.board_trace(args)
        return run_text(seed=seed, lang=lang, trace=trace, millivolts=args.battery, resumed=resumed)
    from sim.start import play

    seed, trace, resumed = options.board_trace(args)
    return play(
        seed=seed,
        lang=lang,
        trace=trace,
        resumed=resumed,
        audio=args.audio or options.DEFAULT_AUDIO,
        volume=options.DEFAULT_VOLUME if args.volume is None else args.volume,
        fullscreen=bool(args.fullscreen),
        debug=bool(args.debug),
        millivolts=args.battery,
        selftest=bool(args.selftest),
        table=table_of(args),
        hints=bool(args.hints),
        voices=voices,
    )
