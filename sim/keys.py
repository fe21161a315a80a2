"""The keyboard of the desktop board: which key stands for which pad or button
(the same letters as the text board, hal/terminal.py), and the window's own
keys. A key held down is a pawn or a finger held on the pad.

Keys are looked up by the character they type, so that any keyboard layout
works; the digit row and the keypad also work by position (an AZERTY
keyboard types "&" on its "1" key).
"""

from firmware.board import PLACES
from hal.keymap import BUTTON_KEYS, PLACE_KEYS, START_KEYS

SWITCH_KEY = "o"
BATTERY_KEYS = {"-": -100, "+": 100, "=": 100}

# SDL scancodes of the digit row 1..9 and of the keypad 1..9: by position.
_DIGIT_ROW = {30 + i: str(i + 1) for i in range(9)}
_KEYPAD = {89 + i: str(i + 1) for i in range(9)}


def target_of_char(ch):
    """The target a typed character stands for, or None."""
    ch = ch.lower()
    if ch and ch in PLACE_KEYS:
        return ("pad", PLACES[PLACE_KEYS.index(ch)])
    if ch in START_KEYS:
        return ("pad", START_KEYS[ch])
    if ch in BUTTON_KEYS:
        return ("button", BUTTON_KEYS[ch])
    if ch == SWITCH_KEY:
        return ("switch",)
    if ch in BATTERY_KEYS:
        return ("battery", BATTERY_KEYS[ch])
    return None


def target_of_key(unicode, scancode):
    """The target of a KEYDOWN: by the character typed, else by position."""
    target = target_of_char(unicode or "")
    if target is None:
        digit = _DIGIT_ROW.get(scancode) or _KEYPAD.get(scancode)
        if digit:
            target = target_of_char(digit)
    return target


def key_of(target):
    """The key shown for a target in the help overlay."""
    kind = target[0]
    if kind == "pad" and target[1] in PLACES:
        return PLACE_KEYS[PLACES.index(target[1])]
    if kind == "pad":
        return next(k for k, v in START_KEYS.items() if v == target[1])
    if kind == "button":
        return next(k for k, v in BUTTON_KEYS.items() if v == target[1])
    if kind == "switch":
        return SWITCH_KEY
    return "-" if target[1] < 0 else "+"


# The window's own keys (pygame key names), shown in the help overlay.
WINDOW_KEYS = (
    ("F1 / ?", "help"),
    ("F3", "debug"),
    ("F11", "fullscreen"),
    ("PgUp / PgDn", "log"),
    ("Esc", "quit"),
)
