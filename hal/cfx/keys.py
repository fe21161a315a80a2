"""The keys of `clue-fx rig` (hal/cli/rig.py): they press a VirtualRig's pads
and buttons as in `clue-fx play --text`, and reboot, unplug or mute it.

    keys = Keys(rig, print)
    for ch in read_keys(sys.stdin):
        if not keys.key(ch): break
"""

import os

from .. import keymap
from ..desk import BATTERY_STEP_MV, clamp_mv
from ..edges import edge_of

# -- the keys of `clue-fx rig` --------------------------------------------------------

KEYS_HELP = (
    "keys: %s-%s the places  %s the START pads  %s the buttons\n"
    "      o switch  - + battery  B reboot  U unplug/replug  M mute  ? help  x quit"
    % (keymap.PLACE_KEYS[0], keymap.PLACE_KEYS[-1], " ".join(keymap.START_KEYS), " ".join(keymap.BUTTON_KEYS))
)
QUIT = ("x", "\x04", "\x03")


class Keys:
    """What each key does to a VirtualRig; the rig's news go to `write`."""

    def __init__(self, rig, write):
        self.rig = rig
        self.write = write

    def key(self, key):
        """Act on one key; False to quit."""
        rig = self.rig
        if key in QUIT:
            return False
        if key == "o":
            rig.switch(not rig.core.switch_on)
        elif key in "-+":
            # the one range of every board's batteries (hal.desk): never a negative reading on the wire
            rig.battery(clamp_mv(rig.core.millivolts + (BATTERY_STEP_MV if key == "+" else -BATTERY_STEP_MV)))
        elif key == "B":
            rig.reboot()
        elif key == "U":
            if rig.plugged:
                rig.unplug()
                self.write("[unplugged]")
            else:
                rig.replug()
                self.write("[plugged in again]")
        elif key == "M":
            rig.mute(not rig.core.muted)
            self.write("[muted]" if rig.core.muted else "[talking again]")
        elif key in "?h":
            self.write(KEYS_HELP)
        elif key.strip():
            evs = keymap.key_events(key.lower())
            if evs is None:
                self.write("[%r is not a key: ? for the keys]" % key)
            for ev in evs or ():
                edge = edge_of(ev)
                rig.do(lambda c, edge=edge: c.edge(*edge))
        return True


def echo_to(write, captions=None):
    """An `echo` for VirtualRig: each line that goes either way, as text;
    with `captions` (hal.captions.Captions), a PLAY line with what it says."""

    def echo(direction, data):
        for line in data.decode("ascii", "replace").splitlines():
            write("%-5s %s%s" % (direction, line, _says(line, captions)))

    return echo


def _says(line, captions):
    if captions is None:
        return ""
    words = line.split("*")[0].split()
    if "PLAY" not in words:
        return ""
    clips = [int(w) for w in words[words.index("PLAY") + 1 :] if w.isdigit()]
    try:
        return '   "%s"' % captions.of(clips) if clips else ""
    except KeyError:
        return ""


def read_keys(stdin):
    """Keys one by one, as they come: at once on a terminal, each character
    from a pipe; it ends with the pipe (what then is the caller's)."""
    fd = stdin.fileno()
    saved = None
    if stdin.isatty():
        import termios
        import tty

        saved = termios.tcgetattr(fd)
        tty.setcbreak(fd)
    try:
        while True:
            ch = os.read(fd, 1).decode("utf-8", "replace")
            if not ch:
                break
            yield ch
    finally:
        if saved is not None:
            import termios

            termios.tcsetattr(fd, termios.TCSADRAIN, saved)
