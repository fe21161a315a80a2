"""The bots' whereabouts model follows the revised rules (RULES.md, Between
turns; issue 11), from hand-built announcement sequences:
- sound clues come from suspects only: the Inspecteur's unseen moves never
  give one;
- a mover hidden where it stood leaves unseen (no departure announced);
- a seen departure of the Inspecteur names where he is heading
  (`move.heads`: who, place, to), which places him exactly;
- REPEAT says the whole last announcement again: not news."""

from firmware.actions import Say, Sfx
from firmware.board import INSPECTEUR, PLACES, SUSPECTS
from firmware.phrases import say
from hal.runner import Board
from hal.sink import Sink
from sim.bots.games import run
from sim.bots.mind import Bot
from sim.bots.repeat import Repeats
from sim.bots.session import Session
from sim.bots.whereabouts import Whereabouts
from sim.cards.sheet import DetectiveSheet

HAND = ("MOUTARDE", "VIOLET", "GARDIEN", "PISCINE", "FER_A_CHEVAL", "MARTEAU")


def heads(place, to):
    """The Inspecteur seen leaving `place`, heading for `to` (built by hand:
    the firmware says it from its "between turns" revision on)."""
    return Say("move.heads", {"who": INSPECTEUR, "place": place, "to": to}, ())


def at(place):
    return [1.0 if p == place else 0.0 for p in PLACES]


def enter(place, suspects=(), inspecteur=False):
    return [Sfx(place), say("place.enter", {"place": place, "suspects": list(suspects), "inspecteur": inspecteur})]


def seated(**where):
    """The Comte and the Prince; the Comte's turn, in the stables; then every
    suspect in sight somewhere (`where` overrides), the Inspecteur unknown."""
    w = Whereabouts()
    w.hear([say("rollcall.welcome", {"guests": ["COMTE", "AZUR"]}), say("turn.call", {"guest": "COMTE"})])
    w.hear(enter("ECURIE"))
    for s in SUSPECTS:
        w.p[s] = at(where.get(s, "ECURIE"))
    return w


def total(w):
    return all(abs(sum(vec) - 1) < 1e-9 for vec in w.p.values())


def test_sound_clues_come_from_suspects_only():
    """Every suspect is known to stay where it is (the Comte sees them all in
    the stables): a sound clue at the tennis court cannot be the Inspecteur's."""
    with_clue, without = seated(), seated()
    for w in (with_clue, without):
        for s in SUSPECTS:
            w.visible[s] = "ECURIE"  # in sight: their departure would be announced
    with_clue.hear([Sfx("TENNIS"), say("turn.call", {"guest": "AZUR"})])
    without.hear([say("turn.call", {"guest": "AZUR"})])
    assert with_clue.p[INSPECTEUR] == without.p[INSPECTEUR]  # the clue says nothing of him
    assert total(with_clue)


def test_sound_clues_come_from_suspects_only_a_suspect_out_of_sight_takes_it():
    w = seated(ROSE="GARAGE")  # Rose was last known at the garage, out of sight now
    before = w.chance(INSPECTEUR, "TENNIS")
    w.hear([Sfx("TENNIS"), say("turn.call", {"guest": "AZUR"})])
    assert w.chance("ROSE", "TENNIS") > 0.9  # she is the only one out of sight next to the tennis court
    assert w.chance(INSPECTEUR, "TENNIS") <= before * 1.5  # no more than his own drift there
    assert total(w)


def test_the_inspecteurs_unseen_moves_leave_no_sound():
    """No clue heard: for a suspect it lowers the chance that it moved unseen
    (half its unseen moves would have been heard); for the Inspecteur it
    changes nothing: listening or not, the same belief."""
    listening, deaf = Whereabouts(clues=True), Whereabouts(clues=False)
    for w in (listening, deaf):
        w.hear([say("rollcall.welcome", {"guests": ["COMTE", "AZUR"]}), say("turn.call", {"guest": "COMTE"})])
        w.p[INSPECTEUR] = at("GARAGE")
        w.p["ROSE"] = at("GARAGE")
        w.hear(enter("ECURIE"))
        w.hear([say("turn.call", {"guest": "AZUR"})])  # nothing said between the turns
    assert listening.p[INSPECTEUR] == deaf.p[INSPECTEUR]
    assert listening.chance("ROSE", "GARAGE") > deaf.chance("ROSE", "GARAGE")


def test_a_mover_hidden_where_it_stood_leaves_unseen():
    """The Comte stands in the stables where Rose may hide (he did not see
    her): with no departure announced, she may still have left."""
    w = seated(ROSE="ECURIE")
    w.hear([say("turn.call", {"guest": "AZUR"})])  # nothing announced between the turns
    assert w.chance("ROSE", "ECURIE") < 1
    assert w.chance("ROSE", "KIOSQUE") > 0 and w.chance("ROSE", "GARDIEN") > 0
    assert total(w)


def test_a_mover_in_sight_is_seen_leaving():
    w = seated(ROSE="ECURIE")
    w.visible["ROSE"] = "ECURIE"  # named when the Comte arrived: not hidden
    w.hear([say("turn.call", {"guest": "AZUR"})])
    assert w.chance("ROSE", "ECURIE") == 1.0  # she would have been seen leaving


def test_the_inspecteurs_heading_places_him_exactly():
    w = Whereabouts()
    w.hear([say("rollcall.welcome", {"guests": ["COMTE", "AZUR"]}), say("turn.call", {"guest": "COMTE"})])
    w.hear(enter("GARAGE", inspecteur=True))
    assert w.visible[INSPECTEUR] == "GARAGE"
    w.hear(
        [
            say("move.leaves", {"who": INSPECTEUR, "place": "GARAGE"}),
            heads("GARAGE", "KIOSQUE"),
            say("turn.call", {"guest": "AZUR"}),
        ]
    )
    assert w.chance(INSPECTEUR, "KIOSQUE") == 1.0 and w.likeliest(INSPECTEUR) == "KIOSQUE"
    assert INSPECTEUR not in w.visible  # nobody watches the kiosk: he may hide there


def test_the_inspecteurs_heading_then_his_watched_arrival():
    w = Whereabouts()
    w.hear([say("rollcall.welcome", {"guests": ["COMTE", "AZUR"]}), say("turn.call", {"guest": "COMTE"})])
    w.hear(enter("GARAGE", inspecteur=True))
    w.hear([say("turn.call", {"guest": "AZUR"})])
    w.hear(enter("TENNIS"))
    w.hear(
        [
            say("move.leaves", {"who": INSPECTEUR, "place": "GARAGE"}),
            heads("GARAGE", "TENNIS"),
            say("move.arrives", {"who": INSPECTEUR, "place": "TENNIS"}),
            say("turn.call", {"guest": "COMTE"}),
        ]
    )
    assert w.chance(INSPECTEUR, "TENNIS") == 1.0 and w.visible[INSPECTEUR] == "TENNIS"


def test_a_ready_bot_goes_where_the_inspecteur_was_heading_and_the_sheet_ticks_it():
    bot = Bot("AZUR", "hard", 1)
    bot.sit(("COMTE", "AZUR"), HAND)
    for c in ("OLIVE", "ECURIE", "RAQUETTE"):
        bot.mind.holds("CASE", c)
    sheet = DetectiveSheet("AZUR", ("COMTE", "AZUR"), HAND)
    bursts = [
        [say("rollcall.welcome", {"guests": ["COMTE", "AZUR"]}), say("turn.call", {"guest": "COMTE"})],
        enter("GARAGE", inspecteur=True),
        [
            say("move.leaves", {"who": INSPECTEUR, "place": "GARAGE"}),
            heads("GARAGE", "KIOSQUE"),
            say("turn.call", {"guest": "AZUR"}),
        ],
    ]
    for b in bursts:
        bot.hear(b)
        sheet.hear([a for a in b if hasattr(a, "key")])
    assert bot.next_action() == ("press", "KIOSQUE")
    assert sheet.inspecteur == ["GARAGE", "KIOSQUE"]


def test_repeat_of_a_whole_announcement_is_not_news():
    between = [
        say("move.leaves", {"who": INSPECTEUR, "place": "GARAGE"}),
        heads("GARAGE", "KIOSQUE"),
        Sfx("TENNIS"),
        say("turn.call", {"guest": "AZUR"}),
    ]
    r = Repeats()
    assert not r.heard(between)
    assert r.heard(between) and r.heard(between)  # REPEAT, twice: the same thing twice, never news
    assert not r.heard([say("move.already_moved")])  # a hint: not news, not a repeat
    assert r.heard(between)  # REPEAT after a hint repeats the announcement before it
    bot = Bot("AZUR", "hard", 1)
    bot.sit(("COMTE", "AZUR"), HAND)
    bot.hear([say("rollcall.welcome", {"guests": ["COMTE", "AZUR"]}), say("turn.call", {"guest": "COMTE"})])
    bot.hear(enter("GARAGE", inspecteur=True))
    bot.hear(between)
    p = [list(v) for v in bot.where.p.values()]
    bot.hear(between)
    assert bot.turns == 1 and [list(v) for v in bot.where.p.values()] == p


def test_an_older_boards_repeat_of_the_last_sentence_is_not_news():
    r = Repeats()
    call = say("turn.call", {"guest": "AZUR"})
    assert not r.heard([say("move.leaves", {"who": "ROSE", "place": "GARAGE"}), call])
    assert r.heard([call])


def test_after_off_and_on_the_greeting_is_news_again():
    from firmware.actions import PowerOff, StopAudio

    r = Repeats()
    boot = [say("power.greeting"), say("rollcall.ask", {"guest": "COMTE"})]
    assert not r.heard(boot)
    assert not r.heard([StopAudio(), PowerOff("switch")])
    assert not r.heard(boot)


class Truth(Sink):
    """After each burst with a turn call: the listener (a sink before this
    one) never rules out where a mover really is, and after a heading it has
    the Inspecteur exactly where he is. The test reads the narrator; the
    listener never does."""

    def __init__(self, board, listener):
        self.board, self.listener = board, listener
        self.heads = self.call = False
        self.checks = self.headings = 0

    def say(self, say, now_ms):
        self.heads = self.heads or say.key == "move.heads"
        self.call = self.call or say.key == "turn.call"

    def burst_end(self, now_ms):
        heads, call = self.heads, self.call
        self.heads = self.call = False
        if not call or self.listener.current is None:
            return
        real = self.board.narrator.positions
        for who, place in real.items():
            assert self.listener.chance(who, place) > 0, (self.board.seed, who, place, now_ms)
        self.checks += 1
        if heads:
            self.headings += 1
            assert self.listener.chance(INSPECTEUR, real[INSPECTEUR]) == 1.0, (self.board.seed, now_ms)


def test_against_the_firmware_the_heading_places_him_and_nobody_is_ruled_out():
    """Whole games of hard bots on the real firmware."""
    checks = headings = 0
    for seed in range(41, 61):
        board = Board(seed=seed)
        listener = Whereabouts()
        truth = Truth(board, listener)
        board.attach(listener)
        board.attach(truth)
        bots = {g: Bot(g, "hard", seed) for g in ("COMTE", "LAVANDE", "PECHE")}
        session = Session(seed, bots=bots, answer_rollcall=True)
        board.attach(session)
        run(board, session)
        checks, headings = checks + truth.checks, headings + truth.headings
    assert checks > 300 and headings > 10, (checks, headings)


def test_a_second_confirmation_after_no_is_news():
    """ACCUSE, NO ("very well, carry on"), ACCUSE again: the second question
    is news, not a repeat of the first."""
    r = Repeats()
    confirm = [say("accuse.confirm")]
    assert not r.heard(confirm)
    assert not r.heard([say("accuse.cancelled")])
    assert not r.heard(confirm)
    assert r.heard(confirm)  # REPEAT now: the question again


def test_repeat_on_the_real_board_opens_no_case_twice_and_calls_no_turn_twice():
    """A person arrives where Rose stands (her case opens once), presses
    REPEAT twice (the arrival's sound and sentence again), ends the turn,
    presses REPEAT after the next call: the table, the sheets and the bots
    take none of it for news."""
    from firmware.events import ButtonDown, ButtonUp, Switch
    from sim.bots.session import press
    from tests.support.driver import stage

    board = Board(seed=7)
    bots = {"LAVANDE": Bot("LAVANDE", "hard", 7)}
    session = Session(7, bots=bots, humans=("COMTE",), answer_rollcall=True)
    board.attach(session)
    board.feed(Switch(True), 0)
    t = 0
    while session.table is None or session.table.current != "COMTE":
        t += 1000
        for ev in session.poll(t):
            board.feed(ev, t)
    stage(board.narrator, {"ROSE": "ECURIE"}, rest="GARAGE")
    for ev in press("ECURIE"):
        board.feed(ev, t + 1000)
    opened = [n for n in session.notes if n[0] == "open"]
    assert opened[-1][1:3] == ("COMTE", "ROSE")
    for k in (2, 3):
        out = board.feed(ButtonDown("REPEAT"), t + k * 1000)
        board.feed(ButtonUp("REPEAT"), t + k * 1000 + 100)
        assert [getattr(a, "key", "sfx") for a in out] == ["sfx", "place.enter"]
    assert [n for n in session.notes if n[0] == "open"] == opened
    for ev in press("STOP"):
        board.feed(ev, t + 5000)
    before = (session.turn_count, dict(session.turns), bots["LAVANDE"].turns, session.table.current)
    out = board.feed(ButtonDown("REPEAT"), t + 6000)
    assert out and getattr(out[-1], "key", None) == "turn.call"
    assert (session.turn_count, dict(session.turns), bots["LAVANDE"].turns, session.table.current) == before


def test_the_inspecteur_seen_at_both_ends_said_once_is_in_sight_where_he_arrived():
    """Issue 29: "leaves the garage and arrives at the kiosk" (one sentence)
    is what the heading and the arrival said together: him at the kiosk, in
    sight, for the whereabouts, the frozen bot's and the detective sheet."""
    from sim.bots.frozen.whereabouts import Whereabouts as Frozen

    once = say("move.leaves_arrives", {"who": INSPECTEUR, "place": "GARAGE", "to": "KIOSQUE"})
    twice = [heads("GARAGE", "KIOSQUE"), say("move.arrives", {"who": INSPECTEUR, "place": "KIOSQUE"})]
    for kind in (Whereabouts, Frozen):
        heard = {}
        for label, news in (("once", [once]), ("twice", twice)):
            w = kind()
            w.hear([say("rollcall.welcome", {"guests": ["COMTE", "AZUR"]}), say("turn.call", {"guest": "COMTE"})])
            w.hear(enter("GARAGE", inspecteur=True))
            w.hear(news + [say("turn.call", {"guest": "AZUR"})])
            heard[label] = (list(w.p[INSPECTEUR]), dict(w.visible))
        assert heard["once"] == heard["twice"]
        assert heard["once"][0] == at("KIOSQUE") and heard["once"][1][INSPECTEUR] == "KIOSQUE"
    sheet = DetectiveSheet("AZUR", ("COMTE", "AZUR"), HAND)
    sheet.hear([once])
    assert sheet.inspecteur == ["KIOSQUE"]


def test_repeat_after_a_cancelled_accusation_is_not_news_and_a_second_try_is():
    """Issue 29: after "very well, carry on" the board's REPEAT gives the
    announcement before the question (the arrival): the listener knows it."""
    r = Repeats()
    arrival = enter("GARAGE", inspecteur=True)
    assert not r.heard(arrival)
    confirm = [say("accuse.confirm")]
    assert not r.heard(confirm)
    assert r.heard(confirm)  # REPEAT at the question
    assert not r.heard([say("accuse.cancelled")])
    assert r.heard(arrival)  # REPEAT now: the arrival again, not news
    assert not r.heard(confirm)  # ACCUSE again: the question is news again
    assert not r.heard([say("turn.hurry", {"guest": "COMTE"})])  # WAIT: not news
    assert r.heard(confirm)  # REPEAT after WAIT: the question
