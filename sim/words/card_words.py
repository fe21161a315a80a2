"""The words of the hot-seat screens, per edition: the screens' own lines,
the weapons' names (the board never says them), the suspects' initials on
the detective sheet, and the names of every card and guest (those the
board says come from the sounds manifest, through sim.words.labels).

    words = Words("fr", labels)        # labels: sim.words.labels.Labels, or None to load them when first needed
    words.name("RAQUETTE")             # "Raquette de tennis" (a card, a guest, a START square: never an id)
    words.line("pass", "COMTE")        # "Passez l'écran au Comte du Puy."
    words.public(hypothesis)           # what the whole table saw of a hypothesis
    words.outcome(triple, right)       # "Bien vu ! C'était ..."
"""

from ..cards.sheet import INITIALS as MARKED

WEAPON_NAMES = {
    "fr": {
        "FER_A_CHEVAL": "Fer à cheval",
        "MARTEAU": "Marteau",
        "CISAILLE": "Cisaille à haies",
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
    "us": {  # as the Clue FX box prints them
        "FER_A_CHEVAL": "Horseshoe",
        "MARTEAU": "Hammer",
        "CISAILLE": "Garden shears",
        "SEAU": "Water bucket",
        "RAQUETTE": "Tennis racquet",
        "NAIN": "Lawn gnome",
    },
}

# The screens' lines. A %s takes a name: where the sentence needs the
# article, the Words methods give the caption's own form ("le Comte du Puy",
# "au Comte du Puy", "du Colonel Moutarde"); where a name is a heading or a
# label, the printed name ("Comte du Puy").
TEXT = {
    "fr": {
        "pass": "Passez l'écran %s.",  # au Comte du Puy, à Lady Lavande
        "ready": "Je suis %s : afficher",  # le Comte du Puy
        "ok": "Compris",
        "hand": "Vos cartes (%s)",
        "case": "Vous ouvrez le dossier %s : %s",  # du Colonel Moutarde
        "hypothesis": "À vous (%s), au lieu %s : une hypothèse ici (choisissez un suspect et une arme), "
                      "ou bien une recherche (RECHERCHE sur le plateau), pas les deux.",
        "ask": "Faire l'hypothèse",
        "skip": "Pas d'hypothèse (recherche, ou STOP)",
        "refute": "Au tour %s de réfuter : %s soupçonne %s. Quelle carte montrez-vous ?",  # du Comte du Puy
        "shown": "%s vous montre : %s",
        "then_stop": "Notez-le, puis appuyez sur STOP pour finir votre tour.",
        "nobody": "Personne ne peut réfuter votre hypothèse.",
        "accuse": "Votre accusation (%s) : nommez le coupable, le lieu et l'arme.",
        "accuse_go": "Accuser",
        "right": "Bien vu ! C'était %s.",
        "wrong": "Raté : ce n'était pas %s.",
        "solution": "L'enveloppe confidentielle contenait : %s.",
        "verdict": "%s — %s",
        "sheet": "Fiche de détective (%s)",
        "inspecteur": "%s, vu ou en route vers :",
        "seen": "VU %s",
        "hint": "? : peut encore être dans l'enveloppe confidentielle",
        "key_sheet": "fiche de détective",
        "key_hints": "indices sur la fiche",
        "key_bot": "robot pour l'invité appelé",
        "key_ok": "OK sur une page de la table",
        "key_name_ok": "Entrée",
        "key_sheet_short": "fiche",
        "key_hints_short": "indices",
        "key_bot_short": "robot",
        "key_ok_short": "OK",
        "suspects": "Suspects",
        "weapons": "Armes",
        "places": "Lieux",
        "public_hyp": "%s soupçonne %s. %s",
        "passed": "%s ne peut pas réfuter. ",
        "showed": "%s montre une carte.",
        "noone": "Personne ne réfute.",
        "search_after_hypothesis": (
            "Vous avez déjà fait une hypothèse ce tour-ci : c'est une recherche ou une hypothèse,"
            " pas les deux. Appuyez sur STOP pour finir votre tour."
        ),
    },
    "en": {
        "pass": "Pass the screen to %s.",
        "ready": "I am %s: show me",
        "ok": "Got it",
        "hand": "Your cards (%s)",
        "case": "You open %s case: %s",  # Colonel Moutarde's
        "hypothesis": "Your turn (%s), at %s: a hypothesis here (choose a suspect and a weapon), "
                      "or a search instead (SEARCH on the board), not both.",
        "ask": "Make the hypothesis",
        "skip": "No hypothesis (search, or STOP)",
        "refute": "It is up to %s to refute: %s suspects %s. Which card do you show?",
        "shown": "%s shows you: %s",
        "then_stop": "Note it, then press STOP to end your turn.",
        "nobody": "Nobody can refute your hypothesis.",
        "accuse": "Your accusation (%s): name the murderer, the place and the weapon.",
        "accuse_go": "Accuse",
        "right": "Right! It was %s.",
        "wrong": "Wrong: it was not %s.",
        "solution": "The confidential case held: %s.",
        "verdict": "%s — %s",
        "sheet": "Detective sheet (%s)",
        "inspecteur": "%s, seen at or heading for:",
        "seen": "SEEN %s",
        "hint": "?: can still be in the confidential case",
        "key_sheet": "detective sheet",
        "key_hints": "hints on the sheet",
        "key_bot": "a bot for the guest asked",
        "key_ok": "OK on a table page",
        "key_name_ok": "Return",
        "key_sheet_short": "sheet",
        "key_hints_short": "hints",
        "key_bot_short": "bot",
        "key_ok_short": "OK",
        "suspects": "Suspects",
        "weapons": "Weapons",
        "places": "Places",
        "public_hyp": "%s suspects %s. %s",
        "passed": "%s cannot refute. ",
        "showed": "%s shows a card.",
        "noone": "Nobody refutes.",
        "search_after_hypothesis": (
            "You have already made a hypothesis this turn: it is a search or a hypothesis,"
            " not both. Press STOP to end your turn."
        ),
    },
}

TEXT["us"] = dict(TEXT["en"])  # the same lines; the names are the edition's

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
# Per edition: the suspects' initials and the guests' (a sheet marks a card
# a guest holds or showed with the guest's initials, sim.cards.sheet.INITIALS,
# which are fr's and en's; us shows its own names' initials instead).
INITIALS = {
    "fr": SUSPECT_INITIALS,
    "en": SUSPECT_INITIALS,
    "us": {
        "MOUTARDE": "CM",  # Colonel Mustard
        "VIOLET": "PP",  # Professor Plum
        "OLIVE": "MG",  # Mr. Green
        "PERVENCHE": "MP",  # Mrs. Peacock
        "ROSE": "MS",  # Miss Scarlet
        "LEBLANC": "MW",  # Mrs. White
        "FRANCIS": "R",  # Rusty
        "BEAUMONT": "MM",  # Mrs. Meadow-Brook
    },
}
GUEST_INITIALS = {"us": {"COMTE": "LG", "LAVANDE": "LL", "PECHE": "MP", "AZUR": "PA"}}  # Lord Gray...


def _cap(text):
    return text[:1].upper() + text[1:]


# French contractions of à and de with the article of a caption's form.
_FR_TO = (("le ", "au "), ("les ", "aux "))
_FR_OF = (("le ", "du "), ("les ", "des "))


class Words:
    def __init__(self, lang, labels=None):
        if lang not in TEXT:
            raise ValueError("no card table in %r: languages are %s" % (lang, ", ".join(TEXT)))
        self.lang = lang
        self.text = TEXT[lang]
        self.labels = labels

    def _labels(self):
        if self.labels is None:
            from hal import captions

            from .labels import Labels

            self.labels = Labels(self.lang, captions.load(self.lang))
        return self.labels

    def name(self, card):
        """The printed name of a card, a guest, a START square or the
        Inspecteur in this edition (never an id)."""
        if card in WEAPON_NAMES[self.lang]:
            return WEAPON_NAMES[self.lang][card]
        return self._labels().name(card)

    def initials(self, suspect):
        """A suspect's initials on the detective sheet ("CM")."""
        return INITIALS[self.lang][suspect]

    def mark(self, mark):
        """What a detective sheet shows for one of its marks (sim.cards.sheet:
        a suspect whose case showed the card, or a guest's initials)."""
        if mark in INITIALS[self.lang]:
            return self.line("seen", self.initials(mark))
        return self.marks().get(mark, mark)

    def marks(self):
        """{a guest's initials as sim.cards.sheet marks them: as this edition prints them}."""
        ours = GUEST_INITIALS.get(self.lang, MARKED)
        return {MARKED[g]: ours[g] for g in MARKED}

    def names(self, cards):
        return " / ".join(self.name(c) for c in cards)

    def full(self, who):
        """A guest's or a suspect's name as said in a sentence: "le Comte du
        Puy", "Lady Lavande", "the Count du Puy"."""
        return self._labels().full.get(who) or self.name(who)

    def to(self, who):
        """ "au Comte du Puy", "à Lady Lavande"; "the Count du Puy"."""
        f = self.full(who)
        if self.lang != "fr":
            return f
        for article, contracted in _FR_TO:
            if f.startswith(article):
                return contracted + f[len(article) :]
        return "à " + f

    def of(self, who):
        """ "du Colonel Moutarde", "de Mademoiselle Rose"; "Colonel Moutarde's"."""
        f = self.full(who)
        if self.lang != "fr":
            return f + "'s"
        for article, contracted in _FR_OF:
            if f.startswith(article):
                return contracted + f[len(article) :]
        return ("d'" if f[:1].lower() in "aeiouéèêh" else "de ") + f

    # -- the lines of each screen ---------------------------------------------------

    def line(self, kind, *args):
        """The line `kind` of TEXT with its names (ids) filled in."""
        t = self.text
        if kind == "pass":
            return t["pass"] % self.to(args[0])
        if kind == "ready":
            return t["ready"] % self.full(args[0])
        if kind in ("hand", "sheet"):
            return t[kind] % self.name(args[0])
        if kind == "accuse":
            return t["accuse"] % self.name(args[0])
        if kind == "case":
            return t["case"] % (self.of(args[0]), self.name(args[1]))
        if kind == "hypothesis":
            return t["hypothesis"] % (self.name(args[0]), self.name(args[1]))
        if kind == "refute":
            return _cap(t["refute"] % (self.of(args[0]) if self.lang == "fr" else self.full(args[0]),
                                       self.full(args[1]), self.names(args[2])))
        if kind == "shown":
            return _cap(t["shown"] % (self.full(args[0]), self.name(args[1])))
        if kind == "inspecteur":
            return t["inspecteur"] % self.name("INSPECTEUR")
        if kind == "seen":
            return t["seen"] % args[0]
        return t[kind]

    def public(self, h):
        """What the whole table saw of hypothesis `h`: the three named, who
        could not refute, who showed a card."""
        t = self.text
        rest = "".join(_cap(t["passed"] % self.full(g)) for g in h.passed)
        rest += _cap(t["showed"] % self.full(h.shower)) if h.shower else t["noone"]
        return _cap(t["public_hyp"] % (self.full(h.asker), self.names(h.named), rest))

    def outcome(self, triple, right):
        """The table's verdict on an accusation of `triple`."""
        return (self.text["right"] if right else self.text["wrong"]) % self.names(triple)

    def solution(self, triple):
        """What was in the confidential case: for the guest who accused
        wrongly (alone, as the rulebook has it), and for everyone at the end."""
        return self.text["solution"] % self.names(triple)

    def verdict(self, guest, triple, right):
        """The verdict for the log: who accused, and the table's answer."""
        return self.text["verdict"] % (self.name(guest), self.outcome(triple, right))
