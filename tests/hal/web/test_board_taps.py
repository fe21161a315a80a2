"""The board page's seat buttons and its screen, in Debian's headless
Chromium against a real `clue-fx web` (issue 37):

- "Free it" and "→ bot" act on the second tap only, as the phone's own
  buttons do: one tap changes nothing at the table;
- the screen is kept on while the switch is ON: with the Screen Wake Lock
  where the browser has it (localhost), else with the muted looping video
  (navigator.wakeLock deleted before the page runs), released at OFF; when
  neither can, the page says so; the page asks iOS for playback audio;
- a seat page opened before ON says the board is off, not the roll call (and
  is kept on by the video once the game starts); a French seat page names
  the bots' levels in French;
- a phone-sized board page names its places at 12 px or more, and RÉPÉTER
  keeps its accents.

Every wait is a condition with a deadline, never a sleep.
"""

import pytest

from sim.words.pages import BOARD, LEVELS, SEAT

pytest.importorskip("selenium")
from selenium.webdriver.common.by import By  # noqa: E402

from tests.support.web_scene import PHONE, TABLET, data, page_ready, seat_state, viewport, wait  # noqa: E402

NO_WAKE_LOCK = "delete Navigator.prototype.wakeLock;"  # a page that is not a secure context has none
NO_VIDEO = "HTMLMediaElement.prototype.play = function () { return Promise.reject(new Error('refused')); };"
VIDEO_AT = "return document.querySelector('video.awake').currentTime"
AUDIO_SESSION = "Object.defineProperty(navigator, 'audioSession', { value: { type: 'auto' }, configurable: true });"


def before_the_page(d, script):
    """`script` runs in every document this tab opens, before the page's own."""
    d.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": script})


def board_page(d, server):
    viewport(d, TABLET)
    d.get(server.board_url + "&audio=off")  # the printed link: it carries the board's code
    wait(d, page_ready, "the board page drawn")
    assert data(d, "role") == "board"


def seat_card(d, guest):
    return d.execute_script("const s = document.querySelector(arguments[0]); return s && s.dataset.state", (
        '#seats [data-seat="%s"]' % guest))  # fmt: skip


# the page redraws its seats as the host's state comes: each look and tap finds its button anew, in the page
def button(d, selector):
    """[its text, its data-sure] of the button at `selector`."""
    return d.execute_script("const b = document.querySelector(arguments[0]); return [b.textContent, b.dataset.sure]",
                            selector)  # fmt: skip


def click(d, selector):
    d.execute_script("document.querySelector(arguments[0]).click()", selector)


def test_free_it_and_to_bot_act_on_the_second_tap_only(server_factory, browsers):
    server = server_factory("--seed", "8", "--lang", "en", "--table")
    d = browsers(*TABLET)
    board_page(d, server)
    board = d.current_window_handle
    d.switch_to.new_window("tab")  # the Comte's phone takes his seat
    viewport(d, PHONE, mobile=True)
    d.get(server.seats["COMTE"])
    wait(d, lambda d: seat_state(d) == "rollcall", "the Comte's phone holds his seat")
    d.switch_to.window(board)
    wait(d, lambda d: seat_card(d, "COMTE") == "held", "the board shows the Comte's seat held")
    sure = BOARD["en"]["sure"]
    for selector, guest, after in (('[data-free="COMTE"]', "COMTE", "free"), ('[data-bot="LAVANDE"]', "LAVANDE", None)):
        before = seat_card(d, guest)
        click(d, selector)
        assert button(d, selector) == [sure, "1"], button(d, selector)
        # a message after the first tap comes back: the host took everything before it, and nothing changed
        mv = d.execute_script("return document.getElementById('mv').title")
        click(d, "#bat-down")
        wait(d, lambda d, mv=mv: d.execute_script("return document.getElementById('mv').title") != mv, "mv moved")
        assert seat_card(d, guest) == before, "one tap changed %s's seat" % guest
        assert button(d, selector) == [sure, "1"], "the first tap was forgotten by a redraw"
        click(d, selector)  # the second tap acts
        wait(d, lambda d, g=guest, a=after: seat_card(d, g) == a, "%s's seat %s" % (guest, after or "to a bot"))
    assert d.find_elements(By.CSS_SELECTOR, '#seats [data-seat="COMTE"] img.qr'), "the freed seat has no new code"
    wait(d, lambda d: "bot" in d.find_element(By.ID, "pad-START_LAVANDE").get_attribute("class"), "Lavande a bot's")


def test_a_first_tap_goes_back_to_what_it_was_if_no_second_comes(server_factory, browsers):
    server = server_factory("--seed", "8", "--lang", "en", "--table")
    d = browsers(*TABLET)
    board_page(d, server)
    d.execute_script("window.setTimeout = ((t) => (f, ms, ...a) => t(f, Math.min(ms, 50), ...a))(window.setTimeout)")
    click(d, '[data-bot="PECHE"]')
    wait(d, lambda d: button(d, '[data-bot="PECHE"]') == ["→ bot", None], "the first tap forgotten")
    assert seat_card(d, "PECHE") == "free"


def test_the_screen_is_kept_on_by_the_lock_or_the_video_and_let_go_at_off(server_factory, browsers):
    server = server_factory("--seed", "8", "--lang", "en")
    cases = (("on", ""), ("video", NO_WAKE_LOCK), ("none", NO_WAKE_LOCK + NO_VIDEO))
    for how, script in cases:
        d = browsers(*TABLET)
        before_the_page(d, script + AUDIO_SESSION)
        board_page(d, server)
        assert d.execute_script("return navigator.audioSession.type") == "playback"
        assert data(d, "wake") == "off"  # the switch is OFF: nothing kept on yet
        d.find_element(By.CSS_SELECTOR, '[data-input="SWITCH"]').click()
        wait(d, lambda d, how=how: data(d, "wake") == how, "the screen kept on by: %s" % how)
        note = d.find_element(By.ID, "awake")
        assert note.is_displayed() == (how == "none"), how
        if how == "none":
            assert note.text == BOARD["en"]["no_awake"]
        if how == "video":
            playing = "const v = document.querySelector('video.awake'); return !!v && !v.paused && v.muted && v.loop"
            assert d.execute_script(playing)
            start = d.execute_script(VIDEO_AT)
            wait(d, lambda d, s=start: d.execute_script(VIDEO_AT) != s, "the video playing on")
        d.find_element(By.CSS_SELECTOR, '[data-input="SWITCH"]').click()  # OFF: let go
        wait(d, lambda d: data(d, "wake") == "off" and data(d, "state") == "off", "the screen let go at OFF")
        if how == "video":
            assert d.execute_script("return document.querySelector('video.awake').paused")
        assert not d.find_element(By.ID, "awake").is_displayed()


def test_a_seat_page_before_on_says_the_board_is_off_and_names_levels_in_its_language(server_factory, browsers):
    server = server_factory("--seed", "8", "--lang", "fr", "--bots", "AZUR:easy")
    d = browsers(*PHONE)
    before_the_page(d, NO_WAKE_LOCK)  # a phone: no wake lock, the video keeps it on during the game
    viewport(d, PHONE, mobile=True)
    d.get(server.seats["COMTE"])
    wait(d, lambda d: seat_state(d) == "rollcall", "the Comte's seat page")
    status = lambda d: d.find_element(By.ID, "status").text  # noqa: E731
    wait(d, lambda d: status(d) == SEAT["fr"]["waiting_board"], "the board off, said on the phone")
    assert data(d, "wake") == "off"
    log = d.find_element(By.ID, "table-log").text
    assert "%s (%s)" % (SEAT["fr"]["bot"], LEVELS["fr"]["easy"]) in log and "easy" not in log, log
    d.switch_to.new_window("tab")
    board_page(d, server)
    d.find_element(By.CSS_SELECTOR, '[data-input="SWITCH"]').click()
    wait(d, lambda d: data(d, "state") == "rollcall", "the roll call")
    d.switch_to.window(d.window_handles[0])
    wait(d, lambda d: status(d) == SEAT["fr"]["rollcall"], "the roll call, said on the phone")
    wait(d, lambda d: data(d, "wake") == "video", "the phone kept on by the muted video")


@pytest.mark.parametrize("lang", ["fr", "en", "us"])
def test_a_phone_sized_board_names_its_places_at_12_px_or_more_and_keeps_its_accents(server_factory, browsers, lang):
    """On a 390×844 board page the places' names were 7.9 px; RÉPÉTER showed without its accents: the button's
    face (a positioned box, so painted after the label) laid its shadow over the accents' top."""
    server = server_factory("--seed", "8", "--lang", lang)
    d = browsers(*PHONE)
    viewport(d, PHONE, mobile=True)
    d.get(server.url + "?audio=off")
    laid = "return document.body.dataset.laidout && document.fonts.status === 'loaded'"
    wait(d, lambda d: page_ready(d) and d.execute_script(laid), "the board page drawn at phone size")
    sizes = d.execute_script(
        "return Object.fromEntries([...document.querySelectorAll('.pad.place .name')]"
        ".map(n => [n.textContent, parseFloat(getComputedStyle(n).fontSize)]))"
    )
    assert len(sizes) == 9 and min(sizes.values()) >= 12, sizes
    label = d.execute_script(
        "const l = document.querySelector('.btn[data-input=REPEAT] .label');"
        "return [l.textContent, l.innerText, getComputedStyle(l).position]"
    )
    want = {"fr": "RÉPÉTER"}.get(lang, "REPEAT")
    assert label[:2] == [want, want] and label[2] != "static", label  # no capitalising lost them; painted on top


def test_the_board_page_names_the_wait_and_offers_a_bot_on_a_second_tap(server_factory, browsers):
    """The board page's own code (panel.js, in Chromium) given the card table's wait: whom it waits for and for
    what, "A bot plays this turn" only when no person is waited on, and the offer of a bot once the table says
    the wait is long, acting on its second tap. (The table's side, with the clock, is test_waits.py's.)"""
    from hal import captions
    from sim.words.card_words import Words
    from sim.words.labels import Labels
    from sim.words.pages import page_words

    words = page_words(Labels("en", captions.load("en")), Words("en"))
    server = server_factory("--seed", "8", "--lang", "en", "--table")
    d = browsers(*TABLET)
    board_page(d, server)
    d.set_script_timeout(30)
    run = """
        const [words, status, table, done] = arguments;
        import('/static/panel.js').then(({ Panel, nextStep }) => {
          window.sent = [];
          const panel = new Panel(words, (m) => window.sent.push(m), () => '');
          panel.show(status, table, 'board');
          done([nextStep(status, table, words), document.getElementById('turn').innerText]);
        });
    """
    status = {"switch": True, "mv": 4500, "state": "move", "current": "AZUR", "pawns": {}, "active": []}
    bot_turn = {"bots": {"AZUR": "hard"}, "waiting": None}
    step, text = d.execute_async_script(run, words, status, bot_turn)
    assert step["step"] == "bot" and BOARD["en"]["bot_plays"] in text
    shows = dict(bot_turn, waiting={"guest": "LAVANDE", "for": "show", "since": 1000, "offer": False})
    step, text = d.execute_async_script(run, words, status, shows)  # a bot's hypothesis: a person must show
    assert "Waiting for Lady Lavande's phone to show a card." in text and BOARD["en"]["bot_plays"] not in text, text
    assert not d.find_elements(By.CSS_SELECTOR, "#turn [data-offer]")
    long = dict(shows, waiting=dict(shows["waiting"], offer=True))
    step, text = d.execute_async_script(run, words, status, long)
    assert BOARD["en"]["offer"] in text
    click(d, '#turn [data-offer="LAVANDE"]')
    assert button(d, '#turn [data-offer="LAVANDE"]') == [BOARD["en"]["sure"], "1"]
    assert d.execute_script("return window.sent") == []  # one tap: nothing sent
    click(d, '#turn [data-offer="LAVANDE"]')
    assert d.execute_script("return window.sent") == [{"t": "bot", "guest": "LAVANDE"}]
    accuses = {"bots": {}, "waiting": {"guest": "COMTE", "for": "accuse", "since": 5, "offer": False}}
    step, text = d.execute_async_script(run, words, dict(status, state="verdict", current="COMTE"), accuses)
    assert "Waiting for Comte du Puy's phone to name the murderer, the place and the weapon." in text, text
    named = {"bots": {}, "waiting": None}  # the phone named the three: the board says so at once
    step, text = d.execute_async_script(run, words, dict(status, state="verdict", current="COMTE"), named)
    assert BOARD["en"]["verdict_table"] in text and "Name the murderer" not in text, text


def test_the_board_fits_its_texts_again_only_when_what_they_fit_to_changes(server_factory, browsers):
    """Each fit of the board's texts is some 30 ms of the page's thread (4 times that on a phone). The page
    fitted them four times as it opened, at one size: once drawn, then for the ResizeObserver's first call, the
    fonts already loaded and the art (twice for nothing where the art came first). Now: once, and once more
    only if the art comes after; and again when the board's width changes."""
    server = server_factory("--seed", "8", "--lang", "en")
    d = browsers(*TABLET)
    viewport(d, TABLET)
    d.get(server.url + "?audio=off")
    settled = "return document.body.dataset.art === '1' && document.fonts.status === 'loaded'"
    wait(d, lambda d: page_ready(d) and d.execute_script(settled), "the board page drawn, its art and fonts come")
    frames = "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done(true)));"
    d.execute_async_script(frames)  # the ResizeObserver's first call is made by then
    fits = int(data(d, "fits"))
    assert 1 <= fits <= 2, "fitted %d times at one size" % fits
    viewport(d, (1024, 768))
    wait(d, lambda d: int(data(d, "fits")) == fits + 1, "fitted again at the new width")
    d.execute_async_script(frames)
    assert int(data(d, "fits")) == fits + 1
