"""The speaker: a queue of clips played one after the other on a DFPlayer.

`poll(now)` starts the next clip when the last one finished and returns
True once, when everything queued has been played (-> AudioDone, through
the desk: hal.desk; or DONE on a rig). The standalone program hands it to
its board as a Sink (hal.mcu.standalone.SpeakerSink): the computer's
speaker's interface (hal.audio.AudioOut). Two DFPlayer habits are handled here: it often sends its "track
finished" reply twice, one right after the other, and it drops a command
sent too soon after another, or in its first second or so after power-up,
while it reads the card (it says READY when done: that ends the wait
early). So after a "finished" the next clip starts
only ECHO_MS later, and a "finished" that comes while no clip is playing is
that echo (or news of a clip already given up): it is ignored. The same
clip twice in a row (REPEAT) is no trouble.
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from array import array

from .dfplayer import ERROR, FINISHED_FLASH, FINISHED_USB, READY

COMMAND_GAP_MS = const(30)  # between two commands to the DFPlayer
ECHO_MS = const(50)  # after a "finished", the time its echo may take: the next clip waits
CLIP_TIMEOUT_MS = const(20000)  # no clip is longer: a lost reply must not stall the queue


class Speaker:
    def __init__(self, player, capacity=64, timeout_ms=CLIP_TIMEOUT_MS, ready_ms=0):
        """`ready_ms`: nothing is sent before this time (the DFPlayer starting up)."""
        self.player = player
        self._ring = array("H", range(capacity))  # clip numbers: 2 bytes each, not a pointer each
        self._head = 0
        self._len = 0
        self.timeout_ms = timeout_ms
        self.playing = 0  # the clip playing, 0 for none
        self._started = 0
        self._busy = False  # played something since the queue last ran dry
        self._quiet_until = ready_ms
        self._volume = None  # a volume to send before anything else
        self.dropped = 0  # clips refused because the queue was full
        self.lost = 0  # clips ended by the timeout

    def set_volume(self, level):
        """Send this volume (0..30) as soon as the DFPlayer may be spoken to."""
        if not 0 <= level <= 30:
            raise ValueError("DFPlayer volume is 0..30, got %r" % (level,))
        self._volume = level

    def queue(self, clips):
        cap = len(self._ring)
        for clip in clips:
            if self._len == cap:
                self.dropped += 1
                continue
            self._ring[(self._head + self._len) % cap] = clip
            self._len += 1

    def stop(self, now):
        """Cut the sound and forget the queue (no "finished" will follow)."""
        if self.playing:
            self.player.stop()
            self._quiet_until = now + COMMAND_GAP_MS
        self._len = 0
        self.playing = 0
        self._busy = False

    def idle(self):
        return self.playing == 0 and self._len == 0

    def poll(self, now):
        while True:
            r = self.player.reply()
            if r is None:
                break
            cmd = r[0]
            if FINISHED_USB <= cmd <= FINISHED_FLASH:
                if self.playing:
                    self.playing = 0
                    self._quiet_until = now + ECHO_MS
            elif cmd == READY and not self.playing:
                self._quiet_until = min(self._quiet_until, now)  # the card is read: no need to wait
            elif cmd == ERROR and self.playing:
                self.playing = 0  # e.g. no such file: skip it
                self._quiet_until = now + COMMAND_GAP_MS
        if self.playing and now - self._started >= self.timeout_ms:
            self.playing = 0
            self.lost += 1
        if self.playing or now < self._quiet_until:
            return False
        if self._volume is not None:
            self.player.volume(self._volume)
            self._volume = None
            self._quiet_until = now + COMMAND_GAP_MS
            return False
        if self._len:
            clip = self._ring[self._head]
            self._head = (self._head + 1) % len(self._ring)
            self._len -= 1
            self.player.play(clip)
            self.playing = clip
            self._started = now
            self._busy = True
            return False
        if self._busy:
            self._busy = False
            return True
        return False
