"""A host and a rig joined in memory, with a clock that is a number: the
h11 way of testing two ends of a protocol (no sockets, no sleeps); and the
host built by the composer the way `clue-fx serve` builds it.

    link = MemoryLink(build_host(seed=1, audio="rig"), RigCore())
    link.connect()            # HELLO, STATE?, STATE: the link is up
    link.rig.switch(True); link.settle()
    link.advance(2500)        # 2.5 s pass: Ticks, pings, DONE
"""

from hal import captions as captions_
from hal.compose import serial_host
from hal.console import Console

_CAPTIONS = {}


def captions(lang="en"):
    """The captions of edition `lang`, read once for the whole test run."""
    if lang not in _CAPTIONS:
        _CAPTIONS[lang] = captions_.load(lang)
    return _CAPTIONS[lang]


def build_host(*, seed=0, lang="en", audio="rig", trace=None, write=None, speaker=None, verbose=0, quiet=False,
               **host):  # fmt: skip
    """A Host as hal/cli/serve.py builds one (hal.compose.serial_host): a
    Console stamped with the game's time (keys shown when `verbose`)
    writing lines to `write`, and the speaker: `speaker` (--audio host),
    else the rig's own for `audio` "rig". The rest (ping_ms) is the Host's."""
    console = Console(captions(lang), write or (lambda line: None), stamp=True, keys=verbose > 0)
    console.quiet = quiet
    if speaker is not None:
        audio = "host"
    return serial_host(console, audio=audio, speaker=speaker, seed=seed, trace=trace, verbose=verbose, **host)


class MemoryLink:
    def __init__(self, host, rig, now=0):
        self.host = host
        self.rig = rig
        self.now = now
        self.plugged = True
        self.cut = None  # callable(bytes) -> list of chunks: how the host reads

    def connect(self):
        """The host opens the port; the rig boots; lines go until quiet."""
        self.rig.boot(self.now)
        self.host.opened(self.now)
        self.settle()

    def settle(self, rounds=50):
        """Carry bytes both ways until neither end has anything to say."""
        for _ in range(rounds):
            self.rig.step(self.now)
            self.host.step(self.now)
            to_host = self.rig.take()
            to_rig = self.host.take()
            if not self.plugged:
                to_host = to_rig = b""
            if not to_host and not to_rig:
                return
            if to_host:
                for chunk in self.cut(to_host) if self.cut else (to_host,):
                    self.host.on_bytes(chunk, self.now)
            if to_rig:
                self.rig.on_bytes(to_rig, self.now)
        raise RuntimeError("the two ends never stopped talking")

    def advance(self, ms, step=50):
        """Let `ms` pass in steps, carrying lines at each."""
        end = self.now + ms
        while self.now < end:
            self.now = min(end, self.now + step)
            self.settle()

    def unplug(self):
        self.plugged = False
        self.rig.take()
        self.host.take()
        self.host.closed(self.now)

    def replug(self, reboot=True):
        self.plugged = True
        if reboot:
            self.rig.boot(self.now)
        else:
            self.rig.take()
        self.host.opened(self.now)
        self.settle()
