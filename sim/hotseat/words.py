"""The words of the hot-seat screens, per edition: the screens' own lines,
the weapons' names (the board never says them), the suspects' initials on
the detective sheet, and the names of every card and guest (those the
board says come from the sounds manifest, through sim.labels).

    words = Words("fr", labels)        # labels: sim.labels.Labels, or None to load them when first needed
    words.name("RAQUETTE")             # "Raquette de tennis"
    words.public(hypothesis)           # what the whole table saw of a hypothesis
    words.outcome(triple, right)       # "Bien vu ! C'était ..."
"""

WEAPON_NAMES = {
    "fr": {
        "FER_A_CHEVAL": "Fer à cheval",
        "MARTEAU": "Marteau",
        "CISAILLE": "Cisaille à haie",
        "SEAU": "Seau d'eau",
        "RAQUETTE": "Raquette de tennis",
        "NAIN": "Nain de jardin",
    },
    "en": {
        "FER_A_CHEVAL": "Horseshoe",
        "MARTEAU": "Hammer",
        "CISAILLE": "Hedge shears",
        "SEAU": "Bucket of water",
        "RAQUETTE": "Tennis racket",
        "NAIN": "Garden gnome",
    },
}

TEXT = {
    "fr": {
        "pass": "Passez l'écran à %s",
        "ready": "Je suis %s : montrer",
        "ok": "Compris",
        "hand": "%s, vos cartes",
        "case": "Vous ouvrez le dossier de %s : %s",
        "hypothesis": "%s, votre hypothèse à : %s",
        "ask": "Soupçonner",
        "skip": "Pas d'hypothèse",
        "refute": "%s, %s soupçonne %s. Quelle carte montrer ?",
        "shown": "%s vous montre : %s",
        "nobody": "Personne ne peut réfuter votre hypothèse.",
        "accuse": "%s, nommez le coupable, le lieu et l'arme",
        "accuse_go": "Accuser",
        "right": "Bien vu ! C'était %s.",
        "wrong": "Raté : ce n'était pas %s.",
        "sheet": "Fiche de détective : %s",
        "inspecteur": "Inspecteur entendu :",
        "hint": "? : peut encore être dans le dossier confidentiel",
        "suspects": "Suspects",
        "weapons": "Armes",
        "places": "Lieux",
        "public_hyp": "%s soupçonne %s. %s",
        "passed": "%s ne peut pas. ",
        "showed": "%s montre une carte.",
        "noone": "Personne ne réfute.",
    },
    "en": {
        "pass": "Pass the screen to %s",
        "ready": "I am %s: show",
        "ok": "Got it",
        "hand": "%s, your cards",
        "case": "You open %s's case: %s",
        "hypothesis": "%s, your hypothesis at: %s",
        "ask": "Suspect",
        "skip": "No hypothesis",
        "refute": "%s, %s suspects %s. Which card do you show?",
        "shown": "%s shows you: %s",
        "nobody": "Nobody can refute your hypothesis.",
        "accuse": "%s, name the murderer, the place and the weapon",
        "accuse_go": "Accuse",
        "right": "Well seen! It was %s.",
        "wrong": "Wrong: it was not %s.",
        "sheet": "Detective sheet: %s",
        "inspecteur": "Inspecteur heard:",
        "hint": "?: can still be in the confidential case",
        "suspects": "Suspects",
        "weapons": "Weapons",
        "places": "Places",
        "public_hyp": "%s suspects %s. %s",
        "passed": "%s cannot. ",
        "showed": "%s shows a card.",
        "noone": "Nobody refutes.",
    },
}

# The initials marked on a detective sheet for a card seen in a suspect's case.
SUSPECT_INITIALS = {
    "MOUTARDE": "CM",
    "VIOLET": "PV",
    "OLIVE": "RO",
    "PERVENCHE": "MP",
    "ROSE": "MR",
    "LEBLANC": "ML",
    "FRANCIS": "F",
    "BEAUMONT": "MB",
}


class Words:
    def __init__(self, lang, labels=None):
        if lang not in TEXT:
            raise ValueError("no card table in %r: languages are %s" % (lang, ", ".join(TEXT)))
        self.lang = lang
        self.text = TEXT[lang]
        self.labels = labels

    def name(self, card):
        """The printed name of a card or a guest in this edition."""
        if card in WEAPON_NAMES[self.lang]:
            return WEAPON_NAMES[self.lang][card]
        if self.labels is None:
            from hal import captions

            from ..labels import Labels

            self.labels = Labels(self.lang, captions.load(self.lang))
        for names in (self.labels.suspects, self.labels.places, self.labels.guests):
            if card in names:
                return names[card]
        return card

    def names(self, cards):
        return " / ".join(self.name(c) for c in cards)

    def public(self, h):
        """What the whole table saw of hypothesis `h`: the three named, who
        could not refute, who showed a card."""
        t = self.text
        rest = "".join(t["passed"] % self.name(g) for g in h.passed)
        rest += t["showed"] % self.name(h.shower) if h.shower else t["noone"]
        return t["public_hyp"] % (self.name(h.asker), self.names(h.named), rest)

    def outcome(self, triple, right):
        """The table's verdict on an accusation of `triple`."""
        return (self.text["right"] if right else self.text["wrong"]) % self.names(triple)
