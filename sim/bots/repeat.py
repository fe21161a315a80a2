"""REPEAT is not news: a listener that hears the board (a bot, its
whereabouts, the card table's session) must not take a repeated
announcement for a second turn call or a second arrival.

The board says again, whole, its last announcement (RULES.md, REPEAT); an
older firmware said again its last sentence alone. Both are recognised: a
burst equal to the last burst that had news in it, or a lone sentence equal
to the last sentence. The board never announces the same thing twice in a
row otherwise (a guest must go somewhere new, turns alternate, and a hint
refusing a press has no news in it). Since issue 29 a cancelled accusation
("very well, carry on") gives the announcement before the question back to
REPEAT, as the board does: the listener does the same.

    repeats = Repeats()
    if not repeats.heard(actions): ...   # news: act on it
"""

from hal.sink import Sink

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
    "move.leaves_arrives",
    "move.arrives",
    "accuse.confirm",
    "accuse.cancelled",
    "accuse.found_inspecteur",
    "accuse.announce",
    "accuse.right",
    "accuse.wrong",
    "game.last_guest",
    "game.over",
)


_NEWS = frozenset(NEWS)
_UNSET = object()


class _Burst(Sink):
    """One burst read through the Sink's hooks: its sentences and sounds in
    order, how many actions, whether the board went dark."""

    def __init__(self, actions):
        self.items, self.says, self.count, self.dark = [], [], 0, False
        self._sig = _UNSET
        self.present(actions, 0)

    def say(self, say, now_ms):
        self.items.append((say.key, sorted((k, repr(v)) for k, v in say.args.items())))
        self.says.append(say)
        self.count += 1

    def sfx(self, sfx, now_ms):
        self.items.append(("sfx", sfx.place))
        self.count += 1

    def stop_audio(self, now_ms):
        self.count += 1

    def power_off(self, reason, now_ms):
        self.count += 1
        self.dark = True

    def signature(self):
        sig = self._sig  # worked out once: the bots of a table hear the same burst
        if sig is _UNSET:
            news = any(say.key in _NEWS for say in self.says)
            sig = self._sig = tuple(self.items) if news else None
        return sig


def signature(actions):
    """What a burst announced, comparable with another burst's, or None for
    a burst with no news in it."""
    return _Burst(actions).signature()


class Repeats:
    def __init__(self):
        self._last_say = None
        self._last_news = None
        self._before_confirm = None  # the news before "do you really want to accuse?"

    _last = (None, 0, None)  # (actions, len, _Burst): the bots of a table hear the same burst, read once

    def heard(self, actions):
        """True when the burst `actions` is a REPEAT (nothing new happened);
        otherwise remember it and return False."""
        seen, size, burst = Repeats._last
        if seen is not actions or size != len(actions):
            burst = _Burst(actions)
            Repeats._last = (actions, len(actions), burst)
        if burst.dark:
            self._last_say = self._last_news = None  # after OFF and ON, the greeting is news again
            return False
        says = burst.says
        if burst.count == 1 and says and says[0] == self._last_say:
            return True
        sig = burst.signature()
        if sig is not None and sig == self._last_news:
            return True
        if says:
            self._last_say = says[-1]
        if sig is not None:
            if says[-1].key == "accuse.confirm":
                self._before_confirm = self._last_news
            if says[-1].key == "accuse.cancelled":  # REPEAT now gives what came before the question
                sig = self._before_confirm
            self._last_news = sig
        return False
