"""Audio out: the board's speaker. A sink for `hal.runner.Board` that plays
the firmware's clips from sounds/<lang>/NNNN.wav (NNNN.mp3 from a wheel:
hal.captions.clip_file), one after the other.

    audio = AudioOut(captions.load("fr"))   # pygame.mixer, else simpleaudio, else silent
    AudioOut(captions.load("us"), voices=hal.voicepack.load("my-voices", captions.editions()))  # the pack first
    board = Board(seed, sinks=[audio])   # a hal.sink.Sink
    ...every frame:
    if audio.poll():                     # the queue has just drained
        board.feed(AudioDone(), now_ms)

`Say` queues its clips back to back, `Sfx` its place's clip; `StopAudio` and
`PowerOff("switch")` cut at once and empty the queue (no `AudioDone` for a
cut); `PowerOff("idle"/"battery")` lets the last sentence finish.
Backends: "pygame" (gapless: the next clip waits in the channel's queue),
"simpleaudio" (optional extra; the next clip starts at the next poll) and
"silent" (captions only: clips end as soon as they start). Where the wanted
backend cannot play, "auto" says so in one line and falls back; a missing or
corrupt WAV is named once and skipped: the caption still shows (an edition
whose folder is missing altogether is said once, and plays captions only).
A wheel's clips are MP3 (hal.captions.clip_file): the whole edition is
decoded when the speaker opens (about 0.5 ms a clip), so a press finds its
clip ready as it finds a WAV, and simpleaudio, which plays raw samples,
gets them at start.

The backends (and quiet_stderr, which keeps ALSA's own noise off the
console) are in hal/audio_backends.py.
"""

import collections
import pathlib

from firmware.clipnames import names

from .audio_backends import open_backend
from .captions import SOUNDS, clip_file, clip_format
from .sink import Sink

CLIPS = names()
_BAD = object()  # cache entry of a clip that cannot be played
PLAYED_KEEP = 4096  # `played` keeps the last this many clips at least, twice as many at most


def clip_name(number):
    return CLIPS[number - 1] if 1 <= number <= len(CLIPS) else "no such clip"


class AudioOut(Sink):
    def __init__(self, captions, backend="auto", volume=0.8, notice=print, *, sounds=SOUNDS, voices=None):
        """`captions`: the hal.captions.Captions of the edition it speaks.
        `notice`: called with one line of text for each problem (no sound card,
        a bad WAV). `sounds`: the folder holding <lang>/NNNN.wav or .mp3. `voices`: a
        hal.voicepack.VoicePack of this edition, whose clips play first."""
        lang = captions.lang
        if not 0.0 <= volume <= 1.0:
            raise ValueError("volume %r is out of range: give a number from 0 to 1" % (volume,))
        if voices is not None and voices.edition != lang:
            raise ValueError("the voice pack %s speaks the %s edition, not %s" % (voices.folder, voices.edition, lang))
        self.lang = lang
        self._sounds = pathlib.Path(sounds)
        self._folder = self._sounds / lang
        self.voices = voices
        self._notice = notice
        self.unplayable = set()  # the clips that could not be played: missing or bad files
        self._no_folder = not self._folder.is_dir()
        if self._no_folder and backend != "silent":
            notice("audio: no clips of the %s edition here (%s is missing)%s" % (
                lang, self._folder, ": the voice pack's only" if voices is not None else ": captions only"))
        self._out = open_backend(backend, volume, notice)
        self.backend = self._out.name
        self.played = []  # clip numbers, in the order they started (the last PLAYED_KEEP at least)
        self._cache = {}
        self._queue = collections.deque()  # clip numbers not handed to the backend yet
        self._handed = collections.deque()  # [clip, recorded] started or queued in the backend
        self._owed = False  # a drain to report
        if self.backend != "silent" and not self._no_folder and clip_format(self._sounds) != "wav":
            for clip in range(1, len(CLIPS) + 1):  # a wheel's MP3s: decoded now (~50 ms), not at a press
                self._load(clip)

    # --- the sink

    def say(self, say, now_ms):
        self._queue.extend(say.clips)
        self._owed = True

    def sfx(self, sfx, now_ms):
        self._queue.append(sfx.clip)
        self._owed = True

    def stop_audio(self, now_ms):
        self.stop()

    def power_off(self, reason, now_ms):
        if reason == "switch":
            self.stop()  # idle or battery: the goodbye plays out

    def burst_end(self, now_ms):
        self._advance()

    def stop(self):
        """Cut at once and empty the queue."""
        self._refresh()  # record what has started; what only waited is dropped unheard
        self._out.stop()
        self._queue.clear()
        self._handed.clear()
        self._owed = False

    # --- the loop's side

    def poll(self, now_ms=None):
        """Start the next clip if the current one ended; True exactly once when
        the queue has drained after playing something (the desk, hal.desk,
        then feeds AudioDone)."""
        self._advance()
        if self._owed and not self._handed and not self._queue:
            self._owed = False
            return True
        return False

    def idle(self):
        return not self.busy()

    def busy(self):
        self._refresh()
        return bool(self._handed or self._queue)

    @property
    def playing(self):
        self._refresh()
        return self._handed[0][0] if self._handed else None

    def close(self):
        self._queue.clear()
        self._handed.clear()
        self._out.close()

    # --- inside

    def _refresh(self):
        """Forget the clips that are over; record the one playing now."""
        pending = self._out.pending()
        while len(self._handed) > pending:
            self._record(self._handed.popleft())
        if self._handed:
            self._record(self._handed[0])

    def _record(self, entry):
        if not entry[1]:
            entry[1] = True
            self.played.append(entry[0])
            if len(self.played) > 2 * PLAYED_KEEP:  # a long game never grows it
                del self.played[:-PLAYED_KEEP]

    def _advance(self):
        self._refresh()
        while not self._handed and self._queue:  # the silent backend ends each clip at once
            sound, clip = self._next()
            if clip is None:
                return
            self._out.start(sound)
            self._handed.append([clip, False])
            self._refresh()
        if len(self._handed) == 1 and self._queue:
            sound, clip = self._next()
            if clip is None:
                return
            if self._out.queue(sound):
                self._handed.append([clip, False])
            else:
                self._queue.appendleft(clip)  # this backend starts it at the next poll

    def _next(self):
        """(sound, clip) of the next playable clip of the queue, or (None, None)."""
        while self._queue:
            clip = self._queue.popleft()
            sound = self._load(clip)
            if sound is not _BAD:
                return sound, clip
        return None, None

    def _load(self, clip):
        if clip in self._cache:
            return self._cache[clip]
        path = self.path(clip)
        if self._out.name == "silent":
            sound = None
        elif not path.is_file():
            if not self._no_folder:  # a folder missing altogether was said once
                self._notice("audio: %s is missing: clip %d (%s) shows as its caption only"
                             % (path, clip, clip_name(clip)))
            sound = _BAD
        else:
            try:
                sound = self._out.load(path)
            except Exception as e:  # pygame.error, wave.Error, EOFError, ValueError: a bad file
                self._notice(
                    "audio: %s cannot be played (%s): clip %d (%s) shows as its caption only"
                    % (path, str(e) or type(e).__name__, clip, clip_name(clip))
                )
                sound = _BAD
        if sound is _BAD:
            self.unplayable.add(clip)
        self._cache[clip] = sound
        return sound

    def path(self, clip):
        """The file clip number `clip` plays from: the voice pack's WAV, else the edition's clip."""
        mine = self.voices.path(clip) if self.voices is not None else None
        return mine if mine is not None else clip_file(self.lang, clip, self._sounds)
