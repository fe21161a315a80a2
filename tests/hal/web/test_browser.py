"""The pages in a real browser: Debian's headless Chromium driven by
Selenium, against a real `clue-fx web` subprocess on loopback.

- a whole game tapped on the board page at tablet size (1280×800), every
  caption checked against what the firmware says for the same presses;
- a --table game: the board page and two seat pages at phone size (390×844)
  and a bot, to a verdict; a seat page reloaded mid-game gets its state back;
- no page asks anything of a host other than the board's.

Every wait is a condition with a deadline (WebDriverWait), never a sleep.
"""

import pytest

from firmware.events import Switch
from hal.edges import edge_of

from .conftest import requests_of

pytest.importorskip("selenium")
from selenium.webdriver.common.by import By  # noqa: E402

from tests.support.games import ScriptedGame  # noqa: E402
from tests.support.web_scene import PHONE, TABLET, captions_in, expected_captions, seat_state, viewport, wait  # noqa: E402
from tests.support.web_scene import touch as tap  # noqa: E402


def only_local(driver, server):
    bad = [
        u for u in requests_of(driver) if not u.startswith((server.url, "ws://127.0.0.1:%d/" % server.port, "data:"))
    ]
    assert bad == [], "requests that leave the host: %s" % bad


def test_a_whole_game_tapped_on_the_board_page(server_factory, browsers):
    seed, lang = 39, "en"
    game = ScriptedGame(seed, players=2, battery_every=10**9).play()
    want, narrator = expected_captions(game.events, seed, lang)
    assert narrator.state == "over" and len(want) > 60
    server = server_factory("--seed", str(seed), "--lang", lang)
    d = browsers(*TABLET)
    viewport(d, TABLET)
    d.get(server.url)
    wait(d, lambda d: d.execute_script("return document.body.dataset.ready") == "1", "the page joined the board")
    inputs = d.execute_script("return [...document.querySelectorAll('[data-input]')].map(n => n.dataset.input)")
    assert len(inputs) == 9 + 4 + 7 + 1 and "ECURIE" in inputs and "START_PECHE" in inputs and "SWITCH" in inputs
    for ident in inputs:  # every input is on the screen, where a finger can reach it
        r = d.find_element(By.CSS_SELECTOR, '[data-input="%s"]' % ident).rect
        assert r["x"] >= 0 and r["y"] >= 0 and r["x"] + r["width"] <= 1280 and r["y"] + r["height"] <= 800, ident
    for _t, e in game.events:
        edge = edge_of(e)
        if type(e) is Switch:
            tap(d, "SWITCH")
        elif edge[2]:  # the press; the click's release is the event after it
            tap(d, edge[1])
    wait(d, lambda d: len(captions_in(d)) >= len(want), "all %d captions shown" % len(want))
    assert captions_in(d) == want
    speaker = d.find_element(By.CSS_SELECTOR, "#captions > :last-child .speaker").text
    assert speaker in ("Edmond", "Inspector Dupont", "Inspecteur Dupont")
    assert d.execute_script("return document.body.dataset.state") == "over"
    only_local(d, server)


def test_a_table_game_on_phones_to_a_verdict(server_factory, browsers):
    server = server_factory("--seed", "8", "--lang", "en", "--table", "--bots", "AZUR", "--debug")
    d = browsers(*TABLET)
    board = d.current_window_handle
    viewport(d, TABLET)
    d.get(server.url + "?audio=off")  # captions only: the bot need not wait for the voice
    wait(d, lambda d: d.execute_script("return document.body.dataset.ready") == "1", "the board page joined")
    seats = {}
    for g in ("COMTE", "LAVANDE"):
        d.switch_to.new_window("tab")
        viewport(d, PHONE, mobile=True)
        d.get(server.seats[g])
        wait(d, lambda d: seat_state(d) == "rollcall", "%s's seat page shows the roll call" % g)
        seats[g] = d.current_window_handle

    def on(handle):
        d.switch_to.window(handle)

    def board_data(name):
        on(board)
        return d.execute_script("return document.body.dataset[arguments[0]] || ''", name)

    on(board)
    tap(d, "SWITCH")
    for answer in ("YES", "YES", "NO"):  # the Comte and Lady Lavande play, Mlle Pêche does not; Azur is the bot
        n = len(captions_in(d))
        tap(d, answer)
        wait(d, lambda d, n=n: len(captions_in(d)) > n, "the board answers %s" % answer)
    on(seats["COMTE"])
    wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "#hand li"), "the Comte's hand on his phone")
    hand = [li.get_attribute("data-card") for li in d.find_elements(By.CSS_SELECTOR, "#hand li")]
    assert len(hand) == 4
    # the phone sleeps and comes back: reloaded, it shows the same hand (the token in the URL)
    d.refresh()
    wait(
        d,
        lambda d: [li.get_attribute("data-card") for li in d.find_elements(By.CSS_SELECTOR, "#hand li")] == hand,
        "the reloaded seat page shows the same hand",
    )
    # and without the token in the link: the page keeps it (localStorage)
    d.get(server.url + "seat/COMTE")
    wait(
        d,
        lambda d: [li.get_attribute("data-card") for li in d.find_elements(By.CSS_SELECTOR, "#hand li")] == hand,
        "the seat page opened without its token finds it again",
    )

    counts = {"hypotheses": 0, "bot_turns": 0}

    def moment():
        """One moment of the game played as the people would; the seat's verdict at the end, else None."""
        for h in seats.values():  # a person who must refute chooses on their phone
            on(h)
            if seat_state(d) == "refute":
                d.find_element(By.CSS_SELECTOR, "#todo .choice").click()
                d.find_element(By.ID, "go").click()
                wait(d, lambda d: seat_state(d) != "refute", "the card shown")
        state, current = board_data("state"), board_data("current")
        assert state != "over", "the game ended without a verdict from a phone"
        on(board)
        n = len(captions_in(d))
        if current not in seats:
            counts["bot_turns"] += current == "AZUR"
            wait(
                d,
                lambda d: len(captions_in(d)) > n or board_data("current") in seats or any_refute(d, seats, board),
                "the bot plays",
            )
        elif state == "move":
            target = board_data("inspecteur")
            if target == board_data("here"):  # he is here already: a move elsewhere
                target = "ECURIE" if target != "ECURIE" else "KIOSQUE"
            tap(d, target)
            wait(d, lambda d: len(captions_in(d)) > n, "the pawn arrives")
        elif state == "moved":
            ready = counts["hypotheses"] >= 1 and counts["bot_turns"] >= 1  # first a hypothesis, and the bot's turn
            seen = board_data("here") == board_data("inspecteur") and "INSPECTEUR" not in board_data("hidden")
            if ready and seen:
                tap(d, "ACCUSE")
                wait(d, lambda d: board_data("state") != "moved", "the board asks to confirm")
            elif not ready and seat_todo(d, seats[current]) == "hypothesis":
                on(seats[current])
                d.find_element(By.CSS_SELECTOR, '[data-pick="suspect"] .choice').click()
                d.find_element(By.CSS_SELECTOR, '[data-pick="weapon"] .choice').click()
                d.find_element(By.ID, "go").click()
                wait(
                    d,
                    lambda d: seat_state(d) in ("stop", "wait") or any_refute(d, seats, seats[current]),
                    "the hypothesis is refuted",
                )
                counts["hypotheses"] += 1
            else:
                tap(d, "STOP")
                wait(d, lambda d: board_data("state") != "moved" or len(captions_in(d)) > n, "the turn ends")
        elif state in ("confirm", "found"):
            tap(d, "YES")
            wait(d, lambda d: board_data("state") != state, "the board goes on")
        elif state == "verdict":
            on(seats[current])
            wait(d, lambda d: seat_state(d) == "accuse", "the accusation form on the phone")
            for key in ("a_suspect", "a_place", "a_weapon"):
                d.find_element(By.CSS_SELECTOR, '[data-pick="%s"] .choice' % key).click()
            d.find_element(By.ID, "go").click()
            wait(d, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-verdict]"), "the table's verdict on the phone")
            verdict = d.execute_script("return document.querySelector('[data-verdict]').dataset.verdict")
            if verdict == "wrong":  # the accuser looked in the confidential case: their phone shows it, alone
                wait(
                    d, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-solution]"), "the case on the accuser's phone"
                )
                other = [h for g, h in seats.items() if g != current][0]
                on(other)
                assert not d.find_elements(By.CSS_SELECTOR, "[data-solution]"), "another phone shows the case"
                on(seats[current])
            # the table answered the board's "were you right?" itself: the board goes on
            wait(d, lambda d: board_data("state") != "verdict", "the board hears the table's answer")
            return verdict
        return None

    verdict = None
    for _ in range(300):  # turns and the moments between them, until a verdict
        verdict = moment()
        if verdict is not None:
            break
    hypotheses, bot_turns = counts["hypotheses"], counts["bot_turns"]
    assert hypotheses >= 1 and bot_turns >= 1, "the game went by without a hypothesis or a bot's turn"
    assert verdict in ("right", "wrong"), "no verdict reached"
    for h in [board, *seats.values()]:
        on(h)
        only_local(d, server)


def seat_todo(d, handle):
    here = d.current_window_handle
    d.switch_to.window(handle)
    todo = seat_state(d)
    d.switch_to.window(here)
    return todo


def any_refute(d, seats, back):
    found = any(seat_todo(d, h) == "refute" for h in seats.values())
    d.switch_to.window(back)
    return found
