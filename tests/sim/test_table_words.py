"""The card table's words (issue 11): one name for the confidential case
(« l'enveloppe confidentielle », "the confidential case"; a suspect's case
stays « le dossier de X »), French articles contracted as a butler would
(« au Comte du Puy », « du Colonel Moutarde »), and no id ever shown to a
player (START_COMTE, GARAGE, ...): every line of every screen, for every
guest, suspect, place and card it can name, in both languages.

The names themselves come from the sounds manifest (the captions), which
the narration's own review may change; the unit checks of the sentences use
a fixed stand-in for those names, the checks against the real captions are
properties that hold whatever the names."""

import re

import pytest

from firmware.board import BUTTONS, GUESTS, INSPECTEUR, PLACES, START_PADS, SUSPECTS, WEAPONS
from hal import captions
from sim.cards.card_table import Hypothesis
from sim.words import card_words as words_mod
from sim.words.card_words import TEXT, Words
from sim.words.labels import Labels

IDS = set(GUESTS + SUSPECTS + PLACES + START_PADS + WEAPONS + (INSPECTEUR,))
ID_RE = re.compile(r"\b[A-Z][A-Z_]{2,}\b")
# words printed on the board or the sheet, not ids
PRINTED = {"STOP", "VU", "SEEN", "START", "DÉPART", "SEARCH", "RECHERCHE"}

# A stand-in for the captions' names (the forms said in a sentence, with
# their article), as the manifest had them when these sentences were written.
FULL = {
    "fr": {
        "COMTE": "le Comte du Puy",
        "LAVANDE": "Lady Lavande",
        "PECHE": "Mademoiselle Pêche",
        "AZUR": "le Prince Azur",
        "MOUTARDE": "le Colonel Moutarde",
        "OLIVE": "le Révérend Olive",
        "ROSE": "Mademoiselle Rose",
        "ECURIE": "l'écurie",
        "GARAGE": "le garage",
        "MANOIR": "le Manoir Tudor",
        "INSPECTEUR": "l'Inspecteur Dupont",
    },
    "en": {
        "COMTE": "the Count du Puy",
        "LAVANDE": "Lady Lavande",
        "PECHE": "Miss Pêche",
        "AZUR": "Prince Azur",
        "MOUTARDE": "Colonel Moutarde",
        "OLIVE": "Reverend Olive",
        "ROSE": "Miss Rose",
        "ECURIE": "the stables",
        "GARAGE": "the garage",
        "MANOIR": "Tudor Manor",
        "INSPECTEUR": "Inspector Dupont",
    },
}


class StandIn:
    """Labels with fixed names: .full as above, .name the printed form."""

    def __init__(self, lang):
        self.full = FULL[lang]

    def name(self, thing):
        from sim.words.labels import bare

        return bare(self.full[thing])


def fixed(lang):
    return Words(lang, StandIn(lang))


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


def test_one_name_for_the_confidential_case():
    fr = " ".join(TEXT["fr"].values())
    assert "l'enveloppe confidentielle" in fr and "dossier confidentiel" not in fr
    assert fixed("fr").line("case", "ROSE", "MANOIR") == "Vous ouvrez le dossier de Mademoiselle Rose : Manoir Tudor"
    en = " ".join(TEXT["en"].values())
    assert "the confidential case" in en and "envelope" not in en
    assert fixed("en").line("case", "ROSE", "MANOIR") == "You open Miss Rose's case: Tudor Manor"


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
    start = "DÉPART" if words.lang == "fr" else "START"
    assert labels.name("START_COMTE") == "%s — %s" % (start, labels.guests["COMTE"])
    with pytest.raises(KeyError):
        labels.name("NOWHERE")
    from hal.captions import load

    off = load(words.lang).power_off  # the board going dark: words, not PowerOff's reasons
    for reason in ("switch", "idle", "battery"):
        assert not off(reason).endswith((": %s]" % reason, "[%s]" % reason)), off(reason)


def test_french_articles_are_contracted_as_spoken():
    w = fixed("fr")
    assert w.line("pass", "COMTE") == "Passez l'écran au Comte du Puy."
    assert w.line("pass", "LAVANDE") == "Passez l'écran à Lady Lavande."
    assert w.line("pass", "AZUR") == "Passez l'écran au Prince Azur."
    assert w.line("case", "MOUTARDE", "GARAGE") == "Vous ouvrez le dossier du Colonel Moutarde : Garage"
    assert w.line("refute", "COMTE", "PECHE", ("OLIVE", "ECURIE", "MANOIR")) == (
        "Au tour du Comte du Puy de réfuter : Mademoiselle Pêche soupçonne Révérend Olive / Écurie / Manoir Tudor."
        " Quelle carte montrez-vous ?"
    )
    assert w.line("shown", "COMTE", "GARAGE") == "Le Comte du Puy vous montre : Garage"


def test_one_colon_a_line_whatever_the_names(words):
    for line in every_line(words):
        assert line.count(":") <= 1, line


def test_french_articles_are_contracted_whatever_the_names():
    for line in every_line(Words("fr", Labels("fr", captions.load("fr")))):
        for wrong in (" à le ", " de le ", " à les ", " de les ", "Pass ", "  "):
            assert wrong not in line, (wrong, line)


def test_english_names_take_their_article():
    w = fixed("en")
    assert w.line("pass", "COMTE") == "Pass the screen to the Count du Puy."
    assert w.line("ready", "PECHE") == "I am Miss Pêche: show me"
    assert w.line("shown", "COMTE", "GARAGE") == "The Count du Puy shows you: Garage"
    verdict = w.verdict("AZUR", ("ROSE", "GARAGE", "MANOIR"), True)
    assert verdict == "Prince Azur — Right! It was Miss Rose / Garage / Tudor Manor."


def test_english_spacing_whatever_the_names():
    for line in every_line(Words("en", Labels("en", captions.load("en")))):
        assert " : " not in line and " ?" not in line and " !" not in line  # French spacing stays French


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_public_line_of_a_hypothesis(lang):
    class T:
        def left_of(self, g):
            return ("PECHE", "COMTE")

        class deal:
            hands = {"PECHE": ("GARAGE",), "COMTE": ("OLIVE",)}

    h = Hypothesis(T(), "LAVANDE", "OLIVE", "ECURIE", "MANOIR")
    line = fixed(lang).public(h)
    if lang == "fr":
        assert line == (
            "Lady Lavande soupçonne Révérend Olive / Écurie / Manoir Tudor. "
            "Mademoiselle Pêche ne peut pas réfuter. Le Comte du Puy montre une carte."
        )
    else:
        assert line == (
            "Lady Lavande suspects Reverend Olive / Stables / Tudor Manor. "
            "Miss Pêche cannot refute. The Count du Puy shows a card."
        )


def test_every_screen_line_has_both_languages():
    assert set(TEXT["fr"]) == set(TEXT["en"])
    assert set(words_mod.WEAPON_NAMES["fr"]) == set(words_mod.WEAPON_NAMES["en"]) == set(WEAPONS)
