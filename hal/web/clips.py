"""The edition's clips compressed for a web page: Ogg Opus (every browser
of today) and MP3 (Safari before iOS 18.4 plays no Ogg Opus), made with
ffmpeg when the app is exported (`clue-fx web --export`), from the WAVs
the package holds at that moment: never out of step with them (a WAV
re-rendered is compressed again). Each result is cached by the sha256 of
its WAV and the settings, so a second export costs nothing.

    formats = compress(wavs, out_dir, cache_dir)   # ("opus", "mp3"), or () when ffmpeg is missing
    FORMATS                                       # {"opus": ffmpeg args, "mp3": ffmpeg args}

Speech at 22 kHz mono: Opus at 32 kb/s, MP3 at 40 kb/s (docs/web.md, The
offline app, says what was measured of them).
"""

import hashlib
import os
import shutil
import subprocess

FORMATS = {
    "opus": ["-c:a", "libopus", "-b:a", "32k", "-vbr", "on", "-application", "voip"],
    "mp3": ["-c:a", "libmp3lame", "-b:a", "40k"],
}
BATCH = 40  # WAVs a single ffmpeg run takes at once


class ClipError(Exception):
    """ffmpeg could not compress the clips: one line."""


def cache_folder():
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "clue-fx", "web-clips")


def _key(data, fmt):
    h = hashlib.sha256(data)
    h.update(repr(FORMATS[fmt]).encode())
    return h.hexdigest()


def compress(wavs, out_dir, cache_dir=None, ffmpeg=None, formats=tuple(FORMATS)):
    """Each WAV of `wavs` ({clip number: path}) as out_dir/NNNN.<format> for
    every format; the formats made, or () when there is no ffmpeg (the
    app then carries the WAVs). ClipError when ffmpeg fails."""
    ffmpeg = ffmpeg or shutil.which("ffmpeg")
    if ffmpeg is None:
        return ()
    cache_dir = cache_dir or cache_folder()
    os.makedirs(cache_dir, exist_ok=True)
    os.makedirs(out_dir, exist_ok=True)
    todo = []  # (wav path, cached path, format)
    placed = []  # (cached path, out path)
    for number, path in sorted(wavs.items()):
        with open(path, "rb") as f:
            data = f.read()
        for fmt in formats:
            cached = os.path.join(cache_dir, "%s.%s" % (_key(data, fmt), fmt))
            if not os.path.isfile(cached):
                todo.append((path, cached, fmt))
            placed.append((cached, os.path.join(out_dir, "%04d.%s" % (number, fmt))))
    for i in range(0, len(todo), BATCH):
        _run(ffmpeg, todo[i : i + BATCH])
    for cached, out in placed:
        shutil.copyfile(cached, out)
    return tuple(formats)


def _run(ffmpeg, batch):
    """One ffmpeg run: each (wav, cached, format), written beside its name then renamed (no half file cached)."""
    cmd = [ffmpeg, "-v", "error", "-nostdin", "-y"]
    for wav, _, _ in batch:
        cmd += ["-i", wav]
    parts = []
    for k, (_, cached, fmt) in enumerate(batch):
        part = "%s.%d.part" % (cached, os.getpid())
        parts.append((part, cached))
        cmd += ["-map", "%d:a" % k, "-map_metadata", "-1", *FORMATS[fmt], "-f", "ogg" if fmt == "opus" else fmt, part]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        for part, _ in parts:
            if os.path.exists(part):
                os.remove(part)
        raise ClipError("ffmpeg could not compress the clips: %s" % (done.stderr.strip().splitlines() or ["?"])[-1])
    for part, cached in parts:
        os.replace(part, cached)
