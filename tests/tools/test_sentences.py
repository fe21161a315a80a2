"""The sentences page (tools/sentences.py -> docs/sentences.md) is what the
firmware says, and each sentence reads as the fidelity pass asks (issue 11):
no article before a name spoken to, no ids shown, a speaker for each."""

import json
import pathlib
import re
import sys

from firmware.board import GUESTS, MOVERS, PLACES, SUSPECTS
from firmware.phrases import say
from hal.captions import Captions, load_manifest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import sentences  # noqa: E402

MANIFEST = load_manifest()
IDS = set(PLACES) | set(GUESTS) | set(SUSPECTS) | {"INSPECTEUR"} | {"START_" + g for g in GUESTS}


def test_the_committed_page_matches_the_firmware():
    assert (ROOT / "docs" / "sentences.md").read_text(encoding="utf-8") == sentences.page(), (
        "docs/sentences.md is stale: run python tools/sentences.py"
    )


def test_every_key_every_name_and_every_place_is_on_the_page():
    forms = sentences.forms()
    keys = {k for k, _ in forms}
    named = set()
    for _, args in forms:
        for v in (args or {}).values():
            named.update(v if isinstance(v, list) else [v])
    assert set(GUESTS) | set(MOVERS) | set(PLACES) <= named
    for key in ("rollcall.joined", "accuse.cancelled", "move.heads", "accuse.not_here", "rollcall.welcome"):
        assert key in keys


def test_no_id_reaches_a_player_and_every_sentence_ends_well():
    for lang in MANIFEST["editions"]:
        c = Captions(lang, MANIFEST)
        for key, args in sentences.forms():
            line = c.line(say(key, args))
            assert not IDS & set(re.findall(r"[A-Z_]{4,}", line)) - {"START"}, line
            assert line[-1] in ".!?", line


def test_french_speaks_to_the_guests_without_an_article():
    c = Captions("fr", MANIFEST)
    for guest in GUESTS:
        for key in ("rollcall.ask", "turn.call", "turn.hurry", "rollcall.joined"):
            text = c.of(say(key, {"guest": guest}).clips)
            assert not text.startswith(("Le ", "La ", "L'")), text
    welcome = c.of(say("rollcall.welcome", {"guests": ["COMTE", "AZUR"]}).clips)
    assert welcome.startswith("Bienvenue au manoir Tudor, Monsieur le Comte et Prince Azur.")
    assert "cases de départ" in welcome


def test_yes_no_questions_say_how_to_answer():
    for lang, answer in (("fr", "Répondez par oui ou par non."), ("en", "Answer yes or no.")):
        c = Captions(lang, MANIFEST)
        for key, args in (("rollcall.ask", {"guest": "PECHE"}), ("accuse.confirm", None),
                          ("accuse.found_inspecteur", None), ("accuse.announce", None)):
            assert c.of(say(key, args).clips).endswith(answer), (lang, key)


def test_the_place_sounds_are_described_never_named():
    for lang in MANIFEST["editions"]:
        c = Captions(lang, MANIFEST)
        for place in PLACES:
            text = c.clip_by_name("sfx." + place)
            bare = c.clip_by_name("place." + place)
            assert text.startswith("♪ (") and bare.lower() not in text.lower(), (lang, text)


def test_after_a_jingle_the_sentence_starts_with_a_capital():
    c = Captions("en", MANIFEST)
    text = c.of(say("accuse.right", {"guest": "COMTE"}).clips)
    assert re.match(r"♪ \([^)]*\) [A-Z]", text), text


def test_every_clip_has_the_speaker_of_the_sentences_it_is_in():
    """The Inspecteur's sentences are his from the first clip to the last
    (his own copies of the guests' names): no clip is shared between voices."""
    speaker = {c["id"]: c["speaker"] for c in MANIFEST["clips"]}
    used = {}
    for key, args in sentences.forms():
        s = say(key, args)
        for n in s.clips:
            used.setdefault(n, set()).add(s.speaker)
            assert speaker[n] == s.speaker, (key, args, n)
    assert all(len(v) == 1 for v in used.values())
    keys = {k for k, a in sentences.forms() if say(k, a).speaker == "inspecteur"}
    assert keys == {"accuse.found_inspecteur", "accuse.confirm", "accuse.announce", "accuse.right", "accuse.wrong"}


def test_captions_name_the_speaker():
    named = (("fr", "Edmond : ", "Inspecteur Dupont : "), ("en", "Edmond: ", "Inspecteur Dupont: "))
    for lang, edmond, dupont in named:
        c = Captions(lang, MANIFEST)
        assert c.line(say("turn.call", {"guest": "AZUR"})).startswith(edmond)
        assert c.line(say("accuse.found_inspecteur")).startswith(dupont)


def test_the_manifest_names_the_speakers_per_edition():
    m = json.loads((ROOT / "sounds" / "manifest.json").read_text(encoding="utf-8"))
    assert set(m["speakers"]) == {"narrator", "inspecteur"}
    assert {c["speaker"] for c in m["clips"]} == {"narrator", "inspecteur"}
