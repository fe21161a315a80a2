"""The card table behind the web board's seats: the session (sim.bots) with
its bots, the seats people take (their codes, kept in the trace: the web
server, hal.web.holders, decides who holds them), and what each seat may
see. The web server (hal.web.server) calls these and knows no card.

    table = WebTable(seed, "en", bots={"AZUR": "hard"})
    board.attach(table.sink)                 # the table hears the board
    table.private("COMTE")                   # the Comte's hand, cases, cards shown to him, sheet, what to do
    table.public()                           # what everyone sees: who is a bot, whose turn, the table's log
    table.act("COMTE", {"t": "hypothesis", "suspect": "ROSE", "weapon": "SEAU"})

Privacy is built here: `private(guest)` reads only that guest's hand, the
cases that guest opened, the cards shown to that guest and that guest's
sheet; `public()` carries only what the whole table sees (the three cards
named in a hypothesis, who could not refute, who showed; an accusation's
three cards and the verdict; the confidential case once the game is over).

Nobody waits in silence: `waiting()` names the person the table waits on
(a card to show, the three to name, their turn) and since when, on the
table's clock; once the wait has lasted its OFFER_MS the board offers to
give that seat to a bot (`watch(t)`, each turn of the server's clock, says
when the pages must be told: a wait began, ended, or its offer is due).
"""

from firmware.board import GUESTS

from ..bots.mind import Bot
from ..bots.session import Session, Stuck
from ..cards import record
from ..words.pages import NOTICES

# How long the table waits on a person before the board offers "→ bot" for
# that seat (it is an offer: nothing happens by itself, WCAG 2.2.1). A card
# to show is one tap on a phone that asks for it at once: half a minute
# without it means the phone is not in a hand (asleep, never linked). The
# three cards of an accusation are three choices, thought over: a minute. A
# turn is a walk to the board, a move, a search or a hypothesis: a minute
# and a half without a single press of it.
OFFER_MS = {"show": 30_000, "accuse": 60_000, "turn": 90_000}


class WebTable:
    def __init__(self, seed, lang, *, bots=None, hints=False, delay_ms=1200, words=None, tokens=None):
        """`bots`: {guest: level}. `hints`: each seat's sheet carries the
        chance of every card that can still be in the confidential case.
        `words`: sim.words.card_words.Words (for the refusal lines). `tokens`:
        {guest: code} of the seats, to reuse (a resumed game); None: the
        web server makes them (hal.web.holders) and tells them (`recode`)."""
        bots = dict(bots or {})
        self.people = tuple(g for g in GUESTS if g not in bots)
        self.levels = bots
        self.hints = bool(hints)
        self.notices = NOTICES[lang]  # its refusals, in the edition
        self.session = Session(
            seed, bots={g: Bot(g, lv, seed) for g, lv in bots.items()}, humans=self.people, delay_ms=delay_ms
        )
        self.sink = self.session
        self.words = words
        self.tokens = dict(tokens) if tokens else {}
        self.problem = None  # a bot got stuck (a bug): said once, the bots stop
        self._recorder = record.Recorder(self.session)
        self._codes = None  # the seats' codes changed: the next records() keeps them
        self._wait = None  # (key, since, offered) of the wait on a person: watch()
        self.patient = set()  # the seats that asked for more time: never offered to a bot (more_time)

    # -- the trace (a resumed host brings the seats back: sim.hotseat.restore) ------

    def setup(self):
        """The trace's first record of the table: its bots and the seats' tokens."""
        return record.seats(self.levels, self.hints, self.tokens)

    def setup_line(self):
        """The trace's first line of a new table (at t=0, hal.compose writes it)."""
        return record.line(0, self.setup())

    def sinks(self):
        """What hears the board (hal.compose attaches it): the session."""
        return (self.sink,)

    def records(self, t):
        """The trace lines of what the table did since the last call (sim.cards.record)."""
        out = self._recorder.lines(t)
        if self._codes is not None:
            out.append(record.line(t, record.codes(self._codes)))
            self._codes = None
        return out

    def recode(self, codes):
        """The seats' codes are now `codes` ({guest: code}): a seat handed back
        has a new one, which a resumed host must know."""
        self.tokens = dict(codes)
        self._codes = dict(codes)

    def resynced(self, recorded=None):
        """After sim.hotseat.restore replayed the trace into the session: the
        seats given to bots at the roll call are bots again, nothing of the
        past is recorded twice (the moments beyond the trace's `recorded`
        first ones, which a kill left out, are recorded next)."""
        s = self.session
        for g in s.bots:
            if g not in self.levels:
                self.levels[g] = s.bots[g].level
        self.tokens = {g: k for g, k in self.tokens.items() if g not in s.bots}
        self.people = tuple(g for g in self.people if g not in s.bots)
        self._codes = None
        self._recorder.caught_up(recorded)

    # -- the server's calls ---------------------------------------------------------

    def step(self, now_ms, quiet):
        """The events to feed the board now: bots' presses, the table's YES/NO."""
        if not quiet or self.problem:
            return []
        try:
            return self.session.poll(now_ms)
        except Stuck as e:
            self.problem = "card table: %s" % e
            return []

    def watch(self, t):
        """Follow whom the table waits on at the table's time `t` (ms); True
        when the pages must be told: a wait began or ended, or its offer of a
        bot became due."""
        w = self.waits_on()
        if w is None:
            changed, self._wait = self._wait is not None, None
            return changed
        s = self.session
        if w[1] == "turn":
            key = (w, s.games, s.turn_count, len(s.notes))  # anything done in the turn starts the wait again
        else:  # the same card to show, the same three to name: a STOP pressed meanwhile changes nothing
            key = (w, s.games, id(s.pending), len(s.verdicts))
        if self._wait is None or self._wait[0] != key:
            self._wait = (key, t, False)
            return True
        _, since, offered = self._wait
        if not offered and t - since >= OFFER_MS[w[1]] and w[0] not in self.patient:
            self._wait = (key, since, True)
            return True
        return False

    def more_time(self, guest, on):
        """`guest` asks for more time (`on`): the board never offers their seat to a bot
        while they are waited on (an offer already made is taken back); or no longer asks."""
        if on:
            self.patient.add(guest)
            if self._wait is not None and self._wait[0][0][0] == guest:
                self._wait = (self._wait[0], self._wait[1], False)
        else:
            self.patient.discard(guest)

    def waits_on(self):
        """(guest, what) of the person the table waits on now: "show" (a card
        to choose), "accuse" (the three to name on their phone), "turn"
        (their turn); None when a bot or the table itself acts, or nobody."""
        s = self.session
        t = s.table
        if t is None or s.over:
            return None
        h = s.pending
        if h is not None and h.waiting is not None:
            g = h.waiting[0]
            return (g, "show") if g in self.people else None
        if s.verdict_due is not None:
            g = s.accusing
            return (g, "accuse") if g in self.people else None  # named: the table answers the board itself
        g = t.current
        if g in self.people and g in t.active and not t.accused:
            return (g, "turn")
        return None

    def waiting(self):
        """The wait on a person, as the pages show it: {"guest", "for", "since"
        (the table's ms), "offer" (the board offers a bot for that seat)}, or None."""
        w = self.waits_on()
        if w is None or self._wait is None or self._wait[0][0] != w:
            return {"guest": w[0], "for": w[1], "since": None, "offer": False} if w else None
        _, since, offered = self._wait
        return {"guest": w[0], "for": w[1], "since": since, "offer": offered}

    def refuses(self, button):
        """The table's own refusal of a press (SEARCH after a hypothesis): its reason, or None."""
        return self.session.refuses(button)

    def refusal(self, why):
        """A refusal's words in the table's edition."""
        return self.words.text[why] if self.words is not None else why

    def act(self, guest, m):
        """A seat's choice at the card table; a line of text if it is refused."""
        s = self.session
        kind = m.get("t")
        said = self.notices
        if kind == "more_time":  # at any moment, before the deal too
            return self.more_time(guest, m.get("on") is True)
        if s.table is None:
            return said["not_dealt"]
        try:
            if kind == "hypothesis":
                if self._todo(guest) != "hypothesis":
                    return said["not_hypothesis"]
                s.hypothesis(guest, m.get("suspect"), m.get("weapon"))
            elif kind == "show":
                s.show(guest, m.get("card"))
            elif kind == "accuse":
                if s.accusing != guest:
                    return said["not_accuse"]
                s.accuse(guest, m.get("suspect"), m.get("place"), m.get("weapon"))
            else:
                return "%s %r" % (said["unknown"], kind)
        except ValueError:  # a choice the table refuses (a tap twice, a moment gone by): the page offers no other
            return said["refused"]
        return None

    def seat_bot(self, guest, level="hard"):
        """A person's seat becomes a bot's (at the roll call, or later in place
        of a phone that died); a line if it cannot."""
        if guest not in self.people:
            return self.notices["no_person"]
        try:
            self.session.add_bot(Bot(guest, level, self.session.seed))
        except ValueError:  # a bot's already
            return self.notices["no_person"]
        self.tokens.pop(guest, None)
        self.levels[guest] = level
        self.people = tuple(g for g in self.people if g != guest)
        return None

    # -- what the seats see ----------------------------------------------------------

    def public(self):
        s = self.session
        t = s.table
        out = {
            "bots": self.levels,
            "people": list(self.people),
            "guests": list(t.guests) if t else [],
            "active": list(t.active) if t else [],
            "current": t.current if t else None,
            "over": s.over,
            "winner": t.winner if t else None,
            "log": self._log(),
            "problem": self.problem,
            "waiting": self.waiting(),
        }
        if t is not None and s.over:
            out["solution"] = list(t.deal.solution)  # at the end, everyone sees the confidential case
        return out

    def _log(self):
        lines = []
        for note in self.session.notes:
            if note[0] == "hypothesis":
                h = note[1]
                lines.append({"kind": "hypothesis", "public": h.public()})
            elif note[0] == "verdict":
                lines.append({"kind": "verdict", "guest": note[1], "named": list(note[2]), "right": note[3]})
            elif note[0] == "refused":
                lines.append({"kind": "refused", "guest": note[1], "button": note[2]})
        return lines

    def private(self, guest):
        """Everything `guest` may see of the cards, whole (a page that reloads gets it back)."""
        s = self.session
        t = s.table
        out = {"guest": guest, "seated": False, "todo": "wait"}
        if t is None or guest not in t.guests:
            out["todo"] = "rollcall" if t is None else "not_playing"
            return out
        sheet = s.sheets[guest]
        out.update(
            seated=True,
            hand=list(t.deal.hands[guest]),
            opened=dict(t.opened[guest]),
            shown=self._shown_to(guest),
            sheet=self._sheet(sheet),
            place=t.where[guest],
            out=guest not in t.active,
            verdicts=[n for n in self._log() if n["kind"] == "verdict" and n["guest"] == guest],
        )
        if any(g == guest and not right for g, _, right in t.accusations):
            out["case"] = list(t.deal.solution)  # a wrong accuser looked in the case (and put the cards back)
        todo = self._todo(guest)
        out["todo"] = todo
        h = s.pending
        if todo == "refute":
            out["refute"] = {"asker": h.asker, "named": list(h.named), "options": list(h.waiting[1])}
        return out

    def _sheet(self, sheet):
        """A guest's detective sheet; with the hints, {card: chance} of the
        cards that can still be in the confidential case (the exact engine,
        from what this guest saw and heard)."""
        out = {"marks": dict(sheet.marks), "seen": list(sheet.seen), "inspecteur": list(sheet.inspecteur)}
        if self.hints:
            out["chances"] = {c: round(p, 4) for c, p in sheet.chances().items() if p > 0}
        return out

    def _shown_to(self, guest):
        """The cards shown to `guest` after their hypotheses, with who showed them."""
        out = []
        for note in self.session.notes:
            if note[0] == "hypothesis" and note[1].asker == guest:
                h = note[1]
                out.append({"named": list(h.named), "by": h.shower, "card": h.card})
        return out

    def _todo(self, guest):
        """What the seat of `guest` is waited for: hypothesis, stop, refute, accuse, or wait."""
        s = self.session
        t = s.table
        h = s.pending
        if h is not None and h.waiting is not None and h.waiting[0] == guest:
            return "refute"
        if s.over or t.current != guest:
            return "wait"
        if s.accusing == guest:
            return "accuse"
        if guest not in t.active or h is not None or t.accused:
            return "wait"  # out, a refutation under way, or the verdict coming
        if t.hypothesis_made:
            return "stop"
        if t.searched or not self._arrived(guest):
            return "wait"
        return "hypothesis"

    def _arrived(self, guest):
        """`guest` has entered a place in this turn (the board said where they are)."""
        for note in reversed(self.session.notes):
            if note[0] == "turn":
                return False
            if note[0] == "arrive" and note[1] == guest:
                return True
        return False
