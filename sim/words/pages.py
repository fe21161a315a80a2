"""The web pages' own lines, per edition: the board page's (what to do
next, the seats, the viewer's banner), the seat page's (its notices, the
detective sheet's legend), the join page's, the card table's refusals (the
rest are the hot-seat screens' words, sim.words.card_words, shared with the
desktop table), and the printed names every page shows.

    page_words(labels, Words("en", labels))   # a JSON-able dict for the pages
    NOTICES["fr"]["not_dealt"]                # a refusal of the card table, in the edition
"""

from firmware.board import BUTTONS, GUESTS, INSPECTEUR, PLACES, START_PADS, SUSPECTS, WEAPONS
from hal.keymap import BUTTON_KEYS, PLACE_KEYS, START_KEYS

from .. import layout as L
from ..cards.sheet import INITIALS as SHEET_INITIALS
from ..keys import SWITCH_KEY

SEAT = {
    "fr": {
        "your_turn": "À vous : fouillez (RECHERCHE sur le plateau) ou faites une hypothèse ici.",
        "or_search": "Ou appuyez sur RECHERCHE sur le plateau : la recherche finit votre tour.",
        "press_stop": "Hypothèse faite : appuyez sur STOP sur le plateau pour finir votre tour.",
        "rollcall": "L'appel des invités : répondez OUI sur le plateau quand le narrateur vous nomme.",
        "not_playing": "Vous ne jouez pas cette partie.",
        "waiting": "Au tour de %s.",
        "waiting_board": "Le plateau est éteint : on attend qu'il soit allumé (MARCHE).",
        "out": "Vous êtes éliminé, mais vous réfutez toujours.",
        "shown": "Dossiers ouverts et cartes montrées",
        "table": "La table",
        "bot": "robot",
        "solution": "L'enveloppe confidentielle :",
        "refused_bad_code": "Ce lien de place n'est plus valable : scannez le code affiché sur le plateau.",
        "refused_held": "Cette place est déjà prise par un autre téléphone. Si c'est le vôtre, touchez « Libérer » "
        "sous cette place sur le plateau, puis scannez son nouveau code.",
        "refused_no_seat": "Il n'y a pas cette place à cette table.",
        "no_seat": "Il n'y a pas de place pour une personne à ce nom.",
        "seat_released": "Vous avez rendu votre place.",
        "seat_to_bot": "Votre place est jouée par un robot.",
        "seat_freed": "Le plateau a libéré votre place.",
        "hand_back": "Rendre ma place",
        "to_bot": "Laisser un robot jouer",
        "sure": "Sûr ? Appuyez encore pour confirmer.",
        "legend": "Légende",
        "legend_mine": "%s : vos cartes (vos initiales)",
        "legend_shown": "%s : carte montrée par %s",
        "legend_case": "%s : vue dans le dossier de ce suspect (%s)",
        "legend_dot": "● après un suspect : vous avez ouvert son dossier ; ○ : pas encore",
        "legend_odds": "? et % : peut encore être dans l'enveloppe confidentielle, et avec quelle chance",
        "legend_link": "● en haut à droite : relié au plateau ; ○ : reconnexion en cours",
        # what a screen reader says (issue 39): the announcements, the sheet's marks spoken, more time
        "said": "Annonces",
        "turn_start": "À vous de jouer : déplacez votre pion sur le plateau.",
        "mark_mine": "dans votre main",
        "mark_shown": "montrée par %s",
        "mark_case": "vue dans le dossier %s",
        "opened": "dossier ouvert",
        "not_opened": "dossier pas encore ouvert",
        "chance": "%s de chances d'être dans l'enveloppe confidentielle",
        "missing": "Choisissez d'abord : %s",
        "more_time": "J'ai besoin de plus de temps : ne jamais proposer ma place à un robot",
    },
    "en": {
        "your_turn": "Your turn: search (SEARCH on the board) or make a hypothesis here.",
        "or_search": "Or press SEARCH on the board: the search ends your turn.",
        "press_stop": "Hypothesis made: press STOP on the board to end your turn.",
        "rollcall": "The roll call: answer YES on the board when the narrator names you.",
        "not_playing": "You are not playing this game.",
        "waiting": "%s's turn.",
        "waiting_board": "The board is off: waiting for it to be switched ON.",
        "out": "You are out, but you still refute.",
        "shown": "Cases opened and cards shown",
        "table": "The table",
        "bot": "bot",
        "solution": "The confidential case:",
        "refused_bad_code": "This seat's link is no longer valid: scan the code shown on the board.",
        "refused_held": 'This seat is held by another phone. If it is yours, tap "Free it" under this seat on '
        "the board, then scan its new code.",
        "refused_no_seat": "There is no such seat at this table.",
        "no_seat": "There is no seat for a person by that name.",
        "seat_released": "You handed your seat back.",
        "seat_to_bot": "A bot plays your seat now.",
        "seat_freed": "The board freed your seat.",
        "hand_back": "Hand my seat back",
        "to_bot": "Let a bot play it",
        "sure": "Sure? Press again to confirm.",
        "legend": "Legend",
        "legend_mine": "%s: your cards (your initials)",
        "legend_shown": "%s: a card shown to you by %s",
        "legend_case": "%s: seen in that suspect's case (%s)",
        "legend_dot": "● after a suspect: you opened their case; ○: not yet",
        "legend_odds": "? and %: can still be in the confidential case, and how likely",
        "legend_link": "● top right: linked to the board; ○: reconnecting",
        # what a screen reader says (issue 39): the announcements, the sheet's marks spoken, more time
        "said": "Announcements",
        "turn_start": "Your turn: move your pawn on the board.",
        "mark_mine": "in your hand",
        "mark_shown": "shown to you by %s",
        "mark_case": "seen in %s case",
        "opened": "case opened",
        "not_opened": "case not opened yet",
        "chance": "%s chance of being in the confidential case",
        "missing": "Choose first: %s",
        "more_time": "I need more time: never offer my seat to a bot",
    },
}

# /join, for a phone that cannot scan: the code shown under its seat's QR code, typed
JOIN = {
    "fr": {
        "title": "Clue FX : rejoindre la table",
        "how": "Tapez le code affiché sous le code QR de votre place, sur le plateau.",
        "code": "Code",
        "go": "Rejoindre",
        "wrong": "Ce n'est pas le code d'une place de cette table : regardez à nouveau le plateau.",
        "slow": "Trop d'essais : attendez une minute.",
    },
    "en": {
        "title": "Clue FX: join the table",
        "how": "Type the code shown under your seat's QR code on the board.",
        "code": "Code",
        "go": "Join",
        "wrong": "That is not the code of a seat at this table: look at the board again.",
        "slow": "Too many tries: wait a minute.",
    },
}
JOIN["us"] = dict(JOIN["en"])
SEAT["us"] = dict(SEAT["en"])

# The board page: what to do next (%s: a name), the seats, the viewer's banner
BOARD = {
    "fr": {
        "press_on": "Appuyez sur MARCHE pour commencer.",
        "scan_first": "Chaque invité qui joue avec son téléphone : scannez d'abord le code de votre place.",
        "scan": "Pas encore de téléphone ? Scannez le code de votre place avec l'appareil photo.",
        "join_at": "Sans appareil photo : ouvrez %s et tapez le code.",
        "rollcall": "L'appel : répondez OUI ou NON quand le narrateur vous nomme.",
        "rollcall_start": "(ou posez votre pion sur votre case DÉPART pour jouer)",
        "move": "Déplacez votre pion : touchez le lieu où vous allez.",
        "moved": "RECHERCHE ici (elle finit le tour), ou une hypothèse à voix haute puis STOP.",
        "moved_phones": "RECHERCHE ici (elle finit le tour), ou une hypothèse sur votre téléphone puis STOP.",
        "accuse_if": "ACCUSATION seulement là où %s est avec vous.",
        "confirm": "Accuser ? OUI pour accuser, NON pour continuer.",
        "found": "%s est trouvé : OUI pour accuser maintenant, NON pour finir le tour.",
        "verdict": "Regardez dans l'enveloppe confidentielle : OUI si vous aviez raison, NON sinon.",
        "bot_plays": "Un robot joue ce tour.",
        "verdict_table": "La table regarde dans l'enveloppe confidentielle.",
        "wait_show": "En attente du téléphone %s : montrer une carte.",
        "wait_accuse": "En attente du téléphone %s : nommer le coupable, le lieu et l'arme.",
        "offer": "Personne ne répond ? Un robot peut jouer cette place :",
        "sure": "Sûr ? Touchez encore",
        "over": "Partie terminée. ARRÊT puis MARCHE pour une nouvelle partie.",
        "asleep": "Le plateau s'est endormi : ARRÊT puis MARCHE pour rejouer.",
        "out": "éliminé",
        "viewer": "Cet écran regarde seulement : on joue sur l'écran du plateau.",
        "take_how": "Pour jouer sur cet écran, tapez le code du plateau affiché par clue-fx web :",
        "take_go": "Prendre le plateau",
        "tv_how": "Pour afficher ici les codes des places, tapez le code du plateau affiché par clue-fx web :",
        "tv_go": "Afficher",
        "board_code": "Code du plateau",
        "wrong_code": "Ce n'est pas le code du plateau (ou trop d'essais : attendez une minute).",
        "taken": "Un autre écran a pris le plateau : celui-ci regarde seulement.",
        "holding": "Cet écran est maintenant le plateau.",
        "fullscreen": "Plein écran",
        "seats": "Les places",
        "held": "prise",
        "online": "téléphone relié",
        "offline": "téléphone absent",
        "free_seat": "Libérer",
        "not_playing": "ne joue pas",
        "audio_off": "Son coupé (?audio=off)",
        "no_awake": (
            "Ce navigateur peut laisser l'écran s'éteindre : réglez la mise en veille de l'appareil sur « jamais »."
        ),
    },
    "en": {
        "press_on": "Press ON to start.",
        "scan_first": "Each guest who plays with a phone: first scan your seat's code.",
        "scan": "No phone yet? Scan your seat's code with the camera.",
        "join_at": "No camera: open %s and type the code.",
        "rollcall": "Roll call: answer YES or NO when the narrator names you.",
        "rollcall_start": "(or put your pawn on your START square to play)",
        "move": "Move your pawn: touch the place you go to.",
        "moved": "SEARCH here (it ends the turn), or make a hypothesis aloud and then STOP.",
        "moved_phones": "SEARCH here (it ends the turn), or make a hypothesis on your phone and then STOP.",
        "accuse_if": "ACCUSATION only where %s is with you.",
        "confirm": "Accuse? YES to accuse, NO to carry on.",
        "found": "%s is found: YES to accuse now, NO to end the turn.",
        "verdict": "Look in the confidential case: YES if you were right, NO if not.",
        "bot_plays": "A bot plays this turn.",
        "verdict_table": "The card table looks in the confidential case.",
        "wait_show": "Waiting for %s phone to show a card.",
        "wait_accuse": "Waiting for %s phone to name the murderer, the place and the weapon.",
        "offer": "No answer? A bot can play this seat:",
        "sure": "Sure? Tap again",
        "over": "Game over. OFF, then ON for a new game.",
        "asleep": "The board fell asleep: OFF, then ON to play again.",
        "out": "out",
        "viewer": "This screen only watches: the game is played on the board's screen.",
        "take_how": "To play on this screen, type the board's code printed by clue-fx web:",
        "take_go": "Take the board",
        "tv_how": "To show the seats' codes here, type the board's code printed by clue-fx web:",
        "tv_go": "Show",
        "board_code": "The board's code",
        "wrong_code": "That is not the board's code (or too many tries: wait a minute).",
        "taken": "Another screen took the board: this one only watches.",
        "holding": "This screen is the board now.",
        "fullscreen": "Full screen",
        "seats": "Seats",
        "held": "taken",
        "online": "phone linked",
        "offline": "phone away",
        "free_seat": "Free it",
        "not_playing": "not playing",
        "audio_off": "Sound off (?audio=off)",
        "no_awake": "This browser may let the screen go dark: set the device's sleep to never.",
    },
}
BOARD["us"] = dict(BOARD["en"])

# The bots' levels (sim.bots.levels.LEVELS), as a page names them
LEVELS = {
    "fr": {
        "easy": "facile",
        "medium": "moyen",
        "hard": "fort",
        "expert": "expert",
        "hard-2026": "fort de 2026",
        "random": "au hasard",
    },
    "en": {
        "easy": "easy",
        "medium": "medium",
        "hard": "hard",
        "expert": "expert",
        "hard-2026": "hard of 2026",
        "random": "random",
    },
}
LEVELS["us"] = dict(LEVELS["en"])

# The card table's refusals of a seat's choice (sim.web.phone_table), as the seat's page says them
NOTICES = {
    "fr": {
        "not_dealt": "pas maintenant : les cartes sont distribuées après l'appel",
        "not_hypothesis": "pas maintenant : on fait une hypothèse à son tour, une fois dans un lieu",
        "not_accuse": "pas maintenant : l'accusation se nomme après le « aviez-vous raison ? » du plateau",
        "refused": "pas maintenant : ce choix n'est plus possible",
        "unknown": "choix inconnu",
        "no_person": "cette place n'est plus à une personne : un robot la joue",
    },
    "en": {
        "not_dealt": "not now: the cards are dealt after the roll call",
        "not_hypothesis": "not now: a hypothesis is made on your turn, once you stand in a place",
        "not_accuse": 'not now: the accusation\'s three cards are named after the board\'s "were you right?"',
        "refused": "not now: that choice is no longer possible",
        "unknown": "unknown choice",
        "no_person": "this seat is no longer a person's: a bot plays it",
    },
}
NOTICES["us"] = dict(NOTICES["en"])


def _corner(pad):
    """Where a START square stands on the desktop board: [column, row], 0 or 1 each."""
    x, y = L.START_XY[pad]
    return [int(x > L.BOARD[0] + L.BOARD[2] / 2), int(y > L.BOARD[1] + L.BOARD[3] / 2)]


def board_layout():
    """What the web board draws as the desktop board does: the ring from its top
    place clockwise, the START squares' corners, the keys of a laptop."""
    i = PLACES.index(L.TOP_PLACE)
    keys = dict(zip(PLACES, PLACE_KEYS))
    keys.update({pad: k for k, pad in START_KEYS.items()})
    keys.update({b: k for k, b in BUTTON_KEYS.items()})
    return {
        "ring": list(PLACES[i:] + PLACES[:i]),
        "corners": {pad: _corner(pad) for pad in START_PADS},
        "keys": keys,
        "buttons": list(BUTTONS),
        "switch_key": SWITCH_KEY,
    }


def page_words(labels, words):
    """The printed names and lines the pages show in one edition: `labels`
    (sim.words.labels.Labels) and `words` (sim.words.card_words.Words) of it."""
    lang = labels.lang
    names = {t: words.name(t) for t in PLACES + GUESTS + SUSPECTS + WEAPONS + START_PADS + (INSPECTEUR,)}
    return {
        "names": names,
        "full": {k: words.full(k) for k in GUESTS + SUSPECTS + (INSPECTEUR,)},
        "of": {k: words.of(k) for k in GUESTS + SUSPECTS},
        "initials": {s: words.initials(s) for s in SUSPECTS},
        "marks": words.marks(),  # a guest's initials on a sheet, as this edition prints them
        "guest_marks": {g: words.marks()[SHEET_INITIALS[g]] for g in GUESTS},
        "buttons": dict(labels.buttons),
        "ui": {k: v for k, v in labels.ui.items() if isinstance(v, str)},
        "table": dict(words.text),
        "seat": SEAT[lang],
        # the names said in another language than the page's: the English edition keeps the French people
        "name_lang": {k: "fr" for k in GUESTS + SUSPECTS + (INSPECTEUR,)} if lang == "en" else {},
        "join": JOIN[lang],
        "board": BOARD[lang],
        "levels": LEVELS[lang],
        "layout": board_layout(),
        "places": list(PLACES),
        "guests": list(GUESTS),
        "suspects": list(SUSPECTS),
        "weapons": list(WEAPONS),
    }
