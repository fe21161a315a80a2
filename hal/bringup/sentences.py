"""Every sentence the board can say, as one track each: built from the same
clips played back to back, as the desktop board plays them (its speaker is
gapless: the joins are the clips' own edges), for the DFPlayer's card, and
the table the board reads to play a sentence's clips as its track
(hal/mcu/sentences.py).

    sentences()                 # [clip tuple], sorted: sentence i is track BASE + 1 + i
    table()                     # the table's bytes (`clue-fx flash` puts it on the board)
    plan_tracks("fr", sounds)   # [(clips, path on the card)]
    write_tracks(card, "fr")    # the WAVs, joined

The sentences are every form of every sentence key the firmware has,
through its own phrase builder (firmware.phrases.say), every name and
place and every list the game can make (the suspects of a place in
RULES.md's order, the guests in roll-call order): what the board says,
not a copy of it. A sentence of one clip is that clip's own track.

Some sentences one input says one after the other are one track too
(together()): each costs the module's start (about 0.5 s) where the
desktop joins them gaplessly, and a pair is on the card where its forms
are few (a pawn's arrival: its place's sound, then the place; a search's
result, then the next guest's call; a mover seen, then the call...). A
search's result followed by the moves it saw is not: 256 results times
342 moves, more than a card addresses (docs/board.md).
"""

import struct
import wave

from firmware.actions import Sfx
from firmware.board import GUESTS, INSPECTEUR, MOVERS, PLACES, SUSPECTS, neighbours
from firmware.phrases import say
from hal.mcu.dfplayer import path_of
from hal.mcu.sentences import HEADER, MAGIC

FOLDER = 10  # the sentences' first folder on the card: the clips keep 01..09 (2295 clips)
BASE = (FOLDER - 1) * 255  # sentence i is track BASE + 1 + i

PLAIN = (
    "power.greeting", "power.remove_pawns", "rollcall.need_two", "move.same_place", "move.stay_to_accuse",
    "move.already_moved", "move.not_a_place", "turn.move_first", "search.already", "accuse.not_here",
    "accuse.confirm", "accuse.found_inspecteur", "accuse.announce", "accuse.cancelled", "game.over",
    "battery.low", "battery.empty", "power.sleep",
)  # fmt: skip
ABOUT_A_GUEST = (
    "rollcall.ask", "rollcall.joined", "turn.call", "turn.hurry", "accuse.right", "accuse.wrong", "game.last_guest",
)  # fmt: skip


MOST = 4  # names in a list said whole (a place with more suspects in view, rare, is said clip by clip)


def _subsets(names, most):
    """Every subset of `names` of at most `most`, each in the names' own order."""
    out = []
    for mask in range(1 << len(names)):
        chosen = [n for i, n in enumerate(names) if mask >> i & 1]
        if len(chosen) <= most:
            out.append(chosen)
    return out


def forms(most=MOST):
    """[(key, args)]: every sentence the firmware can say, its lists of names at most `most` long."""
    out = [(k, None) for k in PLAIN]
    out += [(k, {"guest": g}) for k in ABOUT_A_GUEST for g in GUESTS]
    out += [("rollcall.welcome", {"guests": gs}) for gs in _subsets(GUESTS, 4) if len(gs) >= 2]
    everyone = _subsets(SUSPECTS, most)
    for place in PLACES:
        for found in everyone:
            for inspecteur in (False, True):
                out.append(("place.enter", {"place": place, "suspects": found, "inspecteur": inspecteur}))
    for found in everyone:
        for inspecteur in (False, True):
            if len(found) + inspecteur <= most:
                out.append(("search.result", {"place": PLACES[0], "suspects": found, "inspecteur": inspecteur}))
    for who in MOVERS:
        for place in PLACES:
            out.append(("move.leaves", {"who": who, "place": place}))
            out.append(("move.arrives", {"who": who, "place": place}))
            for to in neighbours(place):
                out.append(("move.leaves_arrives", {"who": who, "place": place, "to": to}))
                if who == INSPECTEUR:
                    out.append(("move.heads", {"who": who, "place": place, "to": to}))
    return out


MOVES = ("move.leaves", "move.arrives", "move.heads", "move.leaves_arrives")
# the sentences one input says one after the other that are one track too: (key, key[, key]); "sfx" a place's sound
TOGETHER = (
    ("sfx", "place.enter"),  # a pawn's arrival: the place's sound, then what is seen there
    ("search.result", "turn.call"),
    ("search.result", "accuse.found_inspecteur"),
    ("rollcall.welcome", "turn.call"),
    ("rollcall.joined", "rollcall.ask"),
    ("power.greeting", "power.remove_pawns"),
    ("power.greeting", "power.remove_pawns", "rollcall.ask"),  # the power-up's three
    ("sfx", "turn.call"),  # a sound clue after a search
) + tuple((m, "turn.call") for m in MOVES)  # fmt: skip


def together(most=MOST):
    """[clip tuple]: the sentences of TOGETHER, back to back (a pawn's
    arrival: the sound of the place it enters; the board joins them as they
    are queued, hal/mcu/sentences.py)."""
    said = {}
    for k, a in forms(most):
        said.setdefault(k, []).append((a, tuple(say(k, a).clips)))
    said["sfx"] = [({"place": p}, (Sfx(p).clip,)) for p in PLACES]
    out = set()
    for keys in TOGETHER:
        if keys == ("sfx", "place.enter"):
            out |= {(Sfx(a["place"]).clip,) + c for a, c in said["place.enter"]}
            continue
        seqs = [()]
        for k in keys:
            seqs = [s + c for s in seqs for _, c in said[k]]
        out |= set(seqs)
    return out


def sentences(most=MOST):
    """[clip tuple]: every sentence of two clips or more, and the sentences
    said together (together()), sorted (the table's order)."""
    return sorted(({tuple(say(k, a).clips) for k, a in forms(most)} | together(most)) - {()})


def _many(seqs):
    return [s for s in seqs if len(s) >= 2]


def table(seqs=None):
    """The table's bytes (hal/mcu/sentences.py reads them)."""
    seqs = _many(sentences()) if seqs is None else seqs
    width = max(len(s) for s in seqs)
    out = bytearray(MAGIC + struct.pack(">BBHH", width, 0, len(seqs), BASE))
    assert len(out) == HEADER
    for s in seqs:
        out += struct.pack(">%dH" % width, *(list(s) + [0] * (width - len(s))))
    return bytes(out)


def plan_tracks(seqs=None):
    """[(clips, path on the card)] of the sentences' tracks (`seqs`: some of
    sentences(), None: all); each at its place in the whole table."""
    every = _many(sentences())
    if seqs is None:
        seqs = every
    index = {s: i for i, s in enumerate(every)}
    out = []
    for s in seqs:
        if tuple(s) not in index:
            raise ValueError("%r is no sentence the board says" % (tuple(s),))
        out.append((tuple(s), path_of(BASE + 1 + index[tuple(s)])))
    return out


def join(sources, dest):
    """The WAVs `sources` back to back into `dest` (one format: the edition's); its length in ms."""
    frames = 0
    params = None
    with wave.open(dest, "wb") as out:
        for src in sources:
            with wave.open(src, "rb") as w:
                p = (w.getnchannels(), w.getsampwidth(), w.getframerate())
                if params is None:
                    params = p
                    out.setnchannels(p[0])
                    out.setsampwidth(p[1])
                    out.setframerate(p[2])
                elif p != params:
                    raise ValueError("%s: %r, not the %r of the clips before it" % (src, p, params))
                data = w.readframes(w.getnframes())
                frames += w.getnframes()
                out.writeframes(data)
    return frames * 1000 // params[2]


def track_bytes(clip_bytes, seqs=None):
    """The bytes of the sentences' tracks on a card: `clip_bytes` {clip: bytes of its WAV's sound}."""
    seqs = _many(sentences()) if seqs is None else seqs
    return sum(44 + sum(clip_bytes[c] for c in s) for s in seqs)
