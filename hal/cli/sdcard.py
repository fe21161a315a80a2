"""Write an edition's clips onto a DFPlayer Mini's SD card (FAT32), in the
numbered-folder layout the board plays them from: clip N of the sounds
manifest becomes 01/NNN.wav for N up to 255, then 02/001.wav, ... (the one
mapping is hal/mcu/dfplayer.py's track_of). The board asks for folder and
file by number, so the order in which files land on the card does not
matter. Old numbered files in those folders are removed; nothing else on
the card is touched.

With the clips go every sentence the board can say, whole, one track each
(folders 10 and on, and the sentences said together where they are few;
about 2.8 GB for fr, 3.2 GB for en, 3.1 GB for us: a 4 GB card holds any
edition): the board plays a sentence as its one track, with no
start of the module between its words. --clips-only writes the clips alone
(every sentence then plays clip by clip, with a pause at each word).

  clue-fx sdcard /media/$USER/SDCARD --edition fr
  clue-fx sdcard /media/$USER/SDCARD --edition us   # Clue FX's names
  clue-fx sdcard /media/$USER/SDCARD --voices my-voices   # a voice pack's clips first
"""

from hal.bringup.sdcard import SOUNDS, CardError, write

from . import options


def add_arguments(p):
    options.keep_layout(p)
    p.add_argument("card", metavar="DIR", help="the SD card's folder (where it is mounted)")
    options.add_edition_option(p)
    options.add_voices_option(p)
    p.add_argument("--sounds", metavar="DIR", default=SOUNDS, help="the sounds folder (default: the project's)")
    p.add_argument("--clips-only", action="store_true", help="no whole sentences: the clips alone (about 7 MB)")


def manifest_problem(sounds):
    """What is wrong with the sounds folder's manifest.json, or None (a missing one is the writer's to say)."""
    import json
    import os

    if not sounds:
        return None  # the installed sounds
    path = os.path.join(sounds, "manifest.json")
    if not os.path.isfile(path):
        return None
    try:
        with open(path, encoding="utf-8") as f:
            manifest = json.load(f)
    except (ValueError, RecursionError) as e:
        return "the sounds manifest %s is not JSON (%s): reinstall the sounds or rebuild them (tools/)" % (path, e)
    except OSError:
        return None
    clips = manifest.get("clips") if isinstance(manifest, dict) else None
    if not isinstance(clips, list) or not all(isinstance(c, dict) and isinstance(c.get("id"), int) for c in clips):
        return "the sounds manifest %s has no list of clips with their ids: reinstall the sounds or rebuild them" % path
    return None


def run(args):
    why = manifest_problem(args.sounds)
    if why:
        print("clue-fx sdcard: %s" % why)
        return 1
    try:
        edition, voices = options.edition_and_voices(args)
        write(args.card, edition, args.sounds, voices=voices, sentences=() if args.clips_only else None)
    except CardError as e:
        print("clue-fx sdcard: %s" % e)
        return 1
    except OSError as e:
        print("clue-fx sdcard: cannot write to the card %s: %s" % (args.card, e.strerror))
        return 1
    return 0
