"""Issue 38, the last words: exactly two found are "two people" (three or
more stay "several"), in every edition; what a reader is told when the
board goes dark is each edition's own words, the batteries called as its
goodbye calls them (fr « usées », en "flat", us "dead"), never another
edition's; the new clip comes after the last, no number moved."""

import pytest

from firmware.actions import PowerOff
from firmware.board import SUSPECTS
from firmware.phrases import say
from hal.captions import _POWER_OFF, Captions, load_manifest
from hal.console import Console

MANIFEST = load_manifest()
EDITIONS = tuple(MANIFEST["editions"])
CAPTIONS = {lang: Captions(lang, MANIFEST) for lang in EDITIONS}

TWO = {"fr": "Deux personnes se cachaient ici :", "en": "Two people were hiding here:",
       "us": "Two people were hiding here:"}
SEVERAL = {"fr": "Plusieurs personnes se cachaient ici :", "en": "Several people were hiding here:",
           "us": "Several people were hiding here:"}


def found(lang, suspects, inspecteur=False):
    s = say("search.result", {"place": "ABRI", "suspects": suspects, "inspecteur": inspecteur})
    return CAPTIONS[lang].of(s.clips)


@pytest.mark.parametrize("lang", EDITIONS)
def test_two_found_are_two_people_and_more_are_several(lang):
    names = {s: CAPTIONS[lang].clip_by_name("suspect." + s) for s in SUSPECTS}
    for i, a in enumerate(SUSPECTS):
        b = SUSPECTS[(i + 3) % 8]
        two = found(lang, [a, b])
        assert two.startswith(TWO[lang]) and SEVERAL[lang] not in two, two
        assert names[a] in two and names[b] in two
        assert found(lang, [a], inspecteur=True).startswith(TWO[lang])  # the Inspecteur counts as one
        for more in ([a, b, SUSPECTS[(i + 5) % 8]], [a, b, SUSPECTS[(i + 5) % 8], SUSPECTS[(i + 6) % 8]]):
            said = found(lang, more)
            assert said.startswith(SEVERAL[lang]) and TWO[lang] not in said, said
        assert found(lang, [a, b], inspecteur=True).startswith(SEVERAL[lang])


def test_the_two_people_clip_comes_after_the_last_and_moves_no_number():
    clips = MANIFEST["clips"]
    assert [c["name"] for c in clips[82:]] == [
        "phrase.several_hiding", "phrase.and_arrives", "phrase.stay_to_accuse", "phrase.two_hiding"]
    assert [c["id"] for c in clips] == list(range(1, len(clips) + 1))
    two = clips[85]
    assert two["id"] == 86 and two["speaker"] == "narrator"
    assert {lang: two[lang] for lang in EDITIONS} == TWO


def lines_when_dark(lang, reason):
    shown = []
    Console(CAPTIONS[lang], shown.append).present([PowerOff(reason)], 0)
    return shown


@pytest.mark.parametrize("lang", EDITIONS)
def test_every_edition_has_its_own_power_off_captions(lang):
    assert lang in _POWER_OFF  # no edition falls back to another's words
    for reason in ("switch", "idle", "battery"):
        (line,) = lines_when_dark(lang, reason)
        assert line.startswith("[") and line.endswith("]") and line != "[%s]" % reason, line


def test_the_batteries_are_called_as_each_editions_goodbye_calls_them():
    word = {"fr": "usées", "en": "flat", "us": "dead"}
    for lang in EDITIONS:
        goodbye = CAPTIONS[lang].of(say("battery.empty").clips)
        (dark,) = lines_when_dark(lang, "battery")
        assert word[lang] in goodbye and word[lang] in dark, (goodbye, dark)
        assert "vides" not in dark and "empty" not in dark
    assert lines_when_dark("us", "battery") != lines_when_dark("en", "battery")
    assert lines_when_dark("fr", "battery") == ["[piles usées : le plateau s'est éteint]"]


def test_a_reader_of_the_inspecteur_found_alone_still_reads_someone():
    for lang in EDITIONS:
        assert found(lang, [], inspecteur=True) == "%s %s." % (
            {"fr": "Quelqu'un se cachait ici :", "en": "Someone was hiding here:",
             "us": "Someone was hiding here:"}[lang], CAPTIONS[lang].clip_by_name("inspecteur"))
