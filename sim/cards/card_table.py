"""The card table's bookkeeping: what the paper cards, the cases and the
players' hands did, and nothing the board decides.

The table listens to what the board says (like the players do) to know
whose turn it is, where each pawn went and who is out; from that it knows
which suspect cases a guest may open (Meeting a Suspect; Look for Additional
Clues; a suspect arriving where guests stand). Hypotheses are refuted by
the guests to the asker's left in order (True or False?), eliminated guests
included; an accusation is checked against the confidential case.

A turn is "Look for Additional Clues *or* Make a Hypothesis": the table
knows when a hypothesis was made in a turn (and when the board answered a
search), so it refuses SEARCH after a hypothesis (`refuses`) and a
hypothesis after a search. The board never knows: the table refuses the
press before it reaches the board.
"""

from firmware.board import SUSPECTS

from .deck import check_card, seating

SEARCH_AFTER_HYPOTHESIS = "search_after_hypothesis"  # the table's reason for refusing SEARCH


class Opening:
    """`guest` may open the case of `suspect` (and sees `card`)."""

    __slots__ = ("guest", "suspect", "card")

    def __init__(self, guest, suspect, card):
        self.guest, self.suspect, self.card = guest, suspect, card

    def __repr__(self):
        return "Opening(%r, %r, %r)" % (self.guest, self.suspect, self.card)


class Hypothesis:
    """One hypothesis and its refutation, step by step: guests to the left
    try in turn; one holding several of the named cards chooses (`waiting`
    is then (refuter, options) until `show(card)`)."""

    def __init__(self, table, asker, suspect, place, weapon):
        self.asker = asker
        self.named = (suspect, place, weapon)
        self.passed = []  # guests who could not refute, in order
        self.shower = None
        self.card = None
        self.waiting = None
        self._queue = list(table.left_of(asker))
        self._hands = table.deal.hands
        self._advance()

    @property
    def done(self):
        return self.waiting is None

    def _advance(self):
        while self._queue:
            r = self._queue.pop(0)
            options = tuple(c for c in self.named if c in self._hands[r])
            if not options:
                self.passed.append(r)
                continue
            self.shower = r
            if len(options) == 1:
                self.card = options[0]
            else:
                self.waiting = (r, options)
            return

    def show(self, card):
        """The refuter being waited for shows `card` (one of the options)."""
        if self.waiting is None:
            raise ValueError("nobody is choosing a card to show")
        r, options = self.waiting
        if card not in options:
            raise ValueError("%s can show %s, not %r" % (r, " or ".join(options), card))
        self.card = card
        self.waiting = None

    def public(self):
        """What the whole table sees: the three named, who could not, who showed."""
        return {"asker": self.asker, "named": self.named, "passed": list(self.passed), "shower": self.shower}

    def __repr__(self):
        return "Hypothesis(%s: %s; passed %s; %s showed %s)" % (
            self.asker,
            "/".join(self.named),
            self.passed,
            self.shower,
            self.card,
        )


class CardTable:
    def __init__(self, deal, guests):
        self.guests = seating(guests)
        self.deal = deal
        if set(deal.hands) != set(self.guests):
            raise ValueError("the deal is for %s, not %s" % (sorted(deal.hands), list(self.guests)))
        self.where = {g: None for g in self.guests}  # on START until they move
        self.active = list(self.guests)
        self.current = None
        self.opened = {g: {} for g in self.guests}  # guest -> {suspect: card}
        self.hypothesis_made = False  # this turn
        self.accused = False  # this turn: the guest named three (the verdict follows; no hypothesis after)
        self.searched = False  # this turn: the board answered a SEARCH
        self.winner = None
        self.over = False
        self.accusations = []  # (guest, triple, right)

    # -- following the board ------------------------------------------------

    def hear(self, sentences):
        """Follow what the board said (its Say sentences, in order); returns
        the Openings it allows."""
        out = []
        for a in sentences:
            key, args = a.key, a.args
            if key == "turn.call":
                self.current = args["guest"]
                self.hypothesis_made = self.searched = self.accused = False
            elif key == "place.enter":
                self.where[self.current] = args["place"]
                for s in args["suspects"]:
                    out.append(self._open(self.current, s))
            elif key == "search.result":
                self.searched = True
                for s in args["suspects"]:
                    for g in self.here(args["place"]):
                        out.append(self._open(g, s))
            elif key == "move.arrives" and args["who"] in SUSPECTS:
                for g in self.here(args["place"]):
                    out.append(self._open(g, args["who"]))
            elif key == "move.leaves_arrives" and args["who"] in SUSPECTS:  # both ends seen, said once (issue 38)
                for g in self.here(args["to"]):
                    out.append(self._open(g, args["who"]))
            elif key == "accuse.wrong":
                if args["guest"] in self.active:
                    self.active.remove(args["guest"])
            elif key == "accuse.right":
                self.winner = args["guest"]
            elif key == "game.last_guest":
                self.winner = args["guest"]
            elif key == "game.over":
                self.over = True
        return out

    def here(self, place):
        """Guests still in the game standing at `place`."""
        return [g for g in self.active if self.where[g] == place]

    def _open(self, guest, suspect):
        card = self.deal.cases[suspect]
        self.opened[guest][suspect] = card
        return Opening(guest, suspect, card)

    # -- hypotheses and accusations -------------------------------------------

    def left_of(self, guest):
        """Who tries to refute `guest`'s hypothesis, in order: the guest on
        the left first, round the table; guests who are out still refute."""
        i = self.guests.index(guest)
        n = len(self.guests)
        return tuple(self.guests[(i + k) % n] for k in range(1, n))

    def hypothesis(self, asker, suspect, weapon):
        """Start `asker`'s hypothesis: `suspect` with `weapon` in the place
        where the asker stands (one per turn, during the asker's turn)."""
        if asker != self.current or asker not in self.active:
            raise ValueError("only the guest whose turn it is (%s) makes a hypothesis, not %s" % (self.current, asker))
        place = self.where[asker]
        if place is None:
            raise ValueError("%s must enter a place before making a hypothesis" % asker)
        if self.hypothesis_made:
            raise ValueError("only one hypothesis per turn")
        if self.searched:
            raise ValueError("%s searched this turn: a search or a hypothesis, not both" % asker)
        if self.accused:
            raise ValueError("%s accused this turn: no hypothesis after an accusation" % asker)
        check_card(suspect, "suspect")
        check_card(weapon, "weapon")
        self.hypothesis_made = True
        h = Hypothesis(self, asker, suspect, place, weapon)
        return h

    def refuses(self, button):
        """The table's reason to refuse a press of `button` on the board by
        the guest whose turn it is, or None: SEARCH after a hypothesis this
        turn (rulebook: "Look for additional clues or make a hypothesis")."""
        if button == "SEARCH" and self.hypothesis_made and not self.over:
            return SEARCH_AFTER_HYPOTHESIS
        return None

    def accuse(self, guest, suspect, place, weapon):
        """`guest` names three; the table looks in the confidential case."""
        check_card(suspect, "suspect")
        check_card(place, "place")
        check_card(weapon, "weapon")
        right = (suspect, place, weapon) == self.deal.solution
        self.accusations.append((guest, (suspect, place, weapon), right))
        self.accused = True
        return right

