"""A tournament of bot-only games (`clue-fx bots`, bench/bench_bots.py): one
table of levels, seeded games, and what it shows as a dict (the command
prints it as JSON).

    t = tournament(["expert", "hard-2026", "hard-2026"], games=300, seed=1, rotate=True)
    t["seats"][0]["share"]      # the expert's share of the wins

Seat i of the table is the i-th level given. With `rotate`, game k seats
the levels k guests further round the table (seat i plays guest (i + k) mod n),
which cancels the bias of sitting first; each seat's figures follow its
level wherever it sits.

With `jobs` > 1 the games are played in worker processes (forked where the
system can), CHUNK games at a time, and their results gathered in game
order: the summary is the same as a serial run's but for the timings, and
`cpu_seconds` counts the workers' CPU time with this process's.

A wrong accusation is a mistake when the bot was certain (it must never
happen); an accusation made without certainty is a gamble (`Bot.gambled`),
counted apart, lost or won.
"""

import os
import time

from firmware.board import GUESTS

from .games import play_bot_game

CHUNK = 8  # games a worker plays between two reports (the progress, the order of the results)


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


def play_games(levels, seed, ks, rotate, max_turns):
    """Games `ks` of a tournament, by seat: ([(turns, winner's seat or None,
    winner's turns, [(seat, right, gamble)])], the CPU seconds they took)."""
    c0 = time.process_time()
    out = []
    for k in ks:
        order, guest_of_seat = seating(levels, k, rotate)
        r = play_bot_game(seed + k, order, max_turns=max_turns)
        seat_of = {GUESTS[g]: seat for seat, g in enumerate(guest_of_seat)}
        winner = seat_of[r.winner] if r.winner is not None else None
        out.append(
            (r.turns, winner, r.winner_turns, [(seat_of[g], right, gamble) for g, _, right, gamble in r.verdicts])
        )
    return out, time.process_time() - c0


def _play_chunk(job):
    return play_games(*job)


def _pool(jobs):
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else None).Pool(jobs)


def default_jobs(games):
    """One worker process per core (os.cpu_count()), none for fewer games than two chunks."""
    return max(1, min(os.cpu_count() or 1, games // CHUNK)) if games >= 2 * CHUNK else 1


def tournament(levels, games, seed=1, *, rotate=False, progress=None, max_turns=500, jobs=1):
    """Play `games` seeded games (seeds seed .. seed + games - 1) of `levels`.
    `progress(done, games, elapsed_s)` is called after each game (each chunk
    of games with `jobs` > 1: worker processes, the same results in the same
    order; the CPU seconds are theirs and this process's)."""
    n = len(levels)
    seats = [{"level": lv, "wins": 0, "share": 0.0, "mistakes": 0, "gambles": 0, "gambles_won": 0} for lv in levels]
    unfinished = 0
    winner_turns, turns = [], []
    t0, c0 = time.perf_counter(), time.process_time()
    jobs = max(1, min(jobs, games))
    chunks = (
        [range(k, min(k + CHUNK, games)) for k in range(0, games, CHUNK)] if jobs > 1 else [[k] for k in range(games)]
    )
    work = [(list(levels), seed, ks, rotate, max_turns) for ks in chunks]
    pool = _pool(jobs) if jobs > 1 else None
    done, worker_cpu = 0, 0.0
    try:
        results = pool.imap(_play_chunk, work) if pool is not None else map(_play_chunk, work)
        for out, cpu in results:
            worker_cpu += cpu if pool is not None else 0.0
            for game_turns, winner, w_turns, verdicts in out:
                turns.append(game_turns)
                if winner is None:
                    unfinished += 1
                else:
                    seats[winner]["wins"] += 1
                    winner_turns.append(w_turns)
                for seat, right, gamble in verdicts:
                    s = seats[seat]
                    if gamble:
                        s["gambles"] += 1
                        s["gambles_won"] += right
                    elif not right:
                        s["mistakes"] += 1
            done += len(out)
            if progress is not None:
                progress(done, games, time.perf_counter() - t0)
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()
    elapsed, cpu = time.perf_counter() - t0, time.process_time() - c0 + worker_cpu
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
        "jobs": jobs,
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
        "cpu_seconds": round(cpu, 3),  # CPU time (the workers' too): the figure a shared machine does not blur
        "games_per_cpu_second": round(games / cpu, 2) if cpu > 0 else None,
    }
