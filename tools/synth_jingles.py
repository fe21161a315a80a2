"""The three jingles, synthesised (recipes for tools/synth_sfx.py's table):
the greeting, the winner's fanfare, the wrong accusation's sad trombone."""

import math

from synth_core import (
    SAW,
    TAU,
    add,
    adsr,
    bell,
    brass,
    fm,
    highpass,
    lowpass,
    mix,
    noise,
    note,
    perc,
    rng,
    room,
    scale,
    tone,
)


def celesta(freq, seconds):
    return fm(freq, seconds, perc(0.002, 0.35), ratio=4.0, index=1.5, index_env=perc(0.001, 0.1))


def greeting():
    """A little mystery: a rising D minor arpeggio, a leading note, the tonic held."""
    out = []
    for name in ("D3", "A3", "F4"):
        pad = tone(note(name), 2.0, adsr(0.4, 0.2, 0.8, 0.6, 2.0), partials=SAW[:6], vibrato=(5, 0.004))
        mix(out, lowpass(pad, 1200), 0.0, 0.12)
    for i, name in enumerate(("A3", "D4", "F4", "A4", "C#5")):
        mix(out, celesta(note(name), 0.6), 0.14 * i, 0.5)
    mix(out, celesta(note("D5"), 1.3), 0.84, 0.6)
    mix(out, bell(note("D5"), 1.3, decay=0.8), 0.84, 0.25)
    return out


def win():
    """Ta-ta-ta-taaa, ta-ta-taaaa: a fanfare on C, timpani and a cymbal."""
    gen = rng("jingle.win")
    out = []
    notes = (
        ("G4", 0.0, 0.1),
        ("G4", 0.12, 0.1),
        ("G4", 0.24, 0.1),
        ("C5", 0.36, 0.42),
        ("G4", 0.84, 0.13),
        ("C5", 1.0, 0.13),
        ("E5", 1.16, 0.13),
    )
    for name, t0, d in notes:
        mix(out, brass(note(name), d, bright=3.5), t0, 0.5)
    final = fm(
        note("G5"),
        1.1,
        adsr(0.03, 0.1, 0.8, 0.3, 1.1),
        index=3.5,
        index_env=adsr(0.03, 0.1, 0.8, 0.3, 1.1),
        vibrato=(5.5, 0.006),
    )
    mix(out, final, 1.32, 0.5)
    for name in ("C4", "E4", "G4"):
        mix(out, brass(note(name), 1.1, bright=2.0), 1.32, 0.2)

    def timpani(f):
        return add(
            tone(f, 0.6, perc(0.002, 0.3), partials=((1, 1.0), (1.5, 0.5), (1.98, 0.3))),
            scale(lowpass(noise(0.05, gen, perc(0.001, 0.01)), 800), 0.5),
        )

    for f, t0 in ((note("G2"), 0.0), (note("C2"), 0.36), (note("C2"), 1.32)):
        mix(out, timpani(f), t0, 0.6)
    mix(out, highpass(noise(0.9, gen, perc(0.002, 0.25)), 4000), 1.32, 0.3)
    return room(out, wet=0.2)


def wrong():
    """Wah, wah, wah, waaah: a sad trombone."""
    out = []
    for i, name in enumerate(("D4", "C#4", "C4")):
        f = note(name)
        d = 0.36
        part = fm(
            lambda t, f=f: f * (0.97 + 0.03 * min(1.0, t / 0.05)),
            d,
            adsr(0.04, 0.05, 0.8, 0.08, d),
            index=2.5,
            index_env=lambda t: 0.4 + 0.6 * min(1.0, t / 0.15),
        )
        mix(out, part, 0.4 * i, 0.6)
    f = note("B3")
    d = 1.3
    last = fm(
        lambda t: (
            f * (0.97 + 0.03 * min(1.0, t / 0.05)) * (1 + 0.025 * min(1.0, t / 0.5) * math.sin(TAU * 6 * t))
        ),
        d,
        adsr(0.04, 0.1, 0.85, 0.35, d),
        index=2.5,
        index_env=lambda t: 0.4 + 0.6 * min(1.0, t / 0.2),
    )
    mix(out, last, 1.2, 0.6)
    return lowpass(out, 1800)
