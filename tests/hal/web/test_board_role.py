"""Who holds the board, in real headless Chromium against a real
`clue-fx web --table` (issue 37's cases): a stranger's page first, a
guest's phone first, the laptop first then the tablet, a TV reconnecting
first after `--resume`, a new tab at a new address. Each device is a
loopback address of its own (tests/support/web_screens.py: the host
itself is 127.0.0.1); the tablet opens the printed `board:` link. Each
case ends with the tablet holding the board, the stranger holding
nothing, and no seat's code (nor the board's) in anything a stranger's
page or script was sent. Every wait is a condition with a deadline."""

import pytest

pytest.importorskip("selenium")
from selenium.webdriver.common.by import By  # noqa: E402

from tests.support.web_scene import TABLET, data, viewport, wait  # noqa: E402
from tests.support.web_screens import Frames, Poller, device, leaks, on, role, type_code, wait_role  # noqa: E402

pytestmark = pytest.mark.timeout(240)


def codes_of(server):
    return [url.split("k=")[1] for url in server.seats.values()]


def codes_by_guest(server):
    return {g: url.split("k=")[1] for g, url in server.seats.items()}


def tab(d, url):
    d.switch_to.new_window("tab")
    d.get(url)
    return d.current_window_handle


def seat_codes_shown(d):
    return [e.text for e in d.find_elements(By.CSS_SELECTOR, "#seats .code")]


def check_stranger(d, frames, relay, handle, server, *, poller=None):
    """The stranger's page only watches, was sent no code, shows none; nor was its script."""
    d.switch_to.window(handle)
    assert role(d) == "viewer"
    assert seat_codes_shown(d) == []
    secret = codes_of(server) + [server.key]
    got = frames.received(d, relay)
    assert got, "the stranger's page received nothing (the check would check nothing)"
    assert leaks(got, secret) == [], "a code reached the stranger's page"
    if poller is not None:
        assert poller.texts and set(poller.roles) == {"viewer"}, poller.roles
        assert leaks(poller.texts, secret) == [], "a code reached the stranger's script"


def tablet_holds(d, handle, server, held=()):
    """The tablet's tab holds the board and shows the code of every seat not `held`."""
    d.switch_to.window(handle)
    wait_role(d, "board", "the tablet")
    want = sorted("%s-%s" % (c[:4], c[4:]) for g, c in codes_by_guest(server).items() if g not in held)
    wait(d, lambda d: sorted(seat_codes_shown(d)) == want, "the tablet shows every free seat's code")


@pytest.fixture
def screens(server_factory, browsers):
    """(server, driver, frames, make a device, pollers): relays and pollers closed at the end."""
    made, polls = [], []
    server = server_factory("--seed", "4", "--lang", "en", "--table", "--bots", "AZUR")
    d = browsers(*TABLET)
    viewport(d, TABLET)

    def dev(n):
        r = device(server.port, n)
        made.append(r)
        return r

    def poll(url, address):
        p = Poller(url, address)
        polls.append(p)
        return p

    yield server, d, Frames(), dev, poll
    for p in polls:
        p.stop()
    for r in made:
        r.close()


def test_a_strangers_page_and_script_first(screens):
    """A stranger's script polling the port and a stranger's page, both
    before the tablet: neither holds the board (main 567fd85 gave it to the
    first), the tablet's link does."""
    server, d, frames, dev, poll = screens
    stranger = dev(3)
    script = poll(server.url, "127.0.0.4")
    assert script.connected.wait(20), "the stranger's script never connected"
    d.get(on(stranger, server.url))
    evil = d.current_window_handle
    wait_role(d, "viewer", "the stranger's page, first")
    tablet = dev(2)
    t = tab(d, on(tablet, server.board_url))
    tablet_holds(d, t, server)
    check_stranger(d, frames, stranger, evil, server, poller=script)


def test_a_guests_phone_opens_the_board_first(screens):
    """A guest's phone opens the `board:` address (not its seat's link)
    before the tablet: it only watches, and says how to take the board."""
    server, d, frames, dev, poll = screens
    phone = dev(5)
    d.get(on(phone, server.url))
    p = d.current_window_handle
    wait_role(d, "viewer", "the guest's phone, first")
    banner = d.find_element(By.ID, "role")
    assert banner.is_displayed() and "type the board's code printed by clue-fx web" in banner.text
    assert d.find_element(By.ID, "take-code").is_displayed()
    tablet = dev(2)
    t = tab(d, on(tablet, server.board_url))
    tablet_holds(d, t, server)
    room = d.find_element(By.ID, "room").text  # "No camera: open ADDRESS/join": the host's address, not the page's
    assert "%sjoin" % server.url.split("://")[1] in room and "127.0.0.2" not in room, room
    # the guest's phone then takes its own seat, as a guest does: a phone, not the board
    d.switch_to.window(p)
    d.get(on(phone, server.seats["COMTE"]))
    wait(d, lambda d: data(d, "todo") == "rollcall", "the Comte's phone holds his seat")
    tablet_holds(d, t, server, held=("COMTE",))
    stranger = dev(3)
    s = tab(d, on(stranger, server.url))
    wait_role(d, "viewer", "the stranger")
    check_stranger(d, frames, stranger, s, server)


def test_the_laptop_first_then_the_tablet_and_the_code_typed_both_ways(screens):
    """The host's own first page holds the board without the code; the
    tablet's link takes it, and the laptop's page is told at once; the
    laptop reloaded only watches; the code typed on it takes the board
    there, and typed on the tablet brings it back."""
    server, d, frames, dev, poll = screens
    d.get(server.url)  # the laptop: the host itself, 127.0.0.1
    laptop = d.current_window_handle
    wait_role(d, "board", "the host's own first page")
    tablet = dev(2)
    t = tab(d, on(tablet, server.board_url))
    tablet_holds(d, t, server)
    d.switch_to.window(laptop)
    wait_role(d, "viewer", "the laptop, told live")
    assert "Another screen took the board" in d.find_element(By.ID, "role").text
    assert seat_codes_shown(d) == []
    d.refresh()
    wait_role(d, "viewer", "the laptop reloaded")
    type_code(d, "ZZZZ-ZZZZ")  # a wrong code: refused in one line
    wait(d, lambda d: "not the board's code" in d.find_element(By.ID, "log").text, "the wrong code refused")
    assert role(d) == "viewer"
    type_code(d, ("%s-%s" % (server.key[:4], server.key[4:])).lower())  # as a person types it
    wait_role(d, "board", "the laptop, the code typed")
    d.switch_to.window(t)
    wait_role(d, "viewer", "the tablet, told live")
    type_code(d, server.key)
    tablet_holds(d, t, server)
    d.switch_to.window(laptop)
    wait_role(d, "viewer", "the laptop, told again")
    stranger = dev(3)
    s = tab(d, on(stranger, server.url))
    wait_role(d, "viewer", "the stranger")
    check_stranger(d, frames, stranger, s, server)


def test_a_new_tab_at_a_new_address(screens):
    """The tablet's address changes (a new lease) and a new tab opens the
    board there: without the code it only watches; the code typed there
    takes the board and the old tab only watches. A stranger's new tab at
    yet another address gets nothing, whatever it types."""
    server, d, frames, dev, poll = screens
    old = dev(2)
    first = tab(d, on(old, server.board_url))
    tablet_holds(d, first, server)
    new = dev(6)
    second = tab(d, on(new, server.url))
    wait_role(d, "viewer", "the tablet's new tab at a new address")
    type_code(d, server.key)
    tablet_holds(d, second, server)
    d.switch_to.window(first)
    wait_role(d, "viewer", "the old tab")
    stranger = dev(7)
    s = tab(d, on(stranger, server.url))
    wait_role(d, "viewer", "the stranger's new tab")
    for guess in ("AAAA-AAAA", "BBBB-BBBB"):
        type_code(d, guess)
    wait(d, lambda d: d.find_element(By.ID, "log").text.count("not the board's code") >= 2, "both guesses refused")
    tablet_holds(d, second, server)
    check_stranger(d, frames, stranger, s, server)


def test_a_tv_reconnecting_first_after_resume_does_not_win_the_board(server_factory, browsers, tmp_path):
    """The tablet holds the board, a TV (`?view=tv&b=CODE`) shows the join
    codes; the host is killed and resumed from its trace on the same port.
    The TV and a stranger's script reconnect first: neither holds the
    board; the tablet's tab comes back with the same code and holds it."""
    trace = tmp_path / "web.jsonl"
    first = server_factory("--seed", "4", "--lang", "en", "--table", "--bots", "AZUR", "--trace", str(trace))
    d = browsers(*TABLET)
    viewport(d, TABLET)
    relays = []
    script = None
    try:
        tablet = device(first.port, 2)
        relays.append(tablet)
        d.get(on(tablet, first.board_url))
        t = d.current_window_handle
        tablet_holds(d, t, first)
        tv = device(first.port, 8)
        relays.append(tv)
        v = tab(d, on(tv, first.url + "?view=tv&b=" + first.key))
        wait_role(d, "tv", "the TV")
        want = sorted("%s-%s" % (c[:4], c[4:]) for c in codes_of(first))
        wait(d, lambda d: sorted(seat_codes_shown(d)) == want, "the TV shows the join codes")
        assert not d.find_elements(By.CSS_SELECTOR, "[data-free], [data-bot]"), "the TV acts on no seat"
        tab(d, on(tv, first.url + "?view=tv"))  # a TV without the board's code
        wait_role(d, "viewer", "a TV without the code")
        assert seat_codes_shown(d) == []
        d.close()
        first.proc.kill()  # kill -9
        first.proc.wait(10)
        tablet.close()  # the tablet is out of reach until the TV is back
        script = Poller(first.url, "127.0.0.3")
        again = server_factory("--resume", str(trace), "--lang", "en", "--port", str(first.port))
        assert again.key == first.key and again.port == first.port
        assert script.connected.wait(20), "the stranger's script never reconnected"
        d.switch_to.window(v)
        wait_role(d, "tv", "the TV, reconnected first")
        assert script.roles and set(script.roles) == {"viewer"}
        tablet = device(again.port, 2)
        relays.append(tablet)
        tablet_holds(d, t, again)  # the tablet's tab reconnects by itself, with the code it kept
        d.switch_to.window(v)
        assert role(d) == "tv"
        script.stop()
        assert leaks(script.texts, codes_of(again) + [again.key]) == [], "a code reached the stranger's script"
        assert script.texts
    finally:
        if script is not None:
            script.stop()
        for r in relays:
            r.close()
