"""The files a player names (hal/files.py and the commands that read them),
probed with what once blocked or broke them: a FIFO named as a trace, a
voice pack's clip or its manifest; a WAV of 0 Hz, cut short, empty or
silent; two games writing one trace; standard streams closed; output read
by `head -1`. Each is answered in one line, and nothing is lost."""

import os
import signal
import subprocess
import sys
import wave

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def clue_fx(*args, input=None, timeout=30, **kw):
    return subprocess.run([sys.executable, "-m", "hal.cli", *args], cwd=kw.pop("cwd", ROOT), input=input,
                          capture_output=True, text=True, timeout=timeout, **kw)  # fmt: skip


def one_line(r):
    lines = [x for x in r.stderr.splitlines() if x.strip()]
    assert len(lines) == 1 and "Traceback" not in r.stderr and "internal error" not in r.stderr, r.stderr
    return lines[0]


def test_a_fifo_named_as_a_trace_is_refused_not_waited_on(tmp_path):
    fifo = tmp_path / "t.jsonl"
    os.mkfifo(fifo)
    r = clue_fx("replay", str(fifo), timeout=20)
    assert r.returncode == 2 and "a pipe (FIFO), not a file" in one_line(r)
    r = clue_fx("play", "--text", "--resume", str(fifo), input="x\n", timeout=20)
    assert r.returncode == 2 and "a pipe (FIFO), not a file" in one_line(r)


def write_wav(path, rate=22050, frames=b"\x10\x20" * 4000):
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(frames)


@pytest.fixture
def pack(tmp_path):
    folder = tmp_path / "pack"
    r = clue_fx("voices", "new", str(folder), "--edition", "en")
    assert r.returncode == 0, r.stderr
    return folder


def test_a_voice_packs_fifo_and_a_0_hz_wav_are_problems_said_in_a_line(pack):
    write_wav(pack / "0001.wav")
    data = bytearray((pack / "0001.wav").read_bytes())
    data[24:28] = (0).to_bytes(4, "little")  # the header's sample rate: 0 Hz
    (pack / "0001.wav").write_bytes(bytes(data))
    os.mkfifo(pack / "0002.wav")
    r = clue_fx("voices", "check", str(pack), timeout=20)
    assert r.returncode == 1 and "Traceback" not in r.stderr and "internal error" not in r.stderr, r.stderr
    out = r.stdout
    assert "0001.wav: 0 Hz: a rate from 16000 to 48000 Hz" in out
    assert "0002.wav: not a WAV file we can read (a pipe (FIFO), not a file)" in out
    r = clue_fx("voices", "trim", str(pack), timeout=20)
    assert r.returncode == 1 and "0001.wav: not trimmed: 0 Hz: not a sample rate" in r.stdout
    assert "0002.wav: not trimmed: a pipe (FIFO), not a file" in r.stdout


def test_a_fifo_for_a_voice_packs_manifest_is_refused(pack):
    (pack / "voices.json").unlink()
    os.mkfifo(pack / "voices.json")
    r = clue_fx("voices", "check", str(pack), timeout=20)
    assert r.returncode == 1 and "a pipe (FIFO), not a file" in r.stdout


@pytest.mark.parametrize("fault", ["cut short", "empty", "silent"])
def test_sdcard_refuses_a_voice_packs_broken_clip_as_voices_check_does(pack, tmp_path, fault):
    clip = pack / "0004.wav"
    if fault == "cut short":
        write_wav(clip)
        clip.write_bytes(clip.read_bytes()[:1000])
    elif fault == "empty":
        write_wav(clip, frames=b"")
    else:
        write_wav(clip, frames=b"\x00\x00" * 22050)
    card = tmp_path / "card"
    card.mkdir()
    r = clue_fx("sdcard", str(card), "--voices", str(pack), timeout=60)
    assert r.returncode == 1, r.stdout
    said = {"cut short": "cut short", "empty": "no sound in it", "silent": "silent all through"}[fault]
    assert said in r.stdout and "0004.wav" in r.stdout
    assert not (card / "01").exists(), "nothing copied from a pack that would play garbage"


def test_two_games_never_write_one_trace(tmp_path):
    """Two `--resume T` at once both wrote T, which could then never be
    resumed: the second is refused in one line while the first plays on."""
    trace = tmp_path / "t.jsonl"
    r = clue_fx("play", "--text", "--seed", "3", "--lang", "en", "--trace", str(trace), input="yynn\n9\nx\n")
    assert r.returncode == 0, r.stderr
    resume = [sys.executable, "-m", "hal.cli", "play", "--text", "--resume", str(trace)]
    first = subprocess.Popen(resume, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)  # fmt: skip
    try:
        line = first.stdout.readline()  # it has the trace now (its first words come after the lock)
        assert line.startswith("Clue FX, "), line  # the text board's first line, in any edition
        second = clue_fx("play", "--text", "--resume", str(trace), input="r\nx\n")
        assert second.returncode == 2 and "another clue-fx is writing it now" in one_line(second)
        again = clue_fx("play", "--text", "--trace", str(trace), input="x\n")  # a new game there: refused too
        assert again.returncode == 2
    finally:
        first.communicate("r\nx\n", timeout=30)
    assert first.returncode == 0
    r = clue_fx("replay", str(trace))
    assert r.returncode == 0 and "identical" in r.stdout, r.stdout + r.stderr


@pytest.mark.parametrize("command", [["play", "--text"], ["serve", "--port", "loop://"], ["web", "--port", "0"]])
def test_a_closed_standard_output_is_said_in_one_line(command):
    r = subprocess.run([sys.executable, "-m", "hal.cli", *command], cwd=ROOT, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True, timeout=30, pass_fds=(), close_fds=True,
                       preexec_fn=lambda: os.close(1))  # fmt: skip
    assert r.returncode == 2 and "standard output is closed" in one_line(r)


def test_a_closed_standard_input_is_said_in_one_line_by_the_text_board(tmp_path):
    trace = tmp_path / "t.jsonl"
    r = subprocess.run([sys.executable, "-m", "hal.cli", "play", "--text", "--trace", str(trace)], cwd=ROOT,
                       stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=30,
                       preexec_fn=lambda: os.close(0))  # fmt: skip
    assert r.returncode == 2 and "standard input is closed" in one_line(r)
    assert not trace.exists(), "no trace left behind for a game that could not be played"


def test_the_web_boards_address_read_by_head_ends_quietly():
    """`clue-fx web | head -1` once said "cannot listen ...: Broken pipe"."""
    p = subprocess.Popen(f"{sys.executable} -m hal.cli web --host 127.0.0.1 --port 0 | head -1", shell=True,
                         cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         start_new_session=True)  # fmt: skip
    try:
        out, err = p.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        raise
    assert out.startswith("board: http://127.0.0.1:")
    assert "cannot listen" not in err and "Traceback" not in err, err


def test_the_web_board_ends_when_its_outputs_reader_goes_after_reading_everything():
    """The start-up lines fit in a pipe: a reader that took them all and
    left would never make a write fail, and the board would serve nobody
    (`clue-fx web | head -1` hung when head was slower than the lines).
    It notices the reader go and ends quietly, its trace closed."""
    p = subprocess.Popen([sys.executable, "-m", "hal.cli", "web", "--host", "127.0.0.1", "--port", "0"], cwd=ROOT,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
    try:
        lines = []
        while not lines or "Ctrl-C to stop" not in lines[-1]:  # every start-up line written: nothing more to come
            line = p.stdout.readline()
            assert line, "the board ended before its start-up lines: %r" % lines
            lines.append(line)
        p.stdout.close()  # the reader goes
        code = p.wait(timeout=30)
        err = p.stderr.read()
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    assert lines[0].startswith("board: http://127.0.0.1:")
    assert code == 141 and "Traceback" not in err and "cannot listen" not in err, (code, err)
