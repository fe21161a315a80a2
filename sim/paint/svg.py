"""The board's art (sim.paint.art) as SVG, for the web board: the same
shapes the desktop window draws with pygame, as one sprite of <symbol>s and
the palette as CSS custom properties. Pure text: no pygame.

    sprite()        # '<svg xmlns=...><symbol id="place-ECURIE" viewBox="-1 -1 2 2">...</symbol>...</svg>'
    palette_css()   # ':root {\\n  --lawn: #4a7842;\\n ...}'

tools/web_art.py writes them to hal/web/static/art.svg and art.css (a test
checks the files are what this module makes). A named colour ("bg", "ink",
"fill") is the SVG's `currentColor`: the page sets it with CSS `color`.
"""

import math

from .art import ICON_ART, PALETTE, PAWN, PAWN_HALO, PLACE_ART

UNIT_BOX = "-1 -1 2 2"
PAWN_BOX = "-16 -30 32 37"  # the pawn and its halo, from its foot


def num(x):
    """A number as short as it can be written: 0.5, -0.04, 12."""
    text = ("%.4f" % x).rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def colour(c):
    if isinstance(c, str):
        return "currentColor"
    return "#%02x%02x%02x" % tuple(c)


def _paint(c, width, joined=True):
    """The fill and stroke attributes of a shape of colour `c`: filled when `width` is 0."""
    if not width:
        return 'fill="%s"' % colour(c)
    join = ' stroke-linejoin="round"' if joined else ""
    return 'fill="none" stroke="%s" stroke-width="%s"%s' % (colour(c), num(width), join)


def _points(pts):
    return " ".join("%s,%s" % (num(x), num(y)) for x, y in pts)


def shape(s):
    """One shape of sim.paint.art as an SVG element. A line width counts
    inward for a rect, a circle, an ellipse and an arc (as pygame draws
    them): their outline is drawn half a width inside."""
    kind, c = s[0], s[1]
    if kind == "rect":
        x, y, w, h, width, radius = s[2:]
        inset = width / 2
        r = ' rx="%s"' % num(radius) if radius else ""
        return '<rect x="%s" y="%s" width="%s" height="%s"%s %s/>' % (
            num(x + inset), num(y + inset), num(w - width), num(h - width), r, _paint(c, width))  # fmt: skip
    if kind == "poly":
        pts, width = s[2:]
        return '<polygon points="%s" %s/>' % (_points(pts), _paint(c, width))
    if kind == "circle":
        x, y, r, width = s[2:]
        return '<circle cx="%s" cy="%s" r="%s" %s/>' % (num(x), num(y), num(r - width / 2), _paint(c, width))
    if kind == "line":
        a, b, width = s[2:]
        return '<line x1="%s" y1="%s" x2="%s" y2="%s" %s/>' % (
            num(a[0]), num(a[1]), num(b[0]), num(b[1]), _paint(c, width, joined=False))  # fmt: skip
    if kind == "lines":
        pts, width = s[2:]
        return '<polyline points="%s" %s/>' % (_points(pts), _paint(c, width))
    if kind == "ellipse":
        x, y, w, h, width = s[2:]
        return '<ellipse cx="%s" cy="%s" rx="%s" ry="%s" %s/>' % (
            num(x + w / 2), num(y + h / 2), num((w - width) / 2), num((h - width) / 2), _paint(c, width))  # fmt: skip
    if kind == "arc":
        x, y, r, start, stop, width = s[2:]
        r -= width / 2
        a = (x + r * math.cos(start), y - r * math.sin(start))  # on screen, y grows downward
        b = (x + r * math.cos(stop), y - r * math.sin(stop))
        large = 1 if (stop - start) % (2 * math.pi) > math.pi else 0
        d = "M%s,%s A%s,%s 0 %d 0 %s,%s" % (num(a[0]), num(a[1]), num(r), num(r), large, num(b[0]), num(b[1]))
        return '<path d="%s" %s/>' % (d, _paint(c, width, joined=False))
    raise ValueError("no such shape: %r" % (kind,))


def symbol(ident, shapes, box=UNIT_BOX):
    body = "".join("\n    " + shape(s) for s in shapes)
    return '  <symbol id="%s" viewBox="%s">%s\n  </symbol>' % (ident, box, body)


def sprite():
    """Every piece of the board's art as one SVG of symbols: place-GARDIEN ...,
    icon-STOP ..., pawn, pawn-halo."""
    parts = [symbol("place-" + p, shapes) for p, shapes in PLACE_ART.items()]
    parts += [symbol("icon-" + b, shapes) for b, shapes in ICON_ART.items()]
    parts += [symbol("pawn", PAWN, PAWN_BOX), symbol("pawn-halo", PAWN_HALO, PAWN_BOX)]
    return (
        '<svg xmlns="http://www.w3.org/2000/svg">\n'
        "  <!-- the board's art, made by tools/web_art.py from sim/paint/art.py: do not edit -->\n"
        + "\n".join(parts)
        + "\n</svg>\n"
    )


def palette_css():
    """The board's colours as CSS custom properties (--lawn, --guest-COMTE, ...)."""
    lines = ["/* the board's colours, made by tools/web_art.py from sim/paint/art.py: do not edit */", ":root {"]
    lines += ["  --%s: %s;" % (name.replace("_", "-"), colour(c)) for name, c in PALETTE.items()]
    return "\n".join(lines) + "\n}\n"
