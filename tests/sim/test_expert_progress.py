"""Heads-up the expert's wait odds follow the rival's public progress
(sim/bots/expert.py, PROGRESS_FIT): what the table heard of the rival (the
suspects they met, the cards the bot showed them, their hypotheses nobody
refuted) and nothing else. Hand-built from a real deal."""

import pytest

from firmware.board import SUSPECTS
from sim.bots import expert as expert_mod
from sim.bots.mind import Bot
from sim.cards.deck import deal

ME, RIVAL = "COMTE", "LAVANDE"


def seated(guests=(ME, RIVAL), seed=3):
    d = deal(seed, guests)
    bot = Bot(ME, "expert", seed)
    bot.sit(guests, d.hands[ME])
    bot.where.guests = {g: None for g in guests}
    bot.turns = 6
    return bot, d


def rival_turn(bot, place, suspects=()):
    x = bot.expert
    x.heard("turn.call", {"guest": RIVAL})
    bot.where.guests[RIVAL] = place
    x.heard("place.enter", {"place": place, "suspects": list(suspects), "inspecteur": False})


def refuted_by_me(bot, card):
    bot.showed(RIVAL, card)
    bot.expert.hypothesis_made(RIVAL, {"asker": RIVAL, "named": (), "passed": (), "shower": ME})


def test_heads_up_a_rival_starts_with_every_card_unseen_but_their_own():
    bot, _ = seated()
    assert bot.expert.unseen(RIVAL) == 6 + 8  # my hand and the eight suspects' cases


def test_the_suspects_a_rival_meets_count_once_each_wherever_the_board_names_them():
    bot, _ = seated()
    rival_turn(bot, "ECURIE", SUSPECTS[:2])
    assert bot.expert.unseen(RIVAL) == 12
    rival_turn(bot, "GARAGE", SUSPECTS[1:3])  # one met again
    assert bot.expert.unseen(RIVAL) == 11
    bot.expert.heard("search.result", {"place": "GARAGE", "suspects": [SUSPECTS[3]], "inspecteur": False})
    bot.expert.heard("move.arrives", {"who": SUSPECTS[4], "place": "GARAGE"})
    bot.expert.heard("move.arrives", {"who": SUSPECTS[5], "place": "ECURIE"})  # nobody stands there
    assert bot.expert.unseen(RIVAL) == 9
    assert bot.expert.unseen(ME) == 14  # my own cases are not the rival's


def test_the_cards_i_show_a_rival_count_once_each_and_a_hypothesis_nobody_refuted_counts_apart():
    bot, _ = seated()
    rival_turn(bot, "ECURIE")
    refuted_by_me(bot, bot.hand[0])
    refuted_by_me(bot, bot.hand[0])  # shown again: nothing new for them
    refuted_by_me(bot, bot.hand[1])
    assert bot.expert.unseen(RIVAL) == 12
    bot.expert.hypothesis_made(RIVAL, {"asker": RIVAL, "named": (), "passed": (ME,), "shower": None})
    assert bot.expert.progress[RIVAL][1] == 1
    assert bot.expert.unseen(RIVAL) == 12


def test_a_rival_far_from_done_raises_the_wait_odds_and_one_near_done_lowers_them():
    bot, d = seated()
    x = bot.expert
    far = x.progress_shift(RIVAL)
    for s in SUSPECTS:
        rival_turn(bot, "ECURIE", [s])
    for c in bot.hand:
        refuted_by_me(bot, c)
    assert x.unseen(RIVAL) == 0
    near = x.progress_shift(RIVAL)
    assert far > 0.05 and near < -0.05


@pytest.mark.parametrize("progress", [0.0, 3.0])
def test_the_wait_odds_move_by_progress_times_the_shift_heads_up_only(progress, monkeypatch):
    monkeypatch.setattr(expert_mod.Expert, "PROGRESS", progress)
    bot, _ = seated()
    rival_turn(bot, "ECURIE", SUSPECTS[:5])
    table = expert_mod.WAIT_ODDS[1][bot.turns]
    scale = expert_mod.Expert.WAIT_HEADS_UP
    assert scale > 1.0  # heads-up the bot waits more than the table says (the marginal gambles lost)
    assert bot.expert.wait_odds() == pytest.approx(scale * (table + progress * bot.expert.progress_shift(RIVAL)))
    three, _ = seated(("COMTE", "LAVANDE", "PECHE"))
    assert three.expert.wait_odds() == pytest.approx(expert_mod.WAIT_ODDS[2][three.turns])
    del three.where.guests["PECHE"]  # out, by a wrong accusation: two left of three, not scaled
    shift = three.expert.progress_shift(RIVAL)
    assert three.expert.wait_odds() == pytest.approx(expert_mod.WAIT_ODDS[1][three.turns] + progress * shift)
