"""The speed work changes no decision of any level: seeded games at every
level (expert, hard, medium, easy, random, hard-2026, mixed tables, the
expert's ablations, tables that keep detective sheets) are played again and
their digests (tests/sim/decisions.py: every press, hypothesis, refutation,
verdict, and the cards' chances at the end) compared with those recorded with
the code at commit ee8e7ce, before the speed work."""

import json
import pathlib

import pytest

from tests.sim.decisions import GAMES, LEVELS, record

RECORDED = json.loads((pathlib.Path(__file__).with_name("decisions_ee8e7ce.json")).read_text(encoding="utf-8"))


def test_the_recording_covers_every_level_and_the_games_listed():
    assert [(g["seed"], tuple(g["levels"]), g["sheets"]) for g in RECORDED] == list(GAMES)
    played = set(lv for g in RECORDED for lv in g["levels"])
    assert set(LEVELS) <= played
    assert all(g["winner"] is not None for g in RECORDED)


@pytest.mark.parametrize("share", [False, True], ids=["own-beliefs", "shared-beliefs"])
@pytest.mark.parametrize("game", RECORDED, ids=lambda g: "%d-%s" % (g["seed"], "-".join(g["levels"])))
def test_same_decisions_as_before_the_speed_work(game, share):
    """With each bot's own whereabouts, and with the alike ones kept once (as headless games do)."""
    got = record(game["seed"], tuple(game["levels"]), game["sheets"], share=share)
    assert got == (game["winner"], game["turns"], game["digest"])
