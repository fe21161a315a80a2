"""SEARCH ends the turn by itself (RULES.md, Inside a turn: unless it finds
the Inspecteur); STOP ends a turn after a hypothesis, or one with none. No
board may tell a guest "SEARCH …, then STOP" (issue 37: a guest who obeyed
pressed STOP on the next guest's turn and was told "Move your pawn first").

Every words table is read: the modules of sim/words (every string they
hold), every string literal of hal/ and of the pages' scripts
(hal/web/static/*.js), the text board's help in each edition, and the
player's docs (README.md, docs/*.md)."""

import ast
import pathlib
import re
import types

import pytest

from hal import captions as captions_
from hal.terminal import help_text
from sim.words import card_words, labels, offline, pages

ROOT = pathlib.Path(__file__).resolve().parents[2]
SEARCH = r"\b(?:SEARCH|RECHERCHE)\b"
ENDS = re.compile(r"\b(?:ends?|finit)\b", re.I)  # "(it ends the turn)", "(elle finit le tour)"
ALTERNATIVE = re.compile(r"\b(?:or|ou)\s+(?:\w+\s+){0,3}$")  # "…, or press STOP": STOP instead, not after


def stop_after_search(text):
    """The sentences of `text` that send a guest to STOP after SEARCH: a STOP
    later in the sentence, unless the sentence says between them that the
    search ends the turn (then the STOP is the hypothesis's), or offers STOP
    instead of the search."""
    bad = []
    for sentence in re.split(r"(?<=[.!;])\s+|\n\s*\n", re.sub(r"[ \t]*\n[ \t]*(?!\n)", " ", text)):
        for m in re.finditer(SEARCH, sentence):
            rest = sentence[m.end() :]
            stop = re.search(r"\bSTOP\b", rest)
            if stop is None:
                continue
            between = rest[: stop.start()]
            if ENDS.search(between) or ALTERNATIVE.search(between):
                continue
            bad.append(sentence.strip())
    return bad


def strings(value, seen=None):
    """Every string in a words table (dicts, lists, tuples, nested)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from strings(k)
            yield from strings(v)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            yield from strings(v)


def words_tables():
    for module in (pages, card_words, labels, offline):
        for name, value in vars(module).items():
            if not name.startswith("__") and not isinstance(value, (types.ModuleType, types.FunctionType, type)):
                for text in strings(value):
                    yield "%s.%s" % (module.__name__, name), text
    for lang in ("fr", "en", "us"):
        words = pages.page_words(labels.Labels(lang, captions_.load(lang)), card_words.Words(lang))
        for text in strings(words):
            yield "page_words(%s)" % lang, text
        yield "help_text(%s)" % lang, help_text(captions_.load(lang))


def hal_literals():
    for path in sorted((ROOT / "hal").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                yield str(path.relative_to(ROOT)), node.value


JS_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|`(?:[^`\\]|\\.)*`')


def js_literals():
    for path in sorted((ROOT / "hal" / "web" / "static").glob("*.js")):
        for m in JS_STRING.finditer(path.read_text(encoding="utf-8")):
            yield str(path.relative_to(ROOT)), m.group(0)[1:-1]


def docs():
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)  # code blocks: no advice
        text = re.sub(r"(?m)^\s*\|.*$", "\n", text)  # a table's rows (the buttons listed): no sentence
        yield str(path.relative_to(ROOT)), text


def test_the_check_sees_the_old_words():
    """The check fails on what every board said before (issue 37) and passes the rules' own wording."""
    for old in (
        "Or press SEARCH on the board, then STOP.",
        "Ou appuyez sur RECHERCHE sur le plateau, puis STOP.",
        "SEARCH here, or make a hypothesis on your phone, then STOP.",
        "Then SEARCH (who hides here?) or a hypothesis (a suspect, a weapon, this place), refuted, then STOP.",
        "then either SEARCH on the board, or\n   make your hypothesis on your phone, then STOP on the board.",
    ):
        assert stop_after_search(old), old
    for fine in (
        "SEARCH here (it ends the turn), or make a hypothesis on your phone and then STOP.",
        "STOP or SEARCH before moving gets move your pawn first.",
        "a hypothesis, spoken aloud and refuted with the cards, then STOP.",
        "SEARCH ends the turn. STOP ends a turn with no hypothesis.",
        "RECHERCHE ici (elle finit le tour), ou une hypothèse sur votre téléphone puis STOP.",
    ):
        assert not stop_after_search(fine), fine


@pytest.mark.parametrize("where", ["words", "hal", "js", "docs"])
def test_no_board_tells_a_guest_to_press_stop_after_search(where):
    found = {"words": words_tables, "hal": hal_literals, "js": js_literals, "docs": docs}[where]()
    bad = [(src, s) for src, text in found for s in stop_after_search(text)]
    assert bad == []
