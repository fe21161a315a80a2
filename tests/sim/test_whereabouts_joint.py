"""The suspects' moves heard together (issue 15, a joint belief): exactly one
or two suspects move between turns (RULES.md, Between turns), so what was
seen and heard of some tells of the others. Checked against a brute-force
Bayes over the firmware's own process (firmware/world.py
`move_between_turns`): every set of movers, every origin, heading and
outcome (seen, sneaked in, heard, unheard), from the same beliefs before the
moves."""

import itertools
import math
import random

import pytest

from firmware import chances
from firmware.actions import Sfx
from firmware.board import PLACES, SUSPECTS, neighbours
from firmware.phrases import say
from sim.bots.whereabouts import Whereabouts

CLUE = chances.SOUND_CLUE[0] / chances.SOUND_CLUE[1]
SNEAK = chances.SNEAK[0] / chances.SNEAK[1]
SECOND = chances.SECOND_SUSPECT[0] / chances.SECOND_SUSPECT[1]
WATCHED = "ECURIE"  # the Comte stands there; the Prince has not moved yet


def belief(rng, unknown, joint=True, clues=True):
    """The Comte in the stables; the suspects not in `unknown` in sight there,
    those in `unknown` with made-up beliefs (out of sight: hidden if there)."""
    w = Whereabouts(joint=joint, clues=clues)
    w.hear([say("rollcall.welcome", {"guests": ["COMTE", "AZUR"]}), say("turn.call", {"guest": "COMTE"})])
    w.hear([Sfx(WATCHED), say("place.enter", {"place": WATCHED, "suspects": [], "inspecteur": False})])
    for s in SUSPECTS:
        if s in unknown:
            vec = [rng.random() ** 2 for _ in PLACES]
            w.p[s] = [x / sum(vec) for x in vec]
        else:
            w.p[s] = [1.0 if p == WATCHED else 0.0 for p in PLACES]
            w.visible[s] = WATCHED
    return w


def brute(before, unknown, seen, clues, clue=CLUE):
    """Each suspect in `unknown`: where it is after the moves, given that the
    suspects `seen` were seen moving, the clues `clues` were heard, and no
    other news (the suspects in sight did not move: they would have been seen).
    `clue`: the chance that an unseen move is heard (0 for a guest who does not listen)."""
    n = len(SUSPECTS)
    post = dict((s, [0.0] * len(PLACES)) for s in unknown)
    total = 0.0
    for size in (1, 2):
        prior = (SECOND if size == 2 else 1 - SECOND) / math.comb(n, size)
        for movers in itertools.combinations(SUSPECTS, size):
            if not set(seen) <= set(movers) or any(m not in unknown and m not in seen for m in movers):
                continue
            moving = [m for m in movers if m in unknown]
            ways = []  # per mover: (chance, where it went, the clue it made or None)
            for m in moving:
                one = []
                for i, x in enumerate(before[m]):
                    for to in neighbours(PLACES[i]):
                        if to == WATCHED:
                            one.append((x * 0.5 * SNEAK, to, None))  # else it would have been seen arriving
                        else:
                            one.append((x * 0.5 * clue, to, to))
                            one.append((x * 0.5 * (1 - clue), to, None))
                ways.append(one)
            for combo in itertools.product(*ways):
                if sorted(c for _, _, c in combo if c is not None) != sorted(clues):
                    continue
                f = prior * math.prod(c for c, _, _ in combo)
                total += f
                for m, (_, to, _) in zip(moving, combo):
                    post[m][PLACES.index(to)] += f
                for s in unknown:
                    if s not in moving:
                        post[s] = [a + f * b for a, b in zip(post[s], before[s])]
    return dict((s, [x / total for x in vec]) for s, vec in post.items())


CASES = [
    # (unknown suspects, seen moving, clues heard)
    (("ROSE", "OLIVE", "PERVENCHE"), (), ()),
    (("ROSE", "OLIVE", "PERVENCHE", "VIOLET"), ("MOUTARDE",), ()),
    (("ROSE", "OLIVE", "PERVENCHE"), ("MOUTARDE",), ("TENNIS",)),
    (("ROSE", "OLIVE", "PERVENCHE", "VIOLET"), (), ("TENNIS",)),
    (("ROSE", "OLIVE", "PERVENCHE", "VIOLET"), (), ("TENNIS", "GARAGE")),
    (("ROSE", "OLIVE", "PERVENCHE", "VIOLET"), (), ("TENNIS", "TENNIS")),
]


@pytest.mark.parametrize("unknown,seen,clues", CASES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_joint_step_is_the_brute_force_bayes_of_the_firmwares_moves(unknown, seen, clues, seed):
    w = belief(random.Random(seed), unknown)
    before = dict((s, list(w.p[s])) for s in unknown)
    heard = []
    for s in seen:  # seen leaving the stables, out of sight
        w.visible.pop(s)
        heard.append(say("move.leaves", {"who": s, "place": WATCHED}))
    for place in clues:
        heard.append(Sfx(place))
    w.hear(heard + [say("turn.call", {"guest": "AZUR"})])
    want = brute(before, unknown, seen, clues)
    if any(sum(want[s][PLACES.index(c)] for c in set(clues)) > 0.99 for s in unknown):
        pytest.skip("a suspect all but certain to have made a clue: the belief keeps 0.01 for a surprise")
    for s in unknown:
        assert w.p[s] == pytest.approx(want[s], abs=1e-12), s


def test_two_suspects_seen_moving_mean_nobody_else_moved():
    unknown = ("ROSE", "OLIVE")
    joint, alone = belief(random.Random(5), unknown), belief(random.Random(5), unknown, joint=False)
    before = dict((s, list(joint.p[s])) for s in unknown)
    for w in (joint, alone):
        for s in ("MOUTARDE", "VIOLET"):
            w.visible.pop(s)
        w.hear([say("move.leaves", {"who": s, "place": WATCHED}) for s in ("MOUTARDE", "VIOLET")]
               + [say("turn.call", {"guest": "AZUR"})])
    for s in unknown:
        assert joint.p[s] == pytest.approx(before[s], abs=1e-12)  # they stayed
        assert alone.p[s] != pytest.approx(before[s], abs=1e-3)  # each on its own, it drifted


def test_nothing_seen_with_most_suspects_in_sight_means_the_others_moved():
    """Six suspects in sight did not move, so the one or two movers are among
    the two out of sight: each moved far more often than one suspect in eight."""
    unknown = ("ROSE", "OLIVE")
    joint, alone = belief(random.Random(7), unknown), belief(random.Random(7), unknown, joint=False)
    before = dict((s, list(joint.p[s])) for s in unknown)
    for w in (joint, alone):
        w.hear([say("turn.call", {"guest": "AZUR"})])

    def moved(w, s):
        return sum(abs(a - b) for a, b in zip(w.p[s], before[s]))

    for s in unknown:
        assert moved(joint, s) > 2 * moved(alone, s)
    assert joint.p["ROSE"] == pytest.approx(brute(before, unknown, (), ())["ROSE"], abs=1e-12)


def test_more_news_than_one_or_two_movers_falls_back_to_each_suspect_alone():
    """Three clues cannot come from two movers: each belief is then updated on its own, as before."""
    unknown = ("ROSE", "OLIVE", "PERVENCHE")
    joint, alone = belief(random.Random(9), unknown), belief(random.Random(9), unknown, joint=False)
    for w in (joint, alone):
        w.hear([Sfx("TENNIS"), Sfx("GARAGE"), Sfx("PISCINE"), say("turn.call", {"guest": "AZUR"})])
    for s in unknown:
        assert joint.p[s] == pytest.approx(alone.p[s], abs=1e-12)


def test_a_clue_only_one_suspect_could_make_leaves_room_for_a_surprise():
    """Rose alone is out of sight: the clue is hers, but the belief keeps 0.01
    elsewhere (a belief must survive a surprise), and still sums to 1."""
    w = belief(random.Random(11), ("ROSE",))
    w.hear([Sfx("TENNIS"), say("turn.call", {"guest": "AZUR"})])
    assert 0.99 <= w.chance("ROSE", "TENNIS") < 0.995  # 0.99, and a share of her 0.01 of staying or going unheard
    assert w.chance("ROSE", "GARAGE") > 0  # not ruled out
    assert sum(w.p["ROSE"]) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize("seen", [(), ("MOUTARDE",)])
def test_a_guest_who_does_not_listen_to_clues_gets_the_brute_force_bayes_too(seen):
    """Without the clues (`clues=False`) an unseen move is never heard: the same
    sum with no clue ever made."""
    unknown = ("ROSE", "OLIVE", "PERVENCHE")
    w = belief(random.Random(13), unknown, clues=False)
    before = dict((s, list(w.p[s])) for s in unknown)
    for s in seen:
        w.visible.pop(s)
    w.hear([say("move.leaves", {"who": s, "place": WATCHED}) for s in seen]
           + [Sfx("TENNIS"), say("turn.call", {"guest": "AZUR"})])  # a clue it does not hear
    want = brute(before, unknown, seen, (), clue=0.0)
    for s in unknown:
        assert w.p[s] == pytest.approx(want[s], abs=1e-12), s
