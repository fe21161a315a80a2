"""The self-test plays every clip of an edition, heard at the mixer's output:
`clue-fx selftest` runs with the real pygame mixer on SDL's disk audio
driver (it writes what would go to the speaker into a file, here as fast as
it can), and every clip's own samples are found in that stream, in order;
with --voices, a voice pack's clips are the ones heard where it has them."""

import array
import os
import pathlib
import subprocess
import sys
import wave

import pytest

from hal.captions import SOUNDS, load_manifest

CLIPS = [c["id"] for c in load_manifest()["clips"]]


def frames(path):
    with wave.open(str(path), "rb") as w:
        return w.readframes(w.getnframes())


def heard(tmp_path, *args):
    """(the selftest's run, the raw stream its mixer wrote)."""
    raw = tmp_path / "out.raw"
    env = dict(os.environ, SDL_AUDIODRIVER="disk", SDL_DISKAUDIOFILE=str(raw), SDL_DISKAUDIODELAY="0",
               SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    run = subprocess.run([sys.executable, "-m", "hal.cli", "selftest", "--audio", "pygame", "--volume", "1", *args],
                         capture_output=True, text=True, timeout=120, env=env)
    return run, raw.read_bytes()


def body(data):
    """2000 samples of a clip from its first sound on (the silence before it is anybody's)."""
    a = array.array("h", data)
    first = next((i for i, v in enumerate(a) if v), len(a))
    return a[first : first + 2000].tobytes()


def find_in_order(stream, clips):
    """The clips (bytes) found one after the other in `stream`; the first missing one stops it."""
    at, found = 0, []
    for name, data in clips:
        body_ = body(data)
        i = stream.find(body_, at)
        if not body_ or i < 0:
            break
        found.append(name)
        at = i + len(body_)
    return found


def negated(data):
    a = array.array("h", data)
    return array.array("h", (max(-32768, min(32767, -v)) for v in a)).tobytes()


def test_the_selftest_plays_every_clip_of_the_us_edition_and_a_voice_pack_first(tmp_path):
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "voices.json").write_text('{"format": "cfx-voices/1", "edition": "us", "speakers": ["narrator"]}')
    mine = (4, 40, 61)  # Lord Gray, and two more: the pack's are the edition's, turned upside down
    for n in mine:
        src = SOUNDS / "us" / ("%04d.wav" % n)
        with wave.open(str(src), "rb") as w, wave.open(str(pack / ("%04d.wav" % n)), "wb") as out:
            out.setparams(w.getparams())
            out.writeframes(negated(w.readframes(w.getnframes())))
    run, stream = heard(tmp_path, "--voices", str(pack))
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.splitlines()[-1].startswith("selftest: %d clips of the us edition, %d played (sound: pygame)"
                                                  % (len(CLIPS), len(CLIPS)))
    want = [(n, frames((pack if n in mine else SOUNDS / "us") / ("%04d.wav" % n))) for n in CLIPS]
    assert find_in_order(stream, want) == CLIPS
    edition_only = [(n, frames(SOUNDS / "us" / ("%04d.wav" % n))) for n in mine]
    assert all(stream.find(body(d)) < 0 for _, d in edition_only)  # never the edition's own


@pytest.mark.parametrize("edition", ["fr", "en"])
def test_the_selftest_of_each_edition_is_heard_clip_by_clip(tmp_path, edition):
    run, stream = heard(tmp_path, "--edition", edition)
    assert run.returncode == 0, run.stdout + run.stderr
    want = [(n, frames(pathlib.Path(SOUNDS) / edition / ("%04d.wav" % n))) for n in CLIPS]
    assert find_in_order(stream, want) == CLIPS
