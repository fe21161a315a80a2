"""Bot-only games of Clue FX with the digital card table, headless: a line a
game (seats, turns, the winner), then the wins by level.

    clue-fx bots --games 20 --bots hard,medium,easy
"""

from sim.bots import LEVELS


def add_arguments(p):
    p.add_argument("--games", type=int, default=10, help="how many games (default 10)")
    p.add_argument("--seed", type=int, default=1, help="the first game's seed (default 1)")
    p.add_argument(
        "--bots",
        default="hard,medium",
        help="the bots' levels, one per guest in seat order (COMTE, LAVANDE, PECHE, AZUR), "
        "2 to 4 of %s (default hard,medium)" % ", ".join(LEVELS),
    )


def run(args):
    from sim.cards.session import play_bot_game

    levels = [x.strip() for x in args.bots.split(",") if x.strip()]
    bad = [x for x in levels if x not in LEVELS]
    if bad or not 2 <= len(levels) <= 4:
        print("clue-fx bots: --bots takes 2 to 4 levels among %s, not %r" % (", ".join(LEVELS), args.bots))
        return 2
    if args.games < 1:
        print("clue-fx bots: --games takes a number of games >= 1")
        return 2
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
