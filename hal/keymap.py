"""The keys that stand for the board's pads and buttons, one map for every
keyboard: the text board (clue-fx play --text), the virtual rig's keys
(clue-fx rig), the window's key help and the pages' printed names.

    key_events("1")         # [PadDown("GARDIEN"), PadUp("GARDIEN")]: a pawn put down and lifted
    keys_of("1\x1bOPs")     # ["1", "\x1bOP", "s"]: an escape sequence is one key
    PLACE_KEYS, START_KEYS, BUTTON_KEYS, F1

A leaf: no import beyond firmware/ and hal.edges.
"""

from firmware.board import PLACES

from .edges import BTN, PAD, tap

PLACE_KEYS = "123456789"  # the ring, from the gatekeeper's lodge to the stables
START_KEYS = {"c": "START_COMTE", "l": "START_LAVANDE", "p": "START_PECHE", "z": "START_AZUR"}
BUTTON_KEYS = {"s": "STOP", "f": "SEARCH", "r": "REPEAT", "a": "ACCUSE", "y": "YES", "n": "NO", "w": "WAIT"}


F1 = ("\x1bOP", "\x1b[11~", "\x1b[[A")  # xterm, vt220, the Linux console


def keys_of(text):
    """The keys in `text`: single characters, and each escape sequence whole
    (ESC [ ... final, ESC O x, a lone ESC)."""
    keys = []
    i = 0
    while i < len(text):
        if text[i] != "\x1b":
            keys.append(text[i])
            i += 1
            continue
        j = i + 1
        if j < len(text) and text[j] == "O":
            j += 2
        elif j < len(text) and text[j] == "[":
            j += 1
            if j < len(text) and text[j] == "[":
                j += 1  # the Linux console's F1-F5: ESC [ [ A
            while j < len(text) and not ("@" <= text[j] <= "~"):
                j += 1
            j += 1
        keys.append(text[i:j])
        i = j
    return keys


def key_events(key):
    """The events one key stands for, or None for a key that means nothing."""
    if key in PLACE_KEYS:
        return tap(PAD, PLACES[PLACE_KEYS.index(key)])
    if key in START_KEYS:
        return tap(PAD, START_KEYS[key])
    if key in BUTTON_KEYS:
        return tap(BTN, BUTTON_KEYS[key])
    return None
