"""The card table's hot-seat screens, headless (SDL dummy driver): a pass-to
screen before anything private, the pickers, the detective sheet that fills
itself; the hook the window holds."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from firmware.board import PLACES, SUSPECTS, WEAPONS  # noqa: E402
from hal.runner import Board  # noqa: E402
from hal.sink import Sink  # noqa: E402
from sim.bots.games import run  # noqa: E402
from sim.bots.mind import Bot  # noqa: E402
from sim.bots.session import Session, press  # noqa: E402
from sim.cards.sheet import INITIALS  # noqa: E402
from sim.hotseat.hook import CardTableHook  # noqa: E402
from sim.hotseat.screens import Screens  # noqa: E402
from sim.hotseat.view import PAPER, HotSeatView  # noqa: E402
from sim.words.card_words import Words  # noqa: E402
from tests.support.cards import seal  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def pygame_fonts():
    pygame.font.init()
    yield
    pygame.font.quit()


def privacy_kept(log):
    """Every private screen is shown to the guest the screen was last passed to."""
    holder = None
    for kind, guest in log:
        if kind == "pass":
            holder = guest
        elif guest is not None:
            assert guest == holder, "%s's %s screen shown while %s holds the screen" % (guest, kind, holder)
    return True


class HotSeat:
    """The screens and their view, as the hook holds them."""

    def __init__(self, session, people, lang="fr"):
        self.screens = Screens(session, people)
        self.view = HotSeatView(self.screens, Words(lang))


class Follow(Sink):
    """The screens follow each burst the board says (what the hook does)."""

    def __init__(self, screens):
        self.screens = screens

    def burst_end(self, now_ms):
        self.screens.update()


class Said(Sink):
    """The keys of every sentence the board says, in order."""

    def __init__(self):
        self.keys = []

    def say(self, say, now_ms):
        self.keys.append(say.key)


def drawn(view, surface):
    surface.fill((0, 0, 0))
    view.draw(surface)
    assert surface.get_at((surface.get_width() // 2, surface.get_height() - 5))[:3] == PAPER
    return view.buttons


class People(Sink):
    """People sitting at the view: they click what the screen offers and
    press the board's pads themselves. They hear the board (a Sink)."""

    def __init__(self, session, seat, surface, people):
        self.session, self.screens, self.view, self.surface = session, seat.screens, seat.view, surface
        self.people = people
        self.turn = None
        self.arrived = False
        self.pressed_stop = False
        self.clicks = 0

    def say(self, say, now_ms):
        if say.key == "turn.call":
            self.turn, self.arrived = say.args["guest"], False
        elif say.key == "place.enter":
            self.arrived = True

    def burst_end(self, now_ms):
        self.screens.update()

    def __call__(self, now):
        v, sc, s = self.view, self.screens, self.session
        sc.update()
        if sc.visible:
            buttons = drawn(v, self.surface)
            kind, guest = sc.showing()
            values = [value for _, value in buttons]
            if kind == "hypothesis":
                hand = s.table.deal.hands[guest]
                suspect = next((c for c in SUSPECTS if c not in hand), SUSPECTS[0])
                assert "ask" not in values  # greyed until both are chosen
                self.click(suspect)
                self.click(WEAPONS[(self.clicks) % len(WEAPONS)])
                value = "ask"
            elif kind == "refute":
                value = values[-1]
            elif kind == "accuse":
                sol = s.sheets[guest].mind.solution() or (SUSPECTS[0], PLACES[0], WEAPONS[0])
                for c in sol:
                    assert "accuse" not in [val for _, val in v.buttons]  # greyed until all three are chosen
                    self.click(c)
                value = "accuse"
            else:
                value = values[0]
            self.click(value)
            return []
        if s.asked is not None and s.asked not in s.bots:
            g, s.asked = s.asked, None
            return press("YES" if g in self.people else "NO")
        if self.turn in self.people and s.pending is None and s.verdict_due is None:
            if not self.arrived:
                here = s.table.where[self.turn]
                return press(next(p for p in PLACES[(self.clicks % 9) :] + PLACES if p != here))
            return press("STOP")
        return None


    def click(self, value):
        """A real click on the drawn button of `value`, then the screen drawn again."""
        rect = next(r for r, val in self.view.buttons if val == value)
        assert self.view.click(rect.center)
        self.clicks += 1
        if self.screens.visible:
            drawn(self.view, self.surface)


def test_a_hot_seat_game_with_two_people_and_a_bot():
    pygame.font.init()
    seed = 5
    board = Board(seed=seed)
    seal(board)
    session = Session(seed, bots={"LAVANDE": Bot("LAVANDE", "hard", seed)}, humans=("COMTE", "PECHE"))
    seat = HotSeat(session, people=("COMTE", "PECHE"), lang="fr")
    surface = pygame.Surface((900, 640))
    people = People(session, seat, surface, ("COMTE", "PECHE"))
    board.attach(session)
    board.attach(people)
    run(board, session, people=people, max_turns=120)
    log = seat.screens.shown_log
    kinds = {k for k, _ in log}
    assert {"pass", "hand", "hypothesis", "shown"} <= kinds
    assert privacy_kept(log)
    assert log[0] == ("pass", "COMTE") and log[1] == ("hand", "COMTE")
    # The sheets filled themselves: own cards, cases opened, cards shown.
    t = session.table
    for g in ("COMTE", "PECHE"):
        sheet = session.sheets[g]
        for c in t.deal.hands[g]:
            assert sheet.marks[c] == INITIALS[g]
        assert set(sheet.seen) == set(t.opened[g])
        for h in (n[1] for n in session.notes if n[0] == "hypothesis"):
            if h.asker == g and h.shower:
                assert sheet.marks[h.card] in (INITIALS[h.shower],) + tuple(t.deal.hands[g]) + tuple(SUSPECTS)


def test_pass_to_screen_comes_before_each_private_screen():
    board, session, seat, t = start_two_people(9, dismiss=False)
    screens, view = seat.screens, seat.view
    surface = pygame.Surface((800, 600))
    assert session.table is not None
    assert screens.showing() == ("pass", "COMTE")  # nothing private before the pass
    drawn(view, surface)
    assert [v for _, v in view.buttons] == ["ready"]
    with pytest.raises(ValueError, match="only takes 'ready'"):
        screens.choose("ok")
    screens.choose("ready")
    assert screens.showing() == ("hand", "COMTE")
    drawn(view, surface)
    screens.choose("ok")
    assert screens.showing() == ("pass", "LAVANDE")
    screens.choose("ready")
    assert screens.showing() == ("hand", "LAVANDE")
    screens.choose("ok")
    assert not screens.visible
    # The one whose turn it is enters a place; the picker follows a pass-to.
    current = session.table.current
    here = PLACES[0]
    for ev in press(here):
        board.feed(ev, t)
    if current != screens.holder:
        assert screens.showing() == ("pass", current)
        screens.choose("ready")
    while screens.showing()[0] == "case":
        screens.choose("ok")
    assert screens.showing() == ("hypothesis", current)
    drawn(view, surface)
    assert set(SUSPECTS) <= {v for _, v in view.buttons}
    # the refuter holds the named cards: pick two of theirs
    other = [g for g in session.table.guests if g != current][0]
    theirs = session.table.deal.hands[other]
    s = next((c for c in theirs if c in SUSPECTS), "OLIVE")
    w = next((c for c in theirs if c in WEAPONS), "NAIN")
    screens.choose(s)
    screens.choose(w)
    screens.choose("ask")
    named = (s, here, w)
    held = [c for c in named if c in theirs]
    if len(held) > 1:
        assert screens.showing() == ("pass", other)
        screens.choose("ready")
        assert screens.showing() == ("refute", other)
        drawn(view, surface)
        assert sorted(v for _, v in view.buttons) == sorted(held)
        screens.choose(held[-1])
        assert screens.showing() == ("pass", current)
        screens.choose("ready")
    assert screens.showing() == ("shown", current)
    assert privacy_kept(screens.shown_log)
    # The sheet: own cards and the card shown, with who showed it.
    screens.choose("ok")
    view.hints = True
    screens.open_sheet(current)
    assert screens.showing() == ("sheet", current)
    drawn(view, surface)
    sheet = session.sheets[current]
    if held:
        assert sheet.marks[session.notes[-1][1].card] == INITIALS[other]
    assert all(sheet.marks[c] == INITIALS[current] for c in session.table.deal.hands[current])
    sus, pla, wea = sheet.hint()
    assert set(sus) <= set(SUSPECTS) and not set(sus) & set(session.table.deal.hands[current])


def start_two_people(seed, people=("COMTE", "LAVANDE"), dismiss=True):
    """A board with a session and a view; the roll call answered; the hands
    seen (unless not `dismiss`)."""
    from firmware.events import Switch

    board = Board(seed=seed)
    session = Session(seed, humans=people, answer_rollcall=True)
    seat = HotSeat(session, people=people, lang="fr")
    board.attach(session)
    board.attach(Follow(seat.screens))
    board.feed(Switch(True), 0)
    t = 1000
    while session.table is None:
        for ev in session.poll(t):
            board.feed(ev, t)
        t += 1000
    screens = seat.screens
    while dismiss and screens.visible:
        screens.choose("ready" if screens.showing()[0] == "pass" else "ok")
    return board, session, seat, t


@pytest.mark.parametrize("right", [True, False])
def test_a_person_accuses_and_the_table_answers_the_board(right):
    from tests.support.driver import stage

    board, session, seat, t = start_two_people(21)
    screens, view = seat.screens, seat.view
    current = session.table.current
    # The test (not the table, not a bot) puts the Inspecteur in the kiosk.
    stage(board.narrator, {"INSPECTEUR": "KIOSQUE"}, rest="GARAGE")
    heard = Said()
    board.attach(heard)
    said = heard.keys
    for target in ("KIOSQUE", "ACCUSE", "YES"):
        for ev in press(target):
            board.feed(ev, t)
        t += 1000
    assert "accuse.announce" in said
    if screens.showing() == ("pass", current):
        screens.choose("ready")
    assert screens.showing() == ("accuse", current)  # the hypothesis picker went with ACCUSE
    surface = pygame.Surface((900, 640))
    drawn(view, surface)
    assert set(PLACES) <= {v for _, v in view.buttons}
    assert "accuse" in {v for _, v in view.disabled}  # greyed: nothing chosen yet
    solution = session.table.deal.solution
    triple = solution if right else (solution[0], solution[1], next(w for w in WEAPONS if w != solution[2]))
    with pytest.raises(ValueError, match="name a suspect, a place and a weapon"):
        screens.choose("accuse")  # the screens' own API still refuses it
    for c in triple:
        screens.choose(c)
    drawn(view, surface)
    assert "accuse" in {v for _, v in view.buttons}
    screens.choose("accuse")
    assert screens.showing() == ("verdict", current)
    for ev in session.poll(t + 5000):  # the table presses YES or NO itself
        board.feed(ev, t + 5000)
    assert said[-2:] == ["accuse.right", "game.over"] if right else "accuse.wrong" in said
    assert session.table.accusations == [(current, triple, right)]


def attached(board, hook):
    """The hook's session, then the hook, among the board's sinks (as the App does)."""
    board.attach(hook.session)
    board.attach(hook)
    return hook


def test_the_hook_runs_a_bot_game_and_a_new_game_after_off_on():
    from firmware.events import Switch

    board = Board(seed=4)
    seal(board)
    hook = attached(board, CardTableHook(4, "en", bots={"LAVANDE": "hard", "AZUR": "medium"}, delay_ms=1000))
    board.feed(Switch(True), 0)
    t = 0
    for _ in range(3000):
        t += 500
        evs = hook.step(t)
        s = hook.session
        if not evs and s.asked in ("COMTE", "PECHE"):  # nobody plays them
            s.asked = None
            evs = press("NO")
        for ev in evs:
            board.feed(ev, t)
        if s.over:
            break
    assert hook.session.over and hook.session.table.winner in ("LAVANDE", "AZUR")
    news = hook.news()
    assert any("suspects" in line for line in news) and " — Right! It was " in news[-1]
    assert hook.news() == []
    assert not hook.visible  # no person at the table: nothing private to show
    first = hook.session.table.deal.solution
    board.feed(Switch(False), t + 1000)
    board.feed(Switch(True), t + 2000)
    assert hook.session.table is None and not hook.session.over
    assert hook.session.notes[-1] == ("new",)
    surface = pygame.Surface((640, 480))
    hook.draw(surface, pygame.Rect(0, 0, 640, 480))
    assert first  # the next deal comes with the next roll call


def test_a_guest_becomes_a_bot_at_the_roll_call():
    from firmware.events import Switch

    board = Board(seed=8)
    hook = attached(board, CardTableHook(8, "fr", delay_ms=0))
    board.feed(Switch(True), 0)
    assert hook.session.asked == "COMTE"
    assert hook.key("b")  # "Is the Comte playing?": a bot will
    assert hook.session.bots["COMTE"].level == "hard"
    for ev in hook.step(1000):
        board.feed(ev, 1000)
    assert hook.session.asked == "LAVANDE"  # the bot said YES for the Comte
    for ev in press("YES") + press("NO") + press("NO"):  # Lady Lavande is a person
        board.feed(ev, 2000)
    t = hook.session.table
    assert t.guests == ("COMTE", "LAVANDE") and "COMTE" in hook.session.bots
    assert hook.screens.people == ("LAVANDE", "PECHE", "AZUR")
    assert hook.screens.showing() == ("pass", "LAVANDE")  # the person's hand, after a pass-to
    assert hook.changed
    surface = pygame.Surface((1280, 800))
    hook.draw(surface, (16, 16, 784, 768))
    assert not hook.changed
    assert hook.key("\r") and hook.screens.showing() == ("hand", "LAVANDE") and hook.changed
    hook.draw(surface, (16, 16, 784, 768))
    x, y, w, h = next(r for r, v in hook.view.buttons if v == "ok")
    assert hook.click((16 + x + 3, 16 + y + 3), (16, 16, 784, 768))
    assert hook.key("d") and hook.screens.showing() == ("sheet", "LAVANDE")
    assert hook.key("h") and hook.view.hints
    assert not hook.key("x")
    with pytest.raises(ValueError, match="before the deal"):
        hook.make_bot("LAVANDE")


def test_a_stuck_bot_does_not_close_the_window():
    from firmware.events import Switch

    board = Board(seed=2)
    hook = attached(board, CardTableHook(2, "en", bots={"COMTE": "hard", "LAVANDE": "hard"}, delay_ms=0))

    def confused():
        return ("press", "REPEAT")  # a bug: it never moves on

    board.feed(Switch(True), 0)
    t = 0
    while hook.session.table is None:
        t += 1000
        evs = hook.step(t) or (press("NO") if hook.session.asked in ("PECHE", "AZUR") else [])
        for ev in evs:
            board.feed(ev, t)
    for bot in hook.session.bots.values():
        bot.next_action = confused
    for _ in range(40):
        t += 1000
        for ev in hook.step(t):
            board.feed(ev, t)
    assert hook.problem and "keeps acting" in hook.problem
    assert hook.problem in hook.news() and hook.step(t + 1000) == []


def dealt(seed):
    """A table of the Comte (a bot) and Lady Lavande (a person), dealt."""
    from firmware.events import Switch

    board = Board(seed=seed)
    hook = attached(board, CardTableHook(seed, "en", bots={"COMTE": "hard"}, delay_ms=0))
    said = Said()
    board.attach(said)
    board.feed(Switch(True), 0)
    t = 0
    while hook.session.table is None:
        t += 1000
        evs = hook.step(t)
        if not evs and hook.session.asked is not None:
            evs = press("YES" if hook.session.asked == "LAVANDE" else "NO")
        for ev in evs:
            board.feed(ev, t)
    return board, hook, said, t


def test_a_bots_turn_waits_while_a_private_screen_is_up():
    """The people see a bot's whole turn on the board: while a person's
    pass-to page or hand is up, the bot presses nothing; once it is put
    away, the bot plays."""
    for seed in range(1, 40):  # a deal where the bot plays first
        board, hook, said, t = dealt(seed)
        if hook.session.table.current == "COMTE":
            break
    session = hook.session
    assert session.table.guests == ("COMTE", "LAVANDE") and session.table.current == "COMTE"
    assert hook.screens.showing() == ("pass", "LAVANDE")
    before = len(said.keys)
    for _ in range(20):  # the bot's turn, with the person's screen up
        t += 1000
        assert hook.step(t) == []
    assert len(said.keys) == before and session.table.current == "COMTE"
    assert hook.key("\r") and hook.screens.showing() == ("hand", "LAVANDE")
    assert hook.step(t + 1000) == []  # the hand is still up
    assert hook.key("\r") and not hook.visible
    pressed = []
    for _ in range(40):
        t += 1000
        evs = hook.step(t)
        pressed.extend(evs)
        for ev in evs:
            board.feed(ev, t)
        if "place.enter" in said.keys[before:]:
            break
    assert pressed and "place.enter" in said.keys[before:]  # the bot moved its pawn, in view
