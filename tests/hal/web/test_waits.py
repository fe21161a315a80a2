"""Nobody waits in silence (issue 37): whole web games, seeds chosen by a
loop, where one guest said YES but never linked a phone (they play on the
board alone, and cannot show a card) and another's phone falls asleep the
first time it must choose a card to show. Whenever the table waits on one of
them for a card, the board page, the watching screen and every phone still
awake are told whom it waits for and for what within a second of the game's
clock; the board offers "→ bot" for that seat only once the wait has lasted
its sim.web.phone_table.OFFER_MS, and taking the offer lets the game finish. The
clock is the game's own (tests.support.web_players): the half minute of a
wait is skipped, never slept."""

import asyncio

import pytest

from firmware.board import GUESTS
from sim.web.phone_table import OFFER_MS
from tests.support.web_players import NAMED_MS, WebGame

pytest.importorskip("aiohttp")

SEEDS = range(1, 41)


def roles(seed):
    """(a guest with a phone who plays, one whose phone sleeps, one with no phone, a bot): turned by seed."""
    k = seed % len(GUESTS)
    return GUESTS[k:] + GUESTS[:k]


def test_a_phone_never_linked_and_a_phone_asleep_are_named_at_once_and_offered_to_a_bot():
    rescued_at = {"show_after_bot": 0, "unlinked": 0, "asleep": 0}
    for seed in SEEDS:
        awake, sleeper, unlinked, bot = roles(seed)
        game = WebGame(
            seed,
            people={awake: True, sleeper: True, unlinked: True},
            bots={bot: "hard"},
            unlinked=(unlinked,),
            sleepers=(sleeper,),
            probe=(sleeper, unlinked),
        )
        asyncio.run(game.play())
        s = game.session
        assert s.over and s.table.winner is not None, "seed %d: no winner: %s" % (seed, game.state())
        for r in game.rescued:
            assert r.guest in (sleeper, unlinked), (seed, r)
            assert r.offered - r.since >= OFFER_MS[r.what], ("offered too soon", seed, r)
            assert r.guest in s.bots, (seed, r)
            rescued_at["unlinked" if r.guest == unlinked else "asleep"] += 1
            if r.what == "show" and r.asker in s.bots and r.asker not in (sleeper, unlinked):
                rescued_at["show_after_bot"] += 1
            if r.what == "turn":
                continue  # a turn is named by the board's "Turn: ..." itself
            late = {page: r.told.get(page) for page in r.pages if r.told.get(page, 1e12) - r.since > NAMED_MS}
            assert not late, "seed %d: %s not named within %d ms on %s" % (seed, r, NAMED_MS, late)
            assert {"board", "watcher"} <= r.pages and len(r.pages) >= 3, (seed, r.pages)  # a phone was open too
        asleep = game.people[sleeper].asleep
        assert asleep == any(r.guest == sleeper for r in game.rescued), (seed, game.rescued)
    # the loop's seeds did hold the table up in each way (counts over the seeds, not hand-picked)
    assert rescued_at["unlinked"] >= 3 and rescued_at["asleep"] >= 3 and rescued_at["show_after_bot"] >= 1, rescued_at
