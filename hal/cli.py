"""clue-fx: the talking board of Clue FX.

With no command it opens the desktop board (the simulator) in your language.
"""

import argparse
import locale
import os
import sys

EDITIONS = ("fr", "en")


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


def add_board_options(p):
    p.add_argument("--seed", type=int, default=None, help="the board's random seed (default: from the clock)")
    p.add_argument("--lang", type=lang_arg, default=None, help="edition: fr or en (default: from the locale)")
    p.add_argument("--trace", metavar="FILE", help="write a trace of the game to FILE (JSON Lines)")


def seed_of(args):
    if args.seed is not None:
        return args.seed
    import time

    return int(time.time()) % 100000


def open_trace(args):
    if not getattr(args, "trace", None):
        return None
    try:
        return open(args.trace, "w", encoding="utf-8")
    except OSError as e:
        raise SystemExit("clue-fx: cannot write the trace %s: %s" % (args.trace, e.strerror)) from None


def cmd_play(args):
    seed = seed_of(args)
    lang = args.lang or default_lang()
    if args.text:
        from .terminal import run

        return run(seed=seed, lang=lang, trace=open_trace(args))
    return _run_sim(args, seed, lang)


def _run_sim(args, seed, lang):
    try:
        from sim import app
    except ImportError:
        print("clue-fx: the desktop board is not part of this build; try: clue-fx play --text")
        return 2
    return app.run(args, seed=seed, lang=lang)


def cmd_replay(args):
    from .trace import TraceError, read, replay

    try:
        with open(args.trace, encoding="utf-8") as f:
            seed, records = read(f)
    except OSError as e:
        print("clue-fx replay: cannot read %s: %s" % (args.trace, e.strerror))
        return 2
    except TraceError as e:
        print("clue-fx replay: %s: %s" % (args.trace, e))
        return 2
    inputs = sum(1 for r in records if r[1] == "in")
    diff = replay(seed, records)
    if diff is None:
        print("identical: %d inputs replayed into Narrator(seed=%d)" % (inputs, seed))
        return 0
    t, event, want, got = diff
    print("differs at t=%d ms after %r:\n  trace:    %r\n  firmware: %r" % (t, event, want, got))
    return 1


# Commands that live in their own modules: (name, module, help). Each module
# has add_arguments(parser) and run(args) -> exit code; it is imported only
# when its command runs (or --help is asked of it).
COMMANDS = (
    ("serve", "hal.serve", "run the firmware for a touch rig on a serial port (CFX/1)"),
    ("rig", "hal.rig", "a virtual touch rig speaking CFX/1, on a pty or a serial URL"),
    ("monitor", "hal.monitor", "show a CFX/1 serial line decoded, both directions"),
    ("selftest", "sim.selftest", "play every clip of an edition and light every pad"),
    ("flash", "hal.deploy", "compile the firmware and copy it to a MicroPython board"),
    ("sdcard", "hal.sdcard", "write the DFPlayer SD-card layout of an edition"),
    ("calibrate", "hal.calibrate", "print a board's touch electrode baselines and suggest thresholds"),
)


def _module_command(module_name):
    import importlib

    try:
        return importlib.import_module(module_name)
    except ImportError as e:
        if e.name and module_name.startswith(e.name):
            return None
        raise


def build_parser():
    parser = argparse.ArgumentParser(
        prog="clue-fx",
        description="The talking board of Clue FX, re-created from its rulebook. "
        "With no command: the desktop board.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("play", help="play on this computer (the window, or --text in a terminal)")
    p.add_argument("--text", action="store_true", help="the board in a terminal: captions printed, keys for pads")
    add_board_options(p)
    from sim import options

    options.add_arguments(p)
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("replay", help="replay a trace into the firmware and report the first difference")
    p.add_argument("trace", metavar="TRACE", help="a trace file written with --trace")
    p.set_defaults(func=cmd_replay)

    for name, module_name, help_text in COMMANDS:
        module = _module_command(module_name)
        if module is None:
            continue  # not part of this build yet
        p = sub.add_parser(name, help=help_text, description=(module.__doc__ or help_text).strip())
        module.add_arguments(p)
        p.set_defaults(func=module.run)
    return parser


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help")):
        argv = ["play"] + argv  # no command: the desktop board, with its options
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
