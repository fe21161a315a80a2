"""A tiny synthesiser for the sound tools: float sample buffers (lists, 22 050
samples a second, -1..1), oscillators, envelopes, filters and a mixer, in
plain Python (no numpy). Deterministic: noise comes from a
`random.Random` seeded by the caller, never from the global generator.

Used by tools/synth_sfx.py (the place sounds and the jingles).
"""

import math
import random
import zlib

RATE = 22050
TAU = 2 * math.pi


def n_samples(seconds):
    return int(round(seconds * RATE))


def silence(seconds):
    return [0.0] * n_samples(seconds)


def rng(name):
    """A generator seeded by a name: same name, same noise, every run."""
    return random.Random(zlib.crc32(name.encode("utf-8")))


def mix(dst, src, at=0.0, gain=1.0):
    """Add `src` into `dst` from `at` seconds on, growing `dst` if needed."""
    start = n_samples(at)
    end = start + len(src)
    if end > len(dst):
        dst.extend([0.0] * (end - len(dst)))
    for i, v in enumerate(src):
        dst[start + i] += v * gain
    return dst


def scale(x, gain):
    return [v * gain for v in x]


def note(name):
    """Frequency of a note name like "A4", "C#5", "Bb3"."""
    names = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    semis = names[name[0]]
    rest = name[1:]
    if rest[0] == "#":
        semis += 1
        rest = rest[1:]
    elif rest[0] == "b":
        semis -= 1
        rest = rest[1:]
    octave = int(rest)
    return 440.0 * 2 ** ((semis + 12 * (octave - 4)) / 12)


def _tail(out, seconds=0.01):
    """Bring the last `seconds` down to zero: a sound cut while it still rings
    would click."""
    n = min(n_samples(seconds), len(out))
    for i in range(n):
        out[len(out) - 1 - i] *= i / n
    return out


# --- envelopes: functions of time in seconds -> gain ---------------------


def adsr(attack, decay, sustain, release, length):
    """Attack-decay-sustain-release over `length` seconds (release inside)."""

    def env(t):
        if t < attack:
            return t / attack
        if t < attack + decay:
            return 1.0 - (1.0 - sustain) * (t - attack) / decay
        if t < length - release:
            return sustain
        if t < length:
            return sustain * (length - t) / release
        return 0.0

    return env


def perc(attack, tau):
    """A strike: linear attack then exponential decay with time constant tau."""

    def env(t):
        if t < attack:
            return t / attack
        return math.exp(-(t - attack) / tau)

    return env


# --- sources ---------------------------------------------------------------


def _glide(freq, seconds, vibrato):
    """(t, f) for every sample: the time and the frequency then, `freq` a
    number or a function of t, with its vibrato (rate Hz, depth ratio)."""
    f_of = freq if callable(freq) else (lambda t, f=freq: f)
    vrate, vdepth = vibrato
    sin = math.sin
    for i in range(n_samples(seconds)):
        t = i / RATE
        f = f_of(t)
        if vdepth:
            f *= 1.0 + vdepth * sin(TAU * vrate * t)
        yield t, f


def tone(freq, seconds, env, partials=((1, 1.0),), vibrato=(0.0, 0.0)):
    """A periodic tone. `freq` is a number or a function of t; `partials`
    (harmonic number or ratio, amplitude); vibrato (rate Hz, depth ratio)."""
    out = []
    phase = 0.0
    sin = math.sin
    for t, f in _glide(freq, seconds, vibrato):
        phase += TAU * f / RATE
        s = 0.0
        for k, a in partials:
            if k * f < RATE / 2:
                s += a * sin(k * phase)
        out.append(s * env(t))
    return _tail(out)


def fm(freq, seconds, env, *, ratio=1.0, index=2.0, index_env=None, vibrato=(0.0, 0.0)):
    """Two-operator FM (Chowning): brass with ratio 1, bells with an odd
    ratio. `index_env(t)` scales the modulation index (brightness)."""
    out = []
    phase_c = 0.0
    phase_m = 0.0
    sin = math.sin
    for t, f in _glide(freq, seconds, vibrato):
        phase_c += TAU * f / RATE
        phase_m += TAU * f * ratio / RATE
        idx = index * (index_env(t) if index_env else 1.0)
        out.append(sin(phase_c + idx * sin(phase_m)) * env(t))
    return _tail(out)


def bell(freq, seconds, amp=1.0, decay=2.0):
    """A struck bell: inharmonic partials (hum, prime, tierce, quint, nominal...)
    each dying faster the higher it is."""
    partials = (
        (0.5, 0.6, 1.0),
        (1.0, 1.0, 0.8),
        (1.183, 0.5, 0.6),
        (1.506, 0.35, 0.5),
        (2.0, 0.45, 0.4),
        (2.514, 0.2, 0.3),
        (2.662, 0.15, 0.25),
        (3.011, 0.12, 0.2),
        (4.166, 0.08, 0.12),
    )
    out = [0.0] * n_samples(seconds)
    sin = math.sin
    exp = math.exp
    for ratio, a, d in partials:
        f = freq * ratio
        if f >= RATE / 2:
            continue
        w = TAU * f / RATE
        tau = decay * d
        for i in range(len(out)):
            t = i / RATE
            out[i] += amp * a * sin(w * i) * exp(-t / tau) * min(1.0, t / 0.002)
    return _tail(out, 0.05)


def noise(seconds, gen, env=None):
    out = []
    r = gen.random
    for i in range(n_samples(seconds)):
        v = 2.0 * r() - 1.0
        out.append(v * env(i / RATE) if env else v)
    return _tail(out)


def chirp(f0, f1, seconds, amp=1.0, curve=1.0):
    """A sine gliding from f0 to f1 under a smooth (Hann) envelope: a bird's
    note, a droplet."""
    out = []
    phase = 0.0
    n = n_samples(seconds)
    sin = math.sin
    for i in range(n):
        x = i / n
        f = f0 + (f1 - f0) * x**curve
        phase += TAU * f / RATE
        out.append(amp * sin(phase) * sin(math.pi * x) ** 2)
    return out


# --- filters -----------------------------------------------------------------


def lowpass(x, cutoff):
    """One-pole low-pass; `cutoff` a number or a function of t."""
    out = []
    y = 0.0
    c_of = cutoff if callable(cutoff) else None
    a = 1.0 - math.exp(-TAU * (cutoff if not c_of else 1.0) / RATE)
    exp = math.exp
    for i, v in enumerate(x):
        if c_of:
            a = 1.0 - exp(-TAU * c_of(i / RATE) / RATE)
        y += a * (v - y)
        out.append(y)
    return out


def highpass(x, cutoff):
    low = lowpass(x, cutoff)
    return [v - w for v, w in zip(x, low, strict=True)]


def bandpass(x, freq, q):
    """RBJ biquad band-pass (0 dB peak gain)."""
    w0 = TAU * freq / RATE
    alpha = math.sin(w0) / (2 * q)
    b0, b2 = alpha, -alpha
    a0, a1, a2 = 1 + alpha, -2 * math.cos(w0), 1 - alpha
    b0, b2, a1, a2 = b0 / a0, b2 / a0, a1 / a0, a2 / a0
    out = []
    x1 = x2 = y1 = y2 = 0.0
    for v in x:
        y = b0 * v + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1 = x1, v
        y2, y1 = y1, y
        out.append(y)
    return out


def room(x, wet=0.25, delays=(0.029, 0.037, 0.047, 0.059), feedback=0.45):
    """A small room: parallel feedback combs, mixed under the dry sound."""
    tail = n_samples(0.25)
    dry = x + [0.0] * tail
    out = list(dry)
    for d in delays:
        k = n_samples(d)
        buf = [0.0] * len(dry)
        for i in range(len(dry)):
            buf[i] = dry[i] + (feedback * buf[i - k] if i >= k else 0.0)
        for i in range(len(dry)):
            out[i] += wet / len(delays) * buf[i]
    return out


def fade(x, fade_in=0.005, fade_out=0.005):
    """Short linear fades at both ends: no click where the clip starts or stops."""
    n_in = min(n_samples(fade_in), len(x))
    n_out = min(n_samples(fade_out), len(x))
    for i in range(n_in):
        x[i] *= i / n_in
    for i in range(n_out):
        x[len(x) - 1 - i] *= i / n_out
    return x


SAW = tuple((k, 1.0 / k) for k in range(1, 13))


def add(*parts):
    """Sum of sample lists, as long as the longest."""
    n = max(len(p) for p in parts)
    out = [0.0] * n
    for p in parts:
        for i, v in enumerate(p):
            out[i] += v
    return out


def brass(freq, seconds, bright=3.0):
    env = adsr(0.03, 0.08, 0.75, 0.06, seconds)
    return fm(freq, seconds, env, ratio=1.0, index=bright, index_env=env)
