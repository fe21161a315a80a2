"""Every clip of every edition starts at once and ends cleanly, and every
edition's folder is complete. Needs no voice package: it reads the committed
WAVs.

Silence, here: a 1 ms window (22 samples) whose peak is under -50 dBFS
(|sample| < 104 of 32767). A clip "starts speaking within 5 ms" when its
first non-silent window starts at most 5 ms in, and so does its first sample
at -40 dBFS (what `clue-fx voices check` and bench/bench_sim.py call sound); it "ends without a click"
when its first and last samples are near zero (under -50 dBFS: no step
where the mixer starts or stops it) and its last 5 ms are silent."""

import array
import json
import pathlib

import pytest

from tests.support.wavs import read

ROOT = pathlib.Path(__file__).resolve().parents[2]
SOUNDS = ROOT / "sounds"
MANIFEST = json.loads((SOUNDS / "manifest.json").read_text(encoding="utf-8"))
EDITIONS = MANIFEST["editions"]
SILENT = 32767 * 10 ** (-50 / 20)  # -50 dBFS
SOUND = 32767 * 10 ** (-40 / 20)  # -40 dBFS
MAX_LEAD_SECONDS = 0.005
QUIET_END_SECONDS = 0.005


def leading_silence(x, rate):
    """Seconds before the first 1 ms window louder than -50 dBFS (None if all silent)."""
    win = max(1, rate // 1000)
    for i in range(0, len(x), win):
        if max(abs(v) for v in x[i : i + win]) >= SILENT:
            return i / rate
    return None


def test_the_silence_measure_finds_a_late_start_and_an_early_one():
    rate = 22050
    late = array.array("h", [0] * 200 + [3000, -3000] * 50)  # 9 ms of silence
    early = array.array("h", [50] * 30 + [3000, -3000] * 50)  # quiet (-56 dBFS) for 1.4 ms
    assert leading_silence(late, rate) == pytest.approx(198 / rate)
    assert leading_silence(late, rate) > MAX_LEAD_SECONDS
    assert leading_silence(early, rate) <= MAX_LEAD_SECONDS
    assert leading_silence(array.array("h", [0] * 100), rate) is None


@pytest.mark.parametrize("lang", EDITIONS)
def test_every_clip_of_the_edition_is_there_and_nothing_else(lang):
    wanted = {"%04d.wav" % c["id"] for c in MANIFEST["clips"]}
    folder = SOUNDS / lang
    have = {p.name for p in folder.iterdir()} if folder.is_dir() else set()
    assert not sorted(wanted - have), "sounds/%s misses %s (python tools/build_sounds.py --edition %s)" % (
        lang, sorted(wanted - have), lang)
    assert not sorted(have - wanted), "sounds/%s holds files the manifest does not list: %s" % (
        lang, sorted(have - wanted))


@pytest.mark.parametrize("lang", EDITIONS)
def test_every_clip_starts_within_5_ms_and_ends_without_a_click(lang):
    problems = []
    for clip in MANIFEST["clips"]:
        path = SOUNDS / lang / ("%04d.wav" % clip["id"])
        x, rate = read(path)
        name = "%s/%s (%s)" % (lang, path.name, clip["name"])
        lead = leading_silence(x, rate)
        if lead is None:
            problems.append("%s: silent" % name)
            continue
        if lead > MAX_LEAD_SECONDS:
            problems.append("%s: %.1f ms of leading silence" % (name, lead * 1000))
        first = next((i for i, v in enumerate(x) if abs(v) >= SOUND), len(x)) / rate
        if first > MAX_LEAD_SECONDS:
            problems.append("%s: its first sample at -40 dBFS comes %.1f ms in" % (name, first * 1000))
        if abs(x[0]) >= SILENT or abs(x[-1]) >= SILENT:
            problems.append("%s: starts or ends on a step (%d, %d)" % (name, x[0], x[-1]))
        end = x[-int(QUIET_END_SECONDS * rate):]
        if max(abs(v) for v in end) >= SILENT:
            problems.append("%s: still sounding in its last 5 ms (a click when it stops)" % name)
    assert not problems, "\n".join(problems)


def tail_of_zeros(x, rate):
    """Seconds of digital silence that close the clip (the tail the builder adds after the fade)."""
    n = 0
    while n < len(x) and x[len(x) - 1 - n] == 0:
        n += 1
    return n / rate


@pytest.mark.parametrize("lang", EDITIONS)
def test_a_clip_that_never_ends_a_sentence_joins_the_next_closely(lang):
    """Issue 29: a guest's name before ", it is your turn", "and", "leaves"...
    (tools/build_sounds.py, joining_clips) end in a 30 ms tail, the clips
    that may end a sentence in 80 ms (the pause before the next sentence)."""
    joining = {"guest.COMTE", "guest.LAVANDE", "guest.PECHE", "guest.AZUR", "word.and", "word.leaves",
               "word.arrives", "phrase.you_meet", "phrase.you_find", "phrase.several_hiding", "phrase.two_hiding",
               "phrase.heading_for",
               "phrase.and_arrives", "phrase.welcome", "dupont.COMTE", "dupont.LAVANDE", "dupont.PECHE",
               "dupont.AZUR"}
    short, long_ = [], []
    for clip in MANIFEST["clips"]:
        if clip[lang].startswith("♪"):
            continue
        x, rate = read(SOUNDS / lang / ("%04d.wav" % clip["id"]))
        (short if clip["name"] in joining else long_).append((tail_of_zeros(x, rate), clip["name"]))
    assert len(short) == len(joining)
    assert max(short)[0] < 0.035, max(short)
    assert min(long_)[0] >= 0.08, min(long_)
