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
    },
}
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
        "places": list(PLACES),
        "guests": list(GUESTS),
        "suspects": list(SUSPECTS),
        "weapons": list(WEAPONS),
    }
