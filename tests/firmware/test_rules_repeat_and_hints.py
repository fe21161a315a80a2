"""Issue 29, the rules a player notices (docs/rules-changes.md): REPEAT
gives what the guest needs to act on (WAIT's hurry and "very well, carry
on" are asides), a guest standing with the known Inspecteur who presses
their own place is told they may stay to accuse, and the Inspecteur seen
at both ends of his move is announced once. Each over many seeded games."""

from firmware.actions import Say, Sfx
from firmware.board import MOVERS, PLACES, neighbours
from tests.support.driver import Driver, keys, says, stage

STILL = {"second_suspect": (0, 1), "inspecteur_moves": (0, 1)}
SEEDS = range(40)


def started(seed, guests=("COMTE", "LAVANDE"), chances=STILL, **where):
    d = Driver(seed=seed, chances=chances)
    d.start(guests)
    stage(d.n, where)
    return d


def test_repeat_after_wait_gives_the_turn_call_not_the_hurry():
    for seed in SEEDS:
        d = Driver(seed=seed)
        call = d.start()
        assert keys(call)[-1] == "turn.call"
        assert keys(d.button("WAIT")) == ["turn.hurry"]
        assert d.button("REPEAT") == call  # what the guest must act on: whose turn it is
        assert d.button("REPEAT") == call


def test_repeat_after_wait_once_arrived_gives_the_arrival():
    for seed in SEEDS:
        d = started(seed)
        arrival = d.pad(PLACES[seed % 9])
        assert type(arrival[0]) is Sfx and keys(arrival) == ["place.enter"]
        assert keys(d.button("WAIT")) == ["turn.hurry"]
        assert d.button("REPEAT") == arrival


def test_repeat_after_wait_at_a_question_gives_the_question():
    for seed in SEEDS:
        d = started(seed, INSPECTEUR="ECURIE")
        d.pad("ECURIE")
        question = d.button("ACCUSE")
        assert keys(question) == ["accuse.confirm"]
        assert keys(d.button("WAIT")) == ["turn.hurry"]
        assert d.button("REPEAT") == question


def test_repeat_after_a_cancelled_accusation_gives_the_announcement_before_it():
    for seed in SEEDS:
        d = started(seed, INSPECTEUR="ECURIE")
        arrival = d.pad("ECURIE")
        assert keys(d.button("ACCUSE")) == ["accuse.confirm"]
        assert keys(d.button("NO")) == ["accuse.cancelled"]
        assert d.n.state == "moved"
        assert d.button("REPEAT") == arrival  # not "very well, carry on"
        # and the turn goes on as before: a second try asks again, news again
        assert keys(d.button("ACCUSE")) == ["accuse.confirm"]
        assert keys(d.button("REPEAT")) == ["accuse.confirm"]


def _standing_with(seed, inspecteur_hidden):
    """A game where the guest whose turn it is stands at GARAGE, the
    Inspecteur there too (hidden or not)."""
    d = Driver(seed=seed, chances=STILL)
    d.start()
    for _ in range(2):  # both guests go to GARAGE
        d.pad("GARAGE")
        d.button("STOP")
    stage(d.n, {"INSPECTEUR": ("GARAGE", inspecteur_hidden)}, rest="PISCINE")
    assert d.n.guests[d.n.current] == "GARAGE" and d.n.state == "move"
    return d


def test_pressing_ones_own_place_with_the_known_inspecteur_says_one_may_stay_to_accuse():
    for seed in SEEDS:
        d = _standing_with(seed, inspecteur_hidden=False)
        before = d.n.guests[d.n.current]
        assert keys(d.pad("GARAGE")) == ["move.stay_to_accuse"]
        assert d.n.state == "move" and d.n.guests[d.n.current] == before  # nothing changed
        assert keys(d.button("ACCUSE")) == ["accuse.confirm"]  # and staying to accuse is allowed


def test_the_hint_gives_no_hiding_inspecteur_away():
    for seed in SEEDS:
        d = _standing_with(seed, inspecteur_hidden=True)
        assert keys(d.pad("GARAGE")) == ["move.same_place"]  # the guest does not know he is here
        d = _standing_with(seed, inspecteur_hidden=False)
        stage(d.n, {"INSPECTEUR": "ECURIE"})
        assert keys(d.pad("GARAGE")) == ["move.same_place"]


def test_repeat_after_a_cancelled_accusation_before_moving_gives_the_turn_call():
    for seed in SEEDS:
        d = _standing_with(seed, inspecteur_hidden=False)
        call = d.log[-2][2]  # the burst of the last STOP: the moves and the call
        assert keys(call)[-1] == "turn.call"
        assert keys(d.button("ACCUSE")) == ["accuse.confirm"]
        assert keys(d.button("NO")) == ["accuse.cancelled"] and d.n.state == "move"
        assert d.button("REPEAT") == call


def test_the_stay_hint_is_a_hint_repeat_gives_the_call():
    for seed in SEEDS:
        d = _standing_with(seed, inspecteur_hidden=False)
        call = d.log[-2][2]  # the burst of the last STOP: the moves and the call
        assert keys(d.pad("GARAGE")) == ["move.stay_to_accuse"]
        assert d.button("REPEAT") == call


def _end_turn_with_inspecteur(seed, src, watched_dst):
    """Guests at `src` and at `watched_dst`, a neighbour; the Inspecteur at
    `src` moves one arrow; returns (his destination, what was said, hidden)."""
    chances = {"second_suspect": (0, 1), "inspecteur_moves": (1, 1), "sneak": (0, 1), "hide": (0, 1)}
    d = Driver(seed=seed, chances=chances)
    d.start()
    first, second = d.n.current, None
    d.pad(src)
    d.button("STOP")
    second = d.n.current
    assert second != first
    d.pad(watched_dst)
    stage(d.n, {"INSPECTEUR": src}, rest="PISCINE" if "PISCINE" not in (src, watched_dst) else "JARDINS")
    out = d.button("STOP")
    return d.n.positions["INSPECTEUR"], out, d.n.hidden


def test_the_inspecteur_seen_leaving_and_arriving_is_announced_once():
    both = heading = 0
    for seed in range(80):
        src = PLACES[seed % 9]
        watched = neighbours(src)[seed % 2]
        dst, out, hidden = _end_turn_with_inspecteur(seed, src, watched)
        his = [a for a in out if type(a) is Say and a.args.get("who") == "INSPECTEUR"]
        if dst == watched:
            both += 1
            assert [(a.key, a.args) for a in his] == [
                ("move.leaves_arrives", {"who": "INSPECTEUR", "place": src, "to": dst})]
            assert "INSPECTEUR" not in hidden  # arrived in sight: a guest there may accuse
            assert len(his[0].clips) == 5 and len(set(his[0].clips)) == 5  # each place named once
        else:  # his arrival is not watched: the heading, as before
            heading += 1
            assert [(a.key, a.args) for a in his] == [("move.heads", {"who": "INSPECTEUR", "place": src, "to": dst})]
    assert both > 10 and heading > 10


def test_suspects_seen_at_both_ends_are_one_sentence_too():
    """Changed on purpose by issue 38 (RULES.md, turn 4): a suspect seen at
    both ends that does not sneak in is one sentence, as the Inspecteur is
    (issue 29 kept "leaves" then "arrives" for the suspects)."""
    chances = {"second_suspect": (0, 1), "inspecteur_moves": (0, 1), "sneak": (0, 1), "hide": (0, 1)}
    seen = 0
    for seed in range(40):
        d = Driver(seed=seed, chances=chances)
        d.start()
        d.pad("GARAGE")
        d.button("STOP")
        d.pad("KIOSQUE")
        stage(d.n, {w: "GARAGE" for w in MOVERS if w != "INSPECTEUR"}, rest="ABRI")
        out = d.button("STOP")
        assert says(out, "move.arrives") == []
        for a in says(out, "move.leaves_arrives"):
            assert a.args == {"who": a.args["who"], "place": "GARAGE", "to": "KIOSQUE"}
            assert d.n.positions[a.args["who"]] == "KIOSQUE"
            seen += 1
        for a in says(out, "move.leaves"):  # went the other way, unwatched
            assert d.n.positions[a.args["who"]] == "TENNIS"
    assert seen > 0
