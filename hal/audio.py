"""Audio out: the board's speaker. A sink for `hal.runner.Board` that plays
the firmware's clips from sounds/<lang>/NNNN.wav, one after the other.

    audio = AudioOut(lang="fr")          # pygame.mixer, else simpleaudio, else silent
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
corrupt WAV is named once and skipped: the caption still shows.

With no sound card libasound prints 8 lines of its own on fd 2 per try:
devices are opened inside `quiet_stderr()`, so the one line is the only one.
"""

import collections
import contextlib
import os
import pathlib
import sys
import wave

from firmware.clipnames import names

from .captions import MANIFEST, SOUNDS, load_manifest
from .sink import Sink

CLIPS = names()

BACKENDS = ("pygame", "simpleaudio", "silent")
RATE = 22050
_BAD = object()  # cache entry of a clip that cannot be played
PLAYED_KEEP = 4096  # `played` keeps the last this many clips at least, twice as many at most
# the README's words: simpleaudio is an extra, built from source
SIMPLEAUDIO_HINT = "pip install -e '.[simpleaudio]', needs libasound2-dev"
NO_DEVICE = "no sound card"
_NO_DEVICE_WORDS = ("No such file or directory", "No such device", "No available audio device", "CODE: -2 ")


class AudioUnavailable(Exception):
    """The backend asked for cannot play here (no module, no sound card).
    `short`: the few words the one-line notice of "auto" gives."""

    def __init__(self, message, short=None):
        super().__init__(message)
        self.short = short or message


def _why(message):
    return NO_DEVICE if any(w in message for w in _NO_DEVICE_WORDS) else message


@contextlib.contextmanager
def quiet_stderr():
    """fd 2 to the null device for the duration (C libraries write there, past
    sys.stderr; their reason reaches us as the call's exception). Only around
    opening a device: what any thread writes to fd 2 meanwhile is lost."""
    try:
        sys.stderr.flush()
    except (AttributeError, OSError, ValueError):
        pass
    try:
        saved = os.dup(2)
    except OSError:  # no fd 2 at all: nothing to quiet
        yield
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 2)
        os.close(null)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def clip_name(number):
    return CLIPS[number - 1] if 1 <= number <= len(CLIPS) else "no such clip"


# --- backends: load(path) -> sound, start(sound), queue(sound) -> bool,
#     pending() -> how many started or queued sounds are not over yet, stop(), close()


class SilentOut:
    name = "silent"

    def load(self, path):
        return None  # captions only: the files are not even read

    def start(self, sound):
        pass

    def queue(self, sound):
        return False

    def pending(self):
        return 0

    def stop(self):
        pass

    def close(self):
        pass


class PygameOut:
    """One dedicated channel of pygame.mixer; the next clip waits in the
    channel's queue, so clips join with no gap of our own."""

    name = "pygame"

    def __init__(self, volume):
        try:
            import pygame
        except ImportError as e:
            raise AudioUnavailable("pygame is not installed (%s)" % e) from None
        self._pygame = pygame
        self._owns_mixer = False
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.pre_init(RATE, -16, 1)
                with quiet_stderr():
                    pygame.mixer.init()
                self._owns_mixer = True
            pygame.mixer.set_reserved(1)  # Sound.play() elsewhere never takes our channel
            self._channel = pygame.mixer.Channel(0)
        except pygame.error as e:
            raise AudioUnavailable("the pygame mixer cannot start: %s" % e, _why(str(e))) from None
        self._channel.set_volume(volume)

    def load(self, path):
        sound = self._pygame.mixer.Sound(file=str(path))  # pygame.error if corrupt
        if sound.get_length() <= 0:
            raise ValueError("no sound in it")
        return sound

    def start(self, sound):
        self._channel.play(sound)

    def queue(self, sound):
        self._channel.queue(sound)
        return True

    def pending(self):
        if not self._channel.get_busy():
            return 0
        return 2 if self._channel.get_queue() is not None else 1

    def stop(self):
        for _ in range(3):  # some pygame versions start the queued sound on stop()
            if not self._channel.get_busy() and self._channel.get_queue() is None:
                break
            self._channel.stop()

    def close(self):
        self.stop()
        if self._owns_mixer:
            self._pygame.mixer.quit()


class SimpleaudioOut:
    """simpleaudio (ALSA on Linux): one play object at a time."""

    name = "simpleaudio"

    def __init__(self, volume):
        try:
            import simpleaudio
        except ImportError:
            raise AudioUnavailable(
                "simpleaudio is not installed (%s)" % SIMPLEAUDIO_HINT, "not installed (%s)" % SIMPLEAUDIO_HINT
            ) from None
        self._sa = simpleaudio
        self._volume = volume
        self._play = None
        try:  # open the device once: no sound card raises here, not in the middle of a game
            with quiet_stderr():
                simpleaudio.play_buffer(b"\0\0" * 64, 1, 2, RATE).stop()
        except Exception as e:  # simpleaudio.SimpleaudioError, or anything its C code raises
            raise AudioUnavailable("simpleaudio cannot open the sound device: %s" % e, _why(str(e))) from None

    def load(self, path):
        with wave.open(str(path), "rb") as w:
            params = (w.getnchannels(), w.getsampwidth(), w.getframerate())
            frames = w.readframes(w.getnframes())
        if params[1] != 2:
            raise ValueError("%d-bit samples, not 16-bit" % (8 * params[1]))
        if not frames:
            raise ValueError("no sound in it")
        if self._volume != 1.0:
            import array
            import sys

            samples = array.array("h", frames)
            if sys.byteorder == "big":
                samples.byteswap()
            samples = array.array("h", (int(v * self._volume) for v in samples))
            if sys.byteorder == "big":
                samples.byteswap()
            frames = samples.tobytes()
        return (frames,) + params

    def start(self, sound):
        frames, channels, width, rate = sound
        self._play = self._sa.play_buffer(frames, channels, width, rate)

    def queue(self, sound):
        return False

    def pending(self):
        return 1 if self._play is not None and self._play.is_playing() else 0

    def stop(self):
        if self._play is not None:
            self._play.stop()
            self._play = None

    def close(self):
        self.stop()


_MAKERS = {"pygame": PygameOut, "simpleaudio": SimpleaudioOut, "silent": lambda volume: SilentOut()}


def open_backend(backend, volume, notice):
    """The backend object for `backend` ("auto" tries them in order)."""
    if backend != "auto":
        if backend not in _MAKERS:
            raise ValueError("unknown audio backend %r: choose auto, %s" % (backend, ", ".join(BACKENDS)))
        return _MAKERS[backend](volume)
    reasons = []
    for name in ("pygame", "simpleaudio"):
        try:
            out = _MAKERS[name](volume)
        except AudioUnavailable as e:
            reasons.append((name, e.short))
            continue
        if reasons:
            notice("audio: using %s (%s)" % (name, _reasons(reasons)))
        return out
    if all(why == NO_DEVICE for _, why in reasons):
        notice("audio: %s (pygame, simpleaudio): captions only" % NO_DEVICE)
    else:
        notice("audio: no sound, captions only. %s" % _reasons(reasons))
    return SilentOut()


def _reasons(reasons):
    return "; ".join("%s: %s" % pair for pair in reasons)


class AudioOut(Sink):
    def __init__(self, lang="fr", backend="auto", volume=0.8, notice=print, sounds=SOUNDS):
        """`notice`: called with one line of text for each problem (no sound card,
        a bad WAV). `sounds`: the folder holding <lang>/NNNN.wav."""
        editions = load_manifest(MANIFEST).get("editions", ["fr", "en"])
        if lang not in editions:
            raise ValueError("unknown edition %r: the editions are %s" % (lang, ", ".join(editions)))
        if not 0.0 <= volume <= 1.0:
            raise ValueError("volume %r is out of range: give a number from 0 to 1" % (volume,))
        self.lang = lang
        self._folder = pathlib.Path(sounds) / lang
        self._notice = notice
        self._out = open_backend(backend, volume, notice)
        self.backend = self._out.name
        self.played = []  # clip numbers, in the order they started (the last PLAYED_KEEP at least)
        self._cache = {}
        self._queue = collections.deque()  # clip numbers not handed to the backend yet
        self._handed = collections.deque()  # [clip, recorded] started or queued in the backend
        self._owed = False  # a drain to report

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

    def poll(self):
        """Start the next clip if the current one ended; True exactly once when
        the queue has drained after playing something."""
        self._advance()
        if self._owed and not self._handed and not self._queue:
            self._owed = False
            return True
        return False

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
        path = self._folder / ("%04d.wav" % clip)
        if self._out.name == "silent":
            sound = None
        elif not path.is_file():
            self._notice("audio: %s is missing: clip %d (%s) shows as its caption only" % (path, clip, clip_name(clip)))
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
        self._cache[clip] = sound
        return sound
