"""The card table of a resumed game (clue-fx --resume with the card table).

Everything at the table follows from the seed, its seats and what happened
in order: the board's bursts, heard by the session, and the session's own
calls (its journal: the polls that did something, the people's hypotheses,
cards shown, accusations and bots seated), which the window writes into the
trace where they happened among the board's inputs (sim.cards.record). So
the table is rebuilt the way hal.resume rebuilds the narrator: a fresh
Narrator(seed) takes the trace's inputs again, a fresh session hears every
burst and redoes each call at its place; the deal, the hands, the cases
opened, the refutations, the sheets, the bots' minds and their random
draws, the turn, all come back as they were. Then the screens are resynced
(sim.hotseat.screens): only what still waits for someone's decision is
shown, not a backlog of screens already seen.

    table, due, notes = card_table(make, resumed, seats, hints, path)   # what every screen calls
    desk = hal.compose.compose(seed, resumed=resumed, table=table, due=due)   # the board's half

`card_table` is the table's half of the composer (hal.compose): the seats
(the trace's win), their tokens, the deal and the calls replayed, the
presses in flight; `make(seats, hints, tokens)` builds the screen's kind of
table (the window's CardTableHook, the web board's WebTable). Underneath:

    table, hints, notes = seats(resumed, table, hints)   # the trace's seats win
    due = restore(hook, path)                           # RestoreError: one line
"""

from firmware import Narrator
from hal.trace import TraceError, groups, handle, load

from ..cards import record


class RestoreError(Exception):
    """Why the card table of a trace cannot be rebuilt: one line for the player."""


def card_table(make, resumed, table, hints, path=None):
    """(table, due, notes): the card table of a game, new or resumed, built
    the same way for every screen. `table`: {guest: level} of the bots
    asked for (None: the paper cards); `make(seats, hints, tokens)` builds
    the screen's table (`tokens`: the seats' codes a resumed trace kept, or
    None). A resumed game's seats are its trace's, its table replayed from
    the trace at `path`; `due`: the presses it had in flight (fed first,
    by hal.compose). A table that cannot be restored is left out, said in
    `notes` (the board goes on without it)."""
    notes, tokens, due = [], None, []
    if resumed is not None:
        table, hints, notes = seats(resumed, table, hints)
        tokens = record.tokens(resumed.extras)
    if table is None:
        return None, due, notes
    built = make(table, hints, tokens)
    if resumed is not None:
        try:  # the deal, the hands, the cases, the refutations, the sheets, the bots
            due = restore(built, path)
        except RestoreError as e:
            return None, [], notes + ["%s: the game goes on without it" % e]
    return built, due, notes


def seats(resumed, table, hints):
    """(table, hints, notes) for a resumed game: the bots' seats recorded in
    its trace (those given now are ignored, and said if they differ); None
    for a game without a card table, or one recorded before its journal."""
    extras = resumed.extras
    got = record.setup(extras)
    if got is not None:
        recorded, recorded_hints = got
        notes = []
        if table is not None and dict(table) != recorded:
            notes.append("the card table's seats are the trace's: %s" % (_seats_text(recorded)))
        return recorded, bool(hints or recorded_hints), notes
    if table is None:
        return None, hints, []
    if any("board" not in m for m in record.moments(extras)):  # (the web board's code is not its table's)
        why = "its card table was recorded before its calls were: it cannot be restored"
    else:
        why = "it was played with the paper cards"
    return None, hints, ["the game goes on without the card table: %s" % why]


def _seats_text(seats):
    return ", ".join("%s %s" % (g, lv) for g, lv in sorted(seats.items())) or "people only"


def restore(hook, path):
    """Rebuild `hook`'s card table (a fresh sim.hotseat.hook.CardTableHook
    with the trace's seats, not attached yet) from the trace at `path`,
    already cut back by hal.resume. Returns the events a replayed poll
    returned that the trace does not have (the press in flight when it
    stopped): the window feeds them first."""
    if path is None:
        raise RestoreError("the card table cannot be restored: its trace has no file to read")
    try:
        with open(path, "rb") as f:
            trace = load(f)
    except (OSError, TraceError) as e:
        raise RestoreError("the card table cannot be restored from %s: %s" % (path, e)) from None
    session = hook.session
    gs = groups(trace.records)
    items = sorted(
        [(trace.starts[i], 0, k) for k, (i, _, _, _) in enumerate(gs)] + [(off, 1, obj) for off, obj in trace.extras],
        key=lambda item: (item[0], item[1]),
    )
    narrator = Narrator(seed=trace.seed)
    due = []  # what a replayed poll pressed: the trace's next inputs
    try:
        for _, kind, x in items:
            if kind == 1:
                call = x.get(record.KEY, {}).get("call") if isinstance(x.get(record.KEY), dict) else None
                if call is not None:
                    due.extend(session.replay(call))
                continue
            _, t, event, _ = gs[x]
            if due:
                if due[0].as_dict() != event.as_dict():
                    raise RestoreError(
                        "the card table of %s does not replay identical at t=%d ms (a bot pressed %s, the trace has %s)"
                        % (path, t, due[0].as_dict(), event.as_dict())
                    )
                due.pop(0)
            outs = handle(narrator, event, t)
            if outs:
                session.present(outs, t)
    except (TraceError, ValueError, KeyError, TypeError, AttributeError, IndexError, RuntimeError) as e:
        raise RestoreError("the card table cannot be restored from %s: %s" % (path, e)) from None
    hook.resynced(len(record.recorded([obj for _, obj in trace.extras])))  # the moments a kill left out: written next
    return due
