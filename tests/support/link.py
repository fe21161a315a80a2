"""A host and a rig joined in memory, with a clock that is a number: the
h11 way of testing two ends of a protocol (no sockets, no sleeps).

    link = MemoryLink(Host(seed=1, audio="rig"), RigCore())
    link.connect()            # HELLO, STATE?, STATE: the link is up
    link.rig.switch(True); link.settle()
    link.advance(2500)        # 2.5 s pass: Ticks, pings, DONE
"""


class MemoryLink:
    def __init__(self, host, rig, now=0):
        self.host = host
        self.rig = rig
        self.now = now
        self.plugged = True
        self.wire_to_host = []  # every chunk the host was given, for tests
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
                    self.wire_to_host.append(chunk)
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
