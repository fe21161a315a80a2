"""The seat page's own lines, per edition (the rest are the hot-seat
screens' words, sim.hotseat.words, shared with the desktop table), and the
printed names every page shows.

    page_words(labels, Words("en", labels))   # a JSON-able dict for the pages
"""

from firmware.board import GUESTS, INSPECTEUR, PLACES, START_PADS, SUSPECTS, WEAPONS

SEAT = {
    "fr": {
        "your_turn": "À vous : fouillez (RECHERCHE sur le plateau) ou faites une hypothèse ici.",
        "or_search": "Ou appuyez sur RECHERCHE sur le plateau, puis STOP.",
        "press_stop": "Hypothèse faite : appuyez sur STOP sur le plateau pour finir votre tour.",
        "rollcall": "L'appel des invités : répondez OUI sur le plateau quand le narrateur vous nomme.",
        "not_playing": "Vous ne jouez pas cette partie.",
        "waiting": "Au tour de %s.",
        "waiting_board": "En attente du plateau : allumez-le (MARCHE).",
        "out": "Vous êtes éliminé, mais vous réfutez toujours.",
        "shown": "Dossiers ouverts et cartes montrées",
        "table": "La table",
        "bot": "robot",
        "solution": "L'enveloppe confidentielle :",
        "refused_bad_code": "Ce lien de place n'est plus valable : scannez le code affiché sur le plateau.",
        "refused_held": "Cette place est déjà prise par un autre téléphone. Demandez qu'elle soit rendue.",
        "refused_no_seat": "Il n'y a pas cette place à cette table.",
        "no_seat": "Il n'y a pas de place pour une personne à ce nom.",
        "seat_released": "Vous avez rendu votre place.",
        "seat_to_bot": "Votre place est jouée par un robot.",
        "seat_freed": "Le plateau a libéré votre place.",
        "hand_back": "Rendre ma place",
        "to_bot": "Laisser un robot jouer",
        "sure": "Sûr ? Appuyez encore pour confirmer.",
    },
    "en": {
        "your_turn": "Your turn: search (SEARCH on the board) or make a hypothesis here.",
        "or_search": "Or press SEARCH on the board, then STOP.",
        "press_stop": "Hypothesis made: press STOP on the board to end your turn.",
        "rollcall": "The roll call: answer YES on the board when the narrator names you.",
        "not_playing": "You are not playing this game.",
        "waiting": "%s's turn.",
        "waiting_board": "Waiting for the board: switch it ON.",
        "out": "You are out, but you still refute.",
        "shown": "Cases opened and cards shown",
        "table": "The table",
        "bot": "bot",
        "solution": "The confidential case:",
        "refused_bad_code": "This seat's link is no longer valid: scan the code shown on the board.",
        "refused_held": "This seat is held by another phone. Ask for it to be handed back.",
        "refused_no_seat": "There is no such seat at this table.",
        "no_seat": "There is no seat for a person by that name.",
        "seat_released": "You handed your seat back.",
        "seat_to_bot": "A bot plays your seat now.",
        "seat_freed": "The board freed your seat.",
        "hand_back": "Hand my seat back",
        "to_bot": "Let a bot play it",
        "sure": "Sure? Press again to confirm.",
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


def page_words(labels, words):
    """The printed names and lines the pages show in one edition: `labels`
    (sim.labels.Labels) and `words` (sim.hotseat.words.Words) of it."""
    lang = labels.lang
    names = {t: words.name(t) for t in PLACES + GUESTS + SUSPECTS + WEAPONS + START_PADS + (INSPECTEUR,)}
    return {
        "names": names,
        "full": {k: words.full(k) for k in GUESTS + SUSPECTS + (INSPECTEUR,)},
        "of": {k: words.of(k) for k in GUESTS + SUSPECTS},
        "initials": {s: words.initials(s) for s in SUSPECTS},
        "marks": words.marks(),  # a guest's initials on a sheet, as this edition prints them
        "buttons": dict(labels.buttons),
        "ui": {k: v for k, v in labels.ui.items() if isinstance(v, str)},
        "table": dict(words.text),
        "seat": SEAT[lang],
        "join": JOIN[lang],
        "places": list(PLACES),
        "guests": list(GUESTS),
        "suspects": list(SUSPECTS),
        "weapons": list(WEAPONS),
    }
