"""The card table joined to a board: the session listens to everything the
board says (a hal.sink.Sink that the composer attaches to the Board), keeps
the CardTable, the guests' detective sheets and the bots' minds up to date,
and tells the loop what the bots press. The loop (the pygame window, or the
headless runner in sim.bots.games) feeds those presses to the board like any
other input.

    board = Board(seed)
    session = Session(seed, bots={"AZUR": Bot("AZUR", "hard", seed)})
    board.attach(session)
    ...
    for event in session.poll(now_ms):   # each frame
        board.feed(event, now_ms)

People at the table go through the same object: `hypothesis(guest, suspect,
weapon)`, `show(guest, card)` when several of their cards are named,
`accuse(guest, suspect, place, weapon)` after the board's "were you right?".
The table then answers that question by pressing YES or NO itself.

Every call that changes the session is kept in `journal`, in order: the
polls that did something (a bot's decision, the table's YES/NO) and the
people's calls. Heard again in the same order between the same bursts, a
fresh Session(seed, same bots) replays it (`replay`) into the same state,
the bots' random draws included (a resumed game: sim.hotseat.restore).
"""

from firmware.board import BUTTONS
from hal.edges import BTN, PAD, tap
from hal.sink import Sink

from ..cards.card_table import CardTable
from ..cards.deck import deal
from ..cards.sheet import DetectiveSheet
from .mind import Bot
from .repeat import Repeats

MAX_BOT_TRIES = 12  # presses a bot may make in one phase before it is a bug
_FED = ("present", "say", "sfx", "stop_audio", "power_off", "burst_end", "hear")  # what the board tells a sink


def _ignore(*args, **kwargs):
    return None


class SharedBelief:
    """A bot's whereabouts when another bot of the game keeps the same one:
    the same class and settings, fed the same sentences from the start (the
    belief is made of what the whole table hears), so the same numbers. Every
    question goes to that one; what the board says is not heard twice (the
    other bot, heard first, has taken it in). tests/sim/test_same_decisions.py
    plays games with and without it: the same decisions."""

    def __init__(self, belief):
        object.__setattr__(self, "_belief", belief)

    def __getattr__(self, name):
        if name in _FED:
            return _ignore
        return getattr(self._belief, name)

    def __setattr__(self, name, value):
        setattr(self._belief, name, value)


def _state(belief):
    return {k: v for k, v in vars(belief).items() if k != "_repeats"}


class Stuck(RuntimeError):
    """A bot kept pressing without the board moving on: a bug."""


def press(target):
    """The two events of one press on a pad or a button."""
    return tap(BTN if target in BUTTONS else PAD, target)


class Session(Sink):
    def __init__(self, seed, *, bots=None, humans=(), answer_rollcall=False, delay_ms=0, sheets=True, share=False):
        """`bots`: guest -> Bot. `humans`: guests played by people.
        `answer_rollcall`: the table also answers the roll call for the
        people (YES for `humans`, NO for everyone else), as a headless run
        needs. `delay_ms`: board time between two bot presses. `sheets`:
        keep the guests' detective sheets (a screen shows them; a headless
        bot-only game has nobody to read them, and each sheet runs its own
        engine). `share`: bots whose whereabouts are alike (the same class and
        settings, the same state at the deal) keep one between them
        (SharedBelief: a headless game's saving; the same decisions)."""
        self.seed = seed
        self.share = share
        self.keep_sheets = sheets
        self.bots = dict(bots or {})
        self.humans = tuple(humans)
        self.answer_rollcall = answer_rollcall
        self.delay_ms = delay_ms
        self.table = None
        self.sheets = {}
        self.notes = []  # what happened at the table, for a view: (kind, ...)
        self.pending = None  # a Hypothesis waiting for a person's choice
        self.asked = None  # the guest the roll call asks about
        self.verdict_due = None  # the guest who must say whether they were right
        self._answer = None  # YES or NO, once the table has looked in the case
        self._awaiting = False  # a bot pressed; the board has not answered yet
        self._tries = 0
        self._next_at = 0
        self.turns = {}  # guest -> turns played
        self.turn_count = 0
        self.over = False
        self.games = 0  # games before this one (OFF then ON starts another)
        self._repeats = Repeats()
        self._burst, self._says = [], []  # the burst being heard
        self.verdicts = []  # (guest, triple, right, gamble): gamble when a bot accused without being certain
        self.journal = []  # ("poll", now_ms) | ("hypothesis", ...) | ("show", ...) | ("accuse", ...) | ("add_bot", ...)
        self._acted = False
        self._told = []  # what a seated bot was told this game, in order: a bot seated late is told it again

    # -- listening to the board -----------------------------------------------

    def present(self, actions, now_ms):
        """A burst of the board's actions (hal.sink.Sink); a REPEAT is not news."""
        if self._repeats.heard(actions):
            self._awaiting = False  # the board answered (a bot never presses REPEAT, but a person may)
            return
        super().present(actions, now_ms)

    def say(self, say, now_ms):
        self._burst.append(say)
        self._says.append(say)

    def sfx(self, sfx, now_ms):
        self._burst.append(sfx)

    def burst_end(self, now_ms):
        actions, says = self._burst, self._says
        self._burst, self._says = [], []
        self._hear(actions, says)

    def _hear(self, actions, says):
        """A burst as the guests hear it: `actions` its sentences and sounds,
        `says` the sentences alone."""
        self._awaiting = False
        for a in says:
            if a.key == "power.greeting" and (self.table is not None or self.over):
                self._new_game()
            if a.key == "rollcall.welcome" and self.table is None:
                self._deal(a.args["guests"])
        self._told.append(("hear", actions))
        for bot in self.bots.values():
            bot.hear(actions)
        for sheet in self.sheets.values():
            sheet.hear(says)
        if self.table is not None:
            for o in self.table.hear(says):
                if o.guest in self.sheets:
                    self.sheets[o.guest].opened(o.suspect, o.card)
                if o.guest in self.bots:
                    self.bots[o.guest].learn_case(o.suspect, o.card)
                self._told.append(("case", o.guest, o.suspect, o.card))
                self.notes.append(("open", o.guest, o.suspect, o.card))
        for a in says:
            if a.key == "rollcall.ask":
                self.asked = a.args["guest"]
            elif a.key == "rollcall.welcome":
                self.asked = None
            elif a.key == "place.enter" and self.table is not None:
                self.notes.append(("arrive", self.table.current, a.args["place"]))
            elif a.key == "turn.call":
                g = a.args["guest"]
                self.turns[g] = self.turns.get(g, 0) + 1
                self.turn_count += 1
                self._tries = 0
                self.notes.append(("turn", g))
            elif a.key == "search.result" and self.table is not None:
                self.notes.append(("search", self.table.current))
            elif a.key == "accuse.announce":
                self.verdict_due = self.table.current
                self._answer = None
                self.notes.append(("accuse", self.table.current))
            elif a.key in ("accuse.right", "accuse.wrong"):
                self.verdict_due = None
            elif a.key == "game.over":
                self.over = True
                self.notes.append(("over", self.table.winner if self.table else None))

    def _new_game(self):
        """The board was switched OFF and ON: a new game, a new deal, fresh minds."""
        self.games += 1
        self.table = None
        self.sheets = {}
        self.pending = self.verdict_due = self._answer = None
        self.over = False
        self.turns, self.turn_count = {}, 0
        self.verdicts = []
        self.bots = {g: type(b)(g, b.level, self.seed + self.games) for g, b in self.bots.items()}
        self._told = []
        self.notes.append(("new",))

    def _deal(self, guests):
        d = deal(self.seed + self.games, guests)
        self.table = CardTable(d, guests)
        for g in self.table.guests:
            if self.keep_sheets:
                self.sheets[g] = DetectiveSheet(g, self.table.guests, d.hands[g])
            if g in self.bots:
                self.bots[g].sit(self.table.guests, d.hands[g])
        if self.share:
            self._share_beliefs()
        self._told.append(("sit",))
        self.notes.append(("deal", tuple(self.table.guests)))

    def _share_beliefs(self):
        """One whereabouts for the bots whose beliefs are alike: the first bot
        (it hears each burst first) keeps its own, the others read it."""
        kept = []
        for bot in self.bots.values():
            w = getattr(bot, "where", None)
            if w is None or isinstance(w, SharedBelief):
                continue
            for other in kept:
                if type(other) is type(w) and _state(other) == _state(w):
                    bot.where = SharedBelief(other)
                    break
            else:
                kept.append(w)

    # -- what the bots (and the table itself) press -----------------------------

    def poll(self, now_ms):
        """The events to feed the board now (bots' presses, the table's YES/NO)."""
        if now_ms < self._next_at or self._awaiting or self.pending is not None:
            return []
        self._acted = False
        target = self._decide()
        if self._acted or target is not None:
            self.journal.append(("poll", now_ms))
        if target is None:
            return []
        self._next_at = now_ms + self.delay_ms
        self._awaiting = True
        return press(target)

    def _decide(self):
        if self.asked is not None:
            g = self.asked
            if g in self.bots:
                self.asked = None
                return "YES"
            if self.answer_rollcall:
                self.asked, self._acted = None, True
                return "YES" if g in self.humans else "NO"
            return None
        if self.table is None or self.over:
            return None
        if self.verdict_due is not None:
            g = self.verdict_due
            if g in self.bots and self._answer is None:
                self._acted = True
                self._accuse(g, *self.bots[g].accusation(), gamble=bool(getattr(self.bots[g], "gambled", False)))
            if self._answer is not None:
                answer, self._answer = self._answer, None
                self.verdict_due = None
                return answer
            return None
        g = self.table.current
        bot = self.bots.get(g)
        if bot is None:
            return None
        while True:
            act = bot.next_action()
            if act is None:
                return None
            self._acted = True  # the bot drew from its RNG, or changed its mind
            self._tries += 1
            if self._tries > MAX_BOT_TRIES:
                raise Stuck("%r keeps acting in phase %s: %r" % (bot, bot.phase, act))
            if act[0] == "press":
                why = self.table.refuses(act[1])
                if why is not None:  # the table refuses people this press too: a bot must never make it
                    raise Stuck("%r pressed %s, which the card table refuses (%s)" % (bot, act[1], why))
                return act[1]
            self._hypothesis(g, act[1], act[2])
            if self.pending is not None:
                return None

    # -- the card table's moments --------------------------------------------------

    def hypothesis(self, asker, suspect, weapon):
        """`asker` suspects `suspect` with `weapon` where they stand."""
        h = self._hypothesis(asker, suspect, weapon)
        self.journal.append(("hypothesis", asker, suspect, weapon))
        return h

    def _hypothesis(self, asker, suspect, weapon):
        h = self.table.hypothesis(asker, suspect, weapon)
        self.pending = h
        self._resolve()
        return h

    def show(self, guest, card):
        """A person chooses which named card to show."""
        h = self.pending
        if h is None or h.waiting is None or h.waiting[0] != guest:
            raise ValueError("%s is not choosing a card to show" % guest)
        h.show(card)
        self.journal.append(("show", guest, card))
        self._resolve()

    def _resolve(self):
        h = self.pending
        while h.waiting is not None:
            r, options = h.waiting
            if r not in self.bots:
                return  # a person chooses: show() goes on
            h.show(self.bots[r].show(h.asker, options))
        if h.shower in self.bots:
            self.bots[h.shower].showed(h.asker, h.card)
        public = h.public()
        self._told.append(("refutation", h))
        for g, bot in self._seated():
            bot.learn_refutation(public, h.card if g == h.asker else None)
        for g, sheet in self.sheets.items():
            sheet.refutation(public, h.card if g == h.asker else None)
        self.notes.append(("hypothesis", h))
        self.pending = None

    def accuse(self, guest, suspect, place, weapon):
        """`guest` names three; the table looks in the case and will answer
        the board's "were you right?" (YES or NO) at the next poll."""
        if guest != self.verdict_due:
            raise ValueError("%s is not accusing now" % guest)
        right = self._accuse(guest, suspect, place, weapon)
        self.journal.append(("accuse", guest, suspect, place, weapon))
        return right

    def _accuse(self, guest, suspect, place, weapon, gamble=False):
        right = self.table.accuse(guest, suspect, place, weapon)
        self.verdicts.append((guest, (suspect, place, weapon), right, gamble))
        self._told.append(("accusation", guest, (suspect, place, weapon), right))
        for _, bot in self._seated():
            bot.learn_accusation(guest, (suspect, place, weapon), right)
        for sheet in self.sheets.values():
            sheet.accusation((suspect, place, weapon), right)
        self.notes.append(("verdict", guest, (suspect, place, weapon), right))
        self._answer = "YES" if right else "NO"
        return right

    def _seated(self):
        """The bots playing this game (one answered NO at the roll call: not seated)."""
        return [(g, b) for g, b in self.bots.items() if self.table is not None and g in self.table.guests]

    def refuses(self, button):
        """The card table's refusal of a press of `button` on the board (SEARCH
        after a hypothesis this turn): its reason (noted for the table's log),
        or None. The board never hears a refused press."""
        table = self.table
        why = table.refuses(button) if table is not None else None
        if why is not None:
            self.notes.append(("refused", table.current, button, why))
        return why

    @property
    def accusing(self):
        """The guest who must name three now (the board asked "were you right?")."""
        return self.verdict_due if self._answer is None else None

    def add_bot(self, bot):
        """Seat a bot for `bot.guest`: at the roll call, or later in place of
        a person (their phone died, they went home): the bot is told first
        all a player in that seat heard and saw this game, in order, then
        plays on from where the seat stands (a card it must show, the three
        it must name, its turn)."""
        g = bot.guest
        if g in self.bots:
            raise ValueError("%s is a bot already" % g)
        self.bots[g] = bot
        self.humans = tuple(h for h in self.humans if h != g)
        self.journal.append(("add_bot", g, bot.level))
        if self.table is None or self.over:
            return
        if g in self.table.guests:
            self._catch_up(bot)
        h = self.pending
        if h is not None and h.waiting is not None and h.waiting[0] == g:
            self._resolve()  # the card that seat had to choose: the bot chooses it

    def _catch_up(self, bot):
        """Tell a bot seated late what its seat was told, in the order it was."""
        g = bot.guest
        for told in self._told:
            kind = told[0]
            if kind == "hear":
                bot.hear(told[1])
            elif kind == "sit":
                bot.sit(self.table.guests, self.table.deal.hands[g])
            elif kind == "case" and told[1] == g:
                bot.learn_case(told[2], told[3])
            elif kind == "refutation":
                h = told[1]
                if h.shower == g:
                    bot.showed(h.asker, h.card)
                bot.learn_refutation(h.public(), h.card if h.asker == g else None)
            elif kind == "accusation":
                bot.learn_accusation(told[1], told[2], told[3])
        if self.table.current == g and self.table.hypothesis_made:
            bot._hyp_done = True  # a hypothesis this turn already: the bot's next press is STOP

    # -- a resumed game ---------------------------------------------------------------

    def replay(self, call):
        """Do one call of another session's journal again (it was made
        between the same bursts): the events a poll returns, else []."""
        kind, args = call[0], tuple(call[1:])
        if kind == "poll":
            return self.poll(*args)
        if kind == "add_bot":
            self.add_bot(Bot(args[0], args[1], self.seed))
        elif kind in ("hypothesis", "show", "accuse"):
            getattr(self, kind)(*args)
        else:
            raise ValueError("not a call of the card table's journal: %r" % (call,))
        return []
