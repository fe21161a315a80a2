"""Every sentence form the board can say, in every edition, as the captions
read it: the page a native speaker reviews (docs/sentences.md).

    python tools/sentences.py            # write docs/sentences.md
    python tools/sentences.py --check    # exit 1 if the page is stale
    python tools/sentences.py --edition us    # one edition's page, printed (for its reviewer)

Each sentence key of the firmware is built for every guest, suspect and
place it can name (the lists in every length the board says: one name, two,
three), through the firmware's own phrase builder and the sounds manifest,
so the page is what the board says, not a copy of it.
"""

import argparse
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from firmware.board import GUESTS, INSPECTEUR, MOVERS, PLACES, SUSPECTS, neighbours  # noqa: E402
from firmware.phrases import say  # noqa: E402
from hal.captions import Captions, load_manifest  # noqa: E402

PAGE = ROOT / "docs" / "sentences.md"
PLAIN = (
    "power.greeting", "power.remove_pawns", "rollcall.need_two", "move.same_place", "move.stay_to_accuse",
    "move.already_moved", "move.not_a_place", "turn.move_first", "search.already",
    "accuse.not_here", "accuse.confirm", "accuse.found_inspecteur", "accuse.announce",
    "accuse.cancelled", "game.over", "battery.low", "battery.empty", "power.sleep",
)
ABOUT_A_GUEST = (
    "rollcall.ask", "rollcall.joined", "turn.call", "turn.hurry",
    "accuse.right", "accuse.wrong", "game.last_guest",
)


def _rolls():
    """Every set of two or more guests, in roll-call order."""
    out = []
    for mask in range(1, 1 << len(GUESTS)):
        chosen = [g for i, g in enumerate(GUESTS) if mask >> i & 1]
        if len(chosen) >= 2:
            out.append(chosen)
    return out


def forms():
    """[(key, args)]: every form of every sentence, names and places all used."""
    out = [(k, None) for k in PLAIN]
    out += [(k, {"guest": g}) for k in ABOUT_A_GUEST for g in GUESTS]
    out += [("rollcall.welcome", {"guests": gs}) for gs in _rolls()]
    for i, place in enumerate(PLACES):
        out.append(("place.enter", {"place": place, "suspects": [], "inspecteur": False}))
        out.append(("place.enter", {"place": place, "suspects": [SUSPECTS[i % 8]], "inspecteur": i == 0}))
    out.append(("place.enter", {"place": "GARAGE", "suspects": list(SUSPECTS[:2]), "inspecteur": False}))
    out.append(("place.enter", {"place": "KIOSQUE", "suspects": list(SUSPECTS[5:8]), "inspecteur": True}))
    out.append(("place.enter", {"place": "ABRI", "suspects": [], "inspecteur": True}))
    out.append(("search.result", {"place": "ABRI", "suspects": [], "inspecteur": False}))
    out += [("search.result", {"place": "ABRI", "suspects": [s], "inspecteur": False}) for s in SUSPECTS]
    out.append(("search.result", {"place": "ABRI", "suspects": [], "inspecteur": True}))
    # two found ("two people"), the Inspecteur counted; three or more ("several people")
    out.append(("search.result", {"place": "ABRI", "suspects": list(SUSPECTS[:2]), "inspecteur": False}))
    out.append(("search.result", {"place": "ABRI", "suspects": [SUSPECTS[2]], "inspecteur": True}))
    out.append(("search.result", {"place": "ABRI", "suspects": list(SUSPECTS[:2]), "inspecteur": True}))
    # every mover and every place at least once (the Inspecteur leaves only with his heading)
    out += [("move.leaves", {"who": w, "place": PLACES[i % 9]}) for i, w in enumerate(SUSPECTS)]
    out.append(("move.leaves", {"who": SUSPECTS[0], "place": PLACES[8]}))
    out += [("move.arrives", {"who": w, "place": PLACES[(i + 4) % 9]}) for i, w in enumerate(MOVERS)]
    for place in PLACES:
        for to in neighbours(place):
            out.append(("move.heads", {"who": INSPECTEUR, "place": place, "to": to}))
    # both ends of his move in view: said once (every place he may arrive at); a suspect's too
    out += [("move.leaves_arrives", {"who": INSPECTEUR, "place": neighbours(p)[0], "to": p}) for p in PLACES]
    out += [("move.leaves_arrives", {"who": w, "place": PLACES[i % 9], "to": neighbours(PLACES[i % 9])[1]})
            for i, w in enumerate(SUSPECTS)]
    return out


def _args(args):
    if not args:
        return ""
    return " " + ", ".join("%s=%s" % (k, "+".join(v) if isinstance(v, list) else v) for k, v in args.items())


def page(manifest=None, editions=None):
    manifest = manifest or load_manifest()
    editions = editions or manifest["editions"]
    captions = [Captions(lang, manifest) for lang in editions]
    lines = [
        "# Every sentence the board says",
        "",
        "Made by `python tools/sentences.py` from the firmware's phrase builder and",
        "`sounds/manifest.json` (a test checks that it is up to date). Each sentence",
        "key is shown for every guest, suspect and place it can name, in every",
        "edition (%s), with its speaker as the captions name it." % ", ".join(editions),
        "",
    ]
    key = None
    for k, args in forms():
        if k != key:
            if key is not None:
                lines.append("")
            key = k
            lines += ["## `%s`" % k, ""]
        s = say(k, args)
        lines.append("- `%s%s` (%s)" % (k, _args(args), s.speaker))
        for lang, c in zip(editions, captions):
            lines.append("  - %s: %s" % (lang, c.line(s)))
    return "\n".join(lines) + "\n"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only check that the page is up to date")
    parser.add_argument("--out", default=None, help="where to write (default: docs/sentences.md)")
    parser.add_argument("--edition", action="append", choices=load_manifest()["editions"],
                        help="only this edition (repeatable): the page is printed unless --out names a file")
    args = parser.parse_args(argv)
    text = page(editions=args.edition)
    if args.edition and not args.out:
        sys.stdout.write(text)
        return 0
    args.out = args.out or str(PAGE)
    path = pathlib.Path(args.out)
    if args.check:
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            print("%s is stale: run python tools/sentences.py" % path)
            return 1
        print("%s is up to date (%d forms)" % (path, len(forms())))
        return 0
    path.write_text(text, encoding="utf-8")
    print("wrote %s: %d sentence forms" % (path, len(forms())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
