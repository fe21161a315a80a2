"""A guest who cannot see plays a whole game on their phone (issue 39):
the Comte's seat page in real headless Chromium, read and pressed only
through its accessibility tree (CDP Accessibility.getFullAXTree: roles and
names, never a CSS selector nor an id), as a screen reader does. The other
three seats are bots (`clue-fx web --table --bots ...`); the host's tablet
(another browser) is where the Comte's pawn is moved, as a guest at the
table presses the board.

The guest finds their hand, makes a hypothesis, shows a card when asked,
accuses. What the live region said is checked against what the phone was
sent (its socket's frames, from Chromium's own log): each change that
concerns the guest said once, in order, in the edition's words; focus
never falls off a removed node once it was put on the page. axe-core
(WCAG 2.x A/AA and the landmark rules) runs on the seat page before the
deal, on a turn, choosing a card to show and after the verdict, at a
phone's size and a tablet's. Seeds and editions chosen by a loop.
"""

import json
import time

import pytest

from tests.support import axe

from .conftest import Server, chromium_or_skip, make_browser

pytest.importorskip("selenium")
from selenium.common.exceptions import TimeoutException  # noqa: E402

from tests.support.web_scene import PHONE, TABLET, data, page_ready, touch, viewport, wait  # noqa: E402

GUEST = "COMTE"
BOTS = "LAVANDE,PECHE,AZUR"
SEEDS = range(11, 14)  # a game each, the editions in turn
LANGS = ("fr", "en", "us")
GAME_S = 400
pytestmark = pytest.mark.timeout(3 * GAME_S)  # three whole games, the bots at a table's pace (1 to 3 minutes each)


# -- the phone, through its accessibility tree only --------------------------------------


class Tree:
    """The seat page's accessibility tree: nodes by id, their roles, names and children."""

    def __init__(self, driver):
        nodes = driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
        self.by_id = {n["nodeId"]: n for n in nodes}
        self.nodes = nodes

    @staticmethod
    def role(n):
        return n.get("role", {}).get("value")

    @staticmethod
    def name(n):
        return n.get("name", {}).get("value", "")

    def find(self, role, name=None, within=None):
        pool = self.under(within) if within is not None else self.nodes
        return [n for n in pool
                if not n.get("ignored") and self.role(n) == role and (name is None or name(self.name(n)))]  # fmt: skip

    def under(self, node):
        out = []
        for c in node.get("childIds", []):
            if c in self.by_id:
                out.append(self.by_id[c])
                out.extend(self.under(self.by_id[c]))
        return out

    def text(self, node):
        """What a reader says of `node`'s content: its text, in order."""
        return "".join(self.name(n) for n in self.under(node) if self.role(n) == "StaticText" and not n.get("ignored"))


def press(driver, node):
    """A screen reader's double tap: the node's DOM element clicked, found from its backendDOMNodeId."""
    obj = driver.execute_cdp_cmd("DOM.resolveNode", {"backendNodeId": node["backendDOMNodeId"]})["object"]
    driver.execute_cdp_cmd("Runtime.callFunctionOn", {"objectId": obj["objectId"],
                           "functionDeclaration": "function () { this.focus(); this.click(); }"})  # fmt: skip


def is_focused(node):
    return any(p["name"] == "focused" and p["value"].get("value") is True for p in node.get("properties", []))


def said(tree, words):
    logs = tree.find("log", lambda n: n == words["seat"]["said"])
    assert len(logs) == 1, "no live region named %r" % words["seat"]["said"]
    return [tree.text(p) for p in tree.find("paragraph", within=logs[0])]


def answered(host, button):
    """`button` pressed on the board, and its answer on the page: the board's
    state or whose turn it is no longer what it was before the press (a
    search that finds, fails and ends the turn, an accusation asked to be
    confirmed, a STOP). Read at once, the page can still show the state from
    before the press, which was taken for its answer (seed 12 once: an
    ACCUSE taken for a failed search, then left waiting to be confirmed)."""
    before = (data(host, "state"), data(host, "current"))
    touch(host, button)
    wait(host, lambda d: (data(d, "state"), data(d, "current")) != before, "%s answered" % button)


def focus_kept(driver):
    """Where focus is: on a node still in the page (None: on the page itself, never put anywhere)."""
    return driver.execute_script(
        "const a = document.activeElement;return a === document.body || a === null ? null : a.isConnected"
    )


# -- what the phone must have said: from what it was sent ---------------------------------


def fill(template, *args):
    out = template.split("%s")
    return "".join(p + (str(args[i]) if i < len(args) else "") for i, p in enumerate(out))


class Oracle:
    """From the phone's socket frames, in order: each change that concerns the guest, in the edition's
    words (issue 39's list: their turn, a case opened, a card shown to them, a choice to make, a card
    to show, the verdict, being out, the end)."""

    ACT = ("hypothesis", "refute", "accuse")

    def __init__(self):
        self.words = None
        self.seat = self.table = self.board = None
        self.heard = None
        self.expected = []
        self.kinds = []

    def take(self, m):
        t = m.get("t")
        if t == "hello":
            self.words = dict(m["words"], lang=m["lang"])
            return
        if t not in ("seat", "table", "board"):
            return
        setattr(self, t, m)
        if self.words is not None and self.seat is not None:
            self.render()

    def line(self):
        w, s = self.words, self.seat
        t, ui, names, full, of = w["table"], w["seat"], w["names"], w["full"], w["of"]
        todo = s["todo"]
        if todo == "hypothesis":
            return ui["your_turn"]
        if todo == "refute":
            r = s["refute"]
            who = of[GUEST] if w["lang"] == "fr" else full[GUEST]
            return fill(t["refute"], who, full[r["asker"]], " / ".join(names[c] for c in r["named"]))
        if todo == "accuse":
            return fill(t["accuse"], names[GUEST])
        if todo == "stop":
            return ui["press_stop"]
        return None

    def render(self):
        w, s, tb, b = self.words, self.seat, self.table, self.board
        t, ui, names, full, of = w["table"], w["seat"], w["names"], w["full"], w["of"]
        over = bool(tb and tb["over"])
        now = {
            "turn": bool(b and b["switch"] and b.get("current") == GUEST and b["state"] == "move") and not over,
            "todo": json.dumps([s["todo"], s.get("refute"), s.get("place")]),
            "shown": len(s.get("shown") or []), "opened": len(s.get("opened") or {}),
            "verdicts": len(s.get("verdicts") or []), "over": over, "out": bool(s.get("out")),
        }  # fmt: skip
        was, self.heard = self.heard, now
        say = self.expected.append
        if was is None:
            if s["todo"] in self.ACT:
                say(self.line())
                self.kinds.append(s["todo"])
            return
        if now["turn"] and not was["turn"]:
            say(ui["turn_start"])
            self.kinds.append("turn")
        for sus, card in list((s.get("opened") or {}).items())[was["opened"] :]:
            say(fill(t["case"], of[sus], names[card]))
            self.kinds.append("case")
        for x in (s.get("shown") or [])[was["shown"] :]:
            say(fill(t["shown"], full[x["by"]], names[x["card"]]) if x["by"] else t["nobody"])
            self.kinds.append("shown")
        if now["todo"] != was["todo"] and (s["todo"] in self.ACT or s["todo"] == "stop"):
            say(self.line())
            self.kinds.append(s["todo"])
        for v in (s.get("verdicts") or [])[was["verdicts"] :]:
            say(fill(t["right"] if v["right"] else t["wrong"], " / ".join(names[c] for c in v["named"])))
            self.kinds.append("verdict")
        if now["out"] and not was["out"]:
            say(ui["out"])
        if now["over"] and not was["over"]:
            seen = s.get("case") or (tb and tb.get("solution"))
            case = " %s %s" % (ui["solution"], " / ".join(names[c] for c in seen)) if seen else ""
            say(w["ui"]["over"] + "." + case)
            self.kinds.append("over")


def frames(driver, oracle, socket_ids):
    """The seat's socket's frames received since the last call, fed to the oracle in order."""
    for entry in driver.get_log("performance"):
        msg = json.loads(entry["message"])["message"]
        p = msg.get("params", {})
        if msg["method"] == "Network.webSocketCreated" and "/ws?seat=" in p.get("url", ""):
            socket_ids.add(p["requestId"])
        elif msg["method"] == "Network.webSocketFrameReceived" and p.get("requestId") in socket_ids:
            oracle.take(json.loads(p["response"]["payloadData"]))


# -- the game ----------------------------------------------------------------------------


def audit(phone, where, seen):
    for size, mobile in ((PHONE, True), (TABLET, False)):
        viewport(phone, size, mobile=mobile)
        found = axe.violations(phone) + axe.best_practices(phone)
        assert found == [], "the seat page, %s: %s" % (where, axe.describe(found))
    viewport(phone, PHONE, mobile=True)
    seen.add(where)


def play(seed, lang):
    server = Server("--seed", str(seed), "--lang", lang, "--table", "--bots", BOTS, "--debug")
    host = make_browser(*TABLET)
    phone = make_browser(*PHONE)
    oracle, sockets, audited = Oracle(), set(), set()
    acted = {"hypothesis": 0, "refute": 0, "accuse": 0, "hand": 0}
    turns = 0
    focus_put = False
    try:
        viewport(phone, PHONE, mobile=True)
        phone.execute_cdp_cmd("Network.enable", {})
        phone.get(server.seats[GUEST])
        host.get(server.url + "?audio=off")
        wait(host, page_ready, "the host's board page")
        wait(phone, lambda d: Tree(d).find("log"), "the seat page's live region")
        words = None

        def tree():
            nonlocal words
            frames(phone, oracle, sockets)
            words = oracle.words
            return Tree(phone)

        wait(phone, lambda d: tree() and words is not None, "the edition's words on the phone")
        audit(phone, "before the deal", audited)
        touch(host, "SWITCH")
        wait(host, lambda d: data(d, "state") == "rollcall", "the roll call")
        touch(host, "YES")  # the Comte plays (the roll call asks him first; the bots answer for themselves)
        t = words["table"]
        deadline = time.monotonic() + GAME_S
        while data(host, "state") != "over":
            assert time.monotonic() < deadline, "seed %d: the game did not end" % seed
            tr = tree()
            kept = focus_kept(phone)
            if focus_put:
                assert kept is True, "seed %d: focus fell off the page (a removed node) after %s" % (seed, oracle.kinds)
            # the hand, found by its heading's words
            hand = tr.find("region", lambda n: n == fill(t["hand"], words["names"][GUEST]))
            cards = [tr.text(li) for li in tr.find("listitem", within=hand[0])] if hand else []
            if cards:  # what the phone was sent is what it says
                assert cards == [words["names"][c] for c in oracle.seat["hand"]], (cards, oracle.seat["hand"])
                acted["hand"] = len(cards)
            forms = tr.find("form")
            if forms:
                form = forms[0]
                focus_put = True
                buttons = tr.find("button", within=form)
                kind = {t["ok"]: "refute", t["ask"]: "hypothesis", t["accuse_go"]: "accuse"}[tr.name(buttons[0])]
                if kind not in audited:
                    audit(phone, kind, audited)
                # the guest must act: the phone put them on the question (the form's heading), nowhere else
                focused = [n for n in tr.nodes if is_focused(n) and tr.role(n) != "RootWebArea"]  # (the page has focus)
                assert [tr.role(n) for n in focused] == ["heading"] and focused[0] in tr.under(form), (
                    seed, kind, [(tr.role(n), tr.name(n)) for n in focused])  # fmt: skip
                groups = tr.find("group", within=form)
                for g in groups:
                    radios = tr.find("radio", within=g)
                    mine = [r for r in radios if tr.name(r) in cards]
                    # a wrong accusation (one of the guest's own cards): the bots play on to the end
                    press(phone, (mine or radios)[0] if kind == "accuse" else radios[0])
                press(phone, buttons[0])
                acted[kind] += 1
                wait(phone, lambda d: not tree().find("form"), "the %s taken (seed %d)" % (kind, seed), timeout=60)
                continue
            if data(host, "current") == GUEST and data(host, "state") == "move":
                turns += 1
                here, insp = data(host, "here"), data(host, "inspecteur")
                if turns == 1:  # a hypothesis somewhere else than the Inspecteur
                    touch(host, next(p for p in words["places"] if p not in (here, insp)))
                    wait(phone, lambda d: tree().find("form"), "the hypothesis form", timeout=30)
                    continue
                if here != insp:
                    touch(host, insp)
                    wait(host, lambda d: data(d, "state") == "moved", "the Comte moved")
                hidden = "INSPECTEUR" in data(host, "hidden").split(",")
                answered(host, "SEARCH" if hidden else "ACCUSE")
                if data(host, "state") in ("found", "confirm"):
                    touch(host, "YES")
                else:
                    turns = 0  # not found after all: a hypothesis next time
                    if data(host, "state") == "moved" and data(host, "current") == GUEST:
                        answered(host, "STOP")
                continue
            if data(host, "current") == GUEST and data(host, "state") == "moved" and acted["hypothesis"] and \
                    words["seat"]["press_stop"] in said(tr, words)[-1:]:  # fmt: skip
                answered(host, "STOP")
                continue

            def next_thing(d):
                tr = tree()
                state, current = data(host, "state"), data(host, "current")
                stop = state == "moved" and words["seat"]["press_stop"] in said(tr, words)[-1:]  # STOP is his to press
                return tr.find("form") or state == "over" or (current == GUEST and (state == "move" or stop))

            try:
                wait(phone, next_thing, "something for the Comte to do", timeout=max(1, deadline - time.monotonic()))
            except TimeoutException:
                raise AssertionError("seed %d: the game did not end: board %s, turn %s; said %s" % (
                    seed, data(host, "state"), data(host, "current"), said(tree(), words)[-4:])) from None  # fmt: skip
        try:
            wait(phone, lambda d: said(tree(), words) == oracle.expected, "the end said", timeout=30)
        except TimeoutException:
            pass  # what differs is said below
        got = said(tree(), words)
        assert got == oracle.expected, "seed %d (%s): said %s, expected %s" % (seed, lang, got, oracle.expected)
        if "verdict" in oracle.kinds:
            audit(phone, "after the verdict", audited)
        return acted, oracle.kinds, audited
    finally:
        host.quit()
        phone.quit()
        server.stop()


def test_a_blind_guest_plays_whole_games_on_their_phone_through_the_accessibility_tree():
    chromium_or_skip()
    if not axe.available():
        pytest.skip("axe-core is not installed (python tools/setup_tests.py)")
    everything, audits = {}, set()
    for seed in SEEDS:
        lang = LANGS[seed % len(LANGS)]
        acted, kinds, audited = play(seed, lang)
        assert acted["hand"] >= 3 and acted["hypothesis"] >= 1 and acted["accuse"] == 1, (seed, acted)
        assert kinds.count("over") == 1 and "turn" in kinds and "verdict" in kinds, (seed, kinds)
        for k in kinds:
            everything[k] = everything.get(k, 0) + 1
        audits |= audited
    assert {"turn", "hypothesis", "shown", "refute", "accuse", "verdict", "over"} <= set(everything), everything
    assert {"before the deal", "hypothesis", "refute", "accuse", "after the verdict"} <= audits, audits
