"""What the board said, for the window: the caption of the last burst (and
which of its sentences is being spoken now) and the log of everything. A
Sink (hal.sink): the App puts it among the board's sinks.

    transcript = Transcript(captions, labels)
    Board(seed, sinks=[transcript, speaker])
    transcript.follow(speaker.playing)     # each frame: the sentence playing
    transcript.note("[switch ON]", now_ms) # the window's own lines
    transcript.changed                     # True after any of it: redraw
"""

from hal.sink import Sink

LOG_KEEP = 1000


class Transcript(Sink):
    def __init__(self, captions, labels):
        """`captions`: hal.captions.Captions; `labels`: sim.words.labels.Labels."""
        self.captions = captions
        self.labels = labels
        self.caption = []  # [[text, clips]] of the last burst of actions
        self.speaking = None  # index in caption of the sentence playing
        self.log = []  # [(text, kind)], kind: say, sfx, board, notice
        self.log_scroll = 0  # lines scrolled back from the newest
        self.changed = True
        self._burst = []  # the caption being gathered from a burst

    # -- the board's actions ------------------------------------------------------------

    def say(self, say, now_ms):
        text = self.captions.line(say)  # the speaker named: Edmond, or the Inspecteur
        self._burst.append([text, say.clips])
        self._log(text, "say", now_ms)

    def sfx(self, sfx, now_ms):
        text = self.captions.clip(sfx.clip)
        self._burst.append([text, (sfx.clip,)])
        self._log(text, "sfx", now_ms)

    def stop_audio(self, now_ms):
        self.speaking = None

    def power_off(self, reason, now_ms):
        self._log(self.captions.power_off(reason), "board", now_ms)

    def burst_end(self, now_ms):
        if self._burst:
            self.caption, self._burst = self._burst, []
            self.speaking = None
        self.changed = True

    # -- the window's own lines -----------------------------------------------------------

    def note(self, text, now_ms):
        """A line of the window's own (the switch, the self-test, the card table)."""
        self._log(text, "board", now_ms)

    def notice(self, text, now_ms):
        """A notice of the speaker's (no sound card, a missing WAV)."""
        self._log(text, "notice", now_ms)

    def _log(self, text, kind, now_ms):
        t = now_ms // 1000
        self.log.append(("%02d:%02d  %s" % (t // 60, t % 60, text), kind))
        del self.log[:-LOG_KEEP]
        self.changed = True

    # -- following the speaker, scrolling ---------------------------------------------------

    def follow(self, playing):
        """`playing`: the clip the speaker plays now, or None. Which sentence
        of the caption is being spoken follows."""
        index = None
        if playing is not None:
            start = self.speaking or 0
            for i in range(start, len(self.caption)):
                if playing in self.caption[i][1]:
                    index = i
                    break
        if index != self.speaking:
            self.speaking = index
            self.changed = True

    def scroll(self, lines):
        """Back (lines > 0) or forward through the log."""
        self.log_scroll = max(0, min(self.log_scroll + lines, max(0, 3 * len(self.log))))
        self.changed = True

    def lines(self):
        """The caption as (text, being spoken) pairs."""
        return [(text, i == self.speaking) for i, (text, _) in enumerate(self.caption)]
