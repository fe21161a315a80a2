"""Voice packs: your own recordings of the board's clips (docs/voice-packs.md).

    clue-fx voices new my-voices --edition us --speakers narrator
        a folder with its voices.json and script.txt: every clip to record,
        its number, who says it and what it says
    clue-fx voices trim my-voices
        cut the silence in front of every clip (in place: keep a copy)
    clue-fx voices check my-voices
        one line per problem (a missing clip, a format, leading silence over
        5 ms, a loudness out of range), then a summary; exit 1 if any
    clue-fx --voices my-voices
        the board speaks with them (clue-fx serve, web, selftest, sdcard too)
"""

import json
import os
import sys

from . import options


def add_arguments(p):
    options.keep_layout(p)
    sub = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    c = sub.add_parser("check", help="check a voice pack: missing clips, formats, leading silence, loudness")
    c.add_argument("folder", metavar="DIR", help="the voice pack's folder")
    c.add_argument("--edition", type=options.edition_arg, default=None,
                   help="the edition to check against when the pack has no voices.json (default: the locale's)")
    t = sub.add_parser("trim", help="cut the silence in front of every clip of a pack, in place")
    t.add_argument("folder", metavar="DIR", help="the voice pack's folder")
    n = sub.add_parser("new", help="start a voice pack: its voices.json and the script of what to record")
    n.add_argument("folder", metavar="DIR", help="a new (or empty) folder")
    options.add_edition_option(n)
    n.add_argument("--speakers", default="narrator,inspecteur", type=speakers_arg,
                   help="whose lines you record: narrator (Edmond), inspecteur, or both (default)")
    n.add_argument("--no-sounds", action="store_true",
                   help="leave the place sounds and jingles to the edition's own")
    n.add_argument("--name", default=None, help="the pack's name (default: the folder's)")


def speakers_arg(value):
    import argparse

    from hal.voicepack import SPEAKERS

    names = [s.strip() for s in value.split(",") if s.strip()]
    if not names or not set(names) <= set(SPEAKERS):
        raise argparse.ArgumentTypeError("speakers are %s, not %r" % (" and ".join(SPEAKERS), value))
    return names


def run(args):
    from hal import captions

    try:
        manifest = captions.load_manifest()
    except FileNotFoundError as e:
        print("clue-fx voices: %s" % e.strerror)
        return 1
    if args.action == "check":
        return check(args, manifest)
    if args.action == "trim":
        return trim(args)
    return new(args, manifest)


def trim(args):
    import pathlib
    import wave

    from hal.voicepack import trim as trim_clip

    if not os.path.isdir(args.folder):
        print("clue-fx voices trim: %s is not a folder: name a voice pack's folder" % args.folder, file=sys.stderr)
        return 2
    cut = failed = 0
    clips = sorted(pathlib.Path(args.folder).glob("[0-9][0-9][0-9][0-9].wav"))
    for path in clips:
        try:
            ms = trim_clip(path)
        except (ValueError, wave.Error, EOFError, OSError) as e:
            print("%s: not trimmed: %s" % (path, e))
            failed += 1
            continue
        if ms:
            print("%s: %.0f ms of silence cut" % (path, ms))
            cut += 1
    more = ", %d could not be" % failed if failed else ""
    print("%s: %d of %d clips trimmed%s" % (args.folder, cut, len(clips), more))
    return 1 if failed else 0


def check(args, manifest):
    from hal.voicepack import check as check_pack

    if not os.path.isdir(args.folder):
        print("clue-fx voices check: %s is not a folder: name a voice pack's folder" % args.folder, file=sys.stderr)
        return 2
    problems, summary = check_pack(args.folder, manifest, edition=options.edition_of(args))
    for line in problems:
        print(line)
    print(summary)
    return 1 if problems else 0


def new(args, manifest):
    from hal.voicepack import FORMAT, MANIFEST, VoicePack

    folder = args.folder
    if os.path.exists(folder) and (not os.path.isdir(folder) or os.listdir(folder)):
        print("clue-fx voices new: %s is not an empty folder: name a new one" % folder, file=sys.stderr)
        return 2
    edition = options.edition_of(args)
    pack_manifest = {"format": FORMAT, "edition": edition, "name": args.name or os.path.basename(
        os.path.abspath(folder)), "speakers": args.speakers, "sounds": not args.no_sounds}
    try:
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, MANIFEST), "w", encoding="utf-8") as f:
            f.write(json.dumps(pack_manifest, ensure_ascii=False, indent=1) + "\n")
        pack = VoicePack(folder, pack_manifest)
        lines = ["# %s: what to record, one WAV a line (mono, 16-bit, 22050 Hz; start speaking at once)"
                 % pack_manifest["name"]]
        for c in manifest["clips"]:
            if pack.means(c):
                lines.append("%04d.wav  %-10s  %s" % (c["id"], c.get("speaker", "narrator"), c[edition]))
        with open(os.path.join(folder, "script.txt"), "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
    except OSError as e:
        print("clue-fx voices new: cannot write %s: %s" % (folder, e.strerror or e), file=sys.stderr)
        return 1
    print("%s: %s and script.txt written: %d clips to record for the %s edition; then clue-fx voices check %s"
          % (folder, MANIFEST, len(lines) - 1, edition, folder))
    return 0
