"""Voice packs: a folder of WAVs named by clip number with voices.json,
made with `clue-fx voices new`, trimmed with `voices trim`, checked with
`voices check` (one line per problem, exit 1; 2 for a usage error)."""

import json
import math
import os
import struct
import subprocess
import sys
import wave

import pytest

from hal import voicepack
from hal.captions import SOUNDS, load_manifest

MANIFEST = load_manifest()
RATE = 22050


def clue_fx(*args):
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    return subprocess.run([sys.executable, "-m", "hal.cli", *args], capture_output=True, text=True, timeout=120,
                          env=env)


def tone(path, *, lead_ms=0.0, level_db=-20.0, seconds=0.3, rate=RATE, channels=1, width=2):
    """A 440 Hz tone at an RMS of level_db dBFS after lead_ms of silence."""
    amp = 10 ** (level_db / 20) * math.sqrt(2) * 32767
    n_lead = int(rate * lead_ms / 1000)
    samples = [0] * n_lead + [int(amp * math.sin(2 * math.pi * 440 * i / rate)) for i in range(int(rate * seconds))]
    with wave.open(str(path), "wb") as w:
        w.setnchannels(channels)
        w.setsampwidth(width)
        w.setframerate(rate)
        if width == 2:
            w.writeframes(b"".join(struct.pack("<h", s) * channels for s in samples))
        else:
            w.writeframes(bytes((s >> 8) + 128 for s in samples for _ in range(channels)))


def a_pack(tmp_path, speakers=("narrator",), sounds=False, edition="us"):
    folder = tmp_path / "pack"
    folder.mkdir()
    (folder / "voices.json").write_text(json.dumps({"format": "cfx-voices/1", "edition": edition,
                                                    "speakers": list(speakers), "sounds": sounds}))
    wanted = [c["id"] for c in MANIFEST["clips"] if voicepack.VoicePack(folder, json.loads(
        (folder / "voices.json").read_text())).means(c)]
    for n in wanted:
        tone(folder / ("%04d.wav" % n))
    return folder, wanted


def test_a_good_pack_has_no_problems_and_says_what_it_holds(tmp_path):
    folder, wanted = a_pack(tmp_path)
    problems, summary = voicepack.check(folder, MANIFEST)
    assert problems == []
    assert summary == "%s: us edition, %d of %d clips (Edmond's), no problems" % (folder, len(wanted), len(wanted))
    run = clue_fx("voices", "check", str(folder))
    assert run.returncode == 0 and run.stdout.strip() == summary


def test_every_kind_of_problem_one_line_each_and_exit_1(tmp_path):
    folder, wanted = a_pack(tmp_path)
    os.remove(folder / ("%04d.wav" % wanted[0]))  # missing
    tone(folder / ("%04d.wav" % wanted[1]), lead_ms=43)  # dead air
    tone(folder / ("%04d.wav" % wanted[2]), level_db=-35)  # too quiet
    tone(folder / ("%04d.wav" % wanted[3]), level_db=-6)  # too loud
    tone(folder / ("%04d.wav" % wanted[4]), channels=2)  # stereo
    tone(folder / ("%04d.wav" % wanted[5]), width=1)  # 8-bit
    tone(folder / ("%04d.wav" % wanted[6]), rate=44100)  # another rate than the others
    (folder / ("%04d.wav" % wanted[7])).write_bytes(b"not a wav")
    tone(folder / "0999.wav")  # no such clip
    tone(folder / "hello.wav")  # not a clip's name
    (folder / "script.txt").write_text("notes are not clips")
    run = clue_fx("voices", "check", str(folder))
    assert run.returncode == 1
    lines = run.stdout.splitlines()
    c0 = MANIFEST["clips"][wanted[0] - 1]
    expect = [
        "%04d.wav: missing: clip %d, %s (narrator): %s" % (wanted[0], wanted[0], c0["name"], c0["us"]),
        "%04d.wav: starts with 43 ms of silence (at most 5 ms): trim it" % wanted[1],
        "%04d.wav: loudness -35.0 dBFS, out of -26 to -14 dBFS: too quiet" % wanted[2],
        "%04d.wav: loudness -6.0 dBFS, out of -26 to -14 dBFS: too loud" % wanted[3],
        "%04d.wav: 2 channels, not mono" % wanted[4],
        "%04d.wav: 8-bit NONE, not 16-bit PCM" % wanted[5],
        "%04d.wav: 44100 Hz where the pack's other clips are 22050 Hz: one rate for all" % wanted[6],
        "%04d.wav: not a WAV file we can read" % wanted[7],
        "0999.wav: no clip 999 in the edition (clips 1 to %d)" % len(MANIFEST["clips"]),
        "hello.wav: not a clip's name",
    ]
    for words in expect:
        assert sum(words in line for line in lines) == 1, (words, lines)
    assert len(lines) == len(expect) + 1  # and the summary, nothing else
    assert lines[-1].endswith("us edition, %d of %d clips (Edmond's), %d problems"
                              % (len(wanted) - 1, len(wanted), len(expect)))


def test_usage_errors_exit_2_in_one_line(tmp_path):
    for args, words in (
        (["voices", "check", str(tmp_path / "nowhere")], "nowhere is not a folder: name a voice pack's folder"),
        (["voices", "check"], "the following arguments are required: DIR"),
        (["voices"], "the following arguments are required: ACTION"),
        (["voices", "new", str(tmp_path), "--speakers", "butler"], "speakers are narrator and inspecteur"),
    ):
        run = clue_fx(*args)
        assert run.returncode == 2, args
        assert "Traceback" not in run.stderr and words in run.stderr.strip().splitlines()[-1]


def test_a_pack_without_its_manifest_is_a_problem_checked_against_the_edition(tmp_path):
    (tmp_path / "0004.wav").write_bytes(b"")
    problems, summary = voicepack.check(tmp_path, MANIFEST, edition="en")
    assert problems[0].endswith("has no voices.json: write one (clue-fx voices new DIR --edition fr|en|us writes it)")
    assert sum("0004.wav: not a WAV file we can read" in p for p in problems) == 1
    assert sum(": missing: clip" in p for p in problems) == len(MANIFEST["clips"]) - 1
    assert "en edition, 1 of %d clips" % len(MANIFEST["clips"]) in summary


def test_new_writes_the_manifest_and_the_script_then_trim_and_check(tmp_path):
    folder = tmp_path / "mine"
    run = clue_fx("voices", "new", str(folder), "--edition", "us", "--speakers", "inspecteur", "--no-sounds")
    assert run.returncode == 0, run.stderr
    manifest = json.loads((folder / "voices.json").read_text())
    assert manifest == {"format": "cfx-voices/1", "edition": "us", "name": "mine", "speakers": ["inspecteur"],
                        "sounds": False}
    script = (folder / "script.txt").read_text().splitlines()[1:]
    theirs = [c for c in MANIFEST["clips"] if c["speaker"] == "inspecteur" and not c["en"].startswith("♪")]
    assert script == ["%04d.wav  %-10s  %s" % (c["id"], "inspecteur", c["us"]) for c in theirs]
    assert any("Inspector Brown" in line or "You found me!" in line for line in script)
    for c in theirs:
        tone(folder / ("%04d.wav" % c["id"]), lead_ms=30)
    assert clue_fx("voices", "check", str(folder)).returncode == 1  # the silence in front
    run = clue_fx("voices", "trim", str(folder))
    assert run.returncode == 0 and run.stdout.splitlines()[-1] == "%s: %d of %d clips trimmed" % (
        folder, len(theirs), len(theirs))
    run = clue_fx("voices", "check", str(folder))
    assert run.returncode == 0, run.stdout
    samples, rate, _ = voicepack.read_samples(folder / ("%04d.wav" % theirs[0]["id"]))
    assert voicepack.leading_silence_ms(samples, rate) <= 2.1


def test_new_refuses_a_folder_that_holds_something(tmp_path):
    (tmp_path / "x").write_text("mine")
    run = clue_fx("voices", "new", str(tmp_path), "--edition", "fr")
    assert run.returncode == 2 and "is not an empty folder" in run.stderr


@pytest.mark.parametrize("edition", ["en", "fr"])
def test_the_editions_own_clips_pass_but_for_their_leading_silence(edition):
    """The check measures what the voice rebuild must fix: every problem of the
    committed clips is the silence in front (or, once trimmed, there is none)."""
    problems, _ = voicepack.check(SOUNDS / edition, MANIFEST, edition=edition)
    rest = [p for p in problems[1:] if "ms of silence" not in p]
    assert problems[0].endswith("has no voices.json: write one (clue-fx voices new DIR --edition fr|en|us writes it)")
    assert rest == []


def test_voices_on_the_board_refuse_another_edition_and_a_bad_pack(tmp_path):
    folder, _ = a_pack(tmp_path, edition="us")
    run = clue_fx("selftest", "--audio", "silent", "--voices", str(folder), "--edition", "fr")
    assert run.returncode == 2
    assert run.stderr.strip() == ("clue-fx: --voices %s speaks the us edition, --edition asks for fr: leave one out"
                                  % folder)
    (folder / "voices.json").write_text("{")
    run = clue_fx("serve", "--port", "loop://", "--voices", str(folder))
    assert run.returncode == 2 and "is not JSON" in run.stderr and "Traceback" not in run.stderr
    run = clue_fx("play", "--text", "--voices", str(folder))
    assert run.returncode == 2 and "--voices does not apply to the text board" in run.stderr
