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
    assert r.returncode == 2 and "the editions are fr, en, us" in r.stderr


def test_trace_written_by_the_text_board_replays(tmp_path):
    trace = tmp_path / "t.jsonl"
    play("yyynn\n1\nf\nx\n", "--seed", "11", "--lang", "en", "--trace", str(trace))
    r = subprocess.run([sys.executable, "-m", "hal.cli", "replay", str(trace)], capture_output=True, text=True)
    assert r.returncode == 0 and "identical" in r.stdout, r.stdout


def traced_inputs(path):
    import json

    return [json.loads(x)["in"] for x in open(path, encoding="utf-8").read().splitlines()[1:] if '"in"' in x]


def test_escape_sequences_are_keys_never_presses(tmp_path):
    """F1 is the help; the arrows, F2 and a lone Esc mean nothing (they once
    pressed ACCUSE, a START pad and the switch)."""
    plain, escaped = tmp_path / "plain.jsonl", tmp_path / "escaped.jsonl"
    play("yynn\n9\nx\n", "--seed", "3", "--lang", "en", "--trace", str(plain))
    noise = "\x1b[A\x1b[B\x1b[C\x1b[D\x1bOQ\x1b[15~\x1b"
    r = play("yy%snn\n\x1bOP9%s\nx\n" % (noise, noise), "--seed", "3", "--lang", "en", "--trace", str(escaped))
    assert r.returncode == 0 and "Traceback" not in r.stderr
    assert r.stdout.count("buttons: s STOP") == 2  # the start's help, and F1's
    assert "is not a key of the board" not in r.stdout
    assert traced_inputs(escaped) == traced_inputs(plain)  # not one press more


def test_on_a_real_terminal_f1_is_the_help_and_an_arrow_nothing(tmp_path):
    import os
    import pty
    import time

    trace = tmp_path / "tty.jsonl"
    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "hal.cli", "play", "--text", "--seed", "3", "--lang", "en",
                             "--trace", str(trace)], stdin=slave, stdout=slave, stderr=slave)
    os.close(slave)
    seen = b""

    def until(text, n=1, timeout=20):
        """Read the terminal until it showed `text` `n` times; how many times it did."""
        nonlocal seen
        deadline = time.monotonic() + timeout
        while seen.count(text) < n:
            assert time.monotonic() < deadline, seen[-500:]
            import select

            if select.select([master], [], [], 0.1)[0]:
                try:
                    seen += os.read(master, 4096)
                except OSError:
                    break
        return seen.count(text)

    try:
        until(b"are you playing?")
        before = until(b"buttons: s STOP")
        os.write(master, b"\x1bOP")  # F1, one read
        assert until(b"buttons: s STOP", before + 1) == before + 1
        os.write(master, b"\x1b[A\x1b[C")  # Up, Right: once ACCUSE and the Count's START pad
        os.write(master, b"x")
        proc.wait(20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
    assert proc.returncode == 0
    assert [e["type"] for e in traced_inputs(trace)] == ["Switch", "Battery"]  # no press at all


def test_the_batteries_never_go_below_nothing():
    """Fifty presses of `-` once ended in "internal error: Battery takes whole
    millivolts >= 0, got -100": the batteries are clamped once, by the desk
    every screen shares (hal.desk), and the board goes dark for empty ones."""
    r = play("-" * 50 + "\nx\n", "--seed", "3", "--lang", "en")
    assert r.returncode == 0 and "internal error" not in r.stderr, r.stderr
    shown = [int(line.split()[1]) for line in r.stdout.splitlines() if line.startswith("[battery ")]
    assert len(shown) == 50 and min(shown) == 0 and shown[-1] == 0
    assert "[the batteries are flat: the board has switched off]" in r.stdout  # as its goodbye says (issue 38)


def test_the_french_text_board_speaks_french():
    """Issue 38: the header, the key legend and the board's own notes of a
    French board are French (the keys stay the same letters)."""
    r = play("?Q-\nx\n", "--seed", "1", "--lang", "fr")
    out = r.stdout
    assert r.returncode == 0, r.stderr
    assert "Clue FX, le plateau en mode texte (graine 1). ? pour les touches, x pour quitter." in out
    legend = "boutons : s STOP  f RECHERCHE  r RÉPÉTER  a ACCUSATION  y OUI  n NON  w ATTENDRE"
    assert out.count(legend) == 2  # at the start, and for ?
    assert "lieux : 1 la maison du gardien  2 la piscine" in out
    assert "départ : c DÉPART Comte du Puy  l DÉPART Lady Lavande  p DÉPART Melle Pêche  z DÉPART Prince Azur" in out
    assert "plateau : o interrupteur MARCHE/ARRÊT" in out and "? aide  x quitter" in out
    assert "[interrupteur sur MARCHE]" in out
    assert "['q' n'est pas une touche du plateau : ? pour les touches]" in out
    assert "[piles : 4400 mV]" in out
    english = ("buttons:", "places:", "start:", "board:", "switch", "battery", "text board", "Press", "is not a key")
    assert [w for w in english if w in out] == []


def test_the_english_editions_keep_the_english_legend():
    for lang in ("en", "us"):
        r = play("x\n", "--seed", "1", "--lang", lang)
        assert "buttons: s STOP  f SEARCH  r REPEAT  a ACCUSE  y YES  n NO  w WAIT" in r.stdout
        assert "Clue FX, text board (seed 1). Press ? for the keys, x to quit." in r.stdout
