"""An edition's clips on a DFPlayer Mini's SD card (`clue-fx sdcard`; its
help in hal/cli/sdcard.py is the user's page): clip N goes to the numbered
folder and file that hal/mcu/dfplayer.py's track_of gives, each WAV checked
for what the DFPlayer plays.

The card keeps WAV, what it always held: the DFPlayer plays it with no
decoding, and the whole sentences below are the clips' samples joined.
A wheel's clips are MP3 (hal.captions.clip_file, tools/build_clips.py):
they are decoded into WAVs as the card is written (SDL_mixer's decoder,
hal.audio_backends.decode), the same samples the desktop plays.

    plan("fr")                       # [(clip, source file, path on the card)]: a WAV, or a wheel's MP3
    write("/media/me/SDCARD", "fr")  # old numbered files removed first; CardError
    write(card, "fr", sentences=())  # the clips only

With the clips, every sentence the board can say, whole, as one track
(hal/bringup/sentences.py: the same clips back to back, as the desktop
plays them), in folders 10 and on: the board (its table, written by
`clue-fx flash`) plays a sentence as its one track, so the module's start
delay comes once a sentence, not at every word; and the sentences one
input says together where their pairs are few (a pawn's arrival: its
place's sound, then the place; a search's result, then the call), so it
comes once for them. About 2.8 GB for fr, 3.2 GB for en, 3.1 GB for us
(sentence_bytes() says it): a 4 GB card holds any edition.
"""

import json
import os
import re
import shutil
import tempfile
import wave

from hal.mcu.dfplayer import path_of, track_of

# None: the installed sounds (hal.captions.SOUNDS), looked up when a card is
# planned, so that `clue-fx sdcard --help` does not load hal.captions.
SOUNDS = None
# Sample rates the DFPlayer Mini plays WAV files at (its datasheet)
RATES = (8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000)
_NUMBERED = re.compile(r"^\d{3}.*\.(wav|mp3)$", re.IGNORECASE)


class CardError(Exception):
    pass


def check_wav(path):
    """Raise CardError unless `path` is a WAV the DFPlayer plays (PCM, 16-bit, 1-2 channels)."""
    try:
        with wave.open(path, "rb") as w:
            channels, width, rate = w.getnchannels(), w.getsampwidth(), w.getframerate()
    except (OSError, EOFError, wave.Error) as e:
        raise CardError("%s is not a readable WAV file: %s" % (path, e)) from None
    if width != 2 or channels not in (1, 2) or rate not in RATES:
        raise CardError(
            "%s: %d-bit, %d channel(s), %d Hz; the DFPlayer plays 16-bit mono or stereo at %s Hz"
            % (path, width * 8, channels, rate, ", ".join(str(r) for r in RATES))
        )


def check_recording(path):
    """Raise CardError if a voice pack's WAV is one `clue-fx voices check`
    refuses: cut short, empty, silent, unreadable (a card full of them would
    play nothing, or garbage, at the table)."""
    from hal.voicepack import clip_problems

    bad = [line for line in clip_problems(path) if _FATAL.search(line)]
    if bad:
        raise CardError("%s (clue-fx voices check finds them all)" % bad[0])


_FATAL = re.compile(r"not a WAV|cut short|no sound in it|silent all through|not 16-bit|Hz: a rate")


def plan(lang, sounds=SOUNDS, voices=None):
    """[(clip number, its file on this computer, path on the card)] of an edition;
    `sounds`: the folder of manifest.json and <lang>/NNNN.wav or .mp3 (None: the installed one);
    `voices`: a hal.voicepack.VoicePack whose clips go instead of the edition's."""
    if sounds is None:
        from hal.captions import SOUNDS as installed

        sounds = str(installed)
    manifest_path = os.path.join(sounds, "manifest.json")
    try:
        with open(manifest_path, encoding="utf-8") as f:
            manifest = json.load(f)
    except OSError as e:
        raise CardError("cannot read %s: %s" % (manifest_path, e.strerror)) from None
    from hal.captions import clip_file
    from hal.captions import editions as editions_of

    try:
        editions = editions_of(manifest)
    except ValueError as e:
        raise CardError("%s: %s" % (manifest_path, e)) from None
    if lang not in editions:
        raise CardError("no edition %r in %s: the editions are %s" % (lang, manifest_path, ", ".join(editions)))
    out = []
    missing = []
    for clip in manifest["clips"]:
        n = clip["id"]
        src = str(clip_file(lang, n, sounds))
        if voices is not None and voices.path(n) is not None:
            src = str(voices.path(n))
        if not os.path.isfile(src):
            missing.append(os.path.basename(src))
            continue
        track_of(n)  # a clip past what a card holds fails here
        out.append((n, src, path_of(n)))
    if missing:
        raise CardError(
            "%d clip(s) of the %s edition are missing in %s: %s"
            % (
                len(missing),
                lang,
                os.path.join(sounds, lang),
                ", ".join(missing[:8]) + (" ..." if len(missing) > 8 else ""),
            )
        )
    return out


def sentence_bytes(files, seqs):
    """The bytes the whole sentences' tracks take on a card, from the clips `files` (plan's)."""
    from . import sentences as whole  # the firmware's phrase builder: only when sentences are written

    sound = {}
    for n, src, _ in files:
        with wave.open(src, "rb") as w:
            sound[n] = w.getnframes() * w.getnchannels() * w.getsampwidth()
    return whole.track_bytes(sound, seqs)


def write(card, lang, sounds=SOUNDS, out=print, voices=None, *, sentences=None):
    """Copy the edition onto the card at `card` (its mount point, or any
    folder), and its whole sentences (`sentences`: hal.bringup.sentences's
    list; None: all of them; (): none, the clips only)."""
    if not os.path.isdir(card):
        raise CardError("%s is not a folder (mount the SD card and name its folder)" % card)
    files = plan(lang, sounds, voices)
    with tempfile.TemporaryDirectory(prefix="clue-fx-sdcard-") as wavs:
        return _write(card, lang, _as_wavs(files, wavs), out=out, voices=voices, sentences=sentences)


def _as_wavs(files, folder):
    """plan's `files`, each compressed clip (a wheel's MP3) decoded into a WAV in `folder`."""
    compressed = [f for f in files if not f[1].lower().endswith(".wav")]
    if not compressed:
        return files
    from hal.audio_backends import close_decoder, decode, open_decoder

    made = {}
    opened = open_decoder()
    try:
        for n, src, _ in compressed:
            try:
                frames, (channels, width, rate) = decode(src)
            except Exception as e:  # pygame.error: a bad file
                raise CardError("%s cannot be decoded: %s" % (src, e)) from None
            made[n] = os.path.join(folder, "%04d.wav" % n)
            with wave.open(made[n], "wb") as w:
                w.setnchannels(channels)
                w.setsampwidth(width)
                w.setframerate(rate)
                w.writeframes(frames)
    finally:
        if opened:
            close_decoder()
    return [(n, made.get(n, src), dest) for n, src, dest in files]


def _write(card, lang, files, *, out, voices, sentences):
    from . import sentences as whole  # the firmware's phrase builder: not imported by `sdcard --help`

    for n, src, _ in files:
        check_wav(src)
        if voices is not None and voices.path(n) is not None:
            check_recording(src)
    source = {n: src for n, src, _ in files}
    if sentences is None:  # all of them (none of a sounds folder that is not the firmware's)
        sentences = [s for s in whole._many(whole.sentences()) if all(c in source for c in s)]
    seqs = list(sentences)
    need = sum(os.path.getsize(src) for _, src, _ in files) + (sentence_bytes(files, seqs) if seqs else 0)
    free = shutil.disk_usage(card).free + _numbered_bytes(card)
    if need > free:
        raise CardError(
            "the %s edition needs %.0f MB on the card, %s has %.0f MB free: use a larger card (4 GB holds any "
            "edition whole), or --clips-only (%.0f MB)"
            % (lang, need / 1e6, card, free / 1e6, sum(os.path.getsize(src) for _, src, _ in files) / 1e6)
        )
    try:
        tracks = whole.plan_tracks(seqs) if seqs else []
    except ValueError as e:
        raise CardError(str(e)) from None
    folders = sorted({dest.split("/")[0] for _, _, dest in files} | {dest.split("/")[0] for _, dest in tracks})
    wanted = {dest for _, _, dest in files} | {dest for _, dest in tracks}
    removed = 0
    for folder in folders:
        path = os.path.join(card, folder)
        os.makedirs(path, exist_ok=True)
        for name in os.listdir(path):
            if _NUMBERED.match(name) and "%s/%s" % (folder, name) not in wanted:
                os.remove(os.path.join(path, name))  # a clip of another edition or an older build
                removed += 1
    size = 0
    for _, src, dest in files:
        shutil.copyfile(src, os.path.join(card, dest))
        size += os.path.getsize(src)
    for clips, dest in tracks:
        try:
            whole.join([source[c] for c in clips], os.path.join(card, dest))
        except ValueError as e:
            raise CardError("cannot join the clips of a sentence: %s" % e) from None
        size += os.path.getsize(os.path.join(card, dest))
    with open(os.path.join(card, "clue-fx.txt"), "w", encoding="utf-8") as f:
        f.write(
            "clue-fx %s edition%s: %d clips and %d whole sentences in %s (clip N is folder/file of track_of(N); "
            "sentence i of hal/bringup/sentences.py is track %d + i)\n"
            % (lang, _pack_words(voices, files), len(files), len(tracks), ", ".join(folders), whole.BASE + 1)
        )
    out(
        "wrote %d clips%s of the %s edition%s to %s (%s), %.1f MB%s"
        % (
            len(files),
            " and %d whole sentences" % len(tracks) if tracks else "",
            lang,
            _pack_words(voices, files),
            card,
            _folders_words(folders),
            size / 1e6,
            "; removed %d old clip file(s)" % removed if removed else "",
        )
    )
    return files


def _folders_words(folders):
    if len(folders) <= 3:
        return ", ".join(f + "/" for f in folders)
    return "%s/ to %s/" % (folders[0], folders[-1])


def _numbered_bytes(card):
    """Bytes of the numbered files already on the card (they are replaced)."""
    total = 0
    for folder in os.listdir(card):
        path = os.path.join(card, folder)
        if len(folder) == 2 and folder.isdigit() and os.path.isdir(path):
            for name in os.listdir(path):
                if _NUMBERED.match(name):
                    total += os.path.getsize(os.path.join(path, name))
    return total


def _pack_words(voices, files):
    if voices is None:
        return ""
    mine = sum(1 for n, _, _ in files if voices.path(n) is not None)
    return ", %d of them from the voice pack %s" % (mine, voices.name)
