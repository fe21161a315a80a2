"""The exported offline app's own lines (`clue-fx web --export`: hal/web/static/app.js),
per edition: the trace saved and taken back, the bug report, the plain
word that private hands on phones need a host, and the warning of a browser
that keeps no game (its storage refused).

    OFFLINE["fr"]["phones"]
"""

OFFLINE = {
    "fr": {
        "edition": "Édition :",
        "save": "Enregistrer la partie",
        "load": "Reprendre une partie…",
        "new_game": "Nouvelle partie",
        "bug": "Signaler un problème",
        "bug_facts": "Version %s, édition %s, graine %s, %s lignes de trace.",
        "bug_download": "Télécharger le rapport",
        "phones": (
            "Les mains secrètes sur les téléphones demandent un ordinateur où clue-fx est installé"
            " (son README le dit en une commande) : lancez-y"
        ),
        "phones_then": "et ouvrez l'adresse qu'il affiche.",
        "not_kept": (
            "Ce navigateur ne garde pas la partie : elle sera perdue si la page se ferme."
            " « Enregistrer la partie » la met dans un fichier."
        ),
    },
    "en": {
        "edition": "Edition:",
        "save": "Save the game",
        "load": "Resume a game…",
        "new_game": "New game",
        "bug": "Report a problem",
        "bug_facts": "Version %s, edition %s, seed %s, %s trace lines.",
        "bug_download": "Download the report",
        "phones": (
            "Private hands on phones need a computer with clue-fx installed"
            " (its README says how, in one command): start"
        ),
        "phones_then": "then open the address it prints.",
        "not_kept": (
            "This browser does not keep the game: it is lost if the page closes."
            " “Save the game” puts it in a file."
        ),
    },
}
OFFLINE["us"] = dict(OFFLINE["en"])
