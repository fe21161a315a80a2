"""The speaker's backends for hal.audio.AudioOut: pygame.mixer (gapless: the
next clip waits in the channel's queue), simpleaudio (an optional extra) and
silent (captions only); `open_backend("auto", ...)` tries them in order and
says in one line why it fell back.

With no sound card libasound prints 8 lines of its own on fd 2 per try:
devices are opened inside `quiet_stderr()`, so the one line is the only one.
"""

import contextlib
import os
import sys
import wave

BACKENDS = ("pygame", "simpleaudio", "silent")
RATE = 22050
# The mixer's buffer, in frames: a press is heard at most one buffer after
# the clip reaches the channel (11.6 ms at 22050 Hz; 512 frames were 23.2 ms).
MIXER_BUFFER = 256


def simpleaudio_hint(python=None):
    """How the owner installs simpleaudio into the environment clue-fx runs
    from (the README's set-up: ~/.clue-fx/bin/pip install simpleaudio); it
    builds from source, with ALSA's headers."""
    bindir = os.path.dirname(python or sys.executable)
    home = os.path.expanduser("~")
    if home not in ("", "~", "/") and bindir.startswith(home + os.sep):
        bindir = "~" + bindir[len(home) :]
    return "%s install simpleaudio, needs libasound2-dev" % os.path.join(bindir, "pip")


SIMPLEAUDIO_HINT = simpleaudio_hint()
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
                pygame.mixer.pre_init(RATE, -16, 1, MIXER_BUFFER)
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
        # The queue first: between two clips pygame's channel is briefly not
        # busy while the next one still waits in its queue (its end-of-sound
        # callback starts it), and that clip is about to play, not over.
        # Read in this order a clip moving from the queue to play is counted
        # twice at worst (the next poll corrects it), never dropped.
        queued = self._channel.get_queue() is not None
        if not self._channel.get_busy():
            return 1 if queued else 0
        return 2 if queued else 1

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
    """simpleaudio (ALSA on Linux): one play object at a time. It plays raw
    samples: a compressed clip is decoded when it is loaded (hal.audio loads
    a compressed edition whole when it starts)."""

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
        self._decoder = None  # True: this backend opened pygame's mixer to decode MP3 clips (False: it was open)
        try:  # open the device once: no sound card raises here, not in the middle of a game
            with quiet_stderr():
                simpleaudio.play_buffer(b"\0\0" * 64, 1, 2, RATE).stop()
        except Exception as e:  # simpleaudio.SimpleaudioError, or anything its C code raises
            raise AudioUnavailable("simpleaudio cannot open the sound device: %s" % e, _why(str(e))) from None

    def load(self, path):
        if str(path).lower().endswith(".wav"):
            with wave.open(str(path), "rb") as w:
                params = (w.getnchannels(), w.getsampwidth(), w.getframerate())
                frames = w.readframes(w.getnframes())
        else:  # a wheel's MP3 (hal.captions.clip_file): simpleaudio plays raw samples only
            frames, params = self._decode(path)
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

    def _decode(self, path):
        if self._decoder is None:
            self._decoder = open_decoder()  # True: opened here, closed with this backend
        return decode(path)

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
        if self._decoder:
            close_decoder()
        self._decoder = None


# --- a compressed clip's raw samples (simpleaudio; hal.bringup.sdcard's WAVs for a DFPlayer)


def open_decoder():
    """pygame's mixer open, to decode compressed clips with SDL_mixer (pygame is
    clue-fx's own dependency: no numpy, no ffmpeg). Where no one has opened it,
    it is opened on SDL's dummy driver (no sound card held, nothing heard) at
    RATE, 16-bit mono, and True is returned: close_decoder() when done."""
    import pygame

    if pygame.mixer.get_init():
        return False
    saved = os.environ.get("SDL_AUDIODRIVER")
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    try:
        pygame.mixer.init(RATE, -16, 1, MIXER_BUFFER)
    finally:
        if saved is None:
            os.environ.pop("SDL_AUDIODRIVER", None)
        else:
            os.environ["SDL_AUDIODRIVER"] = saved
    return True


def close_decoder():
    import pygame

    pygame.mixer.quit()


def decode(path):
    """(frames, (channels, width, rate)) of the clip file at `path` (an MP3, or any
    file SDL_mixer reads), decoded by the open mixer (open_decoder) and read back
    with get_raw(): 16-bit at the mixer's rate. pygame.error if it is no clip."""
    import pygame

    rate, size, channels = pygame.mixer.get_init()
    return pygame.mixer.Sound(file=str(path)).get_raw(), (channels, abs(size) // 8, rate)


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
