"""A digest of every decision of a seeded bot-only game: each press the
bots (and the table's YES/NO) fed the board, every arrival, hypothesis,
refutation (who showed which card) and verdict the card table noted, the
verdicts' gamble flags, the winner and the turns, and at the end every bot's
chances of the cards (the exact engine's counts, as floats) and the
detective sheets' hints when the game keeps sheets.

The digests of GAMES are in decisions.json; tests/sim/test_same_decisions.py
plays the same games and compares. They were first recorded with the code of
before the speed work (commit ee8e7ce), which changed none of them; recorded
again after the expert's second strength pass, which changed the expert's
games (and only those) on purpose; again when the whereabouts began to
hear the suspects' moves together (issue 15: one or two move a turn), which
changed games of every level that uses them, never those of random and
hard-2026 bots alone. To record them again (after a change that
is meant to change decisions, say so in its commit):

    python -m tests.sim.decisions > tests/sim/decisions.json
"""

import hashlib
import json
import sys

from firmware.board import GUESTS
from hal.runner import Board
from sim.bots.games import run
from sim.bots.mind import Bot
from sim.bots.session import Session

LEVELS = ("expert", "hard", "medium", "easy", "random", "hard-2026")

# (seed, levels, sheets): two games of each level at 2, 3 and 4 guests, mixed tables, the ablations.
GAMES = (
    [(300 + 10 * i + n, (lv,) * n, False) for i, lv in enumerate(LEVELS) for n in (2, 3, 4)]
    + [(400 + 10 * i + n, (lv,) * n, False) for i, lv in enumerate(LEVELS) for n in (2, 3, 4)]
    + [
        (501, ("easy", "medium", "hard", "expert"), False),
        (502, ("expert", "hard-2026", "hard-2026"), False),
        (503, ("expert", "hard-2026"), False),
        (504, ("expert-no-where", "expert-no-hunt", "expert-no-gamble"), False),
        (505, ("expert-no-hyp", "expert-no-exact", "random"), False),
        (506, ("hard", "expert", "medium"), True),
        (507, ("easy", "random", "expert", "hard-2026"), True),
    ]
)


def _chances(mind):
    if getattr(mind, "case_chances", None) is None:
        return None  # the propagation engine (hard-2026, expert-no-exact)
    return sorted(mind.case_chances().items())


def record(seed, levels, sheets=False, share=False):
    """(winner, turns, the digest) of one seeded game; `share`: the bots'
    alike whereabouts kept once (sim.bots.session.SharedBelief), as headless games do."""
    guests = GUESTS[: len(levels)]
    board = Board(seed=seed)
    bots = {g: Bot(g, lv, seed) for g, lv in zip(guests, levels)}
    session = Session(seed, bots=bots, answer_rollcall=True, sheets=sheets, share=share)
    board.attach(session)
    presses = []
    poll = session.poll

    def logged(now_ms):
        evs = poll(now_ms)
        if evs:
            presses.append((now_ms, repr(evs)))
        return evs

    session.poll = logged
    run(board, session)
    lines = [repr(p) for p in presses]
    lines += [repr(n) for n in session.notes]
    lines += [repr(v) for v in session.verdicts]
    lines += [repr((g, _chances(b.mind))) for g, b in sorted(session.bots.items())]
    lines += [repr((g, s.hint(), sorted(s.chances().items()))) for g, s in sorted(session.sheets.items())]
    digest = hashlib.sha1("\n".join(lines).encode()).hexdigest()[:16]
    return session.table.winner, session.turn_count, digest


def main():
    out = []
    for seed, levels, sheets in GAMES:
        winner, turns, digest = record(seed, levels, sheets)
        game = {"seed": seed, "levels": list(levels), "sheets": sheets}
        out.append(dict(game, winner=winner, turns=turns, digest=digest))
        print("%s %s %s %s" % (seed, ",".join(levels), winner, digest), file=sys.stderr)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
