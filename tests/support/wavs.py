"""The committed clips as samples, for the tests that read sounds/."""

import array
import sys
import wave


def read(path):
    """(16-bit samples as an array of "h", rate) of a mono WAV file."""
    with wave.open(str(path), "rb") as w:
        rate = w.getframerate()
        x = array.array("h", w.readframes(w.getnframes()))
    if sys.byteorder == "big":
        x.byteswap()
    return x, rate
