"""The web pages' words in every edition (issue 27, "Every page in the
board's edition"): the board page's, the seat page's (its notices and the
sheet's legend), the join page's and the card table's refusals exist in fr,
en and us alike, take the same names in the same places, and an English
page prints no French word (the sheet's VU was one)."""

import re

import pytest

from firmware.board import GUESTS, PLACES, START_PADS
from hal import captions
from sim.web.phone_table import WebTable
from sim.words import pages as web_words
from sim.words.card_words import Words
from sim.words.labels import Labels

EDITIONS = ("fr", "en", "us")
TABLES = {"SEAT": web_words.SEAT, "JOIN": web_words.JOIN, "BOARD": web_words.BOARD, "NOTICES": web_words.NOTICES,
          "LEVELS": web_words.LEVELS}  # fmt: skip
FRENCH = re.compile(r"\b(VU|DÉPART|MARCHE|ARRÊT|OUI|NON|RECHERCHE|vous|votre|le plateau)\b")


@pytest.mark.parametrize("table", list(TABLES))
def test_every_edition_has_every_line_with_the_same_names(table):
    lines = TABLES[table]
    assert set(lines) == set(EDITIONS)
    for lang in EDITIONS:
        assert set(lines[lang]) == set(lines["fr"]), (table, lang, set(lines[lang]) ^ set(lines["fr"]))
        for key, text in lines[lang].items():
            assert text.count("%s") == lines["fr"][key].count("%s"), (table, lang, key)


@pytest.mark.parametrize("lang", ["en", "us"])
def test_an_english_page_prints_no_french(lang):
    words = web_words.page_words(Labels(lang, captions.load(lang)), Words(lang))
    for part in ("seat", "join", "board", "table"):
        for key, text in words[part].items():
            assert not FRENCH.search(text), (part, key, text)
    assert words["table"]["seen"] == "SEEN %s"
    assert FRENCH.search(web_words.BOARD["fr"]["press_on"]) and FRENCH.search(web_words.SEAT["fr"]["legend_dot"])


def test_the_pages_get_the_desktop_boards_ring_corners_and_keys():
    layout = web_words.board_layout()
    assert layout["ring"][0] == "MANOIR" and sorted(layout["ring"]) == sorted(PLACES)
    assert [PLACES[(PLACES.index(p) + 1) % 9] for p in layout["ring"]] == layout["ring"][1:] + layout["ring"][:1]
    assert layout["corners"] == {"START_COMTE": [0, 0], "START_LAVANDE": [1, 0], "START_PECHE": [0, 1],
                                 "START_AZUR": [1, 1]}  # fmt: skip
    assert layout["keys"]["GARDIEN"] == "1" and layout["keys"]["ECURIE"] == "9" and layout["keys"]["YES"] == "y"
    assert set(layout["keys"]) == set(PLACES + START_PADS) | set(layout["buttons"])


def test_a_sheets_marks_and_their_legend_use_the_editions_initials():
    us = web_words.page_words(Labels("us", captions.load("us")), Words("us"))
    assert us["guest_marks"] == {"COMTE": "LG", "LAVANDE": "LL", "PECHE": "MP", "AZUR": "PA"}
    fr = web_words.page_words(Labels("fr", captions.load("fr")), Words("fr"))
    assert set(fr["guest_marks"]) == set(GUESTS) and fr["table"]["seen"] == "VU %s"


@pytest.mark.parametrize("lang", EDITIONS)
def test_the_card_tables_refusals_are_in_the_edition(lang):
    table = WebTable(4, lang)
    said = web_words.NOTICES[lang]
    assert table.act("COMTE", {"t": "hypothesis", "suspect": "ROSE", "weapon": "SEAU"}) == said["not_dealt"]
    assert table.seat_bot("NOBODY") == said["no_person"]


def test_every_bots_level_has_a_name_in_every_edition():
    """The seat page names a bot's level in the page's language (it said "robot (easy)" in French)."""
    from sim.bots.levels import LEVELS

    for lang in EDITIONS:
        assert set(web_words.LEVELS[lang]) == set(LEVELS), lang
    assert web_words.LEVELS["fr"]["easy"] == "facile" and web_words.LEVELS["en"]["easy"] == "easy"
