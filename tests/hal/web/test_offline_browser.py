"""The exported app (`clue-fx web --export`) in real headless Chromium,
served by a plain static HTTP server (python -m http.server: nothing of
ours on the server):

- a seeded game tapped on the board page (the board runs in the page, in
  MicroPython's WebAssembly port), every caption checked against what the
  firmware says for the same presses;
- halfway, the server is stopped and the page reloaded: the service worker
  serves it offline and the game comes back from IndexedDB by replay (its
  captions so far, whose turn it is), and is played on to its end;
- the game's trace saved from the page is a file `clue-fx replay` accepts,
  and the page takes it back (after a new game) as the game it was;
- the bug report downloads in one tap.

Every wait is a condition with a deadline (WebDriverWait), never a sleep.
"""

import pathlib
import subprocess
import sys

import pytest

from firmware.events import Switch
from hal.edges import edge_of
from tests.support.games import ScriptedGame
from tests.support.web_static import Static

from .conftest import ROOT

pytest.importorskip("selenium")
from tests.support.web_scene import TABLET, captions_in, expected_captions, viewport, wait  # noqa: E402
from tests.support.web_scene import touch as tap  # noqa: E402


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    dest = tmp_path_factory.mktemp("offline") / "app"
    done = subprocess.run([sys.executable, "-m", "hal.cli", "web", "--export", str(dest), "en"], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)  # fmt: skip
    assert done.returncode == 0, done.stderr
    return dest


def body(d, name):
    return d.execute_script("return document.body.dataset[arguments[0]] || ''", name)


def play(d, events):
    for _t, e in events:
        edge = edge_of(e)
        if type(e) is Switch:
            tap(d, "SWITCH")
        elif edge is not None and edge[2]:  # the press; the click's release is the event after it
            tap(d, edge[1])


def saved(d):
    """Every trace line the page holds is in IndexedDB."""
    lines = body(d, "lines")
    return lines != "" and body(d, "stored") == lines


def cached_clips(d):
    """{format: clips} in the service worker's caches."""
    return d.execute_async_script("""
        const done = arguments[arguments.length - 1];
        (async () => {
          const out = {};
          for (const name of await caches.keys()) {
            for (const r of await (await caches.open(name)).keys()) {
              const m = new URL(r.url).pathname.match(/sounds\\/\\w+\\/\\d{4}\\.(\\w+)$/);
              if (m) out[m[1]] = (out[m[1]] || 0) + 1;
            }
          }
          return out;
        })().then(done);
    """)


def test_the_exported_app_plays_offline_and_comes_back_after_a_reload(app, browsers, tmp_path):
    seed, lang = 39, "en"
    game = ScriptedGame(seed, players=2, battery_every=10**9).play()
    want, narrator = expected_captions(game.events, seed, lang)
    assert narrator.state == "over" and 60 < len(want) < 200
    server = Static(app)
    try:
        d = browsers(*TABLET)
        viewport(d, TABLET)
        d.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(tmp_path)})
        d.get(server.url + "?seed=%d" % seed)
        wait(d, lambda d: body(d, "ready") == "1" or body(d, "failed"), "the board started in the page")
        assert body(d, "failed") == "" and body(d, "offline") == "1"
        wait(d, lambda d: body(d, "offlineReady") == "1", "the service worker cached the app")
        cached = cached_clips(d)
        assert len(cached) == 1 and sum(cached.values()) > 80, cached  # one format: the one this browser plays
        half = len(game.events) // 2
        while edge_of(game.events[half][1]) is None or not edge_of(game.events[half][1])[2]:
            half += 1  # stop before a press, never between a press and its release
        said = len(expected_captions(game.events[:half], seed, lang)[0])
        play(d, game.events[:half])
        wait(d, lambda d: len(captions_in(d)) >= said, "the first half's %d captions" % said)
        wait(d, saved, "the trace kept in IndexedDB")
        state, current = body(d, "state"), body(d, "current")
    finally:
        server.stop()
    d.refresh()  # no server any more: the service worker serves the app, IndexedDB the game
    wait(d, lambda d: body(d, "ready") == "1" or body(d, "failed"), "the board came back offline")
    assert body(d, "failed") == ""
    assert captions_in(d) == want[:said], "the captions so far came back"
    assert (body(d, "state"), body(d, "current")) == (state, current), "the same turn"
    play(d, game.events[half:])
    wait(d, lambda d: len(captions_in(d)) >= len(want), "all %d captions shown" % len(want))
    assert captions_in(d) == want
    assert body(d, "state") == "over"
    wait(d, saved, "the whole trace kept")
    d.find_element("id", "save-trace").click()
    files = wait(d, lambda d: sorted(pathlib.Path(tmp_path).glob("clue-fx-en-%d.jsonl" % seed)), "the trace saved")
    done = subprocess.run([sys.executable, "-m", "hal.cli", "replay", str(files[0])], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    # the saved trace taken back from its file, after a new game: the page comes back with that game
    d.find_element("id", "new-game").click()
    wait(d, lambda d: body(d, "ready") == "1" and body(d, "state") == "off" and len(captions_in(d)) == 0,
         "a new game")  # fmt: skip
    d.find_element("id", "load-trace").send_keys(str(files[0]))
    wait(d, lambda d: body(d, "ready") == "1" and body(d, "state") == "over", "the saved game taken back")
    assert captions_in(d) == want
    d.find_element("css selector", "#bug summary").click()
    assert "seed %d" % seed in d.find_element("css selector", "#bug .facts").text
    d.find_element("id", "bug-download").click()
    wait(d, lambda d: list(pathlib.Path(tmp_path).glob("clue-fx-en-%d-report.json" % seed)), "the report saved")


GEOMETRY = (pathlib.Path(__file__).parent / "geometry.js").read_text(encoding="utf-8")
SIZES = {"tablet": (1280, 800, False), "portrait": (800, 1280, False), "1024": (1024, 768, False),
         "phone": (390, 844, True), "tv": (1920, 1080, False)}  # test_layout.py's five (the TV without ?view=tv)


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_app_lays_out_like_the_host_page_at_every_size(app, browsers, size):
    """The host page's geometry checks (geometry.js) on the app, mid roll call; its own panel
    (save, resume, new game) never above the captions nor squeezing them."""
    w, h, mobile = SIZES[size]
    server = Static(app)
    try:
        d = browsers(w, h)
        viewport(d, (w, h), mobile=mobile)
        d.get(server.url + "?seed=3&new")
        wait(d, lambda d: body(d, "ready") == "1" and body(d, "offline") == "1", "the app ready")
        tap(d, "SWITCH")
        wait(d, lambda d: len(captions_in(d)) >= 2, "the roll call's question")
        assert d.execute_script(GEOMETRY + "\nreturn checkBoard(3.0);") == []
        caps, tools = d.execute_script(
            "return ['captions', 'offline'].map((id) => document.getElementById(id).getBoundingClientRect().toJSON())"
        )
        assert tools["top"] >= caps["top"] - 0.5, "the app's panel stands above the captions"
        assert caps["height"] >= 100, "the captions squeezed to %.0f px" % caps["height"]
    finally:
        server.stop()


def test_a_page_without_the_inline_start_loads_boot_js_itself(app, browsers, tmp_path):
    """local.js begins the start itself (static/boot.js, fetched) where the page did not: the same
    app's index.html without its inline copy still plays, and keeps its game in IndexedDB."""
    import shutil

    from hal.web.export import early

    bare = tmp_path / "app"
    shutil.copytree(app, bare)
    html = (bare / "index.html").read_text(encoding="utf-8")
    assert early() in html
    (bare / "index.html").write_text(html.replace(early(), ""), encoding="utf-8")
    server = Static(bare)
    try:
        d = browsers(*TABLET)
        d.get(server.url + "?seed=5&new")
        wait(d, lambda d: body(d, "ready") == "1" and body(d, "offline") == "1", "the app ready")
        assert d.execute_script("return !!window.cfxBoot && performance.getEntriesByName('cfx-boot').length === 1")
        assert d.execute_script("return performance.getEntriesByName('cfx-boot')[0].startTime") > d.execute_script(
            "return performance.getEntriesByName('cfx-connect')[0].startTime"
        )  # begun by local.js, not by the page
        tap(d, "SWITCH")
        wait(d, lambda d: len(captions_in(d)) >= 2 and saved(d), "the roll call, kept in IndexedDB")
    finally:
        server.stop()


REFUSED = """Object.defineProperty(IDBFactory.prototype, "open", { value() {
  throw new DOMException("storage refused (the test's)", "UnknownError"); } });"""


def test_a_browser_that_keeps_no_game_says_so_and_plays(app, browsers):
    """IndexedDB refused (a private window's policy, a full disk): the game opens and plays all the same,
    and the page says once, in the edition's words, that a closed page loses it; New game still begins one."""
    from sim.words.offline import OFFLINE

    server = Static(app)
    try:
        d = browsers(*TABLET)
        viewport(d, TABLET)
        d.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": REFUSED})
        d.get(server.url + "?seed=7")
        wait(d, lambda d: body(d, "ready") == "1" or body(d, "failed"), "the board started in the page")
        assert body(d, "failed") == ""
        wait(d, lambda d: body(d, "notKept") == "1", "the page saying the game is not kept")
        notes = d.execute_script("return [...document.querySelectorAll('#log .notice')].map((n) => n.textContent)")
        assert notes.count(OFFLINE["en"]["not_kept"]) == 1, notes
        tap(d, "SWITCH")
        wait(d, lambda d: body(d, "state") == "rollcall", "the game on")
        d.find_element("id", "new-game").click()
        wait(d, lambda d: "new" in d.execute_script("return location.search"), "a new game asked for")
        wait(d, lambda d: body(d, "ready") == "1" and body(d, "state") == "off", "the new game's board")
    finally:
        server.stop()
