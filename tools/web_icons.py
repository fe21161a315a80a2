"""The offline app's PNG icons, drawn from its own icon (hal/web/static/icon.svg)
by headless Chromium: icon-192.png and icon-512.png (the web app manifest's;
Android and desktop Chrome install with them) and apple-touch-icon.png (180,
square and opaque: iOS rounds its corners itself and uses no SVG for "Add to
Home Screen").

    python tools/web_icons.py            # write the three PNGs beside icon.svg
    python tools/web_icons.py --out DIR  # write them elsewhere (the test compares)

Run it after changing icon.svg: tests/tools/test_web_icons.py fails while the
committed PNGs differ from what the SVG draws.
"""

import argparse
import pathlib
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
STATIC = ROOT / "hal" / "web" / "static"
SIZES = {"icon-192.png": 192, "icon-512.png": 512, "apple-touch-icon.png": 180}
SQUARE = {"apple-touch-icon.png"}  # drawn without the rounded corners, on the icon's own background


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def svg_for(name):
    svg = (STATIC / "icon.svg").read_text(encoding="utf-8")
    return svg.replace(' rx="96"', "", 1) if name in SQUARE else svg


def draw(out):
    """Write the PNGs into the folder `out`; the paths written."""
    exe = chromium()
    if exe is None:
        raise SystemExit("web_icons: headless Chromium is needed (apt-get install chromium)")
    out = pathlib.Path(out)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, px in SIZES.items():
            svg = pathlib.Path(tmp) / (name + ".svg")
            svg.write_text(svg_for(name), encoding="utf-8")
            page = pathlib.Path(tmp) / (name + ".html")
            page.write_text('<html><body style="margin:0;overflow:hidden"><img src="%s" width="%d" height="%d" '
                            'style="display:block"></body></html>' % (svg.name, px, px))  # fmt: skip
            target = out / name
            subprocess.run([exe, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                            "--default-background-color=00000000", "--force-device-scale-factor=1",
                            "--window-size=%d,%d" % (px, px), "--screenshot=%s" % target, page.as_uri()],
                           check=True, capture_output=True, timeout=120)  # fmt: skip
            written.append(target)
    return written


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(STATIC), help="the folder to write into (default: beside icon.svg)")
    args = ap.parse_args(argv)
    for path in draw(args.out):
        print("web_icons: %s" % path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
