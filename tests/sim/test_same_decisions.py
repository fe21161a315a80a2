"""A change meant to be faster changes no decision of any level: seeded
games at every level (expert, hard, medium, easy, random, hard-2026, mixed
tables, the expert's ablations, tables that keep detective sheets) are
played again and their digests (tests/sim/decisions.py: every press,
hypothesis, refutation, verdict, and the cards' chances at the end) compared
with those recorded (decisions.json: first with the code at ee8e7ce, before
the speed work, which changed none; then after the expert's second strength
pass, which changed the expert's games on purpose; then after the
whereabouts began to hear the suspects' moves together, on purpose too)."""

import json
import pathlib

import pytest

from tests.sim.decisions import GAMES, LEVELS, record

RECORDED = json.loads((pathlib.Path(__file__).with_name("decisions.json")).read_text(encoding="utf-8"))


def test_the_recording_covers_every_level_and_the_games_listed():
    assert [(g["seed"], tuple(g["levels"]), g["sheets"]) for g in RECORDED] == list(GAMES)
    played = set(lv for g in RECORDED for lv in g["levels"])
    assert set(LEVELS) <= played
    assert all(g["winner"] is not None for g in RECORDED)


@pytest.mark.parametrize("share", [False, True], ids=["own-beliefs", "shared-beliefs"])
@pytest.mark.parametrize("game", RECORDED, ids=lambda g: "%d-%s" % (g["seed"], "-".join(g["levels"])))
def test_same_decisions_as_recorded(game, share):
    """With each bot's own whereabouts, and with the alike ones kept once (as headless games do)."""
    got = record(game["seed"], tuple(game["levels"]), game["sheets"], share=share)
    assert got == (game["winner"], game["turns"], game["digest"])
