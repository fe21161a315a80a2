"""The pages for a guest who cannot see and a host with low vision or
voice control (issue 39), in real headless Chromium: axe-core's WCAG 2.0-2.2
A/AA rules and its landmark rules (tests/support/axe.py) on the board page
(before and after ON, mid-game, at game over), the join page and the
offline app, at a phone's size and a tablet's, in fr, en and us: no
violation. The board's inputs pressed from the keyboard alone, with a
visible focus; the captions a log a screen reader follows. At 200 % zoom
and in forced colours the pages still lay out (tests/hal/web/geometry.js)
and pass axe.

CFX_WEB_SHOTS=DIR saves the 200 % and forced-colours screenshots in DIR
(docs/ for docs/web.md).

Every wait is a condition with a deadline, never a sleep.
"""

import base64
import os
import pathlib

import pytest

from tests.support import axe
from tests.support.web_static import Static

from .conftest import ROOT, Server, chromium_or_skip, make_browser

pytest.importorskip("selenium")
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

from tests.support.web_scene import PHONE, TABLET, Relay, Scene, captions_in, data, page_ready, touch, viewport, wait  # noqa: E402,E501

LANGS = ("fr", "en", "us")
SIZES = {"phone": (PHONE, True), "tablet": (TABLET, False)}
SEED = 3
SHOTS = os.environ.get("CFX_WEB_SHOTS")
GEOMETRY = (pathlib.Path(__file__).parent / "geometry.js").read_text(encoding="utf-8")


@pytest.fixture(autouse=True)
def _axe():
    chromium_or_skip()
    if not axe.available():
        pytest.skip("axe-core is not installed (python tools/setup_tests.py)")


def laid_out(d):
    """The board page drawn at its present size (the art in, the texts fitted to the board's width)."""
    return page_ready(d) and d.execute_script(
        "return document.body.dataset.laidout == Math.round(document.getElementById('board')"
        ".getBoundingClientRect().width) && document.fonts.status === 'loaded'"
    )


def audit(d, where, drawn=laid_out):
    """axe at both sizes: no violation of the WCAG 2.x A/AA rules nor of the landmark rules."""
    for name, (size, mobile) in SIZES.items():
        viewport(d, size, mobile=mobile)
        wait(d, drawn, "%s drawn at the %s's size" % (where, name))
        found = axe.violations(d) + axe.best_practices(d)
        assert found == [], "%s, %s: %s" % (where, name, axe.describe(found))


@pytest.mark.parametrize("lang", LANGS)
def test_the_board_page_before_and_after_on_and_mid_game(lang):
    server = Server("--seed", str(SEED), "--lang", lang, "--table", "--hints")
    d = make_browser(*TABLET)
    try:
        scene = Scene(server, d, SEED)
        audit(d, "the board before ON")
        scene.seat("COMTE")
        scene.tap("SWITCH")
        audit(d, "the roll call")
        for answer in ("YES", "YES", "YES", "NO"):
            scene.tap(answer)
        scene.move_current()
        audit(d, "mid-game, a guest moved")
        relay = Relay(server.port)  # another screen: it only watches, and may take the board by its code
        try:
            d.get(relay.url + "?audio=off")
            audit(d, "a watching screen", drawn=lambda d: laid_out(d) and data(d, "role") == "viewer")
        finally:
            relay.close()
        d.get(server.url + "join")
        audit(d, "the join page", drawn=lambda d: d.find_elements("id", "code"))
        d.get(server.url + "join?code=NOPE")
        audit(d, "the join page and its note", drawn=lambda d: d.find_elements("css selector", ".note"))
    finally:
        d.quit()
        server.stop()


def test_the_board_page_at_game_over_in_every_edition():
    """Four bots play a game to its end in each edition at once (a minute on a small computer)."""
    tables = []
    try:
        for lang in LANGS:
            server = Server("--seed", str(SEED), "--lang", lang, "--table", "--bots", "COMTE,LAVANDE,PECHE,AZUR")
            tables.append((lang, server, make_browser(*TABLET)))
            d = tables[-1][2]
            d.get(server.url + "?audio=off")
            wait(d, page_ready, "the board page drawn")
            touch(d, "SWITCH")
        for lang, _server, d in tables:
            wait(d, lambda d: data(d, "state") == "over", "the bots' game over (%s)" % lang, timeout=300)
            audit(d, "the board at game over (%s)" % lang)
    finally:
        for _lang, server, d in tables:
            d.quit()
            server.stop()


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    import subprocess
    import sys

    dest = tmp_path_factory.mktemp("offline") / "app"
    done = subprocess.run([sys.executable, "-m", "hal.cli", "web", "--export", str(dest), *LANGS], cwd=ROOT,
                          capture_output=True, text=True, timeout=900)  # fmt: skip
    assert done.returncode == 0, done.stderr
    return dest


@pytest.mark.parametrize("lang", LANGS)
def test_the_offline_app_before_and_after_on(app, lang):
    server = Static(app)
    d = make_browser(*TABLET)
    try:
        d.get(server.url + "?edition=%s&seed=%d&new" % (lang, SEED))
        wait(d, lambda d: data(d, "ready") == "1" and data(d, "offline") == "1", "the app ready")
        assert d.execute_script("return document.documentElement.lang").startswith(lang if lang != "us" else "en")
        audit(d, "the offline app before ON")
        touch(d, "SWITCH")
        wait(d, lambda d: len(captions_in(d)) >= 2, "the roll call's question")
        audit(d, "the offline app's roll call")
    finally:
        d.quit()
        server.stop()


def ax_nodes(d):
    """The page's accessibility tree, as a screen reader gets it: [(role, name, node)]."""
    tree = d.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    return [(n.get("role", {}).get("value"), n.get("name", {}).get("value", ""), n)
            for n in tree if not n.get("ignored")]  # fmt: skip


def test_the_board_is_played_from_the_keyboard_with_a_visible_focus():
    """Tab to the switch, Space: the board is on; Tab on to a place, Enter: pressed (the narrator
    answers). The focused input shows a ring; the captions are a log named as the board says it,
    and its children are the captions, newest last; every input's name is its visible text."""
    server = Server("--seed", str(SEED), "--lang", "en")
    d = make_browser(*TABLET)
    try:
        d.get(server.url + "?audio=off")
        wait(d, laid_out, "the board page drawn")
        keys = ActionChains(d)
        for _ in range(40):
            if d.execute_script("return document.activeElement.id") == "switch":
                break
            keys.send_keys(Keys.TAB).perform()
        assert d.execute_script("return document.activeElement.id") == "switch", "Tab never reaches the switch"
        ring = d.execute_script("const s = getComputedStyle(document.activeElement);"
                                "return [s.outlineStyle, parseFloat(s.outlineWidth)]")  # fmt: skip
        assert ring[0] != "none" and ring[1] >= 2, "no visible focus on the switch: %s" % ring
        ActionChains(d).send_keys(Keys.SPACE).perform()
        wait(d, lambda d: data(d, "state") not in ("", "off"), "Space on the switch turns the board on")
        wait(d, lambda d: data(d, "state") == "rollcall", "the roll call")
        n = len(captions_in(d))
        d.execute_script("document.querySelector('[data-input=\"YES\"]').focus()")
        ActionChains(d).send_keys(Keys.ENTER).perform()
        wait(d, lambda d: len(captions_in(d)) > n, "Enter on YES is a press the narrator answers")
        nodes = ax_nodes(d)
        logs = [(name, node) for role, name, node in nodes if role == "log"]
        assert [name for name, _ in logs] == ["The board says"], logs  # (the table's log: only with a table)
        live = {p["name"]: p["value"].get("value") for p in logs[0][1].get("properties", [])}
        assert live.get("live") == "polite", live
        assert d.execute_script("return [...document.getElementById('captions').children].map(p => p.textContent)") \
            == captions_in(d)  # fmt: skip
        buttons = {name for role, name, _ in nodes if role == "button"}
        visible = d.execute_script(
            "return [...document.querySelectorAll('[data-input]')].map(n => [n.dataset.input,"
            " [...n.querySelectorAll('.name, .label, .start-word')].map(x => x.textContent).join(' ')])"
        )
        named = {name.casefold() for name in buttons}
        assert len(visible) == 9 + 4 + 7 + 1
        for ident, text in visible:
            if text:
                assert any(text.casefold() in name for name in named), "%s: %r not in any name" % (ident, text)
    finally:
        d.quit()
        server.stop()


def shot(d, name):
    """The screen as it is, in CFX_WEB_SHOTS if it is set."""
    if SHOTS:
        png = d.execute_cdp_cmd("Page.captureScreenshot", {})["data"]
        (pathlib.Path(SHOTS) / ("web-%s.png" % name)).write_bytes(base64.b64decode(png))


def zoom(d, size, factor, mobile=False):
    """The browser zoomed to `factor` on a screen of `size` device pixels: fewer CSS pixels, each bigger."""
    w, h = size
    metrics = {"width": w // factor, "height": h // factor, "deviceScaleFactor": factor, "mobile": mobile}
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)


def forced(found):
    """axe's findings in forced colours but its contrast: there the user's system colours replace the page's
    (axe reads the page's own backgrounds under them); the screenshots are looked at instead."""
    return [v for v in found if v["id"] != "color-contrast"]


def test_the_pages_at_200_percent_and_in_forced_colours():
    server = Server("--seed", str(SEED), "--lang", "en", "--table", "--hints")
    d = make_browser(*TABLET)
    try:
        scene = Scene(server, d, SEED)
        scene.seat("COMTE")
        scene.switch_on(["YES", "YES", "YES", "NO"])
        scene.move_current()
        zoom(d, TABLET, 2)
        wait(d, laid_out, "the board at 200 %")
        wrong = d.execute_script(GEOMETRY + "\nreturn checkBoard(3.0);")
        assert wrong == [], wrong
        found = axe.violations(d) + axe.best_practices(d)
        assert found == [], axe.describe(found)
        shot(d, "a11y-board-200")
        viewport(d, TABLET)
        media = [{"name": "forced-colors", "value": "active"}, {"name": "prefers-reduced-motion", "value": "reduce"}]
        d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": media})
        assert d.execute_script("return matchMedia('(forced-colors: active)').matches")
        wait(d, laid_out, "the board in forced colours")
        shot(d, "a11y-board-forced")
        found = forced(axe.violations(d) + axe.best_practices(d))
        assert found == [], axe.describe(found)
        scene.on(scene.phones["COMTE"])
        zoom(d, (640, 1136), 2, mobile=True)  # a phone 320 CSS pixels wide: WCAG 1.4.10's reflow width
        wait(d, lambda d: d.execute_script("return innerWidth") == 320, "the phone at 200 %")
        shot(d, "a11y-seat-200")
        wrong = d.execute_script(GEOMETRY + "\nreturn checkPhone();")
        assert wrong == [], wrong
        found = axe.violations(d) + axe.best_practices(d)
        assert found == [], axe.describe(found)
        viewport(d, PHONE, mobile=True)
        d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "forced-colors", "value": "active"}]})
        shot(d, "a11y-seat-forced")
        found = forced(axe.violations(d) + axe.best_practices(d))
        assert found == [], axe.describe(found)
    finally:
        d.quit()
        server.stop()
