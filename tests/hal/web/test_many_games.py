"""No hang, ever: whole games on a web table, people on their phones, bots
and guests who do not play mixed in every way, for seeds chosen by a loop.
Each game runs until the verdict or fails at the first stall (no message
on any socket for tests.support.web_players.STALL_S) with the board's,
the table's and every seat's state. Every change of the table must reach
the page that must act at once: a person who must choose which card to
show a bot (the hang of main ddbe224) is told without any page sending
anything."""

import asyncio

import pytest

from tests.support.web_players import WebGame

pytest.importorskip("aiohttp")

# ({guest: playing?} of the people, {guest: level} of the bots): every guest is one or the other
MIXES = [
    ({"COMTE": True, "LAVANDE": True, "PECHE": True}, {"AZUR": "hard"}),
    ({"COMTE": True, "LAVANDE": True}, {"PECHE": "easy", "AZUR": "hard"}),
    ({"COMTE": True, "LAVANDE": True, "PECHE": True, "AZUR": True}, {}),
    ({"LAVANDE": True}, {"COMTE": "medium", "PECHE": "hard", "AZUR": "random"}),
    ({"COMTE": True, "LAVANDE": False, "PECHE": True}, {"AZUR": "expert"}),
    ({"COMTE": True, "LAVANDE": False, "PECHE": True, "AZUR": True}, {}),
]
SEEDS = range(1, 61)  # ten of each mix


@pytest.mark.slow  # 60 whole games: a long run (docs/testing.md, the quick lane)
def test_60_seeded_web_games_of_phones_bots_and_people_end_without_a_stall():
    ends = {}
    for seed in SEEDS:
        people, bots = MIXES[seed % len(MIXES)]
        game = WebGame(seed, people=dict(people), bots=dict(bots))
        asyncio.run(game.play())
        s = game.session
        assert s.over and s.table.winner is not None, "seed %d: no winner: %s" % (seed, game.state())
        ends[seed] = s.table.winner
    assert len(ends) == len(SEEDS)
    people_won = sum(1 for seed, w in ends.items() if w in MIXES[seed % len(MIXES)][0])
    assert 0 < people_won < len(SEEDS), "people won %d of %d: the people do not play" % (people_won, len(SEEDS))
