"""A web table brought to a given moment in a real browser, for the layout
tests and the screenshots of docs/web.md: the board page (a tablet) and two
guests' phones in tabs of one headless Chromium, against a real
`clue-fx web --table --hints` subprocess.

    scene = Scene(server, driver)
    scene.seat("COMTE"); scene.seat("LAVANDE")     # their phones hold their seats
    scene.switch_on(["YES", "YES", "YES", "NO"])   # Mlle Pêche plays with no phone yet; Azur does not
    scene.eliminate_one()                          # a phone's guest accuses wrongly: their pawn greyed
    scene.move_current()                           # the next guest moves: what the turn allows is shown

Where the Inspecteur is comes from a Narrator of the same seed fed the same
presses (the firmware is deterministic: the board's captions are checked
against it the same way in test_browser.py), so the moves are chosen, not
searched for. Every wait is a condition with a deadline, never a sleep.
"""

import socket
import threading

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from firmware import Narrator
from firmware.actions import PowerOff, Say, Sfx
from firmware.board import PADS, PLACES, SUSPECTS, WEAPONS
from firmware.events import Switch
from hal import captions
from hal.edges import BTN, PAD, tap

WAIT_S = 30

TABLET = (1280, 800)
PHONE = (390, 844)


def viewport(driver, size, mobile=False):
    w, h = size
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": w, "height": h, "deviceScaleFactor": 1, "mobile": mobile}
    )


def wait(driver, cond, what, timeout=WAIT_S):
    return WebDriverWait(driver, timeout, poll_frequency=0.05).until(cond, message=what)


def expected_captions(events, seed, lang):
    """What the board page must show for these presses: each sentence, sound and sleep, in order."""
    c = captions.load(lang)
    n = Narrator(seed=seed)
    out = []
    for t, e in events:
        for a in n.handle(e, t):
            if type(a) is Say:
                out.append(c.line(a))
            elif type(a) is Sfx:
                out.append(c.clip(a.clip))
            elif type(a) is PowerOff:
                out.append(c.power_off(a.reason))
    return out, n


def captions_in(driver):
    """The board page's captions, oldest first."""
    return driver.execute_script("return [...document.querySelectorAll('#captions > *')].map(p => p.textContent)")


def touch(driver, ident):
    """A finger on the page's input `ident` (a place or a button)."""
    driver.find_element(By.CSS_SELECTOR, '[data-input="%s"]' % ident).click()


def seat_state(driver):
    """What a seat's page asks of its guest now (its body's data-todo)."""
    return driver.execute_script("return document.body.dataset.todo || ''")


def data(driver, name):
    return driver.execute_script("return document.body.dataset[arguments[0]] || ''", name)


def page_ready(driver):
    return data(driver, "ready") == "1" and data(driver, "art") == "1"


class Scene:
    def __init__(self, server, driver, seed, size=(1280, 800)):
        self.server = server
        self.d = driver
        self.narrator = Narrator(seed=seed)  # the board's twin: where the Inspecteur is
        self.t = 0
        self.said = 0  # captions the board page must show
        self.switched = False
        self.phones = {}  # guest -> the tab of their seat's page
        self.board = driver.current_window_handle
        viewport(driver, size)
        driver.get(server.url + "?audio=off")
        wait(driver, page_ready, "the board page is drawn")

    # -- the pages -----------------------------------------------------------------

    def on(self, handle):
        self.d.switch_to.window(handle)

    def seat(self, guest):
        """`guest`'s phone opens their seat's link: the seat is held."""
        self.d.switch_to.new_window("tab")
        viewport(self.d, PHONE, mobile=True)
        self.d.get(self.server.seats[guest])
        wait(self.d, lambda d: data(d, "todo") == "rollcall", "%s's phone holds the seat" % guest)
        self.phones[guest] = self.d.current_window_handle
        self.on(self.board)
        wait(self.d, lambda d: d.find_elements(By.CSS_SELECTOR, '[data-seat="%s"][data-state="held"]' % guest),
             "the board shows %s's seat held" % guest)  # fmt: skip

    # -- the board's inputs, its twin fed the same ------------------------------------

    def feed(self, events):
        """The twin hears `events`; the captions the board page must show are counted."""
        for e in events:
            self.t += 50
            self.said += sum(type(a) in (Say, Sfx, PowerOff) for a in self.narrator.handle(e, self.t))

    def tap(self, ident):
        """A finger on the board page's input `ident`; the page then shows what its twin says."""
        self.on(self.board)
        self.d.find_element(By.CSS_SELECTOR, '[data-input="%s"]' % ident).click()
        if ident == "SWITCH":
            self.switched = not self.switched  # the switch toggles
            self.feed([Switch(self.switched)])
        else:
            self.feed(tap(PAD if ident in PADS else BTN, ident))
        self.synced()

    def synced(self):
        """The board page shows the state its twin is in, and every caption."""
        n = self.narrator

        def there(d):
            shown = d.execute_script("return document.querySelectorAll('#captions > *').length")
            return data(d, "state") == n.state and data(d, "current") == (n.current or "") and shown == self.said

        wait(self.d, there, "the board page reaches %s, %d captions" % (n.state, self.said))

    def switch_on(self, answers):
        self.tap("SWITCH")
        for answer in answers:
            self.tap(answer)

    # -- moments ---------------------------------------------------------------------

    def move_current(self, avoid=()):
        """The current guest moves to a place they are not on (nor in `avoid`)."""
        n = self.narrator
        here = n.guests[n.current]
        self.tap(next(p for p in PLACES if p != here and p not in avoid))

    def end_turn(self):
        self.tap("STOP")

    def eliminate_one(self, turns=12):
        """Turns go by until a guest with a phone stands with the Inspecteur
        and accuses wrongly (three cards of their own hand's kinds: never
        the confidential case's), their phone naming them."""
        for _ in range(turns):
            n = self.narrator
            g = n.current
            insp, hidden, here = n.positions["INSPECTEUR"], "INSPECTEUR" in n.hidden, n.guests[g]
            if g not in self.phones or (here == insp and hidden):
                self.move_current(avoid=(insp,))
                self.end_turn()
                continue
            if here != insp:
                self.tap(insp)
            self.tap("SEARCH" if hidden else "ACCUSE")
            self.tap("YES")  # accuse now (found) / yes, I accuse (confirm)
            assert n.state == "verdict", n.state
            self.accuse_wrongly(g)
            return g
        raise AssertionError("no guest with a phone found the Inspecteur in %d turns" % turns)

    def accuse_wrongly(self, guest):
        self.on(self.phones[guest])
        wait(self.d, lambda d: data(d, "todo") == "accuse", "the accusation form on %s's phone" % guest)
        hand = [li.get_attribute("data-card") for li in self.d.find_elements(By.CSS_SELECTOR, "#hand li")]
        pick = {"a_suspect": SUSPECTS[0], "a_place": PLACES[0], "a_weapon": WEAPONS[0]}
        own = hand[0]  # a card of their own is not in the case: the accusation is wrong
        pick["a_suspect" if own in SUSPECTS else "a_place" if own in PLACES else "a_weapon"] = own
        for key, card in pick.items():
            self.d.find_element(By.CSS_SELECTOR, '[data-pick="%s"] [data-card="%s"]' % (key, card)).click()
        self.d.find_element(By.ID, "go").click()
        wait(self.d, lambda d: d.find_elements(By.CSS_SELECTOR, '[data-verdict="wrong"]'), "the verdict on the phone")
        self.feed(tap(BTN, "NO"))  # the card table answered the board's "were you right?"
        self.on(self.board)
        self.synced()


class Relay:
    """Another screen on the same computer, as the host sees a tablet at
    another address: a relay listening on `listen` (the host's port, another
    loopback address: the Host header the host answers) that connects to
    the host from `source`. The host then takes its pages for a screen that
    only watches.

        relay = Relay(server.port); driver.get(relay.url); ...; relay.close()
    """

    def __init__(self, port, listen="127.0.0.3", source="127.0.0.2"):
        self.port = port
        self.source = source
        self.url = "http://%s:%d/" % (listen, port)
        self.sock = socket.create_server((listen, port))
        self.open = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                page, _ = self.sock.accept()
            except OSError:
                return  # closed
            try:
                host = socket.create_connection(("127.0.0.1", self.port), source_address=(self.source, 0))
            except OSError:  # the host is down (killed, not resumed yet): this page retries, the relay goes on
                page.close()
                continue
            self.open += [page, host]
            for a, b in ((page, host), (host, page)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(a, b):
        try:
            while True:
                chunk = a.recv(65536)
                if not chunk:
                    break
                b.sendall(chunk)
        except OSError:
            pass
        finally:
            try:
                b.shutdown(socket.SHUT_WR)
            except OSError:
                pass

    def close(self):
        self.sock.close()
        for s in self.open:
            s.close()
