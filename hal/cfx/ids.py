"""The ids a line names, checked against the board's (firmware.board): the
wire (hal.cfx.wire) knows the shape of an id and no firmware; this knows
which pads and buttons a board has. The host, the virtual rig and the
monitor check what they parse here, the rig program on a board does not
(it runs no firmware, and a real board is pressed by hands only).

    check(wire.parse_rig("7 PAD CUISINE DOWN"))   # LineError, reason unknown_pad
"""

from firmware.board import BUTTONS, PADS

from .wire import BTN, PAD, LineError


def check_id(kind, ident):
    """`ident` if the board has it as a `kind` (PAD, BTN; SW has none)."""
    if kind == PAD and ident not in PADS:
        raise LineError("unknown_pad", repr(ident))
    if kind == BTN and ident not in BUTTONS:
        raise LineError("unknown_button", repr(ident))
    return ident


def check(msg):
    """`msg` (a tuple of parse_rig or parse_host) if every id it names is the
    board's; LineError (unknown_pad, unknown_button) if not."""
    what = msg[0]
    if what in ("edge", "touch"):
        check_id(msg[-3], msg[-2])
    elif what == "state":
        for pad in msg[3]:
            check_id(PAD, pad)
        for button in msg[4]:
            check_id(BTN, button)
    return msg
