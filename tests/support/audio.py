"""The speaker for tests: a sentence of clip numbers, the clips of the
words that join sentences, and a run until the queue has drained."""

import time

import pytest

from firmware.actions import Say
from firmware.clips import number

pygame = pytest.importorskip("pygame")

DEADLINE_S = 10.0
AND, LEAVES, ARRIVES = number("word.and"), number("word.leaves"), number("word.arrives")


def say(*clips):
    return Say("test", {}, clips)


def run_until_drained(audio, start=0, deadline=DEADLINE_S):
    """Poll as a frame loop would until poll() reports the drain; returns the
    clips played from `audio.played[start]` on, in order (AudioOut's own
    record: sampling `playing` from here misses a short clip whenever this
    process is descheduled longer than it lasts), and how many times poll()
    said True."""
    trues = 0
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        if audio.poll():
            trues += 1
            break
        time.sleep(0.002)
    else:
        pytest.fail("the audio queue did not drain in %.0f s" % deadline)
    for _ in range(5):  # and never again while nothing new is queued
        trues += audio.poll()
    return audio.played[start:], trues
