"""clue-fx: the talking board of Clue FX; the front door.

One table of commands, each in its own module of this package with
`add_arguments(parser)` and `run(args) -> exit code`. A command's module is
imported only when that command runs or its `--help` is asked for: `clue-fx
--help` reads this table and nothing else. Nothing imports this package.

With no command it opens the desktop board (the simulator) in your language.
"""

import argparse
import importlib
import sys

# (name, module, help). The module's docstring is the command's description.
COMMANDS = (
    ("play", "hal.cli.play", "play on this computer (the window, or --text in a terminal)"),
    ("replay", "hal.cli.replay", "replay a trace into the firmware and report the first difference"),
    ("serve", "hal.cli.serve", "run the firmware for a touch rig on a serial port (CFX/1)"),
    ("rig", "hal.cli.rig", "a virtual touch rig speaking CFX/1, on a pty or a serial URL"),
    ("monitor", "hal.cli.monitor", "show a CFX/1 serial line decoded, both directions"),
    ("selftest", "hal.cli.selftest", "play every clip of an edition and light every pad"),
    ("web", "hal.cli.web", "the board in a web browser, the card table's hands on phones"),
    ("bots", "hal.cli.bots", "bot-only games with the digital card table, headless"),
    ("flash", "hal.cli.flash", "compile the firmware and copy it to a MicroPython board"),
    ("voices", "hal.cli.voices", "make and check a voice pack: your own recordings of the clips"),
    ("sdcard", "hal.cli.sdcard", "write the DFPlayer SD-card layout of an edition"),
    ("calibrate", "hal.cli.calibrate", "print a board's touch electrode baselines and suggest thresholds"),
)
NAMES = tuple(c[0] for c in COMMANDS)

# The top help's words for a player: written here, not read from hal.cli.play,
# so `clue-fx --help` imports no command (tests/hal/cli/test_cli.py checks that
# every option named is one of `clue-fx play`'s).
PLAYER_HELP = """\
start the board:
  clue-fx                   the desktop board in a window, in your language
  clue-fx --table --bots AZUR
                            no cards left: the window deals and refutes; a bot guest
  clue-fx play --text       no display: the board in a terminal, keys for pads

options of the board (clue-fx [play] OPTIONS; all of them: clue-fx play --help):
  --edition fr|en|us        the edition: fr, en (the rulebook's names), us (Clue FX's);
                            default from the locale (--lang: the same)
  --seed N                  the board's random seed: the same seed, the same game
  --table                   the digital card table: deals, refutes, checks accusations
  --bots GUEST[:LEVEL],...  bot guests (easy, medium, hard, expert), e.g. AZUR:easy; implies --table
  --hints                   the detective sheets mark what can still be in the case file
  --text                    the board in a terminal (with --edition, --seed, --trace, --battery)
  --audio MODE, --volume V  auto, pygame, simpleaudio or silent (none); volume 0 to 1
  --voices DIR              a voice pack: your own recordings of the clips (clue-fx voices)
  --trace FILE              record the game (clue-fx replay FILE checks it)
  --resume TRACE            go on with the game of TRACE where it stopped (the window
                            also offers its own last game, kept in ~/.local/share/clue-fx/,
                            or one switched off while it was going)
  --fullscreen, --debug, --battery MV, --selftest

each command has its own --help, e.g. clue-fx serve --help"""


def build_parser(command=None):
    """The parser; only `command`'s module is imported (none for None)."""
    parser = argparse.ArgumentParser(
        prog="clue-fx",
        description="The talking board of Clue FX, re-created from its rulebook.\n"
        "With no command: the desktop board, with the options below.",
        epilog=PLAYER_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, module_name, help_text in COMMANDS:
        if name != command:
            sub.add_parser(name, help=help_text)
            continue
        module = importlib.import_module(module_name)
        p = sub.add_parser(name, help=help_text, description=(module.__doc__ or help_text).strip())
        module.add_arguments(p)
        p.set_defaults(func=module.run)
    return parser


def console_any_encoding():
    """Print on a console of any encoding: what it cannot show is replaced."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="replace")
        except (AttributeError, ValueError, OSError):
            pass  # not a text stream we can reconfigure (a test's capture): it is theirs


def pipe_closed():
    """stdout's reader went away (`| head -1`): end quietly, nothing more to print."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # the interpreter's last flush goes nowhere
    except (OSError, ValueError):
        pass
    return 141  # as a program ended by SIGPIPE, without its noise


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help")):
        argv = ["play"] + argv  # no command: the desktop board, with its options
    command = argv[0] if argv[0] in NAMES else None
    debug = "--debug" in argv
    if debug and command not in ("play", "web"):
        argv.remove("--debug")  # the front door's: tracebacks (play and web also show their debug view)
    if sys.stdout is None:  # started with its output closed (`>&-`): every command says something
        if sys.stderr is not None:
            print("clue-fx: standard output is closed: give it a terminal, a file or /dev/null", file=sys.stderr)
        return 2
    console_any_encoding()
    try:
        args = build_parser(command).parse_args(argv)
        return args.func(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return pipe_closed()
    except Exception as e:
        from .options import Refused

        if debug:
            raise
        if isinstance(e, Refused):
            print("clue-fx: %s" % e, file=sys.stderr)
            return 2
        print(
            "clue-fx %s: internal error: %s: %s (the details: run it again with --debug)"
            % (command or "", type(e).__name__, e),
            file=sys.stderr,
        )
        return 1


if __name__ == "__main__":
    sys.exit(main())
