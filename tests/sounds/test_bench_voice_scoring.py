"""bench/bench_voice.py's scoring: what counts as a word misheard. Needs no
voice package (the recogniser is not loaded)."""

import importlib.util
import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
MANIFEST = json.loads((ROOT / "sounds" / "manifest.json").read_text(encoding="utf-8"))


def _bench():
    spec = importlib.util.spec_from_file_location("bench_voice", ROOT / "bench" / "bench_voice.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


bench = _bench()


def score(caption, heard, lang="en"):
    ref = bench.words(caption, lang)
    return bench.edits(ref, bench.compounds(ref, bench.words(heard, lang)))


def test_case_punctuation_accents_and_titles_are_not_errors():
    assert score("Mrs. Meadow-Brook, it is your turn.", "missus meadow brook it is your turn") == 0
    assert score("Révérend Olive", "Reverend Olive") == 0
    assert score("Mme Pervenche", "Madame Pervenche.", "fr") == 0


def test_a_compound_spelt_otherwise_is_not_an_error():
    assert score("At the Gate House, you meet Rusty.", "At the gatehouse, you meet Rusty.") == 0
    assert score("Mrs. Meadow-Brook", "Mrs. Meadowbrook") == 0
    assert score("the boathouse", "the boat house") == 0
    assert score("L'Inspecteur Dupont est ici.", "L'inspecteur du pont est ici.", "fr") == 0


def test_a_word_misheard_still_counts():
    assert score("At the Tudor Mansion", "At the tutor mansion") == 1
    assert score("Please put your pawns on your START squares.", "Please put your ponds on your Stark squares.") == 2
    # words run together that are not adjacent in the caption are not split
    assert score("Lady Lavender and Miss Peach", "ladypeach") == 5
    # "du" is a caption word here: "du puis" is not joined into anything
    assert score("Comte du Puy", "Count du puis") == 2


def test_the_listener_who_holds_the_cards_is_told_the_printed_names():
    us = bench.card_names("us", MANIFEST)
    assert us.startswith("Lord Gray, Lady Lavender, Miss Peach, Prince Azure, Colonel Mustard")
    assert "Inspector Brown" in us and "Gazebo" in us and "Mr. Ashe" not in us
    fr = bench.card_names("fr", MANIFEST)
    assert "Inspecteur Dupont" in fr and "Maison du gardien" in fr


def test_the_words_misheard_are_the_caption_words_the_alignment_gets_wrong():
    ref = bench.words("At Tudor Manor, there is no suspect.", "en")
    hyp = bench.words("To the manor, there is no suspect.", "en")
    wrong, extra = bench.misheard(ref, hyp)
    assert (wrong, extra) == (["at", "tudor"], 0)
    assert len(wrong) + extra == bench.edits(ref, hyp)
    assert bench.misheard(["a", "b", "c"], ["a", "x", "b", "c", "d"]) == ([], 2)
    assert bench.misheard(["a", "b", "c"], ["a", "c"]) == (["b"], 0)
    # every alignment it gives costs what edits() counts
    for r, h in ((ref, hyp[::-1]), (ref, []), ([], hyp), (ref[:3], hyp)):
        wrong, extra = bench.misheard(r, h)
        assert len(wrong) + extra == bench.edits(r, h)


def test_the_judge_can_hear_a_sentence_after_the_silence_before_it(tmp_path):
    np = __import__("pytest").importorskip("numpy")
    import wave

    (tmp_path / "fr").mkdir()
    for n, level in ((1, 8000), (2, -8000)):
        with wave.open(str(tmp_path / "fr" / ("%04d.wav" % n)), "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(bench.RATE_IN)
            w.writeframes(np.full(2205, level, dtype="<i2").tobytes())
    plain = bench.joined(tmp_path, "fr", [1, 2], {})
    led = bench.joined(tmp_path, "fr", [1, 2], {}, lead=0.5)
    assert len(plain) == 4410 and len(led) == 4410 + 11025  # 0.5 s more at 22 050 Hz, before it
    assert not led[:11025].any() and abs(plain[0] - 8000 / 32768) < 1e-6
    assert (led[11025:] == plain).all()


def test_the_joins_judge_measures_the_gap_the_pitch_step_and_the_fall():
    """bench/voice_judges.py on made clips: a tone gliding down from 200 to
    150 Hz (a clip that falls at its end), 50 ms of silence, then a steady
    200 Hz tone (the next clip starting high again)."""
    np = __import__("pytest").importorskip("numpy")
    __import__("pytest").importorskip("parselmouth")
    import importlib.util

    spec = importlib.util.spec_from_file_location("voice_judges", ROOT / "bench" / "voice_judges.py")
    judges = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(judges)
    rate = judges.RATE_IN

    def tone(f_start, f_end, seconds=0.6, tail=0.0):
        t = np.arange(int(seconds * rate)) / rate
        f = np.linspace(f_start, f_end, len(t))
        x = 0.3 * np.sin(2 * np.pi * np.cumsum(f) / rate)
        return np.concatenate([x, np.zeros(int(tail * rate))])

    falling = judges.ClipShape(tone(200, 150, tail=0.05))
    level = judges.ClipShape(tone(200, 200))
    ((gap, step, fall),) = judges.joins([falling, level])
    assert abs(gap - 0.05) < 0.003
    assert 3 < step < 5.5  # ~158 Hz up to 200 Hz: about +4 semitones
    assert 1.5 < fall < 4  # its end under its median (~175 Hz)
    ((gap, step, fall),) = judges.joins([level, level])
    assert gap < 0.003 and abs(step) < 0.3 and abs(fall) < 0.3


def test_a_sentence_read_whole_is_rendered_as_a_clip_is_but_not_cut(tmp_path):
    """bench_voice --whole: the voice reads the whole caption once, with a
    clip's treatment (its leading silence cut, its level set), in espeak-ng
    (the baseline's voice, which CI has); a caption with nothing to say is
    one line, not a traceback."""
    np = __import__("pytest").importorskip("numpy")
    import shutil

    if not (shutil.which("espeak-ng") and shutil.which("sox")):
        __import__("pytest").skip("espeak-ng and sox render the sentence")
    whole = bench.Whole(engine="espeak")
    sentence = whole.audio("fr", "narrator", "Mlle Rose, à vous de jouer.")
    name = whole.audio("fr", "narrator", "Mlle Rose,")
    assert whole.audio("fr", "narrator", "Mlle Rose, à vous de jouer.") is sentence  # rendered once
    assert len(sentence) > len(name) + 0.4 * bench.RATE_IN  # "à vous de jouer" said after the name, in one piece
    onset = int(np.argmax(np.abs(sentence) >= 10 ** (-40 / 20)))
    assert onset <= 0.004 * bench.RATE_IN  # it speaks at once, as a clip does
    loud = np.abs(sentence).max()
    assert 10 ** (-12 / 20) < loud <= 10 ** (-1 / 20) + 1e-6  # a clip's level: under the -1 dBFS ceiling, not faint
    with __import__("pytest").raises(bench.BenchError, match="read whole"):
        whole.audio("fr", "narrator", "...")
