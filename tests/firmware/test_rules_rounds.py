"""RULES.md, Rounds and turns: random order, alternation with two, never twice in a row."""

from firmware.rng import Rng
from firmware.rounds import Rounds
from tests.support.driver import Driver


def calls(rounds, count):
    return [rounds.next_guest() for _ in range(count)]


def test_every_round_calls_each_guest_once():
    r = Rounds(Rng(11), ["COMTE", "LAVANDE", "PECHE", "AZUR"])
    seq = calls(r, 4 * 50)
    for i in range(0, len(seq), 4):
        assert sorted(seq[i : i + 4]) == ["AZUR", "COMTE", "LAVANDE", "PECHE"]


def test_the_order_is_random_and_changes_between_rounds():
    r = Rounds(Rng(11), ["COMTE", "LAVANDE", "PECHE", "AZUR"])
    seq = calls(r, 4 * 50)
    orders = {tuple(seq[i : i + 4]) for i in range(0, len(seq), 4)}
    assert len(orders) > 5


def test_never_the_same_guest_twice_in_a_row():
    for seed in range(30):
        r = Rounds(Rng(seed), ["COMTE", "LAVANDE", "PECHE"])
        seq = calls(r, 60)
        assert all(a != b for a, b in zip(seq, seq[1:]))


def test_two_guests_alternate():
    for seed in range(30):
        r = Rounds(Rng(seed), ["COMTE", "AZUR"])
        seq = calls(r, 20)
        assert seq[0::2] == [seq[0]] * 10 and seq[1::2] == [seq[1]] * 10 and seq[0] != seq[1]


def test_an_eliminated_guest_leaves_the_round_at_once():
    r = Rounds(Rng(2), ["COMTE", "LAVANDE", "PECHE"])
    first = r.next_guest()
    r.eliminate(first)
    seq = calls(r, 10)
    assert first not in seq
    assert all(a != b for a, b in zip(seq, seq[1:]))


def test_narrator_draws_the_first_round_at_random():
    firsts = set()
    for seed in range(20):
        d = Driver(seed=seed)
        d.start(guests=("COMTE", "LAVANDE", "PECHE", "AZUR"))
        firsts.add(d.n.current)
    assert len(firsts) >= 3
