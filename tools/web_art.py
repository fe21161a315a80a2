"""The web board's art from the desktop board's own (sim/paint/art.py): the
place symbols, the Manor, the buttons' icons and the pawn as one SVG sprite,
the board's colours as CSS custom properties.

    python tools/web_art.py            # write hal/web/static/art.svg and art.css
    python tools/web_art.py --check    # exit 1 if either is stale

Run it after changing sim/paint/art.py: tests/tools/test_web_art.py fails
while the files differ from what the art makes.
"""

import argparse
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sim.paint.svg import palette_css, sprite  # noqa: E402

STATIC = ROOT / "hal" / "web" / "static"
FILES = {"art.svg": sprite, "art.css": palette_css}


def stale():
    """The files that differ from what the art makes."""
    return [name for name, make in FILES.items() if not (STATIC / name).is_file()
            or (STATIC / name).read_text(encoding="utf-8") != make()]  # fmt: skip


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if a file is stale, write nothing")
    args = ap.parse_args(argv)
    if args.check:
        bad = stale()
        for name in bad:
            print("stale: hal/web/static/%s (python tools/web_art.py)" % name)
        return 1 if bad else 0
    for name, make in FILES.items():
        (STATIC / name).write_text(make(), encoding="utf-8", newline="\n")
        print("wrote hal/web/static/%s" % name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
