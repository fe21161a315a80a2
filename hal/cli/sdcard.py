"""Write an edition's clips onto a DFPlayer Mini's SD card (FAT32), in the
numbered-folder layout the board plays them from: clip N of the sounds
manifest becomes 01/NNN.wav for N up to 255, then 02/001.wav, ... (the one
mapping is hal/mcu/dfplayer.py's track_of). The board asks for folder and
file by number, so the order in which files land on the card does not
matter. Old numbered files in those folders are removed; nothing else on
the card is touched.

  clue-fx sdcard /media/$USER/SDCARD --lang fr
"""

from hal.bringup.sdcard import SOUNDS, CardError, write

from . import options


def add_arguments(p):
    options.keep_layout(p)
    p.add_argument("card", metavar="DIR", help="the SD card's folder (where it is mounted)")
    p.add_argument("--lang", type=options.lang_arg, default=None, help="edition: fr or en (default: from the locale)")
    p.add_argument("--sounds", metavar="DIR", default=SOUNDS, help="the sounds folder (default: the project's)")


def run(args):
    try:
        write(args.card, args.lang or options.default_lang(), args.sounds)
    except CardError as e:
        print("clue-fx sdcard: %s" % e)
        return 1
    except OSError as e:
        print("clue-fx sdcard: cannot write to the card %s: %s" % (args.card, e.strerror))
        return 1
    return 0
