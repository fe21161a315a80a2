"""Write sounds/manifest.json from the firmware's clip table and the captions
below: every clip numbered as firmware/clips.py numbers it, with its speaker (Edmond or
the Inspecteur, RULES.md "Who speaks") and its French (the board's own
edition), English (the rulebook's, which keeps the French names) and
North American (Clue FX: Mr. Ashe, Inspector Brown, Lord Gray...) captions.

    python tools/build_manifest.py            # write sounds/manifest.json
    python tools/build_manifest.py --check    # exit 1 if the file is stale

Captions are written to be joined with spaces in the firmware's clip order,
the same order in every edition.
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

EDITIONS = ("fr", "en", "us")

# Every table below gives one text per edition, in the order of EDITIONS:
# fr, the board's own edition (Super Cluedo Interactif); en, the English
# rulebook as printed, which keeps the French names and titles; us, Clue FX
# as sold in North America, with the names its box prints.

# The guests are named only when spoken to: vocatives, no article (a butler
# says « Monsieur le Comte »). English keeps the names the rulebook prints.
GUESTS = {
    "COMTE": ("Monsieur le Comte", "Comte du Puy", "Lord Gray"),
    "LAVANDE": ("Lady Lavande", "Lady Lavande", "Lady Lavender"),
    "PECHE": ("Mademoiselle Pêche", "Melle Pêche", "Miss Peach"),
    "AZUR": ("Prince Azur", "Prince Azur", "Prince Azure"),
}
# As printed on the pawns and the folders (the window and the card table
# show these; the voice says the vocatives above).
GUEST_CARDS = {
    "COMTE": ("Comte du Puy", "Comte du Puy", "Lord Gray"),
    "LAVANDE": ("Lady Lavande", "Lady Lavande", "Lady Lavender"),
    "PECHE": ("Melle Pêche", "Melle Pêche", "Miss Peach"),
    "AZUR": ("Prince Azur", "Prince Azur", "Prince Azure"),
}
# The suspects are only spoken of, never to.
SUSPECTS = {
    "MOUTARDE": ("le Colonel Moutarde", "Colonel Moutarde", "Colonel Mustard"),
    "VIOLET": ("le Professeur Violet", "Professeur Violet", "Professor Plum"),
    "OLIVE": ("le Révérend Olive", "Révérend Olive", "Mr. Green"),
    "PERVENCHE": ("Madame Pervenche", "Mme Pervenche", "Mrs. Peacock"),
    "ROSE": ("Mademoiselle Rose", "Mlle Rose", "Miss Scarlet"),
    "LEBLANC": ("Madame Leblanc", "Mme Leblanc", "Mrs. White"),
    "FRANCIS": ("Francis", "Francis", "Rusty"),
    "BEAUMONT": ("Madame Beaumont", "Mme Beaumont", "Mrs. Meadow-Brook"),
}
# place -> {edition: (bare, "at", the sound)}; us as its box prints them.
PLACES = {
    "GARDIEN": {
        "fr": ("la maison du gardien", "à la maison du gardien", "un chien aboie, une grille grince"),
        "en": ("the gatekeeper's lodge", "at the gatekeeper's lodge", "a dog barks and a gate creaks"),
        "us": ("the Gate House", "at the Gate House", "a dog barks and a gate creaks"),
    },
    "PISCINE": {
        "fr": ("la piscine", "à la piscine", "un plongeon"),
        "en": ("the swimming pool", "at the swimming pool", "a splash"),
        "us": ("the Swimming Pool", "at the Swimming Pool", "a splash"),
    },
    "MANOIR": {
        "fr": ("le manoir Tudor", "au manoir Tudor", "une horloge sonne"),
        "en": ("Tudor Manor", "at Tudor Manor", "a clock chimes"),
        "us": ("the Tudor Mansion", "at the Tudor Mansion", "a clock chimes"),
    },
    "JARDINS": {
        "fr": ("les jardins", "dans les jardins", "des oiseaux chantent"),
        "en": ("the gardens", "in the gardens", "birds sing"),
        "us": ("the Garden", "in the Garden", "birds sing"),
    },
    "ABRI": {
        "fr": ("l'abri à bateaux", "à l'abri à bateaux", "l'eau clapote, une corne sonne"),
        "en": ("the boathouse", "at the boathouse", "water laps and a horn sounds"),
        "us": ("the Boat House", "at the Boat House", "water laps and a horn sounds"),
    },
    "TENNIS": {
        "fr": ("le court de tennis", "au court de tennis", "des balles de tennis rebondissent"),
        "en": ("the tennis court", "at the tennis court", "tennis balls bounce"),
        "us": ("the Tennis Courts", "at the Tennis Courts", "tennis balls bounce"),
    },
    "GARAGE": {
        "fr": ("le garage", "au garage", "un moteur démarre"),
        "en": ("the garage", "at the garage", "an engine starts"),
        "us": ("the Garage", "at the Garage", "an engine starts"),
    },
    "KIOSQUE": {
        "fr": ("le kiosque", "au kiosque", "un orchestre joue"),
        "en": ("the kiosk", "at the kiosk", "a band plays"),
        "us": ("the Gazebo", "at the Gazebo", "a band plays"),
    },
    "ECURIE": {
        "fr": ("l'écurie", "à l'écurie", "un cheval hennit"),
        "en": ("the stables", "at the stables", "a horse neighs"),
        "us": ("the Stable", "at the Stable", "a horse neighs"),
    },
}
_YES_NO = (" Répondez par oui ou par non.", " Answer yes or no.", " Answer yes or no.")


def _same_in_english(fr, en):
    """A line said alike in both English editions."""
    return (fr, en, en)


def _yes_no(fr, en, us=None):
    return (fr + _YES_NO[0], en + _YES_NO[1], (en if us is None else us) + _YES_NO[2])


_E = _same_in_english
OTHERS = {
    "jingle.greeting": _E("♪ (un arpège mystérieux)", "♪ (a mysterious arpeggio)"),
    "jingle.win": _E("♪ (une fanfare)", "♪ (a fanfare)"),
    "jingle.wrong": _E("♪ (un trombone triste)", "♪ (a sad trombone)"),
    "inspecteur": ("l'Inspecteur Dupont", "Inspecteur Dupont", "Inspector Brown"),
    "phrase.greeting": (
        "Bonsoir. Je suis Edmond, le majordome du Docteur Lenoir.",  # capitals as the Colonel's, the Professeur's
        "Good evening. I am Edmond, Dr. Lenoir's butler.",
        "Good evening. I am Mr. Ashe, Mr. Boddy's butler.",
    ),
    "phrase.remove_pawns": _E(
        "Retirez tous les pions du plateau, s'il vous plaît.",
        "Please remove all the pawns from the board.",
    ),
    "phrase.are_you_playing": _yes_no(", jouez-vous ?", ", are you playing?"),
    "phrase.need_two": _E(
        "Il faut au moins deux invités pour jouer.",
        "At least two guests are needed to play.",
    ),
    "phrase.welcome": ("Bienvenue au manoir Tudor,", "Welcome to Tudor Manor,", "Welcome to the Tudor Mansion,"),
    "phrase.your_turn": _E(", c'est à vous.", ", it is your turn."),
    "phrase.hurry": _E(", dépêchez-vous, je vous prie !", ", please hurry up!"),
    "phrase.same_place": _E(
        "Vous devez aller dans un autre lieu.",
        "You must go somewhere new.",
    ),
    "phrase.already_moved": _E("Vous avez déjà déplacé votre pion.", "You have already moved your pawn."),
    "phrase.not_a_place": _E("Posez votre pion sur un lieu.", "Put your pawn on a place."),
    "phrase.you_meet": _E(", vous rencontrez", ", you meet"),
    # en quotes its rulebook ("the narrator will tell you that there is no suspect here"); us speaks plainly
    "phrase.no_suspect": (", il n'y a aucun suspect", ", there is no suspect", ", there are no suspects"),
    "phrase.inspecteur_here": (
        ". L'Inspecteur Dupont est ici.", ". Inspecteur Dupont is here.", ". Inspector Brown is here."
    ),
    "phrase.you_find": _E("Quelqu'un se cachait ici :", "Someone was hiding here:"),
    "phrase.nobody_hiding": _E("Personne ne se cache ici.", "Nobody is hiding here."),
    "phrase.move_first": _E("Déplacez d'abord votre pion.", "Move your pawn first."),
    "phrase.already_searched": _E("Vous avez déjà fouillé ce lieu.", "You have already searched this place."),
    "phrase.inspecteur_not_here": (
        "Vous n'avez pas trouvé l'Inspecteur ici.",
        "You have not found the Inspecteur here.",
        "You have not found the Inspector here.",
    ),
    "phrase.confirm_accusation": _yes_no(
        "Voulez-vous vraiment faire une accusation ?",
        "Do you really want to make an accusation?",
    ),
    "phrase.found_inspecteur": _yes_no(
        "Vous m'avez trouvé ! Voulez-vous faire une accusation ?",
        "You found me! Do you want to make an accusation?",
    ),
    "phrase.accusation": _yes_no(
        "Nommez le meurtrier, le lieu et l'arme. Regardez dans l'enveloppe "
        "confidentielle. Aviez-vous raison ?",
        "Name the murderer, the place and the weapon. Look in the confidential "
        "case. Were you right?",
    ),
    "phrase.right": _E(", bravo ! Vous avez résolu le mystère.", ", well done! You have solved the mystery."),
    "phrase.wrong": _E(
        ", je suis désolé. Vous auriez dû être plus perspicace.",
        ", I am sorry. You should have been more perceptive.",
    ),
    "phrase.last_guest": _E(
        ", il ne reste que vous en jeu : vous gagnez !",
        ", you are the last guest in the game: you win!",
    ),
    "phrase.game_over": _E(
        "La partie est terminée. Pour rejouer, éteignez puis rallumez le plateau.",
        "The game is over. To play again, switch the board off, then on.",
    ),
    "phrase.battery_low": _E("Les piles sont faibles.", "The batteries are low."),
    "phrase.battery_empty": (
        "Les piles sont usées. Changez-les, puis éteignez et rallumez le plateau. Au revoir.",
        "The batteries are flat. Change them, then switch the board off and on. Goodbye.",
        "The batteries are dead. Replace them, then switch the board off and on. Goodbye.",
    ),
    "phrase.sleep": _E(
        "Personne ne joue ? Je vais me reposer. Pour rejouer, éteignez puis rallumez le plateau. Au revoir.",
        "Is nobody playing? I shall go and rest. To play again, switch the board off, then on. Goodbye.",
    ),
    "word.and": _E("et", "and"),
    "word.leaves": _E("quitte", "leaves"),
    "word.arrives": _E("arrive", "arrives"),
    "phrase.joined": _E(", vous voilà dans la partie.", ", you are in the game."),
    "phrase.pawns_on_start": _E(
        ". Posez vos pions sur vos cases de départ.",
        ". Please put your pawns on your START squares.",
    ),
    "phrase.cancelled": _E("Très bien, poursuivez.", "Very well, carry on."),
    "phrase.heading_for": _E("et se dirige vers", ", heading for"),
    # issue 29: more than one found (the list that follows is plural), the
    # Inspecteur seen at both ends of his move (said once), staying to accuse
    "phrase.several_hiding": _E("Plusieurs personnes se cachaient ici :", "Several people were hiding here:"),
    "phrase.and_arrives": _E("et arrive", "and arrives"),
    "phrase.stay_to_accuse": _E(
        "Pour rester ici, faites une accusation ; sinon, allez dans un autre lieu.",
        "To stay here, make an accusation; otherwise, go somewhere new.",
    ),
    # issue 38: exactly two found (94 % of finds of more than one): "two", not "several"
    "phrase.two_hiding": _E("Deux personnes se cachaient ici :", "Two people were hiding here:"),
}
# The speakers (RULES.md, Who speaks), as the captions name them.
SPEAKERS = {
    "narrator": {"fr": "Edmond", "en": "Edmond", "us": "Mr. Ashe"},
    "inspecteur": {"fr": "Inspecteur Dupont", "en": "Inspecteur Dupont", "us": "Inspector Brown"},
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
    """({edition: caption}, extra fields) for clip `name`."""
    kind, _, what = name.partition(".")
    if kind == "guest":
        return _each(GUESTS[what]), {"card": _each(GUEST_CARDS[what])}
    if kind == "dupont":  # the same name, in the Inspecteur's voice
        return _each(GUESTS[what]), {}
    if kind == "suspect":
        return _each(SUSPECTS[what]), {}
    if kind in ("place", "at", "sfx"):
        forms = PLACES[what]
        if kind == "place":
            return {e: forms[e][0] for e in EDITIONS}, {}
        if kind == "at":
            return {e: forms[e][1] for e in EDITIONS}, {}
        # the sound described, never the place named: a reader hears what a listener hears
        return {e: "♪ (%s)" % forms[e][2] for e in EDITIONS}, {"sound": forms["en"][2]}
    return _each(OTHERS[name]), {}


def _each(texts):
    return dict(zip(EDITIONS, texts))


def manifest():
    clips = []
    said = speakers()
    for i, name in enumerate(CLIPS):
        text, extra = captions(name)
        speaker = said.get(i + 1, "narrator")
        clip = {"id": i + 1, "name": name, "speaker": speaker}
        clip.update(text)
        clip.update(extra)
        clips.append(clip)
    return {"format": "cfx-sounds/1", "editions": list(EDITIONS), "speakers": SPEAKERS, "clips": clips}


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
