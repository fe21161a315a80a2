"""A tournament of bot-only games of Clue FX with the digital card table,
headless: seeded games of one table of levels, then a JSON summary on
stdout (the share of the wins of each seat, the winner's mean turns, wrong
accusations and gambles per game, games per second); progress on stderr.

    clue-fx bots --games 300 --seed 1 --table expert,hard-2026,hard-2026 --rotate [--jobs N]

The games are played in worker processes, one per core by default (the
summary does not depend on how many: each game is seeded); `--jobs 1` plays
them in this process.
"""

from sim.bots.levels import LEVELS

PROGRESS_EVERY_S = 2.0


def add_arguments(p):
    p.add_argument("--games", default="10", help="how many games (default 10)")
    p.add_argument("--seed", default="1", help="the first game's seed; game k has seed S + k (default 1)")
    p.add_argument(
        "--table",
        "--bots",
        dest="table",
        default="hard,medium",
        help="the bots' levels, one per seat (guests COMTE, LAVANDE, PECHE, AZUR in that order), "
        "2 to 4 of %s (default hard,medium)" % ", ".join(LEVELS),
    )
    p.add_argument(
        "--rotate",
        action="store_true",
        help="game k seats the levels k guests further round the table (cancels the bias of the seats)",
    )
    p.add_argument(
        "--jobs",
        default=None,
        help="worker processes playing the games (default: one per core, one process for fewer than 16 games); "
        "the summary is the same whatever the number",
    )
    p.add_argument("--quiet", action="store_true", help="no progress on stderr")


def levels_arg(value):
    """'hard, medium' -> ['hard', 'medium']: 2 to 4 levels, else Refused."""
    from .options import Refused

    levels = [x.strip() for x in value.split(",") if x.strip()]
    bad = [x for x in levels if x not in LEVELS]
    if bad:
        raise Refused("--table: unknown level %r: levels are %s" % (bad[0], ", ".join(LEVELS)))
    if not 2 <= len(levels) <= 4:
        raise Refused("--table takes 2 to 4 levels separated by commas, not %r" % value)
    return levels


def int_arg(name, value, least):
    from .options import Refused

    try:
        n = int(value)
    except ValueError:
        n = None
    if n is None or n < least:
        raise Refused("%s takes a whole number >= %d, not %r" % (name, least, value))
    return n


def run(args):
    import json
    import sys
    import time

    from sim.bots.tournament import default_jobs, tournament

    levels = levels_arg(args.table)
    games = int_arg("--games", args.games, 1)
    seed = int_arg("--seed", args.seed, 0)
    jobs = default_jobs(games) if args.jobs is None else int_arg("--jobs", args.jobs, 1)
    shown = [time.monotonic()]

    def progress(done, total, elapsed):
        now = time.monotonic()
        if args.quiet or (now - shown[0] < PROGRESS_EVERY_S and done < total):
            return
        if done == total and elapsed < PROGRESS_EVERY_S:
            return  # a short run: nothing to wait for
        shown[0] = now
        print("clue-fx bots: %d/%d games, %.0f games/s" % (done, total, done / elapsed), file=sys.stderr, flush=True)

    summary = tournament(levels, games, seed=seed, rotate=args.rotate, progress=progress, jobs=jobs)
    print(json.dumps(summary, indent=1))
    return 0
