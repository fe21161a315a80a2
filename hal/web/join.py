"""/join: a phone that cannot scan types the code shown under its seat's
QR code on the board (hal.web.holders). A page of plain HTML in the board's
edition, a form and no script; the server checks the code at a few tries
a minute (hal.web.guard.Limits.joins_per_minute).

    join_page(words["join"], "fr", note="")   # the page's HTML
"""

import html

from .hub import HTML_LANG


def join_page(words, lang, note):
    """The join page's HTML, in the board's edition (no script: a form)."""
    esc = html.escape
    parts = [
        '<!doctype html><html lang="%s"><meta charset="utf-8">' % esc(HTML_LANG.get(lang, lang)),
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<title>%s</title><link rel="icon" href="data:,">' % esc(words["title"]),
        '<link rel="stylesheet" href="/static/join.css">',
        '<main><h1>%s</h1><p>%s</p><form method="get" action="/join">' % (esc(words["title"]), esc(words["how"])),
        '<label for="code">%s</label> ' % esc(words["code"]),
        '<input id="code" name="code" autocomplete="off" autocapitalize="characters" maxlength="12" required> ',
        "<button>%s</button></form>" % esc(words["go"]),
    ]
    if note:
        parts.append('<p class="note" role="alert">%s</p>' % esc(note))
    return "".join(parts) + "</main>"
