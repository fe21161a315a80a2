"""The wheel's clips for the tests that play them: a copy of sounds/ with its
WAVs compressed to MP3 as the wheel's build does (tools/build_clips.py, with
soundfile, a build requirement and in the test extra)."""

import pytest

from tests.support.tools import tool


def mp3_sounds(out, editions=()):
    """`out` (a new folder): manifest.json and <edition>/NNNN.mp3 of `editions` (all of them: ())."""
    try:
        tool("build_clips").encoder()
    except Exception as e:  # build_clips.EncoderMissing: the test extra not reinstalled
        pytest.skip("%s (pip install -e '.[test]')" % e)
    args = [str(out)]
    for e in editions:
        args += ["--edition", e]
    assert tool("build_clips").main(args) == 0
    return out
