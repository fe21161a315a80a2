"""The pages as a family sees them (issue 27, "Screens"), in Debian's
headless Chromium against a real `clue-fx web --table --hints`: the board
page at 1280×800 (a tablet lying flat), 800×1280 (upright), 1024×768, 390×844
(a phone) and 1920×1080 (a TV, ?view=tv), before the switch is on and in
the middle of a game (a pawn out, a seat nobody took, the seats of those
who said NO put away); the seat page and the join page on a phone.

Each is checked from the page's own geometry (getBoundingClientRect, the
SVG's screen matrix), not by eye: nothing overflows the viewport or
another element it must not touch, the ring is a circle, each arrow's tips
touch its two places' rims, each place's name fits its circle. With
CFX_WEB_SHOTS=DIR the screenshots are saved in DIR (docs/ for docs/web.md).
"""

import base64
import os
import pathlib

import pytest

from sim.paint.art import PALETTE
from sim.words.card_words import Words

from .conftest import Server, chromium_or_skip, make_browser, requests_of

pytest.importorskip("selenium")
from selenium.webdriver.common.by import By  # noqa: E402

from tests.support.web_scene import PHONE, Relay, Scene, data, page_ready, viewport, wait  # noqa: E402

SEED = 8
SIZES = {  # name -> (width, height, mobile, query)
    "tablet": (1280, 800, False, ""),
    "portrait": (800, 1280, False, ""),
    "1024": (1024, 768, False, ""),
    "phone": (390, 844, True, ""),
    "tv": (1920, 1080, False, "&view=tv"),
}
SHOTS = os.environ.get("CFX_WEB_SHOTS")
WORDS = Words("en")
ARROW_TIP_PX = 3.0  # an arrow's tip is this close to its place's rim, or closer

GEOMETRY = (pathlib.Path(__file__).parent / "geometry.js").read_text(encoding="utf-8")
CHECK_BOARD = GEOMETRY + "\nreturn checkBoard(%s);" % ARROW_TIP_PX  # the board page: the list of what is wrong
CHECK_PHONE = GEOMETRY + "\nreturn checkPhone();"  # a phone's page: what sticks out sideways


def save(driver, name, full=False):
    """The screenshot, in CFX_WEB_SHOTS if it is set (its whole height with `full`)."""
    if not SHOTS:
        return
    path = pathlib.Path(SHOTS) / ("web-%s.png" % name)
    if not full:
        driver.save_screenshot(str(path))
        return
    size = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})["cssContentSize"]
    clip = {"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1}
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"captureBeyondViewport": True, "clip": clip})
    path.write_bytes(base64.b64decode(shot["data"]))


def laid_out(d):
    """The page is drawn at its present size: the art is in, the texts are fitted to the board's width."""
    return page_ready(d) and d.execute_script(
        "return document.body.dataset.laidout == Math.round(document.getElementById('board')"
        ".getBoundingClientRect().width) && document.fonts.status === 'loaded'"
    )


def show_board(scene, size):
    w, h, mobile, query = SIZES[size]
    d = scene.d
    scene.on(scene.board)
    viewport(d, (w, h), mobile=mobile)
    query = query.replace("view=tv", "view=tv&b=" + scene.server.key)  # a TV shows the join codes with the board's code
    d.get(scene.server.url + "?audio=off" + query)
    wait(d, laid_out, "the board page drawn at %dx%d" % (w, h))
    scene.synced()
    return d


def newest_caption_shown(d):
    """The last caption (newest last) is inside the captions' box as it is scrolled."""
    return d.execute_script(
        "const box = document.getElementById('captions').getBoundingClientRect();"
        "const last = document.querySelector('#captions > :last-child').getBoundingClientRect();"
        "return last.top >= box.top - 1 && last.bottom <= box.bottom + 1"
    )


def clean(d, server):
    """Nothing went wrong in the page (an error, a refused style or script: the host's CSP), and it asked
    nothing of any host but this one (no CDN, no font from elsewhere)."""
    said = [e["message"] for e in d.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]
    assert said == []
    local = (server.url, "ws://127.0.0.1:%d/" % server.port, "data:")
    assert [u for u in requests_of(d) if not u.startswith(local)] == []


@pytest.fixture(scope="module")
def scene():
    """A table before the switch is on: the Comte's and Lady Lavande's phones hold their seats."""
    chromium_or_skip()
    server = Server("--seed", str(SEED), "--lang", "en", "--table", "--hints")
    driver = make_browser(1280, 800)
    try:
        s = Scene(server, driver, SEED)
        s.seat("COMTE")
        s.seat("LAVANDE")
        yield s
    finally:
        driver.quit()
        server.stop()


@pytest.fixture(scope="module")
def midgame(scene):
    """The same table in the middle of a game: Mlle Pêche plays with no phone yet, Azur said NO, a
    guest with a phone accused wrongly (out), the next guest has moved."""
    if scene.narrator.state == "off":
        show_board(scene, "tablet")  # the board's own page (a TV, the last size shown, never presses)
        scene.switch_on(["YES", "YES", "YES", "NO"])
        scene.out = scene.eliminate_one()
        scene.move_current()
    return scene


@pytest.mark.parametrize("size", list(SIZES))
def test_the_board_before_the_switch_is_on(scene, size):
    d = show_board(scene, size)
    assert d.execute_script("return document.body.classList.contains('dark')"), "the board is not shown off"
    assert d.execute_script("return document.body.dataset.step") == "press_on"
    turn = d.find_element(By.ID, "turn").text
    assert "Press ON" in turn and "scan your seat's code" in turn, turn
    free = d.find_elements(By.CSS_SELECTOR, '#seats [data-state="free"] img.qr')
    assert len(free) == 2 and "/join" in d.find_element(By.ID, "room").text  # Mlle Pêche's and Azur's codes
    assert d.execute_script(CHECK_BOARD) == []
    if size == "tablet":
        save(d, "board-before")
        scene.tap("KIOSQUE")  # a pad pressed on the dark board: the veil lets the finger through
    clean(d, scene.server)


@pytest.mark.parametrize("size", list(SIZES))
def test_the_board_in_the_middle_of_a_game(midgame, size):
    d = show_board(midgame, size)
    n = midgame.narrator
    assert n.state == "moved" and midgame.out not in n.active
    # whose turn and what it allows
    turn = d.find_element(By.ID, "turn").text
    who = d.find_element(By.CSS_SELECTOR, "#turn .who").text
    assert who == "Turn: %s" % WORDS.name(n.current), who
    assert "SEARCH" in turn and "STOP" in turn and "ACCUSATION" in turn, turn
    # the pawn of the guest who is out is greyed; the others are in their colours
    pawns = d.execute_script(
        "return Object.fromEntries([...document.querySelectorAll('.pawn')].map(p => [p.dataset.guest,"
        " [p.classList.contains('out'), getComputedStyle(p).color]]))"
    )
    assert sorted(pawns) == sorted(n.guests)
    for g, (out, colour) in pawns.items():
        assert out == (g == midgame.out), g
        assert (colour == "rgb(%d, %d, %d)" % PALETTE["guest_" + g]) == (not out), (g, colour)
    assert d.find_elements(By.CSS_SELECTOR, ".pawn.current[data-guest='%s']" % n.current)
    # Azur said NO: his seat is put away; Mlle Pêche plays: hers waits for her phone, the others' are held
    seats = d.execute_script(
        "return [...document.querySelectorAll('#seats [data-seat]')].map(s => [s.dataset.seat, s.dataset.state])"
    )
    assert seats == [["COMTE", "held"], ["LAVANDE", "held"], ["PECHE", "free"]], seats
    assert d.execute_script(CHECK_BOARD) == []
    wait(d, newest_caption_shown, "the newest caption in view")
    save(d, "board" if size == "tablet" else "board-" + size)
    clean(d, midgame.server)


def test_a_reader_who_scrolled_back_is_left_reading(midgame):
    """The captions follow the newest line until a reader scrolls back; scrolled to the end, they follow
    again (REPEAT says the last words once more and changes nothing in the game)."""
    d = show_board(midgame, "tablet")
    wait(d, newest_caption_shown, "the newest caption in view")
    d.execute_script("document.getElementById('captions').scrollTop = 0")
    wait(d, lambda d: d.execute_script("return document.getElementById('captions').scrollTop") == 0, "scrolled back")
    # two frames: the page has seen the scroll
    d.execute_script("return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    midgame.tap("REPEAT")
    assert d.execute_script("return document.getElementById('captions').scrollTop") == 0, "the reader was moved"
    assert not newest_caption_shown(d)
    d.execute_script("const b = document.getElementById('captions'); b.scrollTop = b.scrollHeight")
    d.execute_script("return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    midgame.tap("REPEAT")
    wait(d, newest_caption_shown, "the newest caption in view again")


def test_a_tablet_turned_upright_lays_its_board_out_again(midgame):
    """No reload: the page follows the screen as it turns (and a phone's buttons go beside the board)."""
    d = show_board(midgame, "tablet")
    for size in ("portrait", "phone", "tablet"):
        w, h, mobile, _ = SIZES[size]
        viewport(d, (w, h), mobile=mobile)
        wait(d, lambda d, w=w: laid_out(d) and d.execute_script("return innerWidth") == w, "the page at %dx%d" % (w, h))
        assert d.execute_script(CHECK_BOARD) == [], size
        buttons = d.execute_script("return document.getElementById('buttons').parentNode.id")
        assert buttons == ("side" if size == "phone" else "board"), size


def test_the_checks_see_a_board_that_spills(midgame):
    """The geometry checks can fail: a place pushed off its ring, a board wider than the screen."""
    d = show_board(midgame, "tablet")
    d.execute_script("document.getElementById('pad-KIOSQUE').style.left = '30%'")
    d.execute_script("document.getElementById('board').style.width = '1400px'")
    problems = d.execute_script(CHECK_BOARD)
    assert "#board overflows the screen" in problems and "#lawn is past the screen's edge" in problems, problems
    assert any("not square" in p for p in problems), problems
    assert any("ring is not a circle" in p for p in problems)
    assert any("does not touch KIOSQUE" in p for p in problems)


def test_a_screen_that_only_watches_says_so(midgame):
    d = midgame.d
    relay = Relay(midgame.server.port)  # a screen at another address than the board's
    d.switch_to.new_window("tab")
    try:
        viewport(d, (1280, 800))
        d.get(relay.url + "?audio=off")
        wait(d, laid_out, "the watching page drawn")
        assert data(d, "role") == "viewer"
        banner = d.find_element(By.ID, "role")
        assert banner.is_displayed() and "only watches" in banner.text
        assert not d.find_elements(By.CSS_SELECTOR, "#seats img.qr"), "a watching screen shows a seat's code"
        assert d.execute_script(CHECK_BOARD) == []
        d.find_element(By.CSS_SELECTOR, '[data-input="STOP"]').click()  # a press here changes nothing
        assert not d.find_elements(By.CSS_SELECTOR, ".down")
    finally:
        d.close()
        relay.close()
        midgame.on(midgame.board)
    midgame.synced()


def test_a_phone_in_english_shows_its_sheet_with_a_legend_and_no_vu(midgame):
    d = midgame.d
    guest = midgame.out
    midgame.on(midgame.phones[guest])
    viewport(d, PHONE, mobile=True)
    wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#legend li"), "the sheet's legend")
    text = d.execute_script("return document.body.innerText")
    assert "VU" not in text.split(), "a French VU on an English phone"
    opened = d.execute_script("return [...document.querySelectorAll('#sheet .dot[data-opened=true]')].length")
    seen = d.execute_script("return [...document.querySelectorAll('#sheet .seen')].map(s => s.textContent)")
    assert opened >= 1 and seen and all(s.startswith("SEEN ") for s in seen), (opened, seen)
    legend = d.execute_script(
        "return Object.fromEntries([...document.querySelectorAll('#legend li')]"
        ".map(l => [l.dataset.legend, l.textContent]))"
    )
    assert legend["mine"].startswith("CP:") and legend["case"].startswith("SEEN")
    assert {"mine", "shown", "case", "dot", "odds", "link"} <= set(legend)
    assert d.execute_script(CHECK_PHONE) == []
    save(d, "seat", full=True)
    hypothesis = midgame.phones.get(midgame.narrator.current)
    if hypothesis is not None:
        midgame.on(hypothesis)
        wait(d, lambda d: data(d, "todo") == "hypothesis", "the hypothesis form on the phone")
        assert d.execute_script(CHECK_PHONE) == []
        save(d, "seat-hypothesis")
    midgame.on(midgame.board)


def test_the_join_page_on_a_phone(midgame):
    d = midgame.d
    d.switch_to.new_window("tab")
    try:
        viewport(d, PHONE, mobile=True)
        d.get(midgame.server.url + "join?code=NOPE-NOPE")
        note = d.find_element(By.CSS_SELECTOR, ".note")
        assert "not the code of a seat" in note.text
        assert d.execute_script("return document.documentElement.lang") == "en"
        assert d.execute_script(CHECK_PHONE) == []
        save(d, "join")
    finally:
        d.close()
        midgame.on(midgame.board)


def test_the_board_keeps_its_screen_awake_and_goes_full_screen(midgame):
    """The Screen Wake Lock where the browser has it (a secure context: localhost here), and full screen."""
    d = midgame.d
    d.switch_to.new_window("tab")
    try:
        viewport(d, (1280, 800))
        d.get(midgame.server.url + "?audio=off")
        wait(d, laid_out, "the board page drawn")
        if d.execute_script("return 'wakeLock' in navigator"):
            wait(d, lambda d: data(d, "wake") == "on", "the screen kept awake")
        else:
            assert data(d, "wake") == "none"
        d.find_element(By.ID, "fullscreen").click()
        wait(d, lambda d: d.execute_script("return document.fullscreenElement === document.documentElement"),
             "the page full screen")  # fmt: skip
        d.find_element(By.ID, "fullscreen").click()
        wait(d, lambda d: d.execute_script("return document.fullscreenElement === null"), "full screen left")
    finally:
        d.close()
        midgame.on(midgame.board)


@pytest.mark.parametrize("lang", ["fr", "us"])
def test_every_edition_fits_at_every_size(browsers, server_factory, lang):
    """The longest names of each edition (« Maison du gardien », "Tennis Courts", « RECHERCHE », « Appuyez
    sur MARCHE pour commencer. ») fit their circles, squares and buttons, on the dark board and switched on."""
    server = server_factory("--seed", str(SEED), "--lang", lang)
    d = browsers(1280, 800)
    for on in (False, True):
        for size, (w, h, mobile, query) in SIZES.items():
            viewport(d, (w, h), mobile=mobile)
            d.get(server.url + "?audio=off" + query)
            wait(d, laid_out, "the %s board page drawn at %dx%d" % (lang, w, h))
            if on and data(d, "state") == "off":
                d.find_element(By.CSS_SELECTOR, '[data-input="SWITCH"]').click()
                wait(d, lambda d: data(d, "state") == "rollcall", "the roll call")
            assert d.execute_script(CHECK_BOARD) == [], (lang, size, on)
            assert d.execute_script("return document.documentElement.lang") == ("fr" if lang == "fr" else "en-US")
