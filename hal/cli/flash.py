"""Compile the firmware and the board's program with mpy-cross and copy them
to a MicroPython board with mpremote, with a main.py that starts the chosen
program at power-up:

  standalone  the firmware on the board, talking by itself (firmware/, hal/mcu/)
  rig         the board as a CFX/1 rig for `clue-fx serve` (hal/mcu/, hal/cfx/wire.py)

Old copies of the same folders are removed first (a stale .py would shadow
the new .mpy). Wiring other than docs/board.md's: --config your copy of
hal/mcu/config.py. Examples:

  clue-fx flash --port /dev/ttyACM0 --mode standalone
  clue-fx flash --port COM3 --mode rig --config myboard.py
  clue-fx flash --build-only build/board --mode standalone
"""

from hal.bringup.flash import MODES, DeployError, build, flash, size

from . import options


def add_arguments(p):
    options.keep_layout(p)
    p.add_argument("--port", metavar="URL", help="the board's serial port: /dev/ttyACM0, COM3, or any mpremote device")
    p.add_argument(
        "--mode",
        choices=MODES,
        default="standalone",
        help="standalone: the board plays by itself; rig: a CFX/1 rig for clue-fx serve",
    )
    p.add_argument("--config", metavar="FILE", help="your copy of hal/mcu/config.py (pins, thresholds)")
    p.add_argument("--resume", action="store_true", help="do not soft-reset the board on connecting (mpremote resume)")
    p.add_argument("--no-reset", action="store_true", help="do not reset the board after copying")
    p.add_argument("--build-only", metavar="DIR", help="compile into DIR and stop (no board needed)")


def run(args):
    try:
        if args.build_only:
            written = build(args.build_only, args.mode, args.config)
            print(
                "compiled %d files into %s: %d bytes of .mpy"
                % (len(written), args.build_only, size(args.build_only, written))
            )
            return 0
        if not args.port:
            print("clue-fx flash: name the board's port with --port (or use --build-only DIR)")
            return 2
        flash(args.port, args.mode, args.config, resume=args.resume, reset=not args.no_reset)
        return 0
    except DeployError as e:
        print("clue-fx flash: %s" % options.one_line(e))
        return 1
    except OSError as e:  # --build-only naming a file, a folder that cannot be made
        print("clue-fx flash: cannot write the build into %s: %s" % (args.build_only, e.strerror or e))
        return 1
