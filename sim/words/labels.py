"""The words printed on the desktop board, per edition. Names of places,
guests and suspects come from the sounds manifest (hal.captions), so the
window and the voice always agree; the rest is the board's own print."""

from firmware.board import GUESTS, INSPECTEUR, PLACES, START_PADS, SUSPECTS, guest_of_start
from firmware.table import ASLEEP, OFF, OVER, ROLLCALL

BUTTON_TEXT = {
    "fr": {
        "STOP": "STOP",
        "SEARCH": "RECHERCHE",
        "REPEAT": "RÉPÉTER",
        "ACCUSE": "ACCUSATION",
        "YES": "OUI",
        "NO": "NON",
        "WAIT": "ATTENDRE",
    },
    "en": {
        "STOP": "STOP",
        "SEARCH": "SEARCH",
        "REPEAT": "REPEAT",
        "ACCUSE": "ACCUSATION",
        "YES": "YES",
        "NO": "NO",
        "WAIT": "WAIT",
    },
}

UI = {
    "fr": {
        "title": "Clue FX — le plateau parlant",
        "seed": "graine",
        "battery": "piles",
        "caption": "Le plateau dit",  # Edmond, or the Inspecteur: each line names its speaker
        "log": "Journal",
        "off": "Plateau éteint",
        "asleep": "Plateau endormi",
        "wake": "O : interrupteur MARCHE/ARRÊT",
        "turn": "Tour de jeu :",
        "rollcall": "Appel des invités",
        "over": "Partie terminée",
        "footer": "F1 aide   F3 débogage   F11 plein écran",
        "help": "Touches",
        "turn_title": "Un tour",
        "turn_rules": (
            "Déplacez votre pion sur un lieu : Edmond dit qui s'y trouve.",
            "Puis RECHERCHE (qui se cache ici ? elle finit le tour), ou une hypothèse (un suspect, une arme, "
            "ce lieu) réfutée avec les cartes, puis STOP.",
            "ACCUSATION seulement là où l'Inspecteur Dupont est avec vous, et connu : nommez le "
            "meurtrier, le lieu et l'arme, regardez dans l'enveloppe confidentielle, répondez OUI ou NON.",
            "RÉPÉTER redit la dernière annonce ; ATTENDRE demande au joueur de se dépêcher.",
        ),
        "hidden": "caché",
        "debug": "Où ils sont vraiment",
        "selftest": "Auto-test",
        "start": "DÉPART",
        "bot": "robot",
        "switch_on": "MARCHE",
        "switch_off": "ARRÊT",
        "window": {
            "help": "aide",
            "debug": "débogage",
            "fullscreen": "plein écran",
            "log": "faire défiler le journal",
            "quit": "quitter",
        },
        "switch": "interrupteur",
        "switch_help": "interrupteur (partie en cours : maintenir 1 s)",
        "hold_off": "maintenez O (ou l'interrupteur) une seconde pour éteindre : la partie continue",
        "holding": "ARRÊT…",
        "where": "la partie reprend ici ; le plateau disait :",
        "table_keys": "Table :",
        "battery_keys": "piles −100 mV / +100 mV",
        "manor": "Manoir Tudor",
    },
    "en": {
        "title": "Clue FX — the talking board",
        "seed": "seed",
        "battery": "batteries",
        "caption": "The board says",  # Edmond, or the Inspecteur: each line names its speaker
        "log": "Log",
        "off": "The board is off",
        "asleep": "The board is asleep",
        "wake": "O: the ON/OFF switch",
        "turn": "Turn:",
        "rollcall": "Roll call",
        "over": "Game over",
        "footer": "F1 help   F3 debug   F11 full screen",
        "help": "Keys",
        "turn_title": "A turn",
        "turn_rules": (
            "Move your pawn to a place: Edmond says who is there.",
            "Then SEARCH (who hides here? it ends the turn), or a hypothesis (a suspect, a weapon, "
            "this place) refuted with the cards, and then STOP.",
            "ACCUSATION only where Inspecteur Dupont stands with you, in view: name the murderer, "
            "the place and the weapon, look in the confidential case, answer YES or NO.",
            "REPEAT says the last announcement again; WAIT hurries the player.",
        ),
        "hidden": "hidden",
        "debug": "Where they really are",
        "selftest": "Self-test",
        "start": "START",
        "bot": "bot",
        "switch_on": "ON",
        "switch_off": "OFF",
        "window": {
            "help": "help",
            "debug": "debug",
            "fullscreen": "full screen",
            "log": "scroll the log",
            "quit": "quit",
        },
        "switch": "ON/OFF switch",
        "switch_help": "ON/OFF switch (in a game: hold 1 s)",
        "hold_off": "hold O (or the switch) for a second to switch the board off: the game goes on",
        "holding": "OFF…",
        "where": "the game goes on from here; the board last said:",
        "table_keys": "Table:",
        "battery_keys": "batteries −100 mV / +100 mV",
        "manor": "Tudor Manor",
    },
}

# Clue FX (North America): the English board's print, with the names its box prints.
BUTTON_TEXT["us"] = dict(BUTTON_TEXT["en"])
UI["us"] = dict(
    UI["en"],
    turn_rules=(
        "Move your pawn to a place: Mr. Ashe says who is there.",
        UI["en"]["turn_rules"][1],
        "ACCUSATION only where Inspector Brown stands with you, in view: name the murderer, "
        "the place and the weapon, look in the confidential case, answer YES or NO.",
        UI["en"]["turn_rules"][3],
    ),
    manor="Tudor Mansion",
)

_ARTICLES = ("le ", "la ", "les ", "l'", "the ")


def bare(text):
    """'la piscine' -> 'Piscine', "l'écurie" -> 'Écurie', 'the stables' -> 'Stables'."""
    for article in _ARTICLES:
        if text.lower().startswith(article):
            text = text[len(article) :]
            break
    return text[:1].upper() + text[1:]


class Labels:
    def __init__(self, lang, captions):
        self.lang = lang
        self.ui = UI[lang]
        self.buttons = BUTTON_TEXT[lang]
        self.places = {p: bare(captions.clip_by_name("place." + p)) for p in PLACES}
        self.guests = {g: captions.card("guest." + g) for g in GUESTS}  # as printed on the pawns
        self.suspects = {s: bare(captions.clip_by_name("suspect." + s)) for s in SUSPECTS}
        self.suspects[INSPECTEUR] = bare(captions.clip_by_name("inspecteur"))
        # As said in a sentence, with the caption's article ("le Comte du Puy", "the stables").
        self.full = {g: captions.clip_by_name("guest." + g) for g in GUESTS}
        self.full.update((s, captions.clip_by_name("suspect." + s)) for s in SUSPECTS)
        self.full.update((p, captions.clip_by_name("place." + p)) for p in PLACES)
        self.full[INSPECTEUR] = captions.clip_by_name("inspecteur")

    def name(self, thing):
        """The printed name of any id a player may see: a place, a START
        square ("START — Comte du Puy"), a guest, a suspect, the Inspecteur,
        a button. An id nobody printed is a program bug, never shown."""
        for names in (self.places, self.guests, self.suspects, self.buttons):
            if thing in names:
                return names[thing]
        if thing in START_PADS:
            return "%s — %s" % (self.ui["start"], self.guests[guest_of_start(thing)])
        raise KeyError("no printed name for %r" % (thing,))

    def status(self, n, debug=False, selftest=None):
        """The status line for narrator `n`: whose turn, the roll call, asleep...;
        `selftest`: (clip, of clips) while the self-test plays."""
        ui = self.ui
        if selftest is not None:
            return "%s  %d / %d" % (ui["selftest"], selftest[0], selftest[1])
        if n.state in (OFF, ASLEEP):
            text = ui["asleep" if n.state == ASLEEP else "off"]
        elif n.state == ROLLCALL:
            text = ui["rollcall"]
        elif n.state == OVER:
            text = ui["over"]
        elif n.current:
            text = "%s %s" % (ui["turn"], self.guests[n.current])
        else:
            text = ""
        return text + ("   [%s]" % n.state if debug else "")
