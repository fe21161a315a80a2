"""The board as a static offline web app (`clue-fx web --export DIR`): a
folder any web server, a USB stick or a home NAS can serve; nothing of ours
runs on the server. The page is the web board's own (board.html, marked
data-transport="local"): it runs firmware/ and the hal modules that drive
the board (hal/web/offline.py) in MicroPython's WebAssembly port, keeps its
trace in IndexedDB and works offline once opened (a versioned service
worker, a web app manifest and an icon).

    files = export("out/", ["en"], words_of, say=print)     # ExportError: one line

DIR holds: index.html, static/ (the page's scripts, styles and art), wasm/
(micropython.mjs, as micropython.js, and .wasm, with their LICENSE), py/ (firmware/ and the hal
modules in one file, bundle.bin, compiled to bytecode where mpy-cross is at hand: hal.web.bundle;
py/files.json its index), sounds/manifest.json and
sounds/EDITION/NNNN.opus and .mp3 (hal.web.clips; the WAVs when there is
no ffmpeg; a wheel's own MP3s alone, as they are, with no ffmpeg),
words/EDITION.json (the pages' words), app.json (the version,
the editions, the clips' formats), app.webmanifest, icon.svg and its PNGs (192, 512 and the Apple touch icon),
and sw.js.
"""

import hashlib
import json
import os
import pathlib
import shutil

from ..captions import MANIFEST, clip_file, clip_format
from . import bundle as bundle_
from . import clips as clips_

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
STATIC_FILES = ("board.js", "link.js", "panel.js", "ring.js", "voice.js", "local.js", "boot.js", "app.js", "awake.js",
                "awake.webm", "awake.mp4", "art.css", "art.svg", "board.css")  # fmt: skip
WASM_FILES = ("micropython.mjs", "micropython.wasm", "LICENSE")
# What the page's MicroPython imports: firmware/ whole, and hal's modules that run there (offline.py's imports,
# and bundlefs.py, which mounts the rest).
HAL_FILES = ("hal/__init__.py", "hal/captions.py", "hal/compose.py", "hal/desk.py", "hal/edges.py", "hal/schedule.py",
             "hal/sink.py", "hal/runner.py", "hal/trace.py", "hal/resume.py", "hal/web/__init__.py",
             "hal/web/bundlefs.py", "hal/web/hub.py", "hal/web/messages.py", "hal/web/present.py",
             "hal/web/offline.py")  # fmt: skip
THEME = "#2e241e"
# What the page fetches before it can draw the board, asked for at once rather than module by module
# (board.js and its imports -> local.js -> app.json -> the runtime and the bundle, the art, the words):
# the same requests as the page's own (a fetch preload is same-origin with credentials, as fetch() and
# the runtime's wasm fetch are). The words: the first edition's, the one a page opens without a saved game.
PRELOAD_MODULES = ("static/link.js", "static/awake.js", "static/panel.js", "static/ring.js", "static/voice.js",
                   "static/local.js", "wasm/micropython.js")  # fmt: skip
PRELOAD_FETCHES = ("app.json", "py/files.json", "py/bundle.bin", "wasm/micropython.wasm", "sounds/manifest.json",
                   "static/art.svg")  # fmt: skip


def preload(editions):
    """The page's <link>s asking at once for what it needs to draw the board."""
    fetches = PRELOAD_FETCHES + ("words/%s.json" % editions[0],)
    return "".join(['<link rel="modulepreload" href="%s">\n' % m for m in PRELOAD_MODULES]
                   + ['<link rel="preload" href="%s" as="fetch" crossorigin>\n' % f for f in fetches])  # fmt: skip


def early():
    """static/boot.js as the page's own inline script, before its stylesheets (which would hold it):
    MicroPython, the app's Python and the saved game begun as the page is parsed (no fetch to wait
    for), beside board.js's module chain. A classic script in a function of its own."""
    code = (HERE / "static" / "boot.js").read_text(encoding="utf-8")
    if "</script" in code.lower():
        raise ExportError("static/boot.js cannot go inline: it holds </script")
    return "<script>(() => {\n%s})();</script>\n" % code


# The app's icon (static/icon.svg), and the PNGs drawn from it (tools/web_icons.py): the sizes a
# web app manifest asks for, and the Apple touch icon (square: iOS rounds it), which iOS wants as PNG.
ICONS = {"icon-192.png": 192, "icon-512.png": 512}
APPLE_ICON = "apple-touch-icon.png"

SERVICE_WORKER = """// The exported app's service worker: the app's files cached at the first
// open, then served from the cache (offline: no server needed). The clips
// come in several formats; the page asks for the one its browser plays
// (a message {clips: FORMAT}), and only those are cached.
// Where the browser has static routes (InstallEvent.addRoutes), every file
// but the page itself comes straight from this version's cache, the worker
// not even started (a miss goes to the network); the page, whatever its
// query (?new, ?edition=...), is the cached "./", through the fetch handler.
const VERSION = %(version)s;
const FILES = %(files)s;
const CLIPS = %(clips)s;
self.addEventListener("install", (e) => {
  const routes = e.addRoutes
    ? e.addRoutes([{ condition: { requestMode: "navigate" }, source: "fetch-event" },
      { condition: { urlPattern: "*" }, source: { cacheName: VERSION } }])
      .catch((err) => console.warn("no static routes:", err))
    : null;
  e.waitUntil(Promise.all([routes, caches.open(VERSION).then((c) => c.addAll(FILES))]).then(() => self.skipWaiting()));
});
self.addEventListener("activate", (e) => {
  const old = (k) => k.startsWith("clue-fx-") && k !== VERSION;
  e.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter(old).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});
self.addEventListener("message", (e) => {
  const clips = CLIPS[e.data && e.data.clips];
  const answer = (m) => e.ports[0] && e.ports[0].postMessage(m);
  if (!clips) return answer({ ok: false, error: "no clips in that format" });
  e.waitUntil(caches.open(VERSION).then((c) => c.addAll(clips))
    .then(() => answer({ ok: true }), (err) => answer({ ok: false, error: String(err) })));
});
let cache = null; // this version's cache, opened once per start of the worker
self.addEventListener("fetch", (e) => {
  if (e.request.method !== "GET") return;
  cache ??= caches.open(VERSION);
  const page = e.request.mode === "navigate"; // an exact match otherwise: ignoreSearch reads every entry
  e.respondWith(cache.then((c) => c.match(page ? "./" : e.request)).then((hit) => hit || fetch(e.request)));
});
"""


class ExportError(Exception):
    """Why the app cannot be written: one line."""


def version():
    try:
        from importlib.metadata import version as of

        return of("clue-fx")
    except Exception:  # not installed (a checkout run without pip): the app still says something
        return "0+checkout"


def _python_files():
    fw = sorted("firmware/" + p.name for p in (ROOT / "firmware").glob("*.py"))
    return fw + list(HAL_FILES)


def _writable(dest):
    dest = pathlib.Path(dest)
    if dest.exists() and not dest.is_dir():
        raise ExportError("%s is a file, not a folder" % dest)
    try:
        dest.mkdir(parents=True, exist_ok=True)
        probe = dest / ".clue-fx-probe"
        probe.write_text("")
        probe.unlink()
    except OSError as e:
        raise ExportError("cannot write to %s: %s" % (dest, e.strerror or e)) from None
    if any(p.name not in _OURS for p in dest.iterdir()):
        raise ExportError("%s holds other files: give an empty folder (or one a previous export wrote)" % dest)
    return dest


_OURS = {"index.html", "static", "wasm", "py", "sounds", "words", "app.json", "app.webmanifest", "icon.svg", "sw.js",
         "apple-touch-icon.png", "icon-192.png", "icon-512.png"}  # fmt: skip


def export(dest, editions, words_of, say=None, ffmpeg=None):
    """Write the app for `editions` into the folder `dest` (made if missing;
    empty or a previous export's); the list of files written, relative.
    `words_of(edition)`: the pages' words (the front door's: sim.words)."""
    say = say or (lambda line: None)
    manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
    known = manifest["editions"]
    for e in editions:
        if e not in known:
            raise ExportError("unknown edition %r: the editions are %s" % (e, ", ".join(known)))
    missing = [n for n in WASM_FILES if not (HERE / "wasm" / n).is_file()]
    if missing:
        raise ExportError("this clue-fx has no WebAssembly runtime (%s missing): reinstall it" % ", ".join(missing))
    dest = _writable(dest)
    for name in _OURS:
        p = dest / name
        if p.is_dir():
            shutil.rmtree(p)
        elif p.exists():
            p.unlink()
    files = []

    def put(rel, data):
        path = dest / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
        files.append(rel)

    html = (HERE / "static" / "board.html").read_text(encoding="utf-8")
    html = html.replace('<html lang="en">', '<html lang="en" data-transport="local">', 1)
    head = '<link rel="manifest" href="app.webmanifest">\n<link rel="apple-touch-icon" href="%s">\n' % APPLE_ICON
    html = html.replace("</head>", head + "</head>", 1)
    styles = '<link rel="stylesheet"'  # what the page asks first: the preloads, then boot.js begun
    html = html.replace(styles, preload(editions) + early() + styles, 1)
    html = html.replace('<link rel="icon" href="data:,">', '<link rel="icon" href="icon.svg">', 1)
    put("index.html", html)
    for name in STATIC_FILES:
        put("static/" + name, (HERE / "static" / name).read_bytes())
    for name in WASM_FILES:  # .mjs as .js: a static server that knows no .mjs would serve no JavaScript
        put("wasm/" + name.replace(".mjs", ".js"), (HERE / "wasm" / name).read_bytes())
    try:  # the Python as one file of bytecode (hal.web.bundle), its index beside it
        index, code = bundle_.bundle(str(ROOT), _python_files(), say=say)
    except bundle_.BundleError as e:
        raise ExportError(str(e)) from None
    put("py/bundle.bin", code)
    put("py/files.json", json.dumps(index))
    put("sounds/manifest.json", MANIFEST.read_bytes())
    formats = None
    installed = clip_format()
    for lang in editions:
        put("words/%s.json" % lang, json.dumps(words_of(lang), ensure_ascii=False))
        if installed != "wav":  # a wheel's clips, compressed when it was built (tools/build_clips.py): as they are
            for c in manifest["clips"]:
                clip = clip_file(lang, c["id"])
                if not clip.is_file():
                    raise ExportError("%s is missing: reinstall clue-fx" % clip)
                put("sounds/%s/%s" % (lang, clip.name), clip.read_bytes())
            formats = [installed]
            continue
        wavs = {c["id"]: str(clip_file(lang, c["id"])) for c in manifest["clips"]}
        try:
            made = clips_.compress(wavs, str(dest / "sounds" / lang), ffmpeg=ffmpeg)
        except clips_.ClipError as e:
            raise ExportError(str(e)) from None
        if not made:
            say("clue-fx web --export: no ffmpeg here: the clips go in as WAV (larger; apt-get install ffmpeg)")
            for number, wav in wavs.items():
                put("sounds/%s/%04d.wav" % (lang, number), pathlib.Path(wav).read_bytes())
        else:
            files.extend("sounds/%s/%04d.%s" % (lang, n, f) for n in sorted(wavs) for f in made)
        formats = list(made)
    put("app.json", json.dumps({"version": version(), "editions": list(editions), "sounds": formats}))
    for name in ("icon.svg", APPLE_ICON) + tuple(ICONS):
        put(name, (HERE / "static" / name).read_bytes())
    put("app.webmanifest", json.dumps({
        "name": "Clue FX", "short_name": "Clue FX", "start_url": "./", "scope": "./", "display": "standalone",
        "orientation": "any", "background_color": THEME, "theme_color": THEME,
        "icons": [{"src": "icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"}]
        + [{"src": n, "sizes": "%dx%d" % (px, px), "type": "image/png", "purpose": "any"} for n, px in ICONS.items()],
    }, indent=1))  # fmt: skip
    digest = hashlib.sha256()
    for rel in sorted(files):
        digest.update(rel.encode() + b"\0" + (dest / rel).read_bytes())
    clips = {}  # format -> its clips: the worker caches the one the page plays
    for rel in files:
        if rel.startswith("sounds/") and not rel.endswith(".json"):
            clips.setdefault(rel.rsplit(".", 1)[1], []).append(rel)
    cached = ["./"] + sorted(f for f in files if not (f.startswith("sounds/") and not f.endswith(".json")))
    sw = SERVICE_WORKER % {"version": json.dumps("clue-fx-%s-%s" % (version(), digest.hexdigest()[:12])),
                           "files": json.dumps(cached, indent=0), "clips": json.dumps(clips, indent=0)}  # fmt: skip
    put("sw.js", sw)
    return files


def size(dest):
    """The app's bytes on disk."""
    return sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(dest) for f in fs)
