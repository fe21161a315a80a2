"""REPEAT is not news: a listener that hears the board (a bot, its
whereabouts, the card table's session) must not take a repeated
announcement for a second turn call or a second arrival.

The board says again, whole, its last announcement (RULES.md, REPEAT); an
older firmware said again its last sentence alone. Both are recognised: a
burst equal to the last burst that had news in it, or a lone sentence equal
to the last sentence. The board never announces the same thing twice in a
row otherwise (a guest must go somewhere new, turns alternate, and a hint
refusing a press has no news in it).

    repeats = Repeats()
    if not repeats.heard(actions): ...   # news: act on it
"""

from firmware.actions import PowerOff, Say, Sfx

# Sentences that tell a listener something happened: a burst with none of
# them (a hint refusing a press, WAIT's hurry) is not an announcement.
NEWS = (
    "power.greeting",
    "rollcall.ask",
    "rollcall.joined",
    "rollcall.welcome",
    "turn.call",
    "place.enter",
    "search.result",
    "move.leaves",
    "move.heads",
    "move.arrives",
    "accuse.confirm",
    "accuse.found_inspecteur",
    "accuse.announce",
    "accuse.right",
    "accuse.wrong",
    "game.last_guest",
    "game.over",
)


def signature(actions):
    """What a burst announced, comparable with another burst's, or None for
    a burst with no news in it."""
    sig = []
    news = False
    for a in actions:
        cls = type(a)
        if cls is Say:
            news = news or a.key in NEWS
            sig.append((a.key, sorted((k, repr(v)) for k, v in a.args.items())))
        elif cls is Sfx:
            sig.append(("sfx", a.place))
    return tuple(sig) if news else None


class Repeats:
    def __init__(self):
        self._last_say = None
        self._last_news = None

    def heard(self, actions):
        """True when the burst `actions` is a REPEAT (nothing new happened);
        otherwise remember it and return False."""
        if any(type(a) is PowerOff for a in actions):
            self._last_say = self._last_news = None  # after OFF and ON, the greeting is news again
            return False
        says = [a for a in actions if type(a) is Say]
        if len(actions) == 1 and says and says[0] == self._last_say:
            return True
        sig = signature(actions)
        if sig is not None and sig == self._last_news:
            return True
        if says:
            self._last_say = says[-1]
        if sig is not None:
            self._last_news = sig
        return False
