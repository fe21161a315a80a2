"""The place sounds, synthesised, and the table of every recipe (the jingles
are in tools/synth_jingles.py): one recipe per clip name of
sounds/manifest.json that is not speech. Each recipe returns float samples
(22 050 a second, any level: tools/build_sounds.py normalises them) and is
deterministic (noise from a generator seeded by the clip's name).

    python tools/synth_sfx.py sfx.ECURIE out.wav    # write one, to listen to
"""

import math
import sys

from synth_core import (
    RATE,
    SAW,
    TAU,
    add,
    adsr,
    bandpass,
    bell,
    brass,
    chirp,
    highpass,
    lowpass,
    mix,
    n_samples,
    noise,
    note,
    perc,
    rng,
    room,
    scale,
    silence,
    tone,
)
from synth_jingles import greeting, win, wrong

# --- the stables: hooves, a neigh, a snort ----------------------------------


def ecurie():
    gen = rng("sfx.ECURIE")
    out = silence(0.1)
    for t0, f in ((0.0, 900), (0.16, 640), (0.46, 880), (0.62, 620), (0.92, 900), (1.08, 650)):
        clop = tone(f, 0.12, perc(0.001, 0.02), partials=((1, 1.0), (2.3, 0.4), (0.5, 0.7)))
        click = bandpass(noise(0.03, gen, perc(0.0005, 0.004)), 2500, 1.5)
        mix(out, clop, t0, 0.45)
        mix(out, click, t0, 0.8)
    dur = 1.35

    def f0(t):
        if t < 0.12:
            return 450 + 500 * t / 0.12
        return 950 - 520 * ((t - 0.12) / (dur - 0.12)) ** 0.8

    def env(t):
        fall = 1.0 if t < dur - 0.35 else max(0.0, (dur - t) / 0.35)
        return min(1.0, t / 0.04) * (0.55 + 0.45 * math.sin(TAU * 17 * t)) * fall

    src = tone(f0, dur, env, partials=SAW[:8], vibrato=(14, 0.05))
    neigh = add(bandpass(src, 1100, 3), scale(bandpass(src, 2400, 4), 0.6), scale(src, 0.25))
    breath = scale(bandpass(noise(dur, gen, env), 1800, 1.0), 0.12)
    mix(out, add(neigh, breath), 1.25)
    snort = noise(
        0.3, gen, lambda t: min(1, t / 0.02) * math.exp(-t / 0.09) * (0.6 + 0.4 * math.sin(TAU * 31 * t))
    )
    mix(out, lowpass(lowpass(snort, 900), 900), 2.62, 2.0)
    return out


# --- the pool: a splash, bubbles, drops --------------------------------------


def piscine():
    gen = rng("sfx.PISCINE")
    out = []
    body = noise(1.3, gen, perc(0.004, 0.2))
    body = lowpass(body, lambda t: 5000 * math.exp(-t / 0.25) + 400)
    mix(out, body, 0.0, 1.0)
    mix(out, tone(lambda t: 90 - 40 * t, 0.3, perc(0.003, 0.06)), 0.0, 0.8)
    spray = highpass(noise(0.7, gen, perc(0.03, 0.16)), 2500)
    mix(out, spray, 0.06, 0.35)
    for _ in range(16):
        t0 = 0.12 + 1.1 * gen.random()
        f0 = 500 + 1100 * gen.random()
        d = 0.03 + 0.05 * gen.random()
        mix(out, chirp(f0, f0 * 1.7, d, curve=2.0), t0, 0.2 + 0.25 * gen.random())
    return out


# --- the tennis court: a rally -----------------------------------------------


def tennis():
    gen = rng("sfx.TENNIS")
    out = silence(0.1)

    def hit():
        a = tone(1050, 0.12, perc(0.0008, 0.012), partials=((1, 1.0), (2.1, 0.4)))
        b = tone(480, 0.12, perc(0.001, 0.03), partials=((1, 0.6), (1.5, 0.3)))
        c = bandpass(noise(0.02, gen, perc(0.0003, 0.003)), 3000, 1.0)
        return add(a, b, scale(c, 1.5))

    def bounce():
        a = tone(320, 0.1, perc(0.001, 0.02), partials=((1, 1.0), (2.7, 0.3)))
        b = lowpass(noise(0.03, gen, perc(0.0005, 0.006)), 1500)
        return add(a, scale(b, 1.2))

    for t0, kind, gain in (
        (0.0, hit, 1.0),
        (0.55, bounce, 0.55),
        (0.92, hit, 0.8),
        (1.47, bounce, 0.5),
        (1.84, hit, 1.0),
        (2.39, bounce, 0.55),
    ):
        mix(out, kind(), t0, gain)
    return room(out, wet=0.35, feedback=0.3)


# --- the garage: the starter cranks, the engine catches and revs -------------


def garage():
    gen = rng("sfx.GARAGE")
    crank_s = 1.1

    def crank_env(t):
        pulse = 0.5 - 0.5 * math.cos(TAU * 5.5 * t)
        return (0.3 + 0.7 * pulse * pulse) * min(1.0, t / 0.05)

    whine = tone(lambda t: 140 + 10 * math.sin(TAU * 5.5 * t), crank_s, crank_env, partials=SAW[:6])
    grind = lowpass(noise(crank_s, gen, crank_env), 800)
    out = add(scale(lowpass(whine, 1200), 0.5), scale(grind, 0.6))

    run_s = 2.1

    def rate(t):  # firings per second
        if t < 0.15:
            return 10 + 20 * t / 0.15
        if t < 0.7:
            return 30 + 45 * (t - 0.15) / 0.55
        if t < 1.4:
            return 75 - 47 * (t - 0.7) / 0.7
        return 28 + 1.5 * math.sin(TAU * 3 * t)

    engine = []
    phase = 0.0
    r = gen.random
    for i in range(n_samples(run_s)):
        t = i / RATE
        f = rate(t)
        phase += f / RATE
        frac = phase - math.floor(phase)
        loud = (0.6 + 0.4 * (f - 28) / 47) * min(1.0, t / 0.03)
        if t > run_s - 0.2:
            loud *= (run_s - t) / 0.2
        engine.append(loud * math.exp(-frac * 6) * (0.75 + 0.5 * r()))
    engine = highpass(lowpass(lowpass(engine, 700), 900), 40)
    mix(out, engine, crank_s - 0.05, 3.0)
    return out


# --- the manor: the Westminster quarter and the hour ---------------------------


def manoir():
    out = []
    for i, name in enumerate(("G#4", "F#4", "E4", "B3")):
        mix(out, bell(note(name), 2.2, decay=1.4), 0.55 * i, 0.8)
    mix(out, bell(note("E3"), 2.6, decay=1.8), 2.45, 1.0)
    return out


# --- the gardens: three birds ---------------------------------------------------


def jardins():
    gen = rng("sfx.JARDINS")
    out = silence(2.6)
    mix(out, lowpass(noise(2.6, gen), 300), 0.0, 0.08)  # leaves in the wind
    for start in (0.05, 1.4):  # a trill of quick falling notes
        for k in range(6):
            mix(out, chirp(4300, 3000, 0.045, curve=0.7), start + 0.075 * k, 0.55)
    for start in (0.62, 1.0, 2.05):  # tee-oo
        mix(out, chirp(2600, 3300, 0.12), start, 0.5)
        mix(out, chirp(3300, 2000, 0.2), start + 0.12, 0.5)
    for start in (0.38, 2.2):  # a warble farther off
        n = n_samples(0.35)
        warble = []
        phase = 0.0
        for i in range(n):
            t = i / RATE
            phase += TAU * (3400 + 300 * math.sin(TAU * 25 * t)) / RATE
            warble.append(math.sin(phase) * math.sin(math.pi * i / n))
        mix(out, warble, start, 0.25)
    return out


# --- the boathouse: water lapping, a horn -------------------------------------------


def abri():
    gen = rng("sfx.ABRI")
    dur = 4.0
    swells = (0.0, 1.25, 2.4, 3.3)

    def lap(t):
        g = 0.15
        for s in swells:
            if t >= s:
                x = t - s
                g += x / 0.35 if x < 0.35 else math.exp(-(x - 0.35) / 0.35)
        return g * min(1.0, t / 0.05) * (1.0 if t < dur - 0.3 else (dur - t) / 0.3)

    water = lowpass(bandpass(noise(dur, gen, lap), 650, 0.7), 1500)
    out = scale(water, 0.8)
    for _ in range(14):
        t0 = 0.1 + (dur - 0.4) * gen.random()
        f0 = 250 + 300 * gen.random()
        mix(out, chirp(f0, f0 * 1.5, 0.06, curve=2.0), t0, 0.12)
    horn_s = 1.7
    env = adsr(0.08, 0.1, 0.85, 0.3, horn_s)
    horn = []
    for name in ("D3", "F#3"):
        f = note(name)
        part = tone(
            lambda t, f=f: f * (0.97 + 0.03 * min(1.0, t / 0.08)),
            horn_s,
            env,
            partials=tuple((k, k**-0.8) for k in range(1, 15)),
        )
        horn = add(horn, part) if horn else part
    mix(out, lowpass(lowpass(horn, 1400), 2000), 0.8, 0.6)
    return out


# --- the kiosk: a brass band, oom-pah ------------------------------------------------


def drum(gen, low=True):
    if low:
        return add(
            tone(lambda t: 70 - 30 * t, 0.25, perc(0.002, 0.08)),
            scale(lowpass(noise(0.05, gen, perc(0.001, 0.01)), 600), 0.4),
        )
    return highpass(noise(0.12, gen, perc(0.001, 0.035)), 3000)


def kiosque():
    gen = rng("sfx.KIOSQUE")
    e = 60 / 132 / 2  # an eighth note at 132 beats a minute
    melody = (
        ("F4", 1),
        ("A4", 1),
        ("C5", 2),
        ("A4", 1),
        ("C5", 1),
        ("F5", 2),
        ("E5", 1),
        ("D5", 1),
        ("C5", 1),
        ("Bb4", 1),
        ("A4", 1),
        ("G4", 1),
        ("F4", 2),
    )
    bass = ("F2", "C3", "F2", "C3", "C3", "G2", "F2", "F2")
    chords = (("A3", "C4", "F4"),) * 4 + (("G3", "Bb3", "E4"),) * 2 + (("A3", "C4", "F4"),) * 2
    out = []
    at = 0
    for name, length in melody:
        mix(out, brass(note(name), length * e * 0.95, bright=3.5), at * e, 0.5)
        at += length
    for beat, name in enumerate(bass):
        long = beat == len(bass) - 1
        mix(out, lowpass(brass(note(name), e * (3.0 if long else 0.9), bright=1.5), 600), 2 * beat * e, 0.9)
        mix(out, drum(gen, True), 2 * beat * e, 0.6)
    for beat, chord in enumerate(chords):
        for name in chord:
            mix(out, brass(note(name), e * 0.8, bright=2.0), (2 * beat + 1) * e, 0.18)
        mix(out, drum(gen, False), (2 * beat + 1) * e, 0.25)
    return room(out, wet=0.3)


# --- the gatekeeper's lodge: a dog barks, the gate creaks and clanks --------------------


def gardien():
    gen = rng("sfx.GARDIEN")
    out = []

    def bark():
        dur = 0.22

        def env(t):
            return min(1.0, t / 0.008) * (1.0 if t < 0.04 else math.exp(-(t - 0.04) / 0.05))

        src = add(
            tone(lambda t: 330 + 220 * math.exp(-t / 0.06), dur, env, partials=SAW),
            scale(noise(dur, gen, env), 0.5),
        )
        return add(
            bandpass(src, 800, 2.0), scale(bandpass(src, 1600, 3.0), 0.6), scale(lowpass(src, 500), 0.3)
        )

    for t0 in (0.0, 0.27, 0.75):
        mix(out, bark(), t0, 1.0)
    creak_s = 1.2
    pulses = [0.0] * n_samples(creak_s)
    t = 0.0
    while t < creak_s:
        i = n_samples(t)
        if i < len(pulses):
            pulses[i] = 1.0 if gen.random() < 0.9 else 0.5
        t += (1.0 / (55 + 60 * math.sin(math.pi * t / creak_s))) * (0.85 + 0.3 * gen.random())
    creak = add(
        bandpass(pulses, 850, 8),
        scale(bandpass(pulses, 1700, 10), 0.7),
        scale(bandpass(pulses, 2600, 12), 0.4),
    )
    for i in range(len(creak)):
        x = i / len(creak)
        creak[i] *= math.sin(math.pi * x) ** 0.5
    mix(out, creak, 1.2, 5.0)
    for t0, g in ((2.5, 1.0), (2.6, 0.35)):
        clank = tone(420, 0.5, perc(0.001, 0.12), partials=((1, 1.0), (2.76, 0.6), (5.4, 0.4), (8.93, 0.2)))
        click = bandpass(noise(0.02, gen, perc(0.0003, 0.004)), 3000, 1.0)
        mix(out, add(clank, click), t0, 0.7 * g)
    return out


RECIPES = {
    "sfx.ECURIE": ecurie,
    "sfx.PISCINE": piscine,
    "sfx.TENNIS": tennis,
    "sfx.GARAGE": garage,
    "sfx.MANOIR": manoir,
    "sfx.JARDINS": jardins,
    "sfx.ABRI": abri,
    "sfx.KIOSQUE": kiosque,
    "sfx.GARDIEN": gardien,
    "jingle.greeting": greeting,
    "jingle.win": win,
    "jingle.wrong": wrong,
}


def synthesise(name):
    """Float samples of clip `name`; KeyError if it has no recipe."""
    return RECIPES[name]()


if __name__ == "__main__":
    import array
    import wave

    if len(sys.argv) != 3 or sys.argv[1] not in RECIPES:
        print("usage: python tools/synth_sfx.py NAME OUT.wav   (NAME: %s)" % ", ".join(RECIPES))
        sys.exit(2)
    x = synthesise(sys.argv[1])
    peak = max(abs(v) for v in x) or 1.0
    with wave.open(sys.argv[2], "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(array.array("h", (int(v / peak * 30000) for v in x)).tobytes())
