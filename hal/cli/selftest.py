"""Play every clip of an edition in order, printing its number and caption,
and light every pad and button in turn (it runs without a display too).

    clue-fx selftest --lang en --audio silent
"""

from . import options


def add_arguments(p):
    options.add_lang_option(p)
    options.add_audio_options(p)


def run(args):
    from sim.start import selftest

    return selftest(args.lang or options.default_lang(), audio=args.audio, volume=args.volume)
