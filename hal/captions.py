"""Captions: what a `Say` reads like in one edition, from sounds/manifest.json."""

import json
import pathlib

SOUNDS = pathlib.Path(__file__).resolve().parent.parent / "sounds"
MANIFEST = SOUNDS / "manifest.json"


def load_manifest(path=MANIFEST):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


class Captions:
    def __init__(self, lang="fr", manifest=None):
        manifest = manifest if manifest is not None else load_manifest()
        editions = manifest.get("editions", ["fr", "en"])
        if lang not in editions:
            raise ValueError("unknown edition %r: the editions are %s" % (lang, ", ".join(editions)))
        self.lang = lang
        self._text = {c["id"]: c[lang] for c in manifest["clips"]}
        self._name = {c["id"]: c["name"] for c in manifest["clips"]}
        self._number = {c["name"]: c["id"] for c in manifest["clips"]}

    def clip(self, number):
        return self._text[number]

    def clip_by_name(self, name):
        return self._text[self._number[name]]

    def name(self, number):
        return self._name[number]

    def of(self, clips):
        """The caption of a sequence of clip numbers, joined as one sentence."""
        text = ""
        for n in clips:
            part = self._text[n]
            if not text:
                text = part
            elif part[:1] in ",.;:!?":
                text += part
            else:
                text += " " + part
        if text[-1:].isalnum():
            text += "."
        return text[:1].upper() + text[1:]
