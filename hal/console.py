"""The console: a Sink that prints what the board says as lines of text, the
way `clue-fx play --text` and `clue-fx serve` show it.

    Console(captions, print)                       # Edmond: Good evening... / Inspecteur Dupont: You found me!
    Console(captions, write, stamp=True, keys=True)   #   12.300  Edmond: ... [place.enter]
"""

from firmware import events

from .edges import PAD, SW, edge_of
from .sink import Sink


class Console(Sink):
    def __init__(self, captions, write, *, stamp=False, keys=False):
        """`write`: a callable taking one line. `stamp`: each line starts with
        the board's time in seconds. `keys`: each sentence ends with its key."""
        self.captions = captions
        self.write = write
        self.stamp = stamp
        self.keys = keys
        self.quiet = False  # nothing shown (serve --quiet)

    def line(self, text, now_ms):
        if self.quiet:
            return
        if self.stamp:
            text = "%8.3f  %s" % (now_ms / 1000.0, text)
        self.write(text)

    def heard(self, kind, ident, down, now_ms):
        """An input the board was told, as an edge (hal.edges): its line."""
        if not self.quiet:
            self.line(describe_edge(kind, ident, down), now_ms)

    def say(self, say, now_ms):
        text = self.captions.line(say)
        if self.keys:
            text += "  [%s]" % say.key
        self.line(text, now_ms)

    def sfx(self, sfx, now_ms):
        self.line(self.captions.clip(sfx.clip), now_ms)

    def power_off(self, reason, now_ms):
        self.line(self.captions.power_off(reason), now_ms)


def describe(event):
    """A short human reading of an event, for consoles and logs."""
    edge = edge_of(event)
    if edge is None:
        cls = type(event)
        if cls is events.Battery:
            return "battery %d mV" % event.millivolts
        if cls is events.AudioDone:
            return "audio done"
        if cls is events.Tick:
            return "tick"
        return repr(event)
    return describe_edge(*edge)


def describe_edge(kind, ident, down):
    """The reading of an edge: `pad ECURIE down`, `switch ON`."""
    if kind == SW:
        return "switch %s" % ("ON" if down else "OFF")
    return "%s %s %s" % ("pad" if kind == PAD else "button", ident, "down" if down else "up")
