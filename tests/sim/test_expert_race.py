"""The expert's race decisions of the second strength pass (issue 15):
once certain it searches wherever the Inspecteur may hide; heads-up its
hypotheses are drawn among what can still be in the case; with two rivals
or more, when the odds say gamble, it hunts the Inspecteur as if certain.
Hand-built positions from real deals: the bot's mind learns true facts only."""

from firmware.board import INSPECTEUR, PLACES, SUSPECTS, WEAPONS
from firmware.table import MOVE, MOVED
from sim.bots.mind import Bot
from sim.cards.deck import deal


def seated(guests, seed=3, level="expert", here="ECURIE"):
    """An expert bot for guests[0], seated at a real deal, standing at `here`."""
    d = deal(seed, guests)
    me = guests[0]
    bot = Bot(me, level, seed)
    bot.sit(guests, d.hands[me])
    bot.where.guests = {g: None for g in guests}
    bot.where.guests[me] = here
    bot.phase = MOVED
    bot.turns = 9
    return bot, d


def read_every_case(bot, d):
    for s in SUSPECTS:
        bot.learn_case(s, d.cases[s])


def believe_inspecteur(bot, chances):
    """The bot's belief of where the Inspecteur is: place -> chance (the rest spread evenly)."""
    rest = [p for p in PLACES if p not in chances]
    left = (1.0 - sum(chances.values())) / len(rest)
    bot.where.p[INSPECTEUR] = [chances.get(p, left) for p in PLACES]
    bot.where.visible.pop(INSPECTEUR, None)


def make_certain(bot, d):
    read_every_case(bot, d)
    for g, hand in d.hands.items():
        for c in hand:
            bot.mind.holds(g, c)
    assert bot.mind.solution() == d.solution


def test_certain_it_searches_even_where_he_is_unlikely():
    bot, d = seated(("COMTE", "LAVANDE"))
    make_certain(bot, d)
    believe_inspecteur(bot, {"ECURIE": 0.08, "GARAGE": 0.6})
    assert bot.next_action() == ("press", "SEARCH")  # the hard bot of 2026 stopped below 0.2


def test_certain_it_stops_where_he_cannot_be():
    bot, d = seated(("COMTE", "LAVANDE"))
    make_certain(bot, d)
    believe_inspecteur(bot, {"ECURIE": 0.0, "GARAGE": 0.6})
    assert bot.next_action() == ("press", "STOP")


def test_certain_it_moves_where_he_is_likeliest():
    bot, d = seated(("COMTE", "LAVANDE"))
    make_certain(bot, d)
    believe_inspecteur(bot, {"GARAGE": 0.6})
    bot.phase = MOVE
    assert bot.next_action() == ("press", "GARAGE")


def test_heads_up_hypotheses_name_only_what_can_be_in_the_case():
    guests = ("COMTE", "LAVANDE")
    named = set()
    for seed in range(1, 25):
        bot, d = seated(guests, seed=seed)
        believe_inspecteur(bot, {"GARAGE": 0.9})
        for s in SUSPECTS:
            bot.where.p[s] = [1.0 if p == "GARAGE" else 0.0 for p in PLACES]  # nobody hides here: no search
        act = bot.next_action()
        assert act[0] == "hypothesis", act
        s, p, w = bot.mind.candidates()
        assert act[1] in s and act[2] in w, (act, s, w)
        named.add((act[1], act[2]))
    assert len(named) > 12  # drawn at random, not one fixed choice


def test_with_two_rivals_hypotheses_are_the_most_informative():
    bot, d = seated(("COMTE", "LAVANDE", "PECHE"), seed=4)
    believe_inspecteur(bot, {"GARAGE": 0.9})
    for s in SUSPECTS:
        bot.where.p[s] = [1.0 if p == "GARAGE" else 0.0 for p in PLACES]
    state = bot.rng.getstate()
    act = bot.next_action()
    bot.rng.setstate(state)  # the same tie-breaking draws
    best = bot.expert.scored_hypothesis("ECURIE")[0]
    assert act == ("hypothesis",) + best


def two_triples_left(bot, d):
    """Everything known but which of two weapons is in the case (one is in a rival's hand)."""
    read_every_case(bot, d)
    rivals = [g for g in d.hands if g != bot.guest]
    other = next(c for g in rivals for c in d.hands[g] if c in WEAPONS)
    for g in rivals:
        for c in d.hands[g]:
            if c != other:
                bot.mind.holds(g, c)
    # the other weapon's holder is not known: it may be in the case, or in that rival's last free slot
    assert bot.mind.solution() is None and bot.mind.count() >= 2
    return other


def find_gambling_position(guests):
    for seed in range(1, 60):
        bot, d = seated(guests, seed=seed)
        try:
            two_triples_left(bot, d)
        except (AssertionError, StopIteration):
            continue
        if bot.mind.count() == 2:
            bot.turns = 12
            return bot, d
    raise AssertionError("no position with two triples left")


def test_three_guests_a_bot_ready_to_gamble_hunts_the_inspecteur():
    bot, d = find_gambling_position(("COMTE", "LAVANDE", "PECHE"))
    assert bot.expert.gamble()  # even odds against the chance to win by waiting, late in the game
    believe_inspecteur(bot, {"KIOSQUE": 0.7})
    bot.phase = MOVE
    assert bot.next_action() == ("press", "KIOSQUE")
    bot.phase = MOVED  # arrived somewhere he may hide: a search, to bet if he is found
    believe_inspecteur(bot, {"ECURIE": 0.3, "KIOSQUE": 0.4})
    assert bot.next_action() == ("press", "SEARCH")


def rival_near_done(bot, rival):
    """The rival met every suspect and was shown every card of mine (heads-up the wait odds follow it)."""
    bot.expert.heard("turn.call", {"guest": rival})
    bot.expert.heard("place.enter", {"place": "GARAGE", "suspects": list(SUSPECTS), "inspecteur": False})
    for c in bot.hand:
        bot.showed(rival, c)
    bot.expert.heard("turn.call", {"guest": bot.guest})


def test_heads_up_a_bot_ready_to_gamble_still_learns():
    bot, d = find_gambling_position(("COMTE", "LAVANDE"))
    rival_near_done(bot, "LAVANDE")
    assert bot.expert.gamble()
    believe_inspecteur(bot, {"ECURIE": 0.3, "KIOSQUE": 0.4})
    for s in SUSPECTS:
        bot.where.p[s] = [1.0 if p == "GARAGE" else 0.0 for p in PLACES]
    assert bot.next_action()[0] == "hypothesis"  # heads-up the gamble hunt lost share: off


def test_four_guests_a_bot_ready_to_gamble_still_learns():
    bot, d = find_gambling_position(("COMTE", "LAVANDE", "PECHE", "AZUR"))
    assert bot.expert.gamble()
    believe_inspecteur(bot, {"ECURIE": 0.3, "KIOSQUE": 0.4})
    for s in SUSPECTS:
        bot.where.p[s] = [1.0 if p == "GARAGE" else 0.0 for p in PLACES]
    assert bot.next_action()[0] == "hypothesis"  # three rivals: the gamble hunt lost share at a table of every level
