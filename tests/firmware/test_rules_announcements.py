"""The announcements (issue 38; RULES.md, "Changes to this page", turn 4):
a START press by a guest already enrolled during the roll call says
nothing, and a join re-asks no question (REPEAT gives it); a suspect seen
at both ends of its move is one sentence, as the Inspecteur is; every seen
move is said before the sound clues, and the next turn's call comes last.
Each over many seeds chosen by a loop: the roll calls' presses drawn by
seed, whole games played by the scripted player of tests/support/games.py."""

import random

from firmware.actions import Say, Sfx
from firmware.board import GUESTS, INSPECTEUR, MOVERS, START_PADS, SUSPECTS, neighbours
from tests.support.driver import Driver, keys, says, stage
from tests.support.games import ScriptedGame

SEEDS = range(200)
MOVE_KEYS = ("move.leaves", "move.arrives", "move.heads", "move.leaves_arrives")


def asked(out):
    return [a.args["guest"] for a in says(out, "rollcall.ask")]


# -- the roll call ---------------------------------------------------------------


def test_four_pawns_put_on_start_during_the_first_question_ask_no_question_twice():
    for seed in SEEDS:
        order = list(GUESTS)
        random.Random(seed).shuffle(order)
        d = Driver(seed=seed)
        first = d.switch(True)
        assert asked(first) == ["COMTE"]
        said, questions = [], asked(first)
        for g in order:
            waiting = questions[-1]
            out = d.pad("START_" + g)
            said += out
            questions += asked(out)
            if g != waiting:  # another guest's pawn: acknowledged, the question still waits, unasked
                assert keys(out) == ["rollcall.joined"], (order, keys(out))
        # no question twice: each guest asked once at most (the pawns of the
        # guest asked answer it, and the next question skips the enrolled)
        assert len(questions) == len(set(questions)), (order, questions)
        assert [a.args["guest"] for a in says(said, "rollcall.joined")] == order
        assert d.n.enrolled == list(GUESTS)
        assert d.n.state == "move" and keys(said)[-2:] == ["rollcall.welcome", "turn.call"]


def test_a_join_by_another_guest_says_only_the_join_and_repeat_gives_the_waiting_question():
    for seed in SEEDS:
        rng = random.Random(seed)
        d = Driver(seed=seed)
        question = d.switch(True)[-1:]
        for _ in range(rng.randrange(3)):  # answer a few questions first
            out = d.button(rng.choice(("YES", "NO")))
            question = says(out, "rollcall.ask")
        if d.n.state != "rollcall":
            continue
        waiting = asked(question)[0]
        later = [g for g in GUESTS if g != waiting and g not in d.n.enrolled]
        if not later:
            continue
        guest = rng.choice(later)
        out = d.pad("START_" + guest)
        assert keys(out) == ["rollcall.joined"] and out[0].args == {"guest": guest}, keys(out)
        assert d.n.state == "rollcall" and guest in d.n.enrolled
        assert d.button("REPEAT") == question  # the question that still waits, word for word
        assert d.button("REPEAT") == question


def test_an_enrolled_guests_start_press_during_the_roll_call_says_nothing_and_changes_nothing():
    checked = 0
    for seed in SEEDS:
        rng = random.Random(seed)
        d = Driver(seed=seed)
        d.switch(True)
        for _ in range(12):
            if d.n.state != "rollcall":
                break
            enrolled = d.n.enrolled
            if enrolled and rng.randrange(2):
                guest = rng.choice(enrolled)
                before = d.button("REPEAT")
                assert d.pad("START_" + guest) == []  # pressed again: silence
                assert d.n.enrolled == enrolled and d.n.state == "rollcall"
                assert d.button("REPEAT") == before  # the announcement is untouched
                checked += 1
            elif rng.randrange(3):
                d.button(rng.choice(("YES", "NO")))
            else:
                d.pad(rng.choice(START_PADS))
    assert checked > 100


def test_no_roll_call_question_is_asked_twice_in_a_row():
    """Whatever is pressed, the roll call never says the same question twice
    running: a question is asked again only by REPEAT or after "at least two"."""
    for seed in SEEDS:
        rng = random.Random(seed)
        d = Driver(seed=seed)
        last = asked(d.switch(True))
        for _ in range(30):
            if d.n.state != "rollcall":
                break
            press = rng.choice(("YES", "NO", "START", "START", "START"))
            out = d.pad(rng.choice(START_PADS)) if press == "START" else d.button(press)
            now = asked(out)
            if now and "rollcall.need_two" not in keys(out):
                assert now != last, (seed, keys(out))
            if now:
                last = now


# -- between turns ----------------------------------------------------------------


def between_turns(seed, players):
    """Every announcement between two turns of one scripted game: (the burst,
    where the movers were before, where after, who hides after)."""
    game = ScriptedGame(seed, players=players)
    n = game.n
    handle = n.handle
    bursts = []

    def watching(event, now):
        before = n.positions
        out = handle(event, now)
        said = keys(out)
        # a turn ended (not the first call after the welcome, not REPEAT saying it again)
        if "turn.call" in said and "rollcall.welcome" not in said and getattr(event, "button", None) != "REPEAT":
            bursts.append((out, before, n.positions, n.hidden))
        return out

    n.handle = watching
    game.play()
    return bursts


def games():
    """Many games, 2 to 4 guests: every burst between turns of them all."""
    for seed in SEEDS:
        yield from between_turns(seed, 2 + seed % 3)


def test_a_suspect_seen_at_both_ends_is_one_sentence_and_nobody_is_named_twice():
    both_ends = 0
    for out, before, after, hidden in games():
        moves = [a for a in out if type(a) is Say and a.key in MOVE_KEYS]
        named = [a.args["who"] for a in moves]
        assert len(named) == len(set(named)), "a mover named twice: %r" % [(a.key, a.args) for a in moves]
        for a in moves:
            who = a.args["who"]
            if a.key == "move.leaves_arrives":
                assert a.args["place"] == before[who] and a.args["to"] == after[who]
                assert who not in hidden  # arrived in sight
                both_ends += who in SUSPECTS
            elif a.key == "move.leaves" and who in SUSPECTS:
                assert a.args["place"] == before[who]
    assert both_ends > 50  # the rule was met often, not once


def test_a_suspect_seen_leaving_for_a_watched_place_either_arrives_in_the_same_sentence_or_sneaked_in():
    """A suspect said to leave alone, its destination watched: it sneaked in (hidden there)."""
    sneaked = 0
    for seed in range(120):
        chances = {"second_suspect": (1, 1), "inspecteur_moves": (0, 1), "hide": (0, 1)}
        d = Driver(seed=seed, chances=chances)
        d.start(("COMTE", "LAVANDE"))
        d.pad("GARAGE")
        d.button("STOP")
        d.pad("KIOSQUE")  # the guests stand at GARAGE and KIOSQUE, one arrow apart
        stage(d.n, {s: "GARAGE" for s in SUSPECTS}, rest="ABRI")
        out = d.button("STOP")
        after = d.n.positions
        for a in says(out, "move.leaves"):
            who = a.args["who"]
            if after[who] == "KIOSQUE":
                assert who in d.n.hidden, "%s left in sight for the watched kiosk, unannounced there" % who
                sneaked += 1
        for a in says(out, "move.leaves_arrives"):
            assert a.args == {"who": a.args["who"], "place": "GARAGE", "to": "KIOSQUE"}
    assert sneaked > 0


def test_the_moves_are_said_first_then_the_sound_clues_then_the_call():
    clues = mixed_before = 0
    for out, *_ in games():
        call = out[-1]
        assert type(call) is Say and call.key == "turn.call", out[-1]
        heard = False
        for a in out[:-1]:
            if type(a) is Sfx:
                heard = True
                clues += 1
            elif heard:
                raise AssertionError("%s after a sound clue: %r" % (a.key, [getattr(x, "key", x) for x in out]))
            if type(a) is Say and a.key in MOVE_KEYS:
                mixed_before += heard
    assert clues > 100 and mixed_before == 0


def test_the_draws_are_the_same_only_the_order_of_the_words_changed():
    """The moves and who hides are the rules' draws, untouched: each burst's
    sentences and sounds are those of its movers, whatever their order."""
    for out, before, after, *_ in games():
        moved = [w for w in MOVERS if before[w] != after[w]]
        for w in moved:
            assert after[w] in neighbours(before[w])
        for a in out:
            if type(a) is Sfx:
                # a sound clue is the place a suspect reached unseen, never the Inspecteur's
                assert a.place in [after[w] for w in moved if w != INSPECTEUR]
