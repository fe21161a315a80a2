"""Bot-only games of Clue FX with the digital card table, headless: a line a
game (seats, turns, the winner), then the wins by level.

    clue-fx bots --games 20 --bots hard,medium,easy
"""

import argparse

from sim.bots.levels import LEVELS


def add_arguments(p):
    p.add_argument("--games", type=games_arg, default=10, help="how many games (default 10)")
    p.add_argument("--seed", type=int, default=1, help="the first game's seed (default 1)")
    p.add_argument(
        "--bots",
        type=levels_arg,
        default="hard,medium",
        help="the bots' levels, one per guest in seat order (COMTE, LAVANDE, PECHE, AZUR), "
        "2 to 4 of %s (default hard,medium)" % ", ".join(LEVELS),
    )


def levels_arg(value):
    """'hard, medium' -> ['hard', 'medium']: 2 to 4 levels."""
    levels = [x.strip() for x in value.split(",") if x.strip()]
    if [x for x in levels if x not in LEVELS] or not 2 <= len(levels) <= 4:
        raise argparse.ArgumentTypeError("--bots takes 2 to 4 levels among %s, not %r" % (", ".join(LEVELS), value))
    return levels


def games_arg(value):
    try:
        games = int(value)
    except ValueError:
        games = 0
    if games < 1:
        raise argparse.ArgumentTypeError("--games takes a number of games >= 1, not %r" % value)
    return games


def run(args):
    from sim.bots.games import play_bot_game

    levels = args.bots
    wins = {}
    for k in range(args.games):
        seed = args.seed + k
        r = play_bot_game(seed, levels)
        if r.winner:
            wins[r.levels[r.winner]] = wins.get(r.levels[r.winner], 0) + 1
        print(
            "seed %d: %s; %d turns; winner %s (%s)%s"
            % (
                seed,
                ", ".join("%s %s" % (g, lv) for g, lv in zip(r.guests, levels)),
                r.turns,
                r.winner,
                r.how,
                "; wrong accusations: %s" % ", ".join(r.wrong) if r.wrong else "",
            )
        )
    print("won: " + ", ".join("%s %d" % (lv, wins.get(lv, 0)) for lv in dict.fromkeys(levels)))
    return 0
