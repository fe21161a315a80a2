"""Bot-only games, headless: the board, the card table's session and the
bots, with a made-up clock (no window, no sleep). `clue-fx bots` and the
bench play these.

    r = play_bot_game(seed=3, levels=["hard", "medium", "easy"])
    r.winner, r.how, r.turns, r.accusations
    r.wrong     # guests who accused wrongly though certain: a mistake
    r.gambles   # (guest, right) of the accusations made without certainty

`run(board, session, people=...)` drives any session to the end of a game,
with people scripted alongside the bots.
"""

from firmware.board import GUESTS
from hal.edges import SW, event_of
from hal.runner import Board

from .mind import Bot
from .session import Session, Stuck


class GameResult:
    def __init__(self, session, levels):
        t = session.table
        self.guests = t.guests if t else ()
        self.levels = dict(zip(self.guests, levels))
        self.winner = t.winner if t else None
        self.turns = session.turn_count
        self.winner_turns = session.turns.get(self.winner, 0) if self.winner else None
        self.verdicts = list(session.verdicts)  # (guest, triple, right, gamble)
        self.wrong = [g for g, _, right, gamble in self.verdicts if not right and not gamble]  # mistakes
        self.gambles = [(g, right) for g, _, right, gamble in self.verdicts if gamble]
        right = [g for g, _, r in (t.accusations if t else ()) if r]
        self.how = "right" if right else ("last guest" if self.winner else "unfinished")
        self.accusations = list(t.accusations) if t else []
        self.solution = t.deal.solution if t else None


def play_bot_game(seed, levels, max_turns=500, narrator_check=None):
    """One bot-only game, headless: bot i plays guest i in seat order.
    `narrator_check(board)` may wrap or seal the board's narrator first."""
    guests = GUESTS[: len(levels)]
    board = Board(seed=seed)
    if narrator_check is not None:
        narrator_check(board)
    bots = {g: Bot(g, lv, seed) for g, lv in zip(guests, levels)}
    # nobody reads the sheets; bots with alike whereabouts keep one between them
    session = Session(seed, bots=bots, answer_rollcall=True, sheets=False, share=True)
    board.attach(session)
    run(board, session, max_turns)
    return GameResult(session, levels)


def run(board, session, max_turns=500, step_ms=1500, people=None):
    """Feed the session's presses until the game is over. `people(now_ms)`
    stands for the people at the table: it returns the events of their
    presses, [] when they did something at the card table only, or None
    when they had nothing to do. The board time it ended at."""
    t = 0
    board.feed(event_of(SW, "", True), t)
    idle = 0
    while not session.over and session.turn_count <= max_turns:
        t += step_ms
        evs = session.poll(t)
        if not evs and people is not None:
            evs = people(t)
        if evs is None or (not evs and people is None):
            idle += 1
            if idle > 3:
                raise Stuck("nobody acts: the board waits for a press nobody makes")
            continue
        idle = 0
        for ev in evs:
            board.feed(ev, t)
            t += 100
    return t
