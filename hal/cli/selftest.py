"""Play every clip of an edition in order, printing its number and caption,
and light every pad and button in turn (it runs without a display too).

    clue-fx selftest --edition us --audio silent
"""

from . import options


def add_arguments(p):
    options.add_edition_option(p)
    options.add_audio_options(p)
    options.add_voices_option(p)


def run(args):
    from sim.start import selftest

    edition, voices = options.edition_and_voices(args)
    return selftest(edition, audio=args.audio, volume=args.volume, voices=voices)
