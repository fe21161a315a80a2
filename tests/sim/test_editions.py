"""The three editions print and say the names of their own box: fr (Super
Cluedo Interactif), en (the English rulebook, which keeps the French names
and titles) and us (Clue FX, North America). The lists below are issue 17's,
written out once more by hand: the manifest, the labels and the card table's
words must agree with them, id by id."""

import re

import pytest

from firmware.board import GUESTS, INSPECTEUR, PLACES, SUSPECTS, WEAPONS
from hal import captions
from sim.words.card_words import Words
from sim.words.labels import Labels

PRINTED = {
    "en": {
        "COMTE": "Comte du Puy", "LAVANDE": "Lady Lavande", "PECHE": "Melle Pêche", "AZUR": "Prince Azur",
        "MOUTARDE": "Colonel Moutarde", "VIOLET": "Professeur Violet", "OLIVE": "Révérend Olive",
        "PERVENCHE": "Mme Pervenche", "ROSE": "Mlle Rose", "LEBLANC": "Mme Leblanc", "FRANCIS": "Francis",
        "BEAUMONT": "Mme Beaumont", INSPECTEUR: "Inspecteur Dupont",
        "narrator": "Edmond", "inspecteur": "Inspecteur Dupont",
    },
    "us": {
        "COMTE": "Lord Gray", "LAVANDE": "Lady Lavender", "PECHE": "Miss Peach", "AZUR": "Prince Azure",
        "ROSE": "Miss Scarlet", "MOUTARDE": "Colonel Mustard", "LEBLANC": "Mrs. White", "OLIVE": "Mr. Green",
        "PERVENCHE": "Mrs. Peacock", "VIOLET": "Professor Plum", "BEAUMONT": "Mrs. Meadow-Brook",
        "FRANCIS": "Rusty", INSPECTEUR: "Inspector Brown",
        "GARDIEN": "Gate House", "PISCINE": "Swimming Pool", "MANOIR": "Tudor Mansion", "JARDINS": "Garden",
        "ABRI": "Boat House", "TENNIS": "Tennis Courts", "GARAGE": "Garage", "KIOSQUE": "Gazebo",
        "ECURIE": "Stable",
        "FER_A_CHEVAL": "horseshoe", "MARTEAU": "hammer", "CISAILLE": "garden shears", "SEAU": "water bucket",
        "RAQUETTE": "tennis racquet", "NAIN": "lawn gnome",
        "narrator": "Mr. Ashe", "inspecteur": "Inspector Brown",
    },
}
WEAPONS_ = set(WEAPONS)


@pytest.fixture(scope="module")
def manifest():
    return captions.load_manifest()


def printed(lang, manifest):
    c = captions.Captions(lang, manifest)
    labels = Labels(lang, c)
    words = Words(lang, labels)
    return c, labels, words


@pytest.mark.parametrize("lang", sorted(PRINTED))
def test_every_name_is_the_one_its_box_prints(lang, manifest):
    c, labels, words = printed(lang, manifest)
    for thing, name in PRINTED[lang].items():
        if thing in ("narrator", "inspecteur"):
            assert c.speaker(thing) == name
        elif thing in WEAPONS_:
            assert words.name(thing).lower() == name  # the issue writes them in lower case
        else:
            assert words.name(thing) == name, thing


def test_the_manifest_has_the_three_editions_and_every_caption(manifest):
    assert manifest["editions"] == ["fr", "en", "us"]
    for clip in manifest["clips"]:
        assert clip["speaker"] in ("narrator", "inspecteur")
        for lang in manifest["editions"]:
            assert clip[lang].strip(), (clip["name"], lang)
        if "card" in clip:
            assert set(clip["card"]) == set(manifest["editions"])


def test_us_says_its_own_names_and_no_french_one(manifest):
    """No caption of us keeps a French name or title of the other editions."""
    french = ("Comte", "Lavande", "Pêche", "Azur", "Moutarde", "Violet", "Olive", "Pervenche", "Rose",
              "Leblanc", "Francis", "Beaumont", "Dupont", "Inspecteur", "Edmond", "Lenoir", "Manor", "kiosk")
    for clip in manifest["clips"]:
        for word in french:
            assert not re.search(r"\b%s\b" % word, clip["us"]), (clip["name"], clip["us"])


def test_en_keeps_the_rulebooks_names_never_half_translated(manifest):
    half = ("Count", "Miss Pêche", "Inspector Dupont", "Professor Violet", "Reverend", "Mrs. ")
    for clip in manifest["clips"]:
        for words in half:
            assert words not in clip["en"], (clip["name"], clip["en"])


@pytest.mark.parametrize("lang", ["fr", "en", "us"])
def test_every_id_a_player_sees_has_a_name_and_none_is_an_id(lang, manifest):
    c, labels, words = printed(lang, manifest)
    ids = GUESTS + SUSPECTS + PLACES + WEAPONS + (INSPECTEUR,)
    names = [words.name(i) for i in ids]
    assert len(set(names)) == len(names)  # no two cards alike
    assert not set(names) & set(ids)


def test_the_us_sheet_marks_its_own_initials(manifest):
    c, labels, words = printed("us", manifest)
    for s in SUSPECTS:  # the initials of the printed name: Mrs. Meadow-Brook MM, Rusty R
        assert words.initials(s) == "".join(w[0] for w in words.name(s).split())
    assert words.marks() == {"CP": "LG", "LL": "LL", "MP": "MP", "PA": "PA"}
    assert words.mark("ROSE") == "SEEN MS"
    fr = printed("fr", manifest)[2]
    assert fr.mark("CP") == "CP" and fr.mark("ROSE") == "VU MR"


def test_a_sentence_of_each_edition(manifest):
    from firmware.phrases import say

    enter = say("place.enter", {"place": "KIOSQUE", "suspects": ["ROSE", "FRANCIS"], "inspecteur": True})
    lines = {lang: captions.Captions(lang, manifest).line(enter) for lang in ("fr", "en", "us")}
    assert lines["us"] == "Mr. Ashe: At the Gazebo, you meet Miss Scarlet and Rusty. Inspector Brown is here."
    assert lines["en"] == "Edmond: At the kiosk, you meet Mlle Rose and Francis. Inspecteur Dupont is here."
    greet = captions.Captions("us", manifest).line(say("power.greeting", None))
    assert greet.endswith("Good evening. I am Mr. Ashe, Mr. Boddy's butler.")
