"""The host's side of `--audio rig`, a part of hal.cfx.host.Host: the
firmware's sentences become `PLAY` lines, a cut becomes `STOP` (the Host
waits for the rig's `DONE` and feeds AudioDone). A Sink of the board.
"""

from ..sink import Sink
from . import wire
from .seq import trim

DONE_TIMEOUT_MS = 120000  # a rig that never says DONE: give up waiting


class RigSpeaker(Sink):
    """What the Host does with the firmware's actions. It holds `_clips`
    (the burst being presented), `plays` (each PLAY line's clips, the last
    seq.KEEP at least), `playing`, `_unfinished`, `_done_by`; `send` and
    `features` are the Host's."""

    def _rig_speaks(self):
        return self.audio == "rig" and "audio" in self.features

    def say(self, say, now_ms):
        self._clips.extend(say.clips)

    def sfx(self, sfx, now_ms):
        self._clips.append(sfx.clip)

    def stop_audio(self, now_ms):
        if self._rig_speaks():
            self._clips = []
            self.send(wire.STOP)
            self.playing = False
            self._unfinished = []

    def burst_end(self, now_ms):
        clips, self._clips = self._clips, []
        if clips and self._rig_speaks():
            for line in wire.play_lines(clips):
                self.send(line)
                self.plays.append(wire.parse_host(line)[1])
            trim(self.plays)
            self.playing = True
            self._unfinished.extend(clips)
            self._done_by = self._now + DONE_TIMEOUT_MS

    def touch(self, kind, ident, down):
        """Tests, the pytest plugin: ask the rig to act as if an input
        changed (extension: `TOUCH`, a rig with the `touch` feature)."""
        self.send(wire.touch_line(kind, ident, down))
