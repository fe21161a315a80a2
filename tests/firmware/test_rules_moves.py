"""RULES.md, Between turns (the suspects and the Inspecteur move), Hiding,
Setting the scene, Chances. Chances are forced to 0 or 1 to pin each rule."""

from firmware.actions import Say, Sfx
from firmware.board import MOVERS, PLACES, SUSPECTS, is_arrow
from firmware.chances import DEFAULTS
from tests.support.driver import Driver, says, stage

NEVER, ALWAYS = (0, 1), (1, 1)
AT_GARAGE = {w: "GARAGE" for w in MOVERS}  # one arrow from KIOSQUE


def end_turn(chances, where, guest_at="ECURIE", seed=4, guests=("COMTE", "LAVANDE")):
    """Start a game, stage the movers, move the first guest to `guest_at` and
    press STOP. Returns (positions before, positions after, actions of STOP, driver)."""
    d = Driver(seed=seed, chances=chances)
    d.start(guests)
    stage(d.n, where)
    d.pad(guest_at)
    before = d.n.positions
    out = d.button("STOP")
    return before, d.n.positions, out[:-1], d  # without the next turn.call


def moved(before, after):
    return [w for w in MOVERS if before[w] != after[w]]


def test_one_or_two_suspects_move_one_arrow_each_the_inspecteur_maybe():
    counts = set()
    inspecteur_moved = 0
    for seed in range(60):
        before, after, _, _ = end_turn({}, {}, seed=seed)
        who = moved(before, after)
        suspects = [w for w in who if w in SUSPECTS]
        counts.add(len(suspects))
        inspecteur_moved += "INSPECTEUR" in who
        for w in who:
            assert is_arrow(before[w], after[w])
    assert counts == {1, 2}
    assert 0 < inspecteur_moved < 60


def test_a_second_suspect_and_the_inspecteur_forced():
    before, after, _, _ = end_turn({"second_suspect": ALWAYS, "inspecteur_moves": ALWAYS}, {})
    who = moved(before, after)
    assert len(who) == 3 and "INSPECTEUR" in who


def test_seen_moves_are_announced_leaving_and_arriving():
    # everyone waits at GARAGE, one arrow from the guest at KIOSQUE: whoever moves
    # leaves a place nobody watches and may arrive at the watched KIOSQUE.
    chances = {"second_suspect": NEVER, "inspecteur_moves": NEVER, "sneak": NEVER}
    announced = 0
    for seed in range(40):
        before, after, out, d = end_turn(chances, AT_GARAGE, guest_at="KIOSQUE", seed=seed)
        (who,) = moved(before, after)
        if after[who] == "KIOSQUE":
            assert out == [says(out, "move.arrives")[0]]
            assert out[0].args == {"who": who, "place": "KIOSQUE"}
            assert who not in d.n.hidden
            announced += 1
    assert announced > 0


def test_leaving_a_watched_place_is_announced():
    chances = {"second_suspect": ALWAYS, "inspecteur_moves": ALWAYS, "sneak": NEVER, "hide": NEVER}
    before, after, out, _ = end_turn(chances, {}, guest_at="KIOSQUE", seed=9)
    # everyone stands at KIOSQUE with the guest: every move leaves a watched place
    leaves = [(a.args["who"], a.args["place"]) for a in says(out, "move.leaves") + says(out, "move.heads")]
    assert sorted(leaves) == sorted((w, "KIOSQUE") for w in moved(before, after))


def test_the_inspecteurs_seen_departure_says_where_he_is_heading():
    chances = {"second_suspect": NEVER, "inspecteur_moves": ALWAYS, "sneak": NEVER, "hide": NEVER}
    for seed in range(20):
        before, after, out, _ = end_turn(chances, {"INSPECTEUR": "KIOSQUE"}, guest_at="KIOSQUE", seed=seed)
        heads = says(out, "move.heads")
        assert heads == [Say("move.heads", {"who": "INSPECTEUR", "place": "KIOSQUE", "to": after["INSPECTEUR"]},
                             heads[0].clips)]
        assert after["INSPECTEUR"] in ("GARAGE", "ECURIE")
        # his departure is said once, with the heading, never as a bare "leaves"
        assert [a.args["who"] for a in says(out, "move.leaves")] != ["INSPECTEUR"]
        assert "INSPECTEUR" not in [a.args["who"] for a in says(out, "move.leaves")]


def test_a_mover_hidden_at_a_watched_place_leaves_unseen():
    chances = {"second_suspect": ALWAYS, "inspecteur_moves": ALWAYS, "sneak": NEVER, "hide": NEVER,
               "sound_clue": NEVER}
    where = {w: ("KIOSQUE", True) for w in MOVERS}  # all hiding where the guest will stand
    for seed in range(20):
        before, after, out, _ = end_turn(chances, where, guest_at="KIOSQUE", seed=seed)
        assert len(moved(before, after)) == 3
        assert says(out, "move.leaves") == [] and says(out, "move.heads") == []


def test_the_inspecteurs_unseen_moves_never_give_a_sound_clue():
    chances = {"second_suspect": NEVER, "inspecteur_moves": ALWAYS, "sound_clue": ALWAYS}
    # the suspects stand where their moves are seen; the Inspecteur moves where nobody watches
    where = {w: "KIOSQUE" for w in SUSPECTS}
    where["INSPECTEUR"] = "ABRI"
    for seed in range(20):
        before, after, out, _ = end_turn(chances, where, guest_at="KIOSQUE", seed=seed)
        assert after["INSPECTEUR"] != "ABRI"
        assert [a for a in out if type(a) is Sfx] == []


def test_a_suspects_unseen_move_still_gives_a_sound_clue():
    chances = {"second_suspect": NEVER, "inspecteur_moves": ALWAYS, "sound_clue": ALWAYS}
    before, after, out, _ = end_turn(chances, {w: "ABRI" for w in MOVERS}, guest_at="ECURIE")
    (who,) = [w for w in moved(before, after) if w != "INSPECTEUR"]
    assert [a for a in out if type(a) is Sfx] == [Sfx(after[who])]


def test_sneaking_arrival_is_not_announced_and_hides():
    chances = {"second_suspect": NEVER, "inspecteur_moves": NEVER, "sneak": ALWAYS, "sound_clue": ALWAYS}
    for seed in range(40):
        before, after, out, d = end_turn(chances, AT_GARAGE, guest_at="KIOSQUE", seed=seed)
        (who,) = moved(before, after)
        if after[who] == "KIOSQUE":
            assert out == []  # no arrival said, no sound clue either
            assert who in d.n.hidden
            return
    raise AssertionError("no suspect walked into the watched place in 40 seeds")


def test_the_inspecteur_never_sneaks():
    chances = {"second_suspect": NEVER, "inspecteur_moves": ALWAYS, "sneak": ALWAYS}
    for seed in range(40):
        before, after, out, d = end_turn(chances, AT_GARAGE, guest_at="KIOSQUE", seed=seed)
        if after["INSPECTEUR"] == "KIOSQUE":
            arrivals = [a.args["who"] for a in says(out, "move.arrives")]
            assert "INSPECTEUR" in arrivals and "INSPECTEUR" not in d.n.hidden
            return
    raise AssertionError("the Inspecteur never walked into the watched place")


def test_unseen_move_gives_a_sound_clue_of_the_place_reached():
    chances = {"second_suspect": NEVER, "inspecteur_moves": NEVER, "sound_clue": ALWAYS}
    before, after, out, _ = end_turn(chances, {w: "ABRI" for w in MOVERS}, guest_at="ECURIE")
    (who,) = moved(before, after)
    assert out == [Sfx(after[who])] and after[who] in ("JARDINS", "TENNIS")


def test_no_sound_clue_when_the_chance_says_no():
    chances = {"second_suspect": NEVER, "inspecteur_moves": NEVER, "sound_clue": NEVER}
    _, _, out, _ = end_turn(chances, {w: "ABRI" for w in MOVERS}, guest_at="ECURIE")
    assert out == []


def test_unseen_arrival_hides_and_leaving_ends_hiding():
    chances = {"second_suspect": NEVER, "inspecteur_moves": NEVER, "hide": ALWAYS}
    before, after, _, d = end_turn(chances, {w: "ABRI" for w in MOVERS}, guest_at="ECURIE")
    (who,) = moved(before, after)
    assert who in d.n.hidden
    chances = {"second_suspect": NEVER, "inspecteur_moves": NEVER, "hide": NEVER}
    where = {w: ("ABRI", True) for w in MOVERS}
    before, after, _, d = end_turn(chances, where, guest_at="ECURIE")
    (who,) = moved(before, after)
    assert who not in d.n.hidden  # left its hiding place, arrived in view
    assert all(w in d.n.hidden for w in MOVERS if w != who)


def test_eliminated_guest_no_longer_watches():
    chances = {"second_suspect": ALWAYS, "inspecteur_moves": NEVER, "sneak": NEVER, "hide": NEVER,
               "sound_clue": NEVER}
    d = Driver(seed=6, chances=chances)
    d.start(("COMTE", "LAVANDE", "PECHE"))
    stage(d.n, {"INSPECTEUR": "TENNIS"}, rest="TENNIS")
    loser = d.n.current
    d.pad("TENNIS")
    d.button("ACCUSE")
    d.button("YES")
    out = d.button("NO")  # eliminated at TENNIS; everyone else leaves TENNIS unseen
    assert says(out, "move.leaves") == [] and says(out, "move.arrives") == []
    assert loser not in d.n.active


def test_scene_at_the_start_every_mover_on_a_place_some_hidden():
    hidden_counts = []
    for seed in range(30):
        d = Driver(seed=seed)
        d.switch(True)
        assert set(d.n.positions) == set(MOVERS)
        assert all(p in PLACES for p in d.n.positions.values())
        hidden_counts.append(len(d.n.hidden))
    assert 0 < sum(hidden_counts) < 30 * len(MOVERS)


def test_chances_defaults_are_those_of_rules_md():
    assert DEFAULTS == {
        "second_suspect": (1, 2),
        "inspecteur_moves": (1, 3),
        "hide": (1, 4),
        "sneak": (1, 8),
        "sound_clue": (1, 2),
    }


def test_nothing_but_says_and_sounds_between_turns():
    _, _, out, _ = end_turn({"second_suspect": ALWAYS, "inspecteur_moves": ALWAYS}, {})
    assert all(type(a) in (Say, Sfx) for a in out)
