"""QR codes of the seats' links (segno, pure Python): in the terminal, and
as SVG for the board page.

    terminal(url, out)   # the code drawn with block characters
    svg(url)             # bytes of an SVG image
"""

import io

import segno


def terminal(url, out):
    segno.make(url, error="m").terminal(out=out, compact=True)


def svg(url):
    buf = io.BytesIO()
    segno.make(url, error="m").save(buf, kind="svg", scale=4, border=2, dark="#111", light="#fff")
    return buf.getvalue()
