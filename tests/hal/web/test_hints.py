"""`clue-fx web --hints`: each phone's detective sheet gives the chance of
every card that can still be in the confidential case (the exact engine,
from what that guest saw and heard), as the desktop sheet does. In
Debian's headless Chromium against a real `clue-fx web` subprocess."""

import pytest

from sim.words.card_words import Words

pytest.importorskip("selenium")
from selenium.webdriver.common.by import By  # noqa: E402

from tests.support.web_scene import PHONE, TABLET, captions_in, seat_state, viewport, wait  # noqa: E402
from tests.support.web_scene import touch as tap  # noqa: E402


def odds_on(driver):
    """{card: (the chance sent, the text shown)} of the sheet's rows with a hint."""
    return driver.execute_script(
        "return Object.fromEntries([...document.querySelectorAll('#sheet [data-row]')]"
        ".filter(r => r.querySelector('.odds'))"
        ".map(r => [r.dataset.row, [Number(r.querySelector('.odds').dataset.chance),"
        " r.querySelector('.odds').textContent]]))"
    )


def test_a_phones_sheet_shows_the_chances_with_hints(server_factory, browsers):
    server = server_factory("--seed", "8", "--lang", "en", "--hints", "--bots", "AZUR")
    d = browsers(*TABLET)
    board = d.current_window_handle
    viewport(d, TABLET)
    d.get(server.url + "?audio=off")
    wait(d, lambda d: d.execute_script("return document.body.dataset.ready") == "1", "the board page joined")
    tap(d, "SWITCH")
    for answer in ("YES", "YES", "NO"):  # the Comte and Lady Lavande play; Azur is the bot
        n = len(captions_in(d))
        tap(d, answer)
        wait(d, lambda d, n=n: len(captions_in(d)) > n, "the board answers %s" % answer)
    d.switch_to.new_window("tab")
    viewport(d, PHONE, mobile=True)
    d.get(server.seats["COMTE"])
    wait(d, lambda d: seat_state(d) not in ("", "rollcall"), "the Comte is seated")
    wait(d, odds_on, "the chances on the Comte's sheet")
    # read in one script: the page redraws the hand as messages come (elements found first went stale)
    hand = d.execute_script("return [...document.querySelectorAll('#hand li')].map(li => li.dataset.card)")
    odds = odds_on(d)
    assert len(hand) == 4 and not set(hand) & set(odds), "a card in his hand cannot be in the case"
    suspects = [c for c in odds if c in ("ROSE", "MOUTARDE", "LEBLANC", "OLIVE", "PERVENCHE", "VIOLET", "BEAUMONT",
                                         "FRANCIS")]  # fmt: skip
    assert abs(sum(odds[c][0] for c in suspects) - 1) < 0.01, "one suspect is the murderer"
    for card, (p, text) in odds.items():
        assert 0 < p <= 1
        assert text == ("%d %%" % round(100 * p) if p >= 0.005 else "<1 %"), (card, p, text)
        # read in one go: the sheet is drawn again at every message (an element found, then read, may be gone)
        cell = '#sheet [data-row="%s"] td' % card
        row = d.execute_script("return document.querySelector(arguments[0]).innerText", cell)
        assert row.startswith("? "), row
    assert d.find_element(By.ID, "hint").text == Words("en").text["hint"]
    d.switch_to.window(board)  # the board page shows no sheet and no chance
    assert not d.find_elements(By.CSS_SELECTOR, ".odds")
