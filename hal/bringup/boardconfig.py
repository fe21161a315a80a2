"""The board's configuration checked on the computer, when its program is
built (`clue-fx flash`, `--build-only`, `--uf2`): a typo such as
`PADS = "contact"` is a one-line error here, not a dark board at power-up.

    check("myboard.py")      # None, or raises ValueError with the one line
    check(None)              # hal/mcu/config.py itself

The file runs as the board runs it, on a Pico (sys.platform "rp2"; the
ESP32's pins are not checked against a Pico's).
"""

import difflib
import os
import sys

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT = os.path.join(HERE, "mcu", "config.py")
PICO_PINS = range(29)  # GP0..GP28 (GP23-GP25 and GP29 are the Pico's own: SMPS, VBUS, LED, VSYS)
ADC_PINS = (26, 27, 28)
KINDS = ("touch", "contacts", "matrix")


class _Platform:
    """`sys` as the config sees it on the board: the Pico's platform."""

    def __init__(self, platform):
        self.platform = platform

    def __getattr__(self, name):
        return getattr(sys, name)


def settings(path=None):
    """{NAME: value} of a config file as it runs on a Pico."""
    path = path or DEFAULT
    with open(path, encoding="utf-8") as f:
        source = f.read()
    name = os.path.basename(path)
    try:
        code = compile(source, path, "exec")
    except SyntaxError as e:
        raise ValueError("%s line %s: %s" % (name, e.lineno, e.msg)) from None
    scope = {"__name__": "config"}
    real = sys.modules["sys"]
    sys.modules["sys"] = _Platform("rp2")
    try:
        exec(code, scope)  # noqa: S102 - the maker's own config, run as the board runs it
    except Exception as e:  # noqa: BLE001 - whatever it raises is the line to show
        raise ValueError("%s does not run: %s: %s" % (name, type(e).__name__, e)) from None
    finally:
        sys.modules["sys"] = real
    return {k: v for k, v in scope.items() if k.isupper()}


def check(path=None):
    """Raise ValueError with one line if the config at `path` would not start the board."""
    name = os.path.basename(path or DEFAULT)
    mine = settings(path)
    known = settings(None)
    for key in sorted(mine):
        if key not in known and key not in ("LED_PIN", "SELFTEST_IDLE_MS", "SENTENCES", "DFPLAYER_GAP_MS"):
            near = difflib.get_close_matches(key, list(known), 1)
            raise ValueError(
                "%s: %s is no setting of the board%s" % (name, key, " (did you mean %s?)" % near[0] if near else "")
            )
    c = dict(known, **mine)

    def bad(what):
        raise ValueError("%s: %s" % (name, what))

    kind = c["PADS"]
    if kind not in KINDS:
        near = difflib.get_close_matches(str(kind), KINDS, 1)
        bad("PADS is %s, not %r%s" % (", ".join(repr(k) for k in KINDS), kind,
                                      " (did you mean %r?)" % near[0] if near else ""))  # fmt: skip
    pads = len(c["PAD_ELECTRODES"])
    used = {}

    def pin(label, n):
        if not isinstance(n, int) or isinstance(n, bool) or n not in PICO_PINS:
            bad("%s is %r: a Pico's GPIO is a number 0..28 (GPn)" % (label, n))
        if n in used:
            bad("%s and %s are both GP%d" % (used[n], label, n))
        used[n] = label

    def pins(label, value, count=None):
        if not isinstance(value, (tuple, list)):
            bad("%s is %r: a tuple of GPIO numbers" % (label, value))
        if count is not None and len(value) != count:
            bad("%s has %d pins for %d %s" % (label, len(value), count, "pads" if label == "PAD_PINS" else "names"))
        for i, n in enumerate(value):
            pin("%s[%d]" % (label, i), n)

    pin("UART_TX", c["UART_TX"])
    pin("UART_RX", c["UART_RX"])
    if kind == "touch":
        pin("I2C_SDA", c["I2C_SDA"])
        pin("I2C_SCL", c["I2C_SCL"])
    pins("BUTTON_PINS", c["BUTTON_PINS"], len(c["BUTTON_NAMES"]))
    if c["SWITCH_PIN"] is not None:
        pin("SWITCH_PIN", c["SWITCH_PIN"])
    if c["BATTERY_PIN"] not in ADC_PINS:
        bad("BATTERY_PIN is %r: the batteries go to an ADC pin, GP26, GP27 or GP28" % (c["BATTERY_PIN"],))
    pin("BATTERY_PIN", c["BATTERY_PIN"])
    if kind == "contacts":
        pins("PAD_PINS", c["PAD_PINS"], pads)
    elif kind == "matrix":
        pins("MATRIX_ROWS", c["MATRIX_ROWS"])
        pins("MATRIX_COLS", c["MATRIX_COLS"])
        rows, cols = len(c["MATRIX_ROWS"]), len(c["MATRIX_COLS"])
        if rows * cols < pads:
            bad("a %d x %d matrix holds %d pads, not %d" % (rows, cols, rows * cols, pads))
    if c.get("DFPLAYER_BUSY_PIN") is not None:
        pin("DFPLAYER_BUSY_PIN", c["DFPLAYER_BUSY_PIN"])
    if c.get("DFPLAYER_REPLIES", "full") not in ("full", "none"):
        bad("DFPLAYER_REPLIES is 'full' or 'none', not %r" % (c["DFPLAYER_REPLIES"],))
    if c.get("DFPLAYER_REPLIES") == "none" and c.get("DFPLAYER_BUSY_PIN") is None:
        bad("DFPLAYER_REPLIES = 'none' needs the DFPlayer's BUSY pin wired and named in DFPLAYER_BUSY_PIN")
    if not isinstance(c["VOLUME"], int) or not 0 <= c["VOLUME"] <= 30:
        bad("VOLUME is %r: 0..30" % (c["VOLUME"],))
    for key in ("DEBOUNCE_MS", "POLL_MS", "TICK_MS", "BATTERY_EVERY_MS", "DFPLAYER_READY_MS", "DFPLAYER_GAP_MS"):
        if key in c and (not isinstance(c[key], int) or c[key] < 0):
            bad("%s is %r: a number of milliseconds" % (key, c[key]))
