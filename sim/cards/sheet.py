"""A guest's detective sheet that fills itself (Using Your Detective Sheet):
own cards marked with the guest's initials, cards shown with the initials of
who showed them, the cases opened (the "seen" circles, VU), where the
Inspecteur was found or seen heading for, and the hint: what can still be in the case,
and how likely ("Révérend Olive: 62 %").
"""

from firmware.board import INSPECTEUR

from .deduction import Deduction

INITIALS = {"COMTE": "CP", "LAVANDE": "LL", "PECHE": "MP", "AZUR": "PA"}


class DetectiveSheet:
    def __init__(self, guest, guests, hand):
        self.guest = guest
        self.guests = tuple(guests)
        self.marks = {}  # card -> initials (a guest) or "VU" + suspect case
        self.seen = []  # suspects questioned, in order (the VU circles)
        self.inspecteur = []  # places where he was found or seen heading for, newest last
        self.hypotheses = []  # public record lines
        self.mind = Deduction(self.guests, me=guest)
        for c in hand:
            self.marks[c] = INITIALS[guest]
            self.mind.holds(guest, c)

    def opened(self, suspect, card):
        if suspect not in self.seen:
            self.seen.append(suspect)
        self.marks.setdefault(card, suspect)
        self.mind.holds("case:" + suspect, card)

    def refutation(self, public, card=None):
        asker, named, passed, shower = public["asker"], public["named"], public["passed"], public["shower"]
        self.hypotheses.append(public)
        if asker == self.guest and card is not None:
            self.marks.setdefault(card, INITIALS[shower])
            self.mind.holds(shower, card)
        for g in passed:
            if g != self.guest:
                self.mind.lacks(g, named)
        if shower is not None and self.guest not in (shower, asker):
            self.mind.shows_one_of(shower, named)

    def accusation(self, triple, right):
        if not right:
            self.mind.wrong_accusation(triple)

    def hear(self, sentences):
        """What the board said (its Say sentences): where the Inspecteur was
        found or seen arriving, and where he was seen heading for."""
        for a in sentences:
            k, args = a.key, a.args
            if k in ("place.enter", "search.result") and args["inspecteur"]:
                self._heard(args["place"])
            elif k == "move.arrives" and args["who"] == INSPECTEUR:
                self._heard(args["place"])
            elif k in ("move.heads", "move.leaves_arrives") and args["who"] == INSPECTEUR:
                self._heard(args["to"])  # "the place he is heading toward"

    def _heard(self, place):
        if self.inspecteur and self.inspecteur[-1] == place:
            return  # seen heading there, then arriving: one tick
        self.inspecteur.append(place)
        del self.inspecteur[:-6]

    def hint(self):
        """(suspects, places, weapons) that can still be in the confidential case."""
        return self.mind.candidates()

    def chances(self):
        """{card: the chance it is in the confidential case}, exact (every deal that fits what this guest saw)."""
        return self.mind.case_chances()
