"""How bench/bench_voice.py scores what the recogniser heard against a
caption: the words as normalised for scoring, compounds spelt otherwise,
the word-level edit distance, which caption words were misheard, and the
names printed on an edition's cards. Pure: no recogniser, no audio."""

import re
import unicodedata

NUMBERS = {
    "en": "zero one two three four five six seven eight nine ten eleven twelve".split(),
    "fr": "zero un deux trois quatre cinq six sept huit neuf dix onze douze".split(),
}
SAID = {
    "en": {"mr": "mister", "mrs": "missus", "dr": "doctor", "mme": "madame", "mlle": "mademoiselle",
           "melle": "mademoiselle", "st": "saint", "ok": "okay"},
    "fr": {"m": "monsieur", "mme": "madame", "mlle": "mademoiselle", "melle": "mademoiselle",
           "dr": "docteur"},
}


def words(text, lang):
    """The words of `text`, normalised for scoring (see the module's doc)."""
    lang = "fr" if lang == "fr" else "en"
    text = text.replace("♪", " ").lower()
    text = unicodedata.normalize("NFKD", text)
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = re.sub(r"[’'`\-–—]", " ", text)
    text = re.sub(r"[^a-z0-9 ]", " ", text)
    out = []
    for w in text.split():
        if w.isdigit():
            n = int(w)
            out += [NUMBERS[lang][n]] if n < len(NUMBERS[lang]) else [w]
        else:
            out.append(SAID[lang].get(w, w))
    return out


def compounds(ref, hyp):
    """`hyp` with its spelling of the caption's compounds made the caption's:
    a word heard that is two adjacent caption words run together
    ("gatehouse" for "Gate House", "meadowbrook") is split, and two words
    heard that make one caption word ("du pont" for "Dupont", "le blanc")
    are joined. Only the spelling differs: the listener heard the name."""
    pairs = {a + b: (a, b) for a, b in zip(ref, ref[1:])}
    known = set(ref)
    out = []
    for w in hyp:
        out += pairs[w] if w not in known and w in pairs else [w]
    joined = []
    i = 0
    while i < len(out):
        if i + 1 < len(out) and out[i] + out[i + 1] in known and out[i] not in known:
            joined.append(out[i] + out[i + 1])
            i += 2
        else:
            joined.append(out[i])
            i += 1
    return joined


def edits(ref, hyp):
    """Word-level Levenshtein distance."""
    row = list(range(len(hyp) + 1))
    for i, r in enumerate(ref, 1):
        prev, row[0] = row[0], i
        for j, h in enumerate(hyp, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (r != h))
    return row[-1]


def misheard(ref, hyp):
    """The caption words of `ref` a word-level alignment with `hyp` finds
    substituted or left out, and the number of words heard in excess (one
    of the alignments of least edits: ties go to substitution)."""
    n, m = len(ref), len(hyp)
    d = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n + 1):
        d[i][0] = i
    for j in range(m + 1):
        d[0][j] = j
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (ref[i - 1] != hyp[j - 1]))
    wrong, extra, i, j = [], 0, n, m
    while i or j:
        if i and j and d[i][j] == d[i - 1][j - 1] + (ref[i - 1] != hyp[j - 1]):
            if ref[i - 1] != hyp[j - 1]:
                wrong.append(ref[i - 1])
            i, j = i - 1, j - 1
        elif i and d[i][j] == d[i - 1][j] + 1:
            wrong.append(ref[i - 1])
            i -= 1
        else:
            extra += 1
            j -= 1
    return wrong[::-1], extra


def card_names(lang, manifest):
    """The names printed on the edition's cards, as captioned: the guests,
    suspects, the Inspector and the places (what a player holds)."""
    names = []
    for c in manifest["clips"]:
        if c["name"].startswith(("guest.", "suspect.", "place.")) or c["name"] == "inspecteur":
            name = c[lang].strip()
            for article in ("the ", "la ", "le ", "les ", "l'"):
                if name.startswith(article):
                    name = name[len(article):]
            names.append(name[:1].upper() + name[1:])
    return ", ".join(dict.fromkeys(names)) + "."


def word_table(results, tallies, manifest):
    """Per folder and edition: the errors on the words of the cards' names
    (guests, suspects, the Inspector, places, as captioned) and on the other
    words, each over all the caption words, and the words most misheard."""
    lines = ["", "errors by caption word (substituted or left out; + = words heard in excess)"]
    for (label, lang), tally in tallies.items():
        total = sum(v[1] for v in results[label][lang].values())
        names = set(words(card_names(lang, manifest), lang))
        on_names = sum(k for w, k in tally.items() if w in names)
        rest = sum(tally.values()) - on_names
        lines.append("%s %s: %.3f on the cards' names, %.3f on the other words (of %d words)" % (
            label, lang, on_names / total, rest / total, total))
        top = sorted(tally.items(), key=lambda kv: (-kv[1], kv[0]))[:15]
        lines.append("  " + ", ".join("%s %d" % kv for kv in top))
    return "\n".join(lines)
