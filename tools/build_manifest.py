"""Write sounds/manifest.json from the firmware's clip table and the captions
below: every clip numbered as firmware/clips.py numbers it, with its speaker (Edmond or
the Inspecteur, RULES.md "Who speaks") and its French (the board's own
edition) and English captions.

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
sys.path.insert(0, str(ROOT / "tools"))

from firmware.clipnames import names  # noqa: E402

CLIPS = names()

# The guests are named only when spoken to: vocatives, no article (a butler
# says « Monsieur le Comte »). English keeps the names the rulebook prints.
GUESTS = {
    "COMTE": ("Monsieur le Comte", "Comte du Puy"),
    "LAVANDE": ("Lady Lavande", "Lady Lavande"),
    "PECHE": ("Mademoiselle Pêche", "Melle Pêche"),
    "AZUR": ("Prince Azur", "Prince Azur"),
}
# As printed on the pawns and the folders (the window and the card table
# show these; the voice says the vocatives above).
GUEST_CARDS = {
    "COMTE": ("Comte du Puy", "Comte du Puy"),
    "LAVANDE": ("Lady Lavande", "Lady Lavande"),
    "PECHE": ("Melle Pêche", "Melle Pêche"),
    "AZUR": ("Prince Azur", "Prince Azur"),
}
# The suspects are only spoken of, never to.
SUSPECTS = {
    "MOUTARDE": ("le Colonel Moutarde", "Colonel Moutarde"),
    "VIOLET": ("le Professeur Violet", "Professeur Violet"),
    "OLIVE": ("le Révérend Olive", "Révérend Olive"),
    "PERVENCHE": ("Madame Pervenche", "Mme Pervenche"),
    "ROSE": ("Mademoiselle Rose", "Mlle Rose"),
    "LEBLANC": ("Madame Leblanc", "Mme Leblanc"),
    "FRANCIS": ("Francis", "Francis"),
    "BEAUMONT": ("Madame Beaumont", "Mme Beaumont"),
}
# place -> (bare fr, bare en, "at" fr, "at" en, the sound fr, the sound en)
PLACES = {
    "GARDIEN": ("la maison du gardien", "the gatekeeper's lodge",
                "à la maison du gardien", "at the gatekeeper's lodge",
                "un chien aboie, une grille grince", "a dog barks and a gate creaks"),
    "PISCINE": ("la piscine", "the swimming pool",
                "à la piscine", "at the swimming pool",
                "un plongeon", "a splash"),
    "MANOIR": ("le manoir Tudor", "Tudor Manor",
               "au manoir Tudor", "at Tudor Manor",
               "une horloge sonne", "a clock chimes"),
    "JARDINS": ("les jardins", "the gardens",
                "dans les jardins", "in the gardens",
                "des oiseaux chantent", "birds sing"),
    "ABRI": ("l'abri à bateaux", "the boathouse",
             "à l'abri à bateaux", "at the boathouse",
             "l'eau clapote, une corne sonne", "water laps and a horn sounds"),
    "TENNIS": ("le court de tennis", "the tennis court",
               "au court de tennis", "at the tennis court",
               "des balles de tennis rebondissent", "tennis balls bounce"),
    "GARAGE": ("le garage", "the garage",
               "au garage", "at the garage",
               "un moteur démarre", "an engine starts"),
    "KIOSQUE": ("le kiosque", "the kiosk",
                "au kiosque", "at the kiosk",
                "un orchestre joue", "a band plays"),
    "ECURIE": ("l'écurie", "the stables",
               "à l'écurie", "at the stables",
               "un cheval hennit", "a horse neighs"),
}
_YES_NO = (" Répondez par oui ou par non.", " Answer yes or no.")
OTHERS = {
    "jingle.greeting": ("♪ (un arpège mystérieux)", "♪ (a mysterious arpeggio)"),
    "jingle.win": ("♪ (une fanfare)", "♪ (a fanfare)"),
    "jingle.wrong": ("♪ (un trombone triste)", "♪ (a sad trombone)"),
    "inspecteur": ("l'Inspecteur Dupont", "Inspecteur Dupont"),
    "phrase.greeting": (
        "Bonsoir. Je suis Edmond, le majordome du docteur Lenoir.",
        "Good evening. I am Edmond, Dr. Lenoir's butler.",
    ),
    "phrase.remove_pawns": (
        "Retirez tous les pions du plateau, s'il vous plaît.",
        "Please remove all the pawns from the board.",
    ),
    "phrase.are_you_playing": (", jouez-vous ?" + _YES_NO[0], ", are you playing?" + _YES_NO[1]),
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
    "phrase.not_a_place": ("Posez votre pion sur un lieu.", "Put your pawn on a place."),
    "phrase.you_meet": (", vous rencontrez", ", you meet"),
    "phrase.no_suspect": (", il n'y a aucun suspect", ", there is no suspect"),
    "phrase.inspecteur_here": (". L'Inspecteur Dupont est ici.", ". Inspecteur Dupont is here."),
    "phrase.you_find": ("Quelqu'un se cachait ici :", "Someone was hiding here:"),
    "phrase.nobody_hiding": ("Personne ne se cache ici.", "Nobody is hiding here."),
    "phrase.move_first": ("Déplacez d'abord votre pion.", "Move your pawn first."),
    "phrase.already_searched": ("Vous avez déjà fouillé ce lieu.", "You have already searched this place."),
    "phrase.inspecteur_not_here": (
        "Vous n'avez pas trouvé l'Inspecteur ici.",
        "You have not found the Inspecteur here.",
    ),
    "phrase.confirm_accusation": (
        "Voulez-vous vraiment faire une accusation ?" + _YES_NO[0],
        "Do you really want to make an accusation?" + _YES_NO[1],
    ),
    "phrase.found_inspecteur": (
        "Vous m'avez trouvé ! Voulez-vous faire une accusation ?" + _YES_NO[0],
        "You found me! Do you want to make an accusation?" + _YES_NO[1],
    ),
    "phrase.accusation": (
        "Nommez le meurtrier, le lieu et l'arme. Regardez dans l'enveloppe "
        "confidentielle. Aviez-vous raison ?" + _YES_NO[0],
        "Name the murderer, the place and the weapon. Look in the confidential "
        "case. Were you right?" + _YES_NO[1],
    ),
    "phrase.right": (", bravo ! Vous avez résolu le mystère.", ", well done! You have solved the mystery."),
    "phrase.wrong": (
        ", je suis désolé. Vous auriez dû être plus perspicace.",
        ", I am sorry. You should have been more perceptive.",
    ),
    "phrase.last_guest": (
        ", il ne reste que vous en jeu : vous gagnez !",
        ", you are the last guest in the game: you win!",
    ),
    "phrase.game_over": (
        "La partie est terminée. Pour rejouer, éteignez puis rallumez le plateau.",
        "The game is over. To play again, switch the board off, then on.",
    ),
    "phrase.battery_low": ("Les piles sont faibles.", "The batteries are low."),
    "phrase.battery_empty": (
        "Les piles sont vides. Changez-les, puis éteignez et rallumez le plateau. Au revoir.",
        "The batteries are empty. Change them, then switch the board off and on. Goodbye.",
    ),
    "phrase.sleep": (
        "Personne ne joue ? Je vais me reposer. Pour rejouer, éteignez puis rallumez le plateau. Au revoir.",
        "Is nobody playing? I shall go and rest. To play again, switch the board off, then on. Goodbye.",
    ),
    "word.and": ("et", "and"),
    "word.leaves": ("quitte", "leaves"),
    "word.arrives": ("arrive", "arrives"),
    "phrase.joined": (", vous voilà dans la partie.", ", you are in the game."),
    "phrase.pawns_on_start": (
        ". Posez vos pions sur vos cases de départ.",
        ". Please put your pawns on your START squares.",
    ),
    "phrase.cancelled": ("Très bien, poursuivez.", "Very well, carry on."),
    "phrase.heading_for": ("et se dirige vers", ", heading for"),
}
# The speakers (RULES.md, Who speaks), as the captions name them.
SPEAKERS = {
    "narrator": {"fr": "Edmond", "en": "Edmond"},
    "inspecteur": {"fr": "Inspecteur Dupont", "en": "Inspecteur Dupont"},
}


def speakers():
    """Each clip's speaker, from the firmware's own sentences (Say.speaker of
    every form tools/sentences.py lists): the clips of the Inspecteur's lines
    are his; every other clip, the place sounds included, is Edmond's."""
    import sentences  # tools/sentences.py, beside this file

    from firmware.phrases import say

    said = {}
    for key, args in sentences.forms():
        s = say(key, args)
        for n in s.clips:
            said[n] = s.speaker
    return said


def captions(name):
    """(fr, en, extra fields) for clip `name`."""
    kind, _, what = name.partition(".")
    if kind == "guest":
        fr, en = GUEST_CARDS[what]
        return GUESTS[what] + ({"card": {"fr": fr, "en": en}},)
    if kind == "dupont":  # the same name, in the Inspecteur's voice
        return GUESTS[what] + ({},)
    if kind == "suspect":
        return SUSPECTS[what] + ({},)
    if kind in ("place", "at", "sfx"):
        bare_fr, bare_en, at_fr, at_en, sound_fr, sound_en = PLACES[what]
        if kind == "place":
            return bare_fr, bare_en, {}
        if kind == "at":
            return at_fr, at_en, {}
        # the sound described, never the place named: a reader hears what a listener hears
        return "♪ (%s)" % sound_fr, "♪ (%s)" % sound_en, {"sound": sound_en}
    return OTHERS[name] + ({},)


def manifest():
    clips = []
    said = speakers()
    for i, name in enumerate(CLIPS):
        fr, en, extra = captions(name)
        speaker = said.get(i + 1, "narrator")
        clip = {"id": i + 1, "name": name, "speaker": speaker, "fr": fr, "en": en}
        clip.update(extra)
        clips.append(clip)
    return {"format": "cfx-sounds/1", "editions": ["fr", "en"], "speakers": SPEAKERS, "clips": clips}


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
