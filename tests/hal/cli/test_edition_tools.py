"""The tools that show the board's sentences name them in the edition asked
for: a PLAY line in `clue-fx monitor` and `clue-fx rig`, a sentence that
differs in `clue-fx replay`. The ids on the wire and in traces never change."""

import io
import os
import subprocess
import sys

from firmware import Narrator, events
from hal import captions
from hal.cfx.keys import echo_to
from hal.cfx.monitor import HOST, Monitor
from hal.runner import Board


def clue_fx(*args, env=None):
    return subprocess.run([sys.executable, "-m", "hal.cli", *args], capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, **(env or {})))


def test_the_monitor_shows_what_a_play_line_says_in_the_edition():
    n = Narrator(seed=1)
    say = [a for a in n.handle(events.Switch(True), 0) if hasattr(a, "clips")][-1]
    line = ("PLAY " + " ".join(str(c) for c in say.clips)).encode()
    us = Monitor(captions=captions.load("us")).feed(HOST, line + b"\n", 0.0)[0]
    fr = Monitor(captions=captions.load("fr")).feed(HOST, line + b"\n", 0.0)[0]
    plain = Monitor().feed(HOST, line + b"\n", 0.0)[0]
    assert us.endswith(': "Lord Gray, are you playing? Answer yes or no."'), us
    assert fr.endswith(': "Monsieur le Comte, jouez-vous ? Répondez par oui ou par non."'), fr
    assert plain.endswith("play clips %s" % " ".join(str(c) for c in say.clips))


def test_the_virtual_rig_prints_what_it_is_told_to_play():
    from firmware.phrases import say

    clips = say("turn.call", {"guest": "COMTE"}).clips
    lines = []
    echo = echo_to(lines.append, captions.load("us"))
    echo("host", ("12 PLAY %s*3A\n" % " ".join(str(c) for c in clips)).encode())
    echo("rig", b"13 PAD ECURIE DOWN*00\n")
    assert lines[0].endswith('"Lord Gray, it is your turn."'), lines
    assert lines[1] == "rig   13 PAD ECURIE DOWN*00"  # the ids as they are on the wire


def test_replay_shows_a_differing_sentence_in_the_edition_and_the_trace_keeps_its_ids(tmp_path):
    stream = io.StringIO()
    board = Board(seed=3, trace=stream)
    board.feed(events.Switch(True), 0)
    text = stream.getvalue()
    assert '"guest": "COMTE"' in text and "Lord Gray" not in text  # ids, not names
    bad = tmp_path / "bad.jsonl"
    bad.write_text(text.replace('"guest": "COMTE"}, "clips": [4,', '"guest": "AZUR"}, "clips": [7,', 1),
                   encoding="utf-8")
    r = clue_fx("replay", str(bad), "--edition", "us")
    assert r.returncode == 1
    assert "  trace says: Mr. Ashe: Prince Azure, are you playing? Answer yes or no." in r.stdout
    assert "  firmware says: Mr. Ashe: Lord Gray, are you playing? Answer yes or no." in r.stdout
    r = clue_fx("replay", str(bad), env={"LC_ALL": "fr_FR.UTF-8"})
    assert "  firmware says: Edmond : Monsieur le Comte, jouez-vous ?" in r.stdout


def test_rig_and_monitor_take_the_edition():
    from hal.cli import build_parser

    assert build_parser("rig").parse_args(["rig", "--edition", "us"]).edition == "us"
    assert build_parser("monitor").parse_args(["monitor", "/dev/null", "--lang", "fr"]).edition == "fr"
    assert build_parser("replay").parse_args(["replay", "t.jsonl", "--edition", "en"]).edition == "en"
