"""clue-fx play --text: the board in a terminal, keys for pads and buttons."""

import subprocess
import sys


def play(keys, *args):
    return subprocess.run([sys.executable, "-m", "hal.cli", "play", "--text", *args], input=keys,
                          capture_output=True, text=True, timeout=60)


def test_text_board_plays_a_roll_call_and_a_turn():
    r = play("yynn\n9\nr\nx\n", "--seed", "3", "--lang", "en")
    out = r.stdout
    assert r.returncode == 0, r.stderr
    assert "Edmond: Comte du Puy, are you playing? Answer yes or no." in out
    assert "Edmond: Welcome to Tudor Manor, Comte du Puy and Lady Lavande. Please put your pawns" in out
    assert "♪ (a horse neighs)" in out  # the stables' sound
    assert out.count("Edmond: At the stables") == 2  # said, then repeated


def test_text_board_speaks_french_by_choice():
    r = play("x\n", "--seed", "1", "--lang", "fr")
    assert "Edmond : Monsieur le Comte, jouez-vous ? Répondez par oui ou par non." in r.stdout


def test_bad_key_gets_a_one_line_hint_not_a_traceback():
    r = play("yQ!\nx\n", "--seed", "1", "--lang", "en")
    assert r.returncode == 0
    assert "'q' is not a key of the board: press ? for the keys" in r.stdout
    assert "Traceback" not in r.stderr


def test_help_key_lists_the_keys():
    r = play("?x\n", "--seed", "1", "--lang", "en")
    assert r.stdout.count("buttons: s STOP  f SEARCH  r REPEAT  a ACCUSE  y YES  n NO  w WAIT") == 2


def test_unknown_edition_lists_the_editions():
    r = play("x\n", "--lang", "de")
    assert r.returncode == 2 and "the editions are fr, en" in r.stderr


def test_trace_written_by_the_text_board_replays(tmp_path):
    trace = tmp_path / "t.jsonl"
    play("yyynn\n1\nf\nx\n", "--seed", "11", "--lang", "en", "--trace", str(trace))
    r = subprocess.run([sys.executable, "-m", "hal.cli", "replay", str(trace)], capture_output=True, text=True)
    assert r.returncode == 0 and "identical" in r.stdout, r.stdout
