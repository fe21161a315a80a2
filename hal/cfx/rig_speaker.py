"""The rig's speaker, driven over CFX/1 (`clue-fx serve --audio rig`): the
firmware's sentences become `PLAY` lines, a cut becomes `STOP`, and the
rig's `DONE` says they were played. It has the computer's speaker's face
(hal.audio.AudioOut): a Sink of the board, `poll(now)` True once when what
it was given has played (the desk then feeds AudioDone: one path for every
speaker), and `idle()`. It writes into nobody: its lines wait in
`take_lines()`, which the host puts on the wire.

    speaker = RigSpeaker(news=console.write)      # hal.compose.serial_host builds it
    desk = compose(seed, sinks=[console, speaker], millivolts=None, speaker=speaker)
    host = Host(desk, console=console, speaker=speaker)

The host tells it of the rig: `rig_hello(features, now)` (a rig that came
back is sent the sentence it lost), `rig_done()` (its DONE line),
`rig_gone()` (no DONE is awaited while the rig is away). Its `now` is the
game's (the desk's) time.
"""

from ..sink import Sink
from . import wire
from .seq import trim

DONE_TIMEOUT_MS = 120000  # a rig that never says DONE: give up waiting


class RigSpeaker(Sink):
    def __init__(self, done_timeout_ms=DONE_TIMEOUT_MS, news=None):
        """`news`: callable(text), a line for the console (the DONE that never came)."""
        self.news = news
        self.lines = []  # the lines to the rig not yet taken (PLAY, STOP)
        self.done_timeout_ms = done_timeout_ms
        self.speaks = False  # the rig said it has a speaker (its HELLO's features)
        self.away = True  # no rig on the line: nothing is sent, no DONE is awaited
        self.playing = False  # clips sent, DONE awaited
        self.plays = []  # each PLAY line's clips, in order (the last seq.KEEP at least)
        self._unfinished = []  # the clips sent and not yet played: sent again if the rig comes back
        self._clips = []  # the clips of the burst being presented
        self._done_by = 0
        self._now = 0
        self._finished = False  # a DONE (or its timeout) not yet told by poll()

    def take_lines(self):
        """The lines for the rig since the last call, in order."""
        out, self.lines = self.lines, []
        return out

    # -- the sink: what the firmware said ---------------------------------------

    def say(self, say, now_ms):
        self._clips.extend(say.clips)

    def sfx(self, sfx, now_ms):
        self._clips.append(sfx.clip)

    def stop_audio(self, now_ms):
        self._clips = []
        if self.speaks and not self.away:
            self.lines.append(wire.STOP)
        self.playing = False
        self._unfinished = []

    def burst_end(self, now_ms):
        clips, self._clips = self._clips, []
        if not clips or not self.speaks:
            return
        self._unfinished.extend(clips)
        self.playing = True
        self._done_by = self._now + self.done_timeout_ms
        if not self.away:
            self._play(clips)

    def _play(self, clips):
        for line in wire.play_lines(clips):
            self.lines.append(line)
            self.plays.append(wire.parse_host(line)[1])
        trim(self.plays)

    # -- what the host tells of the rig --------------------------------------------

    def rig_hello(self, features, now):
        self._now = now
        self.speaks = "audio" in features
        self.away = False
        if self.playing and self._unfinished:
            self._play(self._unfinished)  # the sentence the rig lost, again
            self._done_by = now + self.done_timeout_ms

    def rig_gone(self):
        self.away = True

    def rig_done(self):
        if self.playing:
            self._finish()

    def _finish(self):
        self.playing = False
        self._unfinished = []
        self._finished = True

    # -- the speaker's face -------------------------------------------------------------

    def poll(self, now):
        """True once when what it was given has played (DONE, or no DONE in time)."""
        self._now = now
        if self.playing and not self.away and now >= self._done_by:
            if self.news is not None:
                self.news("rig never said DONE: going on")
            self._finish()
        if self._finished:
            self._finished = False
            return True
        return False

    def idle(self):
        return not self.playing

    def close(self):
        """Nothing of its own to release: the line is the host's."""
