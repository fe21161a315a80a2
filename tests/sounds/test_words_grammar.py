"""Issue 29, the words a careful reader stumbles on, as the board says them
(the firmware's clips, read through the manifest's captions of each
edition): a list of several found after a plural subject, the fr
batteries « usées », « un autre lieu », the titles' capitals, en "flat",
us "dead ... Replace them", us "there are no suspects"."""

import pytest

from firmware.board import SUSPECTS
from firmware.phrases import say
from hal.captions import Captions, load_manifest

MANIFEST = load_manifest()
EDITIONS = ("fr", "en", "us")
CAPTIONS = {lang: Captions(lang, MANIFEST) for lang in EDITIONS}


def line(lang, key, args=None):
    s = say(key, args)
    return CAPTIONS[lang].of(list(s.clips))


ONE = {"fr": "Quelqu'un se cachait ici :", "en": "Someone was hiding here:", "us": "Someone was hiding here:"}
SEVERAL = {"fr": "Plusieurs personnes se cachaient ici :", "en": "Several people were hiding here:",
           "us": "Several people were hiding here:"}


@pytest.mark.parametrize("lang", EDITIONS)
def test_one_found_is_someone_three_or_more_are_several_people(lang):
    for i, s in enumerate(SUSPECTS):
        one = line(lang, "search.result", {"place": "ABRI", "suspects": [s], "inspecteur": False})
        assert one.startswith(ONE[lang]), one
        three = line(lang, "search.result", {"place": "ABRI", "inspecteur": False,
                                             "suspects": [s, SUSPECTS[(i + 1) % 8], SUSPECTS[(i + 2) % 8]]})
        assert three.startswith(SEVERAL[lang]) and ONE[lang] not in three, three
    alone = line(lang, "search.result", {"place": "ABRI", "suspects": [], "inspecteur": True})
    assert alone.startswith(ONE[lang]), alone
    # exactly two are "two people" since issue 38 (tests/sounds/test_words_two_and_power_off.py)
    with_him = line(lang, "search.result", {"place": "ABRI", "suspects": ["ROSE", "FRANCIS"], "inspecteur": True})
    assert with_him.startswith(SEVERAL[lang]), with_him


def test_the_new_clips_have_a_caption_in_every_edition_and_edmond_says_them():
    names = {c["name"]: c for c in MANIFEST["clips"]}
    for name in ("phrase.several_hiding", "phrase.and_arrives", "phrase.stay_to_accuse"):
        clip = names[name]
        assert clip["speaker"] == "narrator"
        assert all(clip[lang].strip() and not clip[lang].startswith("♪") for lang in EDITIONS)
    # appended at the end: the clips before them keep their numbers
    assert [c["name"] for c in MANIFEST["clips"][82:85]] == [
        "phrase.several_hiding", "phrase.and_arrives", "phrase.stay_to_accuse"]
    assert MANIFEST["clips"][81]["name"] == "dupont.AZUR"


def test_french_batteries_are_worn_out_and_one_goes_to_another_place():
    assert "Les piles sont usées." in line("fr", "battery.empty")
    assert "vides" not in line("fr", "battery.empty")
    assert line("fr", "move.same_place") == "Vous devez aller dans un autre lieu."


def test_french_titles_take_the_capital_the_cards_give_them():
    greeting = line("fr", "power.greeting")
    assert "Docteur Lenoir" in greeting and "docteur" not in greeting
    assert "Colonel Moutarde" in line("fr", "move.leaves", {"who": "MOUTARDE", "place": "GARAGE"})
    assert "Professeur Violet" in line("fr", "move.leaves", {"who": "VIOLET", "place": "GARAGE"})


def test_english_batteries_are_flat_and_american_ones_dead():
    assert line("en", "battery.empty").startswith("The batteries are flat. Change them,")
    assert line("us", "battery.empty").startswith("The batteries are dead. Replace them,")


def test_no_suspect_is_plural_where_the_rulebook_is_not_quoted():
    empty = {"place": "GARAGE", "suspects": [], "inspecteur": False}
    assert line("us", "place.enter", empty) == "At the Garage, there are no suspects."
    # the English rulebook's own words: "the narrator will tell you that there is no suspect here"
    assert line("en", "place.enter", empty) == "At the garage, there is no suspect."
    assert line("fr", "place.enter", empty) == "Au garage, il n'y a aucun suspect."


@pytest.mark.parametrize("lang", EDITIONS)
def test_the_inspecteur_seen_at_both_ends_is_one_sentence(lang):
    said = line(lang, "move.leaves_arrives", {"who": "INSPECTEUR", "place": "GARAGE", "to": "KIOSQUE"})
    expected = {
        "fr": "L'Inspecteur Dupont quitte le garage et arrive au kiosque.",
        "en": "Inspecteur Dupont leaves the garage and arrives at the kiosk.",
        "us": "Inspector Brown leaves the Garage and arrives at the Gazebo.",
    }
    assert said == expected[lang]


@pytest.mark.parametrize("lang", EDITIONS)
def test_the_stay_hint_reads_as_a_sentence(lang):
    assert line(lang, "move.stay_to_accuse") == {
        "fr": "Pour rester ici, faites une accusation ; sinon, allez dans un autre lieu.",
        "en": "To stay here, make an accusation; otherwise, go somewhere new.",
        "us": "To stay here, make an accusation; otherwise, go somewhere new.",
    }[lang]
