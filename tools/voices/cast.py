"""Who speaks in which voice: the speakers of every edition (VOICES), the
espeak-ng baseline (ESPEAK), and how each voice is told to say the French
names (the captions keep the spelling). Used by tools/build_sounds.py."""

# Two speakers (the manifest's "speaker"): Edmond, the old butler, low,
# unhurried, in a small room; the Inspecteur in another voice, higher and
# brisker, so that a player knows at once who speaks. docs/sounds.md says why
# these (bench/bench_voice.py measured them). pitch: cents (sox pitch);
# tempo: sox tempo factor; room: a light sox reverb; join: the clips that
# never end a sentence are said without a sentence's final fall and with a
# short tail; join_start: those that never start one, without a sentence's
# high start (tools/build_sounds.py, joining_clips and continuing_clips;
# issue 29). join_start in en and us, where a sentence's joins stepped up
# 4.6 semitones and now 1.9, every 2nd form, WER told the names 0.057 ->
# 0.052, MOS 4.21 -> 4.24; not in fr, whose joins stepped up 1.8 and where
# it cost words (Edmond 0.101 -> 0.109, the Inspecteur 0.230 -> 0.297):
# docs/sounds.md.
EDMOND_EN = {"engine": "kokoro", "voice": "jm_kumo", "lang": "en-us", "speed": 0.92, "pitch": -150, "room": True,
             "join": True, "join_start": True}
INSPECTEUR_EN = {"engine": "piper", "voice": "joe", "length": 0.85, "pitch": 50, "join": True, "join_start": True}
VOICES = {
    "fr": {
        # SVOX Pico's French voice (a native French voice, female), at its
        # volume 80 (at 100 it clipped at its source in 28 of 61 texts), made a
        # man's by Praat's "Change gender" (praat-parselmouth: PSOLA moves the
        # pitch, a resampling the formants, apart): formants x0.88, median
        # pitch 98 Hz, under the Inspecteur's 103 Hz, as an old butler's should
        # be; then a treble shelf (+12 dB from 1.5 kHz) for the consonants.
        # Issue 29, every fr form (docs/sounds.md): WER told the names 0.140 ->
        # 0.098, MOS 2.69 -> 2.95 (espeak-ng 2.85), F0 134 -> 99 Hz, against
        # the first cast (its pitch at 80 % and sox -200 cents, which lowered
        # the formants too and darkened it). Praat's random generator is
        # seeded before each call (engines.change_gender): the same bytes on
        # every rebuild.
        "narrator": {"engine": "pico", "voice": "fr-FR", "volume": 80, "gender_formants": 0.88, "gender_f0": 98,
                     "treble": 12, "treble_hz": 1500, "join": True},
        "inspecteur": {"engine": "kokoro", "voice": "jm_kumo", "lang": "fr", "speed": 1.05, "pitch": 200,
                       "join": True},
    },
    "en": {"narrator": EDMOND_EN, "inspecteur": INSPECTEUR_EN},
    "us": {"narrator": EDMOND_EN, "inspecteur": INSPECTEUR_EN},
}
# The baseline (--engine espeak): the espeak-ng voices the board had before.
ESPEAK = {
    "fr": {
        "narrator": {"engine": "espeak", "voice": "fr-fr", "p": 38, "speed": 160},
        "inspecteur": {"engine": "espeak", "voice": "fr-fr+m3", "p": 62, "speed": 175},
    },
    "en": {
        "narrator": {"engine": "espeak", "voice": "en-gb-x-rp", "p": 38, "speed": 160},
        "inspecteur": {"engine": "espeak", "voice": "en-gb-x-rp+m3", "p": 62, "speed": 175},
    },
}
ESPEAK["us"] = {k: dict(v, voice=v["voice"].replace("en-gb-x-rp", "en-us")) for k, v in ESPEAK["en"].items()}
ROOM = ["reverb", "10", "50", "15", "100", "0", "-8"]  # reverberance %, HF damping %, room %, stereo, pre-delay, wet dB
# How espeak-ng should say the French names in English (its phonemes): the
# captions keep the spelling, the voice gets these.
SAY_EN = {
    "Dr. Lenoir's": "Doctor [[l@nw'A@z]]",  # first: "Dr." would end a sentence, "'s" be spelt
    "Inspecteur": "Inspector",
    "Professeur": "[[pr0fEs'3:]]",
    "Révérend": "[[r'Ev@r@nd]]",
    "Mme": "[[mad'am]]",
    "Mlle": "[[madmwaz'El]]",
    "Melle": "[[madmwaz'El]]",
    "Comte": "[[k'0nt]]",
    "du Puy": "[[dju: pw'i:]]",
    "Pêche": "[[p'ES]]",
    "Moutarde": "[[mu:t'A@d]]",
    "Pervenche": "[[pe@v'0nS]]",
    "Leblanc": "[[l@bl'0N]]",
    "Dupont": "[[dju:p'0N]]",
    "Lenoir": "[[l@nw'A@]]",
    "Lavande": "[[l@v'0nd]]",
    "Azur": "[[a#z'jU@]]",
    "Beaumont": "[[b'oUm0N]]",
}
# The titles as the neural English voices say them.
TITLES_EN = {
    "Dr.": "Doctor",
    "Mr.": "Mister",
    "Mrs.": "Missus",
    "Mme": "Madame",
    "Mlle": "Mademoiselle",
    "Melle": "Mademoiselle",
}
# The same for the neural English voices (Piper), in letters they read well.
SAY_NEURAL_EN = {
    **TITLES_EN,
    "Inspecteur": "Inspector",
    "Professeur": "Professor",
    "Révérend": "Reverend",
    "Comte": "Count",
    "du Puy": "du Pwee",
    "Pêche": "Pesh",
    "Moutarde": "Mootard",
    "Pervenche": "Pervonsh",
    "Leblanc": "Le Blon",
    "Dupont": "Dupon",
    "Lenoir": "Lenwar",
    "Lavande": "Lavond",
    "Azur": "Azure",
    "Beaumont": "Bomon",
    "START": "start",  # the caption's capitals are the board's printing, not a spelling
    "yes or no.": "yes or no!",  # "no." would be read "number"
}
# Kokoro's English G2P (misaki's rules) reads most French names as printed
# better than respelt (bench/bench_voice.py: "Dupont", "Beaumont", "Leblanc");
# these are the ones it needs told.
SAY_KOKORO_EN = {
    **TITLES_EN,
    "Professeur": "Professor",
    "Révérend": "Reverend",
    "Comte": "Count",
    "du Puy": "du Pwee",
    "Pêche": "Pesh",
    "Pervenche": "Pervonsh",
    "Lenoir": "Lenwar",
    "Lavande": "La Vonde",  # "Lavond" was heard "Levant"
    "Azur": "Azure",
    "START": "start",
    "yes or no.": "yes or no!",
    "=and": "and,",  # the lone "and" after a name: en heard "Land" 8 times (0 now), us misheard "and" 12 (7 now)
}
# The English rulebook's own words (`en` only: `us` says "the Tudor Mansion"
# and has no kiosk), bench/bench_voice.py on every form of `en`: "Tudor" was
# heard "to the" 10 times, "kiosk" "key ask" 5 times. A key "=text" is a
# whole caption.
SAY_KOKORO_EN_RULEBOOK = dict(SAY_KOKORO_EN)
SAY_KOKORO_EN_RULEBOOK.update({"Tudor": "Tewdor", "kiosk": "kyosk"})
NEURAL = {"fr": {}, "en": SAY_NEURAL_EN, "us": SAY_NEURAL_EN}
SAY = {"espeak": {"fr": {}, "en": SAY_EN, "us": {}},
       "kokoro": {"fr": {}, "en": SAY_KOKORO_EN_RULEBOOK, "us": SAY_KOKORO_EN},
       "piper": NEURAL, "neural": NEURAL, "pico": {"fr": {}, "en": {}, "us": {}}}


def parse_voice(spec):
    """'piper:joe,length=1.1,pitch=-100' -> {"engine": "piper", "voice": "joe", ...}."""
    head, _, opts = spec.partition(",")
    engine, _, voice = head.partition(":")
    v = {"engine": engine}
    if voice:
        v["voice"] = voice
    for opt in filter(None, opts.split(",")):
        key, _, value = opt.partition("=")
        try:
            v[key] = float(value) if key not in ("lang", "voice") else value
        except ValueError:
            raise ValueError("bad voice option %r in %r (want key=number)" % (opt, spec)) from None
        if key in ("room", "join", "join_start"):
            v[key] = bool(v[key])
    return v
