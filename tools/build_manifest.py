"""Write sounds/manifest.json from the firmware's clip table and the captions
below: every clip numbered as firmware/clips.py numbers it, with its French
(the board's own edition) and English captions.

    python tools/build_manifest.py            # write sounds/manifest.json
    python tools/build_manifest.py --check    # exit 1 if the file is stale

Captions are written to be joined with spaces in the firmware's clip order,
the same order in both languages.
"""

import argparse
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from firmware.clips import names  # noqa: E402

CLIPS = names()

GUESTS = {
    "COMTE": ("le Comte du Puy", "the Count du Puy"),
    "LAVANDE": ("Lady Lavande", "Lady Lavande"),
    "PECHE": ("Mademoiselle Pêche", "Miss Pêche"),
    "AZUR": ("le Prince Azur", "Prince Azur"),
}
SUSPECTS = {
    "MOUTARDE": ("le Colonel Moutarde", "Colonel Moutarde"),
    "VIOLET": ("le Professeur Violet", "Professor Violet"),
    "OLIVE": ("le Révérend Olive", "Reverend Olive"),
    "PERVENCHE": ("Madame Pervenche", "Mrs Pervenche"),
    "ROSE": ("Mademoiselle Rose", "Miss Rose"),
    "LEBLANC": ("Madame Leblanc", "Mrs Leblanc"),
    "FRANCIS": ("Francis", "Francis"),
    "BEAUMONT": ("Madame Beaumont", "Mrs Beaumont"),
}
# place -> (bare fr, bare en, "at" fr, "at" en, sound description)
PLACES = {
    "GARDIEN": ("la maison du gardien", "the gatekeeper's lodge",
                "à la maison du gardien", "at the gatekeeper's lodge", "a dog barks and a gate creaks"),
    "PISCINE": ("la piscine", "the swimming pool",
                "à la piscine", "at the swimming pool", "a splash"),
    "MANOIR": ("le manoir Tudor", "Tudor Manor",
               "au manoir Tudor", "at Tudor Manor", "a clock chimes"),
    "JARDINS": ("les jardins", "the gardens",
                "dans les jardins", "in the gardens", "birds sing"),
    "ABRI": ("l'abri à bateaux", "the boathouse",
             "à l'abri à bateaux", "at the boathouse", "water laps and a horn sounds"),
    "TENNIS": ("le court de tennis", "the tennis court",
               "au court de tennis", "at the tennis court", "tennis balls bounce"),
    "GARAGE": ("le garage", "the garage",
               "au garage", "at the garage", "an engine starts"),
    "KIOSQUE": ("le kiosque", "the kiosk",
                "au kiosque", "at the kiosk", "a band plays"),
    "ECURIE": ("l'écurie", "the stables",
               "à l'écurie", "at the stables", "a horse neighs"),
}
OTHERS = {
    "jingle.greeting": ("♪ (jingle)", "♪ (jingle)"),
    "jingle.win": ("♪ (fanfare)", "♪ (fanfare)"),
    "jingle.wrong": ("♪ (hélas)", "♪ (sting)"),
    "inspecteur": ("l'Inspecteur Dupont", "Inspector Dupont"),
    "phrase.greeting": (
        "Bonsoir. Je suis Edmond, le majordome du docteur Lenoir.",
        "Good evening. I am Edmond, Dr. Lenoir's butler.",
    ),
    "phrase.remove_pawns": (
        "Retirez tous les pions du plateau, s'il vous plaît.",
        "Please remove all the pawns from the board.",
    ),
    "phrase.are_you_playing": (", jouez-vous ?", ", are you playing?"),
    "phrase.need_two": (
        "Il faut au moins deux invités pour jouer.",
        "At least two guests are needed to play.",
    ),
    "phrase.welcome": ("Bienvenue au manoir Tudor,", "Welcome to Tudor Manor,"),
    "phrase.your_turn": (", c'est à vous.", ", it is your turn."),
    "phrase.hurry": (", dépêchez-vous, je vous prie !", ", please hurry up!"),
    "phrase.same_place": (
        "Vous devez aller dans un nouveau lieu.",
        "You must go somewhere new.",
    ),
    "phrase.already_moved": ("Vous avez déjà déplacé votre pion.", "You have already moved your pawn."),
    "phrase.not_a_place": ("Touchez un lieu.", "Touch a place."),
    "phrase.you_meet": (", vous rencontrez", ", you meet"),
    "phrase.no_suspect": (", il n'y a aucun suspect", ", there is no suspect"),
    "phrase.inspecteur_here": (". L'Inspecteur Dupont est ici.", ". Inspector Dupont is here."),
    "phrase.you_find": ("Vous avez trouvé, caché ici :", "You found, hiding here:"),
    "phrase.nobody_hiding": ("Personne ne se cache ici.", "Nobody is hiding here."),
    "phrase.move_first": ("Déplacez d'abord votre pion.", "Move your pawn first."),
    "phrase.already_searched": ("Vous avez déjà fouillé ce lieu.", "You have already searched this place."),
    "phrase.inspecteur_not_here": ("L'Inspecteur n'est pas ici.", "The Inspector is not here."),
    "phrase.confirm_accusation": (
        "Voulez-vous vraiment faire une accusation ? Répondez oui ou non.",
        "Do you really want to make an accusation? Answer yes or no.",
    ),
    "phrase.found_inspecteur": (
        "Vous m'avez trouvé ! Voulez-vous faire une accusation ?",
        "You found me! Do you want to make an accusation?",
    ),
    "phrase.accusation": (
        "Nommez le meurtrier, le lieu et l'arme. Regardez dans l'enveloppe "
        "confidentielle. Aviez-vous raison ?",
        "Name the murderer, the place and the weapon. Look in the confidential "
        "case. Were you right?",
    ),
    "phrase.right": (", bravo ! Vous avez résolu le mystère.", ", well done! You have solved the mystery."),
    "phrase.wrong": (
        ", je suis désolé. Vous auriez dû être plus perspicace.",
        ", I am sorry. You should have been more perceptive.",
    ),
    "phrase.last_guest": (
        ", vous êtes le dernier invité en jeu : vous gagnez !",
        ", you are the last guest in the game: you win!",
    ),
    "phrase.game_over": (
        "La partie est terminée. Pour rejouer, éteignez puis rallumez le plateau.",
        "The game is over. To play again, switch the board off, then on.",
    ),
    "phrase.battery_low": ("Les piles sont faibles.", "The batteries are low."),
    "phrase.battery_empty": ("Les piles sont vides. Au revoir.", "The batteries are empty. Goodbye."),
    "phrase.sleep": (
        "Personne ne joue ? Je vais me reposer. Au revoir.",
        "Is nobody playing? I shall go and rest. Goodbye.",
    ),
    "word.and": ("et", "and"),
    "word.leaves": ("quitte", "leaves"),
    "word.arrives": ("arrive", "arrives"),
}


def captions(name):
    """(fr, en, extra fields) for clip `name`."""
    kind, _, what = name.partition(".")
    if kind == "guest":
        return GUESTS[what] + ({},)
    if kind == "suspect":
        return SUSPECTS[what] + ({},)
    if kind in ("place", "at", "sfx"):
        bare_fr, bare_en, at_fr, at_en, sound = PLACES[what]
        if kind == "place":
            return bare_fr, bare_en, {}
        if kind == "at":
            return at_fr, at_en, {}
        return "♪ (%s)" % bare_fr, "♪ (%s)" % sound, {"sound": sound}
    return OTHERS[name] + ({},)


def manifest():
    clips = []
    for i, name in enumerate(CLIPS):
        fr, en, extra = captions(name)
        clip = {"id": i + 1, "name": name, "fr": fr, "en": en}
        clip.update(extra)
        clips.append(clip)
    return {"format": "cfx-sounds/1", "editions": ["fr", "en"], "clips": clips}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only check that the file is up to date")
    parser.add_argument("--out", default=str(ROOT / "sounds" / "manifest.json"))
    args = parser.parse_args(argv)
    text = json.dumps(manifest(), ensure_ascii=False, indent=1) + "\n"
    path = pathlib.Path(args.out)
    if args.check:
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            print("%s is stale: run python tools/build_manifest.py" % path)
            return 1
        print("%s is up to date (%d clips)" % (path, len(CLIPS)))
        return 0
    path.write_text(text, encoding="utf-8")
    print("wrote %s: %d clips" % (path, len(CLIPS)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
