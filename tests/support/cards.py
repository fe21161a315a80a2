"""The card table and its deduction engines for tests: a table dealt and
started, a sealed game, the positions and checks the exact engine is
held to against brute force."""

import pytest
from hypothesis import strategies as st

from firmware.board import GUESTS, PLACES, SUSPECTS, WEAPONS
from firmware.phrases import say
from sim.cards.card_table import CardTable
from sim.cards.deck import CARDS, Deal, deal
from tests.support.brute import consistent_deals, summary


class SealedNarrator:
    """The narrator seen from the table: events in, actions out, nothing else."""

    def __init__(self, narrator):
        object.__setattr__(self, "_n", narrator)

    def handle(self, event, now_ms):
        return object.__getattribute__(self, "_n").handle(event, now_ms)

    def __getattr__(self, name):
        raise AssertionError("the card table or a bot read narrator.%s" % name)


def fixed_deal():
    """Lady Lavande, the Comte and Melle Pêche; the case holds Olive, the
    stables and the tennis racket."""
    cases = dict(
        zip(SUSPECTS, ["VIOLET", "ROSE", "GARDIEN", "PISCINE", "MANOIR", "FER_A_CHEVAL", "MARTEAU", "CISAILLE"])
    )
    hands = {
        "COMTE": ("MOUTARDE", "PERVENCHE", "JARDINS", "SEAU"),
        "LAVANDE": ("LEBLANC", "ABRI", "TENNIS", "NAIN"),
        "PECHE": ("FRANCIS", "BEAUMONT", "GARAGE", "KIOSQUE"),
    }
    return Deal(("OLIVE", "ECURIE", "RAQUETTE"), cases, hands)


HIS = ("OLIVE", "JARDINS", "CISAILLE")  # three of the Comte's four cards, shown to Lady Lavande


ROSE_CLAUSES = (("ROSE", "MANOIR", "MARTEAU"), ("ROSE", "GARDIEN", "NAIN"))


def truthful_facts(draw, the_deal, guests, me):
    """Facts a guest could learn in a game, all true of `the_deal`."""
    facts = [("holds", me, c) for c in the_deal.hands[me]]
    for _ in range(draw(st.integers(0, 30))):
        kind = draw(st.sampled_from(["case", "mine", "seen", "seen", "accused"]))
        if kind == "case":
            s = draw(st.sampled_from(SUSPECTS))
            facts.append(("holds", "case:" + s, the_deal.cases[s]))
            continue
        named = (draw(st.sampled_from(SUSPECTS)), draw(st.sampled_from(PLACES)), draw(st.sampled_from(WEAPONS)))
        if kind == "accused":
            if named != the_deal.solution:
                facts.append(("wrong_accusation", named))
            continue
        asker = me if kind == "mine" else draw(st.sampled_from(guests))
        i = guests.index(asker)
        for k in range(1, len(guests)):
            r = guests[(i + k) % len(guests)]
            held = [c for c in named if c in the_deal.hands[r]]
            if not held:
                if r != me:
                    facts.append(("lacks", r, named))
                continue
            if asker == me:
                facts.append(("holds", r, draw(st.sampled_from(held))))
            elif r != me:
                facts.append(("shows_one_of", r, named))
            break
    return facts


def seal(board):
    board.narrator = SealedNarrator(board.narrator)


def started_table(current="LAVANDE", place="ECURIE", suspects=()):
    t = CardTable(fixed_deal(), ("COMTE", "LAVANDE", "PECHE"))
    t.hear([say("rollcall.welcome", {"guests": ["COMTE", "LAVANDE", "PECHE"]}), say("turn.call", {"guest": current})])
    opened = t.hear([say("place.enter", {"place": place, "suspects": list(suspects), "inspecteur": False})])
    return t, opened


THREE = ("COMTE", "LAVANDE", "PECHE")


def agrees_with_brute_force(d, guests, facts, sizes=None):
    """Every figure of `d` equals the brute force's; returns the number of deals."""
    n, where, triples = summary(consistent_deals(guests, facts, sizes))
    assert n > 0 and d.deals() == n
    for c in CARDS:
        assert set(d.possible(c)) == set(where[c]), c
        got = d.chances(c)
        for loc, k in where[c].items():
            assert got[loc] == pytest.approx(k / n, abs=1e-12), (c, loc)
        assert d.chance(c) == pytest.approx(where[c].get("CASE", 0) / n, abs=1e-12)
    sols = d.solutions()
    assert set(sols) == set(triples)
    for t, k in triples.items():
        assert sols[t] == pytest.approx(k / n, abs=1e-12)
    assert d.count() == len(triples)
    assert d.solution() == (next(iter(triples)) if len(triples) == 1 else None)
    return n


MINE = ("MOUTARDE", "VIOLET", "PISCINE", "FER_A_CHEVAL")


def issue_one(engine):
    d = engine(THREE, me="LAVANDE")
    for c in MINE:
        d.holds("LAVANDE", c)
    for c in HIS:
        d.holds("COMTE", c)
    for named in ROSE_CLAUSES:
        d.shows_one_of("COMTE", named)
    return d


@st.composite
def positions(draw, free=None):
    n = draw(st.integers(2, 4))
    guests = GUESTS[:n]
    the_deal = deal(draw(st.integers(0, 10**6)), guests)
    me = draw(st.sampled_from(guests))
    facts = truthful_facts(draw, the_deal, guests, me)
    if free is not None:
        # Small: place every card but a few, those of the clauses first.
        named = []
        for f in facts:
            if f[0] in ("shows_one_of", "wrong_accusation"):
                named.extend(c for c in f[-1] if c not in named)
        pool = named + [c for c in draw(st.permutations(CARDS)) if c not in named]
        keep = set(pool[: draw(st.integers(*free))])
        reveal = [("holds", the_deal.where(c), c) for c in CARDS if c not in keep]
        at = draw(st.integers(0, len(facts)))
        facts = facts[:at] + reveal + facts[at:]
    return the_deal, guests, me, facts


def sound(d, the_deal):
    sol = the_deal.solution
    assert all(c in kind for c, kind in zip(sol, d.candidates()))
    for c in CARDS:
        assert the_deal.where(c) in d.possible(c)
