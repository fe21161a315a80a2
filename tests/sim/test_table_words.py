"""The card table's words (issue 11): one name for the confidential case
(« l'enveloppe confidentielle », "the confidential case"; a suspect's case
stays « le dossier de X »), French articles contracted as a butler would
(« au Comte du Puy », « du Colonel Moutarde »), and no id ever shown to a
player (START_COMTE, GARAGE, ...): every line of every screen, for every
guest, suspect, place and card it can name, in both languages."""

import re

import pytest

from firmware.board import BUTTONS, GUESTS, INSPECTEUR, PLACES, START_PADS, SUSPECTS, WEAPONS
from hal import captions
from sim.cards.table import Hypothesis
from sim.hotseat import words as words_mod
from sim.hotseat.words import TEXT, Words
from sim.labels import Labels

IDS = set(GUESTS + SUSPECTS + PLACES + START_PADS + WEAPONS + (INSPECTEUR,))
ID_RE = re.compile(r"\b[A-Z][A-Z_]{2,}\b")
PRINTED = {"STOP", "VU", "SEEN", "START", "DÉPART"}  # words printed on the board or the sheet, not ids


@pytest.fixture(scope="module", params=["fr", "en"])
def words(request):
    return Words(request.param, Labels(request.param, captions.load(request.param)))


def every_line(w):
    """Every line of the screens, with every name each can take."""
    out = []
    for g in GUESTS:
        for kind in ("pass", "ready", "hand", "sheet", "accuse"):
            out.append(w.line(kind, g))
        for asker in GUESTS:
            if asker != g:
                out.append(w.line("refute", g, asker, ("OLIVE", "ECURIE", "RAQUETTE")))
                out.append(w.line("shown", asker, "GARAGE"))
        for p in PLACES:
            out.append(w.line("hypothesis", g, p))
        out.append(w.verdict(g, ("ROSE", "KIOSQUE", "NAIN"), True))
        out.append(w.verdict(g, ("ROSE", "KIOSQUE", "NAIN"), False))
    for s in SUSPECTS:
        for c in SUSPECTS + PLACES + WEAPONS:
            out.append(w.line("case", s, c))
    for kind in ("ok", "ask", "skip", "nobody", "accuse_go", "hint", "search_after_hypothesis", "inspecteur"):
        out.append(w.line(kind))
    out.append(w.line("seen", "MR"))
    return out


def test_one_name_for_the_confidential_case(words):
    text = " ".join(TEXT[words.lang].values())
    if words.lang == "fr":
        assert "l'enveloppe confidentielle" in text and "dossier confidentiel" not in text
        assert words.line("case", "ROSE", "MANOIR") == "Vous ouvrez le dossier de Mademoiselle Rose : Manoir Tudor"
    else:
        assert "the confidential case" in text and "envelope" not in text
        assert words.line("case", "ROSE", "MANOIR") == "You open Miss Rose's case: Tudor Manor"


def test_ids_never_reach_a_player(words):
    for line in every_line(words):
        leaked = set(ID_RE.findall(line)) - PRINTED
        assert not leaked, "%r shows %s" % (line, leaked)
    labels = words.labels
    for thing in IDS:
        shown = words.name(thing) if thing in WEAPONS else labels.name(thing)
        assert thing not in shown.split() and "_" not in shown, (thing, shown)
    for button in BUTTONS:  # as printed on the board ("STOP" is STOP in both editions)
        assert labels.name(button) == labels.buttons[button]
    assert labels.name("START_COMTE") == ("DÉPART — Comte du Puy" if words.lang == "fr" else "START — Count du Puy")
    with pytest.raises(KeyError):
        labels.name("NOWHERE")
    assert labels.why_off("switch") != "switch" and labels.why_off("idle") != "idle"


def test_french_articles_are_contracted_as_spoken():
    w = Words("fr", Labels("fr", captions.load("fr")))
    assert w.line("pass", "COMTE") == "Passez l'écran au Comte du Puy."
    assert w.line("pass", "LAVANDE") == "Passez l'écran à Lady Lavande."
    assert w.line("pass", "AZUR") == "Passez l'écran au Prince Azur."
    assert w.line("case", "MOUTARDE", "SEAU") == "Vous ouvrez le dossier du Colonel Moutarde : Seau d'eau"
    assert w.line("refute", "COMTE", "PECHE", ("OLIVE", "ECURIE", "RAQUETTE")).startswith(
        "Au tour du Comte du Puy de réfuter : Mademoiselle Pêche soupçonne Révérend Olive / Écurie / "
    )
    assert w.line("shown", "COMTE", "GARAGE") == "Le Comte du Puy vous montre : Garage"
    for line in every_line(w):
        for wrong in (" à le ", " de le ", " à les ", " de les ", "Pass ", " : :", "  "):
            assert wrong not in line, (wrong, line)


def test_english_names_take_their_article():
    w = Words("en", Labels("en", captions.load("en")))
    assert w.line("pass", "COMTE") == "Pass the screen to the Count du Puy."
    assert w.line("ready", "PECHE") == "I am Miss Pêche: show me"
    assert w.line("shown", "COMTE", "GARAGE") == "The Count du Puy shows you: Garage"
    verdict = w.verdict("AZUR", ("ROSE", "KIOSQUE", "NAIN"), True)
    assert verdict == "Prince Azur: Right! It was Miss Rose / Kiosk / Garden gnome."
    for line in every_line(w):
        assert " : " not in line and " ?" not in line and " !" not in line  # French spacing stays French


def test_the_public_line_of_a_hypothesis(words):
    class T:
        def left_of(self, g):
            return ("PECHE", "COMTE")

        class deal:
            hands = {"PECHE": ("GARAGE",), "COMTE": ("OLIVE",)}

    h = Hypothesis(T(), "LAVANDE", "OLIVE", "ECURIE", "RAQUETTE")
    line = words.public(h)
    if words.lang == "fr":
        assert line == (
            "Lady Lavande soupçonne Révérend Olive / Écurie / Raquette de tennis. "
            "Mademoiselle Pêche ne peut pas réfuter. Le Comte du Puy montre une carte."
        )
    else:
        assert line == (
            "Lady Lavande suspects Reverend Olive / Stables / Tennis racket. "
            "Miss Pêche cannot refute. The Count du Puy shows a card."
        )


def test_every_screen_line_has_both_languages():
    assert set(TEXT["fr"]) == set(TEXT["en"])
    assert set(words_mod.WEAPON_NAMES["fr"]) == set(words_mod.WEAPON_NAMES["en"]) == set(WEAPONS)
