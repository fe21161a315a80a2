"""/join: a phone that cannot scan types the code shown under its seat's
QR code on the board (hal.web.holders). A page of plain HTML in the board's
edition, a form and no script; the server checks the code at a few tries
a minute (hal.web.guard.Limits.joins_per_minute).

    join_page(words["join"], "fr", note="")   # the page's HTML
"""

import html

from .hub import HTML_LANG


def join_page(words, lang, note):
    """The join page's HTML, in the board's edition (no script: a form). A
    note (a wrong code, too many tries) stands above the form, and the field
    is focused, marked invalid and described by it: a screen reader says it
    as the page opens again."""
    esc = html.escape
    parts = [
        '<!doctype html><html lang="%s"><meta charset="utf-8">' % esc(HTML_LANG.get(lang, lang)),
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<title>%s</title><link rel="icon" href="data:,">' % esc(words["title"]),
        '<link rel="stylesheet" href="/static/join.css">',
        '<main><h1>%s</h1><p id="how">%s</p>' % (esc(words["title"]), esc(words["how"])),
    ]
    if note:
        parts.append('<p class="note" id="note" role="alert">%s</p>' % esc(note))
    invalid = ' aria-invalid="true" autofocus' if note else ""
    parts += [
        '<form method="get" action="/join"><label for="code">%s</label> ' % esc(words["code"]),
        '<input id="code" name="code" autocomplete="off" autocapitalize="characters" maxlength="12" required'
        ' aria-describedby="%s"%s> ' % ("note how" if note else "how", invalid),
        "<button>%s</button></form>" % esc(words["go"]),
    ]
    return "".join(parts) + "</main>"
