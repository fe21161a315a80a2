"""Captions: what a `Say` reads like in one edition, from sounds/manifest.json.

    captions = load("us")                 # an edition: fr, en or us; reads the manifest once
    captions.of(say.clips)                # "Edmond's sentence, as one line."
    captions.speaker(say.speaker)         # "Edmond", "Inspecteur Dupont", "Mr. Ashe": who says it
    captions.line(say)                    # "Inspecteur Dupont: You found me! ..."
    captions.power_off("idle")            # "[the board goes to sleep]": no ids shown
    Captions("fr", manifest)              # from a manifest already read

SOUNDS (the folder of <edition>/NNNN.wav) and MANIFEST are the one place every
part of the product finds the sounds: the `sounds` package's folder, read
with importlib.resources, so a wheel's site-packages/sounds/ and a
checkout's sounds/ (an editable install) are found alike. clip_file() is
the one rule for a clip's file: a checkout's sounds/ holds WAVs
(DESIGN.md), a wheel's MP3s made from them when it was built
(tools/build_clips.py, issue 42):

    clip_file("fr", 12)                   # SOUNDS/fr/0012.wav in a checkout, SOUNDS/fr/0012.mp3 from a wheel
    clip_format()                         # "wav" or "mp3": the installed set's
    clip_numbers("fr")                    # the clip numbers the edition has a file of

The captions themselves (Captions, editions) also run under MicroPython:
the offline web app's page builds them from the manifest it fetched
(hal.web.offline); only the finding of files is CPython's.
"""

import json

try:
    import importlib.resources
    import pathlib
except ImportError:  # MicroPython (the offline app's page): its manifest is handed in
    pathlib = None


def _sounds_folder():
    """The folder of the `sounds` package (package data: manifest.json, <lang>/*.wav, or *.mp3 in a wheel)."""
    if pathlib is None:
        return None
    try:
        found = importlib.resources.files("sounds")
    except ModuleNotFoundError:
        found = None  # an editable install made before `sounds` was a package
    if isinstance(found, pathlib.Path) and (found / "manifest.json").is_file():
        return found
    # beside hal/: a checkout run without installing, or an unrelated `sounds` folder that shadowed ours
    return pathlib.Path(__file__).resolve().parent.parent / "sounds"


SOUNDS = _sounds_folder()
MANIFEST = SOUNDS / "manifest.json" if SOUNDS is not None else None
# The clips' formats, the first found first: a checkout's WAVs (DESIGN.md), a wheel's MP3s (tools/build_clips.py)
CLIP_FORMATS = ("wav", "mp3")
_CLIP_NAME = "[0-9][0-9][0-9][0-9]."


def clip_format(sounds=None):
    """The format of the clips in the sounds folder `sounds` (None: the installed
    one): "mp3" for a wheel's, "wav" for a checkout's."""
    folder = pathlib.Path(SOUNDS if sounds is None else sounds)
    for fmt in CLIP_FORMATS:
        if next(folder.glob("*/" + _CLIP_NAME + fmt), None) is not None:
            return fmt
    return CLIP_FORMATS[0]


def clip_file(lang, number, sounds=None):
    """The file of clip `number` of edition `lang` in the sounds folder `sounds`
    (None: the installed one): NNNN.wav or NNNN.mp3, whichever is there; where
    neither is, the name the folder's format gives it (for the line that says so)."""
    folder = pathlib.Path(SOUNDS if sounds is None else sounds) / lang
    stem = "%04d." % number
    for fmt in CLIP_FORMATS:
        path = folder / (stem + fmt)
        if path.is_file():
            return path
    return folder / (stem + clip_format(folder.parent))


def clip_numbers(lang, sounds=None):
    """The numbers of the clips edition `lang` has a file of, in any of CLIP_FORMATS."""
    folder = pathlib.Path(SOUNDS if sounds is None else sounds) / lang
    return {int(p.name[:4]) for fmt in CLIP_FORMATS for p in folder.glob(_CLIP_NAME + fmt) if p.is_file()}


_NAMES = ("guest.", "suspect.", "inspecteur", "dupont.")
# MicroPython's str.upper() changes ASCII letters only: the accented ones a sentence of the
# editions can start with, in pairs (the offline app's « À la maison du gardien… », as the host says it)
_LOWER = "àâäçéèêëîïôöùûüÿæœ"
_UPPER = "ÀÂÄÇÉÈÊËÎÏÔÖÙÛÜŸÆŒ"


def capital(letter):
    """`letter` as a sentence's first letter, the same under MicroPython as under CPython."""
    i = _LOWER.find(letter)
    return _UPPER[i] if i >= 0 else letter.upper()


_SPEAKERS = {"narrator": "Edmond", "inspecteur": "Inspecteur Dupont"}  # a manifest that names none
# What a reader is told when the board goes dark, by PowerOff's reason, in
# each edition's own words: the batteries as its goodbye calls them (the
# clip phrase.battery_empty: fr « usées », en "flat", us "dead").
_POWER_OFF = {
    "fr": {"switch": "[le plateau est éteint]", "idle": "[le plateau s'est endormi]",
           "battery": "[piles usées : le plateau s'est éteint]"},
    "en": {"switch": "[the board is switched off]", "idle": "[the board has gone to sleep]",
           "battery": "[the batteries are flat: the board has switched off]"},
    "us": {"switch": "[the board is switched off]", "idle": "[the board has gone to sleep]",
           "battery": "[the batteries are dead: the board has switched off]"},
}
_COLON = {"fr": " : "}  # French sets its colons apart


def load_manifest(path=MANIFEST):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except FileNotFoundError as e:
        raise FileNotFoundError(
            e.errno, "no sounds manifest (this clue-fx was installed without its sounds: reinstall it)", str(path)
        ) from None


def editions(manifest=None):
    """The editions of the sounds (fr, en, us...), as the manifest lists them:
    the one list every board, command and tool reads (adding an edition is
    tools/build_manifest.py, which writes it, and the screens' words)."""
    manifest = load_manifest() if manifest is None else manifest
    found = manifest.get("editions")
    if not found:
        raise ValueError("the sounds manifest names no editions: rebuild it (tools/build_manifest.py)")
    return tuple(found)


def load(lang="fr", path=MANIFEST):
    """The captions of edition `lang`, from the manifest at `path`."""
    return Captions(lang, load_manifest(path))


_LETTERS = "àâäçéèêëîïôöùûüÿœæÀÂÄÇÉÈÊËÎÏÔÖÙÛÜŸŒÆ"  # MicroPython's isalpha knows ASCII only


def _ends_in_a_word(text):
    """The caption ends with a letter or a digit (str.isalnum, as MicroPython can say it)."""
    last = text[-1:]
    return last.isalpha() or last.isdigit() or (last != "" and last in _LETTERS)


class Captions:
    def __init__(self, lang, manifest):
        self.editions = editions(manifest)
        if lang not in self.editions:
            raise ValueError("unknown edition %r: the editions are %s" % (lang, ", ".join(self.editions)))
        self.lang = lang
        self._text = {c["id"]: c[lang] for c in manifest["clips"]}
        self._name = {c["id"]: c["name"] for c in manifest["clips"]}
        self._number = {c["name"]: c["id"] for c in manifest["clips"]}
        self._card = {c["name"]: c["card"][lang] for c in manifest["clips"] if lang in c.get("card", {})}
        named = manifest.get("speakers", {})
        self._speakers = {who: named.get(who, {}).get(lang, name) for who, name in _SPEAKERS.items()}

    def speaker(self, who):
        """The name a caption gives speaker `who` ("narrator", "inspecteur")."""
        return self._speakers.get(who, who)

    def line(self, say):
        """A sentence as a caption line, its speaker named: "Edmond: ..."."""
        return self.speaker(say.speaker) + _COLON.get(self.lang, ": ") + self.of(say.clips)

    def power_off(self, reason):
        return _POWER_OFF.get(self.lang, _POWER_OFF["en"]).get(reason, "[%s]" % reason)

    def clip(self, number):
        return self._text[number]

    def clip_by_name(self, name):
        return self._text[self._number[name]]

    def card(self, name):
        """A name as printed on the pawns and cards ("Comte du Puy"), where
        the voice says another form ("Monsieur le Comte"); else the caption."""
        return self._card.get(name) or self.clip_by_name(name)

    def name(self, number):
        return self._name[number]

    def of(self, clips):
        """The caption of a sequence of clip numbers, joined as one sentence."""
        text = ""
        was_name = False
        spoken = 0  # where the words start: after a jingle, the sentence starts there
        for n in clips:
            part = self._text[n]
            is_name = self._name[n].startswith(_NAMES)
            if not text:
                text = part
                if part.startswith("♪"):
                    spoken = len(part) + 1
            elif part[:1] in ",.;:!?":
                text += part
            elif is_name and was_name:
                text += ", " + part  # A, B and C: the clips say the pause, the caption a comma
            else:
                text += " " + part
            was_name = is_name
        if _ends_in_a_word(text):
            text += "."
        if spoken >= len(text):
            return text  # a sound alone
        return text[:spoken] + capital(text[spoken]) + text[spoken + 1:]
