"""A tournament of bot-only games (`clue-fx bots`, bench/bench_bots.py): one
table of levels, seeded games, and what it shows as a dict (the command
prints it as JSON).

    t = tournament(["expert", "hard-2026", "hard-2026"], games=300, seed=1, rotate=True)
    t["seats"][0]["share"]      # the expert's share of the wins

Seat i of the table is the i-th level given. With `rotate`, game k seats
the levels k guests further round the table (seat i plays guest (i + k) mod n),
which cancels the bias of sitting first; each seat's figures follow its
level wherever it sits.

A wrong accusation is a mistake when the bot was certain (it must never
happen); an accusation made without certainty is a gamble (`Bot.gambled`),
counted apart, lost or won.
"""

import time

from firmware.board import GUESTS

from .games import play_bot_game


def seating(levels, k, rotate):
    """The levels in guest order for game k: seat i plays guest (i + k) mod n when rotating."""
    n = len(levels)
    if not rotate:
        return list(levels), list(range(n))
    guest_of_seat = [(i + k) % n for i in range(n)]
    order = [None] * n
    for seat, g in enumerate(guest_of_seat):
        order[g] = levels[seat]
    return order, guest_of_seat


def tournament(levels, games, seed=1, *, rotate=False, progress=None, max_turns=500):
    """Play `games` seeded games (seeds seed .. seed + games - 1) of `levels`.
    `progress(done, games, elapsed_s)` is called after each game."""
    n = len(levels)
    seats = [{"level": lv, "wins": 0, "share": 0.0, "mistakes": 0, "gambles": 0, "gambles_won": 0} for lv in levels]
    unfinished = 0
    winner_turns, turns = [], []
    t0, c0 = time.perf_counter(), time.process_time()
    for k in range(games):
        order, guest_of_seat = seating(levels, k, rotate)
        r = play_bot_game(seed + k, order, max_turns=max_turns)
        seat_of = {GUESTS[g]: seat for seat, g in enumerate(guest_of_seat)}
        turns.append(r.turns)
        if r.winner is None:
            unfinished += 1
        else:
            seats[seat_of[r.winner]]["wins"] += 1
            winner_turns.append(r.winner_turns)
        for guest, _, right, gamble in r.verdicts:
            s = seats[seat_of[guest]]
            if gamble:
                s["gambles"] += 1
                s["gambles_won"] += right
            elif not right:
                s["mistakes"] += 1
        if progress is not None:
            progress(k + 1, games, time.perf_counter() - t0)
    elapsed, cpu = time.perf_counter() - t0, time.process_time() - c0
    for s in seats:
        s["share"] = round(s["wins"] / games, 4)
    mistakes = sum(s["mistakes"] for s in seats)
    gambles = sum(s["gambles"] for s in seats)
    lost = gambles - sum(s["gambles_won"] for s in seats)
    return {
        "games": games,
        "seed": seed,
        "table": list(levels),
        "rotate": bool(rotate),
        "guests": n,
        "seats": seats,
        "unfinished": unfinished,
        "mean_turns": round(sum(turns) / games, 3),
        "winner_mean_turns": round(sum(winner_turns) / len(winner_turns), 3) if winner_turns else None,
        "wrong_accusations_per_game": round(mistakes / games, 4),
        "gambles_per_game": round(gambles / games, 4),
        "gambles_lost_per_game": round(lost / games, 4),
        "seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 2) if elapsed > 0 else None,
        "cpu_seconds": round(cpu, 3),  # this process's CPU time: the figure a shared machine does not blur
        "games_per_cpu_second": round(games / cpu, 2) if cpu > 0 else None,
    }
