"""The speaker: a queue of tracks played one after the other on a DFPlayer
(a clip is a track; so is a whole sentence where the card holds it:
hal/mcu/sentences.py, queued by the standalone program's sink).

`poll(now)` starts the next track when the last one finished and returns
True once, when everything queued has been played (-> AudioDone, through
the desk: hal.desk; or DONE on a rig). The standalone program hands it to
its board as a Sink (hal.mcu.standalone.SpeakerSink): the computer's
speaker's interface (hal.audio.AudioOut).

The module's habits, as measured (Makuna/DFMiniMp3 #128, the DFRobot
manual; the emulator's model in tools/mcu_port/rp2040js/board.js):
- it drops a command that comes too soon after another (`gap_ms`, the
  manual's 100 ms), and every command while it reads its card after
  power-up (1.5 to 3 s; it says READY when done: that ends the wait early);
- a track started right after one that ended by itself starts late (0.5 to
  1 s): a `stop` first, then the play a gap later, starts it sooner;
- its "track finished" often comes twice, one right after the other: a
  "finished" while nothing plays is that echo (or news of a track already
  given up), and is ignored; the next play goes out a stop and a command
  gap later, well after any echo;
- a play command may be dropped: it is sent with its feedback byte set, and
  sent again (_RETRIES times) when no ACK comes within _ACK_MS, instead of a
  track's whole timeout of silence;
- clones: 8-byte replies are read as the rest (hal/mcu/dfplayer.py); one
  that never answers (`ack` False) is followed on its BUSY pin (`busy`: low
  while it plays), else by the timeout.
The same track twice in a row (REPEAT) is no trouble.
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


from array import array

from .dfplayer import ACK, ERROR, FINISHED_FLASH, FINISHED_USB, READY

COMMAND_GAP_MS = const(120)  # between two commands: the manual's 100 ms, and a margin for the loop's timing
_ECHO_MS = const(20)  # after a "finished", the time its echo takes (10 bytes at 9600 baud, and some)
_ACK_MS = const(200)  # a play not acknowledged by then was dropped: sent again
_RETRIES = const(2)
_START_MS = const(2000)  # a silent module's BUSY still high by then: it did not start the track
_CLIP_TIMEOUT_MS = const(20000)  # no track is longer: a lost "finished" must not stall the queue
# (the names with _ are the compiler's alone under MicroPython: no entry in the heap's pool of names)


class Speaker:
    def __init__(self, player, capacity=64, timeout_ms=_CLIP_TIMEOUT_MS, ready_ms=0, *, gap_ms=COMMAND_GAP_MS, ack=True,
                 busy=None):  # fmt: skip
        """`ready_ms`: nothing is sent before this time (the DFPlayer starting
        up; its READY ends the wait); `gap_ms`: between two commands; `ack`:
        the module answers (plays are acknowledged, retried when not);
        `busy`: its BUSY pin (a machine.Pin input), or None."""
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
        self.lost = 0  # tracks ended by the timeout, or never taken after their retries
        self.retried = 0  # play commands sent again (no ACK)
        self.gap_ms = gap_ms
        self.ack = ack
        self.busy = busy
        self._acked = False
        self._tries = 0
        self._sounding = False  # BUSY went low: the track plays
        self._ended_alone = False  # the last track ended by itself, no stop since: stop before the next
        # a track the card does not have (the module says so, or a silent one never starts it):
        # `expand(track)` queues its clips first when it is a whole sentence
        self.expand = None
        self.missing = 0  # tracks the card did not have

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
            self._quiet_until = now + self.gap_ms
            self._ended_alone = False
        self._len = 0
        self.playing = 0
        self._busy = False

    def idle(self):
        return self.playing == 0 and self._len == 0

    def _missing(self, now):
        track = self.playing
        self.playing = 0
        self.missing += 1
        self._quiet_until = now + self.gap_ms
        if self.expand is not None:
            self.expand(track)  # a whole sentence's: its clips instead (hal/mcu/sentences.py)

    def _play(self, now):
        self.player.play(self.playing, 1 if self.ack else 0)
        self._started = now
        self._acked = not self.ack
        self._sounding = False

    def poll(self, now):
        while True:
            r = self.player.reply()
            if r is None:
                break
            cmd = r[0]
            if FINISHED_USB <= cmd <= FINISHED_FLASH:
                if self.playing:
                    self.playing = 0
                    self._ended_alone = True
                    self._quiet_until = now + _ECHO_MS
            elif cmd == ACK:
                self._acked = True
            elif cmd == READY and not self.playing:
                self._quiet_until = min(self._quiet_until, now)  # the card is read: no need to wait
            elif cmd == ERROR and self.playing:
                self._missing(now)  # e.g. no such file: skip it
        if self.playing and self.busy is not None:
            if self.busy.value() == 0:
                self._sounding = self._acked = True
            elif not self._sounding and not self.ack and now - self._started >= _START_MS:
                self._missing(now)  # a silent module that never started it
            elif self._sounding:  # BUSY back high: the track ended
                self.playing = 0
                self._ended_alone = True
                self._quiet_until = now + _ECHO_MS
        if self.playing and not self._acked and now - self._started >= _ACK_MS:
            if self._tries < _RETRIES:  # dropped: again
                self._tries += 1
                self.retried += 1
                self._play(now)
            else:
                self.playing = 0
                self.lost += 1
        if self.playing and now - self._started >= self.timeout_ms:
            self.playing = 0
            self.lost += 1
        if self.playing or now < self._quiet_until:
            return False
        if self._volume is not None:
            self.player.volume(self._volume)
            self._volume = None
            self._quiet_until = now + self.gap_ms
            return False
        if self._busy and not self._len:  # all played (said before the stop below: no wait for it)
            self._busy = False
            return True
        if self._ended_alone:  # a stop at once: the next track, whenever it comes, starts sooner
            self.player.stop()
            self._ended_alone = False
            self._quiet_until = now + self.gap_ms
            return False
        if self._len:
            self.playing = self._ring[self._head]
            self._head = (self._head + 1) % len(self._ring)
            self._len -= 1
            self._tries = 0
            self._play(now)
            self._quiet_until = now + self.gap_ms
            self._busy = True
            return False
        return False
