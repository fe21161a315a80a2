"""The sentence builder, the clip table and the sounds manifest agree."""

import json
import pathlib
import subprocess
import sys

import pytest

from firmware.board import GUESTS, PLACES, SUSPECTS
from firmware.clipnames import names
from firmware.clips import number
from firmware.phrases import say

CLIPS = names()
NUMBER = {n: number(n) for n in CLIPS}

ROOT = pathlib.Path(__file__).resolve().parents[2]

# Every sentence key of DESIGN.md with example ids.
DESIGN_KEYS = {
    "power.greeting": {},
    "power.remove_pawns": {},
    "rollcall.ask": {"guest": "COMTE"},
    "rollcall.need_two": {},
    "rollcall.welcome": {"guests": ["COMTE", "LAVANDE", "AZUR"]},
    "turn.call": {"guest": "PECHE"},
    "turn.hurry": {"guest": "AZUR"},
    "move.same_place": {},
    "move.already_moved": {},
    "move.not_a_place": {},
    "place.enter": {"place": "ECURIE", "suspects": ["ROSE", "FRANCIS"], "inspecteur": True},
    "search.result": {"place": "GARAGE", "suspects": ["OLIVE"], "inspecteur": True},
    "turn.move_first": {},
    "search.already": {},
    "accuse.not_here": {},
    "accuse.confirm": {},
    "accuse.found_inspecteur": {},
    "accuse.announce": {},
    "accuse.right": {"guest": "LAVANDE"},
    "accuse.wrong": {"guest": "LAVANDE"},
    "game.last_guest": {"guest": "COMTE"},
    "game.over": {},
    "move.leaves": {"who": "FRANCIS", "place": "GARAGE"},
    "move.arrives": {"who": "INSPECTEUR", "place": "TENNIS"},
    "battery.low": {},
    "battery.empty": {},
    "power.sleep": {},
}


@pytest.mark.parametrize("key", sorted(DESIGN_KEYS))
def test_every_design_key_speaks_with_existing_clips(key):
    s = say(key, DESIGN_KEYS[key])
    assert s.key == key and s.args == DESIGN_KEYS[key]
    assert s.clips and all(1 <= c <= len(CLIPS) for c in s.clips)


def test_names_are_spoken_by_their_own_clips():
    s = say("place.enter", {"place": "ECURIE", "suspects": ["ROSE", "FRANCIS"], "inspecteur": False})
    names = [CLIPS[c - 1] for c in s.clips]
    assert names == ["at.ECURIE", "phrase.you_meet", "suspect.ROSE", "word.and", "suspect.FRANCIS"]
    s = say("place.enter", {"place": "GARAGE", "suspects": [], "inspecteur": True})
    assert [CLIPS[c - 1] for c in s.clips] == ["at.GARAGE", "phrase.no_suspect", "phrase.inspecteur_here"]


def test_unknown_sentence_is_a_program_bug():
    with pytest.raises(ValueError):
        say("no.such.sentence", {})


def test_clip_table_has_every_name_once():
    assert len(set(CLIPS)) == len(CLIPS)
    for g in GUESTS:
        assert "guest." + g in NUMBER
    for s in SUSPECTS:
        assert "suspect." + s in NUMBER
    for p in PLACES:
        assert {"place." + p, "at." + p, "sfx." + p} <= set(NUMBER)


def test_manifest_matches_the_clip_table():
    manifest = json.loads((ROOT / "sounds" / "manifest.json").read_text(encoding="utf-8"))
    clips = manifest["clips"]
    assert [c["id"] for c in clips] == list(range(1, len(CLIPS) + 1))
    assert [c["name"] for c in clips] == list(CLIPS)
    for c in clips:
        assert c["fr"].strip() and c["en"].strip()


def test_manifest_is_up_to_date_with_its_tool():
    r = subprocess.run([sys.executable, "tools/build_manifest.py", "--check"], cwd=ROOT, capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_number_and_names_agree_and_unknown_clips_raise():
    for i, name in enumerate(CLIPS, 1):
        assert number(name) == i
    for bad in ("guest.NOBODY", "nothing", "phrase.", "inspecteur.X"):
        with pytest.raises(KeyError):
            number(bad)
