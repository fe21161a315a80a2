"""The window's own trace: every game the window plays without --trace is
saved as it goes to one file under the user's data directory,

    $XDG_DATA_HOME/clue-fx/game.jsonl      (default ~/.local/share/clue-fx/game.jsonl)

and the next start offers to go on with it while it is unfinished (the
board neither off nor over), or when it was switched off while it was going
(hal.resume.switched_off). A new game moves the old one aside to
game.previous.jsonl first: one game is never overwritten by the next.

    saved = Saved.default()
    offer = saved.offer()          # an Offer of the unfinished game, or None
    stream = saved.fresh()         # a new game's trace (or None: it cannot be written)
"""

import os
import sys

from hal.files import Locked, lock
from hal.resume import ResumeError, inspect, resume
from hal.trace import TraceFile

NAME = "game.jsonl"
PREVIOUS = "game.previous.jsonl"


def data_dir():
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "clue-fx")


class Saved:
    def __init__(self, path, say=None):
        """`say`: one line for the player (default: stderr)."""
        self.path = path
        self.say = say or (lambda text: print("clue-fx: " + text, file=sys.stderr))

    @classmethod
    def default(cls):
        return cls(os.path.join(data_dir(), NAME))

    def offer(self):
        """An Offer of the unfinished game found at `path`, or None."""
        if not os.path.isfile(self.path) or os.path.getsize(self.path) == 0:
            return None
        try:
            resumed = inspect(self.path)
        except ResumeError as e:
            self.say("%s; a new game starts (the old trace is kept as %s)" % (e, PREVIOUS))
            return None
        if resumed.unfinished and resumed.inputs:
            return Offer(self, resumed)
        try:  # a game switched off while it was going: offered back too, as after a crash
            resumed = inspect(self.path, before_off=True)
        except ResumeError:
            return None
        return Offer(self, resumed, before_off=True) if resumed is not None else None

    def fresh(self):
        """A new game's trace, the old one moved aside; None (said once) if it cannot be written."""
        try:
            os.makedirs(os.path.dirname(self.path), exist_ok=True)
            if os.path.exists(self.path):
                with open(self.path, "a", encoding="utf-8") as old:
                    lock(old, self.path)  # another window playing its game in it: leave it be
                previous = os.path.join(os.path.dirname(self.path), PREVIOUS)
                if self.offer() is not None:  # not taken: still kept, and said
                    self.say("the unfinished game is kept: clue-fx --resume %s" % previous)
                os.replace(self.path, previous)
            f = open(self.path, "w", encoding="utf-8")  # noqa: SIM115
            return TraceFile(lock(f, self.path), self.path)
        except Locked:
            self.say("the game is not saved: another clue-fx window is playing the one in %s" % self.path)
            return None
        except OSError as e:
            self.say("the game is not saved: cannot write %s (%s)" % (self.path, e.strerror or e))
            return None

    def resume(self, before_off=False):
        """(stream, Resumed) of the saved game (`before_off`: as it was before
        the switch OFF that ended it); a new game's (stream, None) if it cannot go on."""
        try:
            resumed, stream = resume(self.path, before_off=before_off)
        except ResumeError as e:
            self.say("%s; a new game starts" % e)
            return self.fresh(), None
        return stream, resumed


class Offer:
    """The window's question: go on with `resumed`, or start anew."""

    def __init__(self, saved, resumed, before_off=False):
        """`before_off`: the game was switched off while it was going (hal.resume.switched_off)."""
        self.saved = saved
        self.resumed = resumed
        self.before_off = before_off

    def take(self):
        return self.saved.resume(self.before_off)

    def fresh(self):
        return self.saved.fresh()
