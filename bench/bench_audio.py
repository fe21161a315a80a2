"""What hal.audio costs on top of pygame.mixer, measured in one run:

- the start of a clip: `audio.present([Say])` until the channel plays, with the clip
  read from disk (cold: a WAV; a wheel's MP3s are all decoded when the
  speaker opens, its time printed) and from the cache (warm), against a bare
  `Channel.play(sound)` of a loaded Sound (the baseline);
- one `poll()` while a clip plays, against a bare `Channel.get_busy()`;
- the mixer's own buffer, the floor of any start latency.

    SDL_AUDIODRIVER=dummy python bench/bench_audio.py [--lang fr] [--rounds 200] [--sounds DIR]

--sounds DIR: another sounds folder than the installed one (the wheel's MP3s:
`python tools/build_clips.py DIR`), whose clips are decoded when read.

(SDL_AUDIODRIVER defaults to dummy here, so it runs on a machine without a
sound card; set it to your driver to measure a real one.)
"""

import argparse
import os
import pathlib
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from firmware.actions import Say, StopAudio  # noqa: E402
from firmware.clipnames import names  # noqa: E402

CLIPS = names()
from hal import captions  # noqa: E402
from hal.audio import AudioOut  # noqa: E402

BUFFER_FRAMES = 512  # pygame 2's default mixer buffer


def us(seconds):
    return seconds * 1e6


def p99(values):
    return sorted(values)[min(len(values) - 1, int(0.99 * len(values)))]


def line(name, values, base=None):
    med = statistics.median(values)
    text = "%-38s median %8.1f us   p99 %8.1f us" % (name, us(med), us(p99(values)))
    if base:
        text += "   x%.1f the baseline" % (med / statistics.median(base))
    print(text)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", default="fr", choices=("fr", "en"))
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--sounds", metavar="DIR", default=str(captions.SOUNDS), help="a sounds folder (WAV or MP3)")
    args = parser.parse_args(argv)

    pygame.mixer.pre_init(22050, -16, 1, BUFFER_FRAMES)
    pygame.mixer.init()
    t = time.perf_counter()
    audio = AudioOut(captions.load(args.lang), backend="pygame", notice=print, sounds=args.sounds)
    opened = time.perf_counter() - t
    channel = pygame.mixer.Channel(0)
    clips = list(range(1, len(CLIPS) + 1))

    cold = []
    for clip in clips:  # every clip once, read from disk
        t = time.perf_counter()
        audio.present([Say("bench", {}, (clip,))], 0)
        cold.append(time.perf_counter() - t)
        audio.present([StopAudio()], 0)
    warm = []
    for i in range(args.rounds):
        clip = clips[i % len(clips)]
        t = time.perf_counter()
        audio.present([Say("bench", {}, (clip,))], 0)
        warm.append(time.perf_counter() - t)
        assert channel.get_busy()
        audio.present([StopAudio()], 0)
    sounds = [pygame.mixer.Sound(str(captions.clip_file(args.lang, c, args.sounds))) for c in clips]
    bare = []
    for i in range(args.rounds):
        t = time.perf_counter()
        channel.play(sounds[i % len(sounds)])
        bare.append(time.perf_counter() - t)
        channel.stop()

    audio.present([Say("bench", {}, (clips[-1], clips[-1]))], 0)
    polls = []
    gets = []
    for _ in range(args.rounds):
        t = time.perf_counter()
        audio.poll()
        polls.append(time.perf_counter() - t)
        t = time.perf_counter()
        channel.get_busy()
        gets.append(time.perf_counter() - t)
    audio.close()

    freq = pygame.mixer.get_init()[0] if pygame.mixer.get_init() else 22050
    print(
        "driver %s, edition %s, %d clips (%s), %d rounds"
        % (os.environ["SDL_AUDIODRIVER"], args.lang, len(clips), captions.clip_format(args.sounds), args.rounds)
    )
    print(
        "%-38s %8.1f ms (%d frames at %d Hz)"
        % ("mixer buffer (floor of any start)", 1000 * BUFFER_FRAMES / freq, BUFFER_FRAMES, freq)
    )
    print("%-38s %8.1f ms (an edition of MP3s is decoded then)" % ("the speaker opened (AudioOut)", 1000 * opened))
    line("baseline: Channel.play(loaded Sound)", bare)
    line("start a Say, clip read from disk", cold, bare)
    line("start a Say, clip from the cache", warm, bare)
    line("baseline: Channel.get_busy()", gets)
    line("poll() while a clip plays", polls, gets)
    pygame.mixer.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
