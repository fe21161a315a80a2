"""One figure, one value: the pages that state a figure (the README,
docs/*.md, bench/README.md) state the same one. A registry names each
figure and the phrasings that state it; the test reads every page and fails
when two of them give different values (to the precision each gives: "about
15 MB" agrees with 15.41 MB, 6 MB does not with 6.8 MB). docs/changes.md is
history, where old values belong, and is not read. A figure the registry
finds on no page fails too: its phrasing changed and the registry must
follow. The current figures and their commands: bench/README.md."""

import bisect
import pathlib
import re
from decimal import Decimal

ROOT = pathlib.Path(__file__).resolve().parents[1]
HISTORY = {"docs/changes.md"}

_N = r"(?<![\d.])(?P<v>\d{1,3}(?:[ \u00a0\u202f]\d{3})*(?:\.\d+)?)"  # 33 000, 4.97, 190
_K = r"(?<![\d.])(?P<v>\d+)k\b"  # MicroPython's -X heapsize=88k
_SMALLEST = r"(?:smallest heaps?|the game needs)\b[^.|]"  # then the heaps, in one sentence

# figure: (what it is, unit, [phrasings, each with one (?P<v>...) and an optional (?P<u> KB)])
FIGURES = {
    "heap.m3.frozen": (
        "the smallest heap of a whole game, frozen, emulated Cortex-M3",
        "bytes",
        [
            _SMALLEST + r"{0,60}?" + _N + r"(?P<u> bytes| KB)?(?: of heap)? frozen\b",
            r"frozen into the image in a [^()]*\(smallest: " + _N + r"\)",
            r"smallest heap the game runs in[^|]*\|[^|]*\|[^|]*\| " + _N,
        ],
    ),
    "heap.m3.romfs": (
        "the smallest heap, `.mpy` files in a ROMFS, emulated Cortex-M3",
        "bytes",
        [
            _SMALLEST + r"{0,100}?" + _N + r"(?P<u> bytes| KB)? from (?:`\.mpy` files in )?a ROMFS",
            r"smallest heap the game runs in[^|]*\|[^|]*\| " + _N,
        ],
    ),
    "heap.m3.mpy": (
        "the smallest heap, `.mpy` files in the file system, emulated Cortex-M3",
        "bytes",
        [
            _SMALLEST + r"{0,160}?" + _N + r"(?P<u> bytes| KB)? from (?:plain )?`\.mpy` files(?! in a ROMFS)",
            r"from plain `\.mpy` files the game needs " + _N + r" bytes",
            r"smallest heap the game runs in[^|]*\| " + _N,
        ],
    ),
    "heap.unix32.mpy": (
        "the smallest heap, `.mpy` files, Debian's 32-bit unix port",
        "k",
        [_K + r" from `\.mpy` files", _K + r" on the 32-bit unix port", r"32-bit unix port " + _K],
    ),
    "heap.unix32.littlefs": (
        "the smallest heap, the data UF2's LittleFS, 32-bit unix port",
        "k",
        [_K + r" from the data UF2's LittleFS", r"from the mounted image in " + _K, r"UF2's LittleFS " + _K],
    ),
    "pico.heap": ("a Pico's free heap", "KB", [r"Pico(?:'s| has)? (?:about |~)" + _N + r" KB"]),
    "app.all": (
        "the offline app, every edition",
        "MB",
        [
            r"(?:all three editions|all editions|all) " + _N + r"(?= MB|;)",
            _N + r" MB (?:for|in) (?:all |the )?(?:three )?editions",
        ],
    ),
    "app.fr": ("the offline app, fr", "MB", [r"\bfr " + _N + r" MB, en"]),
    "sdcard.edition": (
        "an edition's clips on the DFPlayer's SD card",
        "MB",
        [_N + r" MB on the (?:SD )?card", _N + r" MB with `--clips-only`"],
    ),
    "wheel": ("the wheel", "MB", [r"wheel \((?:about )?" + _N + r" MB", r"the wheel " + _N + r" MB"]),
    "sounds": ("the clips, `sounds/`", "MB", [_N + r" MB in all\b", r"`sounds/` (?:is )?" + _N + r" MB"]),
    "latency.mixer": (
        "a press to the first sound leaving the mixer, median, en",
        "ms",
        [r"heard " + _N + r" ms later", r"leaving the mixer[^;|]*?median " + _N + r" ms"],
    ),
    "trace.hour": (
        "a trace of an hour awake, steady batteries",
        "KB",
        [r"trace of an hour awake with steady batteries: " + _N + r" KB"],
    ),
    "trace.hour.every": (
        "the same with every battery reading written (the baseline)",
        "KB",
        [r"trace of an hour awake with steady batteries: [\d.]+ KB \(" + _N + r" KB with every reading"],
    ),
    "suite.count": ("the full suite's tests", "tests", [r"full suite[^.|]{0,40}?" + _N + r" tests"]),
}


def pages():
    found = [ROOT / "README.md", ROOT / "bench" / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    return [p for p in found if p.relative_to(ROOT).as_posix() not in HISTORY]


def flowing(text):
    """The page with its lines joined by one space (a figure's phrase may
    wrap), and where each line starts in it."""
    starts, parts, at = [], [], 0
    for line in text.split("\n"):
        starts.append(at)
        part = line.strip()
        parts.append(part)
        at += len(part) + 1
    return " ".join(parts), starts


def value(match):
    """(value, its precision) of a match: the digits given, in the figure's unit."""
    digits = re.sub(r"[ \u00a0\u202f]", "", match.group("v"))
    v = Decimal(digits)
    step = Decimal(1).scaleb(v.as_tuple().exponent)
    unit = (match.groupdict().get("u") or "").strip()
    if unit == "KB":  # "33 KB" of heap said in bytes
        v, step = v * 1000, step * 1000
    return v, step


def statements(name, text_of):
    """[(page, line, value, step, what was written)] of the figure `name`."""
    out = []
    for page, (flow, starts) in text_of.items():
        seen = set()
        for pattern in FIGURES[name][2]:
            for m in re.finditer(pattern, flow):
                if m.start("v") in seen:
                    continue
                seen.add(m.start("v"))
                v, step = value(m)
                line = bisect.bisect_right(starts, m.start("v"))
                out.append((page, line, v, step, m.group(0)))
    return out


def disagreements(found):
    """Pairs of statements whose values differ by more than half the coarser's precision."""
    bad = []
    for i, a in enumerate(found):
        for b in found[i + 1 :]:
            if abs(a[2] - b[2]) * 2 > max(a[3], b[3]):
                bad.append((a, b))
    return bad


def read_pages(paths):
    return {p.relative_to(ROOT).as_posix(): flowing(p.read_text(encoding="utf-8")) for p in paths}


def test_every_figure_has_one_value_across_the_pages():
    text_of = read_pages(pages())
    report = []
    for name in FIGURES:
        found = statements(name, text_of)
        if disagreements(found):
            report.append("%s (%s):" % (name, FIGURES[name][0]))
            report.extend("    %s:%d says %r" % (page, line, said[-80:]) for page, line, _, _, said in found)
    assert not report, "pages disagree:\n" + "\n".join(report)


def test_every_figure_of_the_registry_is_stated_somewhere():
    """A phrasing changed on every page leaves a figure unchecked: said here."""
    text_of = read_pages(pages())
    assert [name for name in FIGURES if not statements(name, text_of)] == []


def test_the_check_sees_two_pages_that_disagree(tmp_path):
    """The test's own control: two pages, one figure, two values."""
    a = tmp_path / "a.md"
    b = tmp_path / "b.md"
    a.write_text("the game's smallest heap is 33 000 bytes frozen, 41 000\nfrom a ROMFS\n", encoding="utf-8")
    b.write_text("the game needs 33 KB of heap frozen and 40 000 from a ROMFS\n", encoding="utf-8")
    text_of = {p.name: flowing(p.read_text(encoding="utf-8")) for p in (a, b)}
    assert disagreements(statements("heap.m3.frozen", text_of)) == []  # 33 KB is 33 000
    bad = disagreements(statements("heap.m3.romfs", text_of))
    assert [(x[0], x[1], x[2], y[0], y[2]) for x, y in bad] == [("a.md", 1, 41000, "b.md", 40000)]
    c = tmp_path / "c.md"
    c.write_text("a wheel (about 15 MB, most of it clips), an edition needs about 6 MB on the card\n")
    d = tmp_path / "d.md"
    d.write_text("the wheel 15.41 MB; 6.8 MB on the SD card\n")
    text_of = {p.name: flowing(p.read_text(encoding="utf-8")) for p in (c, d)}
    assert disagreements(statements("wheel", text_of)) == []  # to the precision each gives
    assert len(disagreements(statements("sdcard.edition", text_of))) == 1
