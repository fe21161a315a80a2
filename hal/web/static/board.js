// The board page: the ring of nine places, the four START squares, the
// seven buttons and the ON/OFF switch (ring.js), and beside them what to do
// next, the captions and the seats (panel.js). Pointer down on an input
// presses it, pointer up releases it; the host's board answers with the
// narrator's sentences (captions, voice), the board's state and the card
// table's. Every message comes in through one place, receive(), from the
// link (link.js): another transport can be put in its stead.
//
// ?view=tv: a television across the room (big captions, no battery
// controls; the seats' join codes with the board's code: ?view=tv&b=CODE),
// which never holds the board; ?audio=off: captions without the voice.
//
// Who holds the board (hal.web.holders): the screen that shows the board's
// code, from the link the host printed (its QR code) or typed on a watching
// screen; the host gives it a ticket, and this tab comes back with both (a
// reload, a lost Wi-Fi). A screen another one took the board from is told,
// forgets them, and only watches.

import { connect, el, fill } from "./link.js";
import { Awake, audible } from "./awake.js";
import { Panel, fullScreenButton } from "./panel.js";
import { Ring, loadArt } from "./ring.js";
import { Voice } from "./voice.js";

let words = null;
let voice = null;
let ring = null;
let panel = null;
let awake = null; // the screen kept on while the switch is ON and the game not over (awake.js)
let role = null; // "board": this screen holds the board; "viewer": it only watches; "tv": it shows
let keys = {}; // a laptop's key -> the input it presses
const down = new Set();
const PLAYING = ["rollcall", "move", "moved", "confirm", "found", "verdict"]; // the board's states of a game under way
const query = new URLSearchParams(location.search);
const tv = query.get("view") === "tv";
if (tv) document.body.classList.add("tv");

// The board's code: from the link the host printed (its QR code: shown on purpose, it takes the board), then
// kept by this tab with the ticket the host gave it; out of the address bar.
let boardKey = query.get("b") || sessionStorage.getItem("cfx-board-key") || "";
let ticket = sessionStorage.getItem("cfx-board-screen") || "";
let take = query.has("b") && !tv;
if (query.has("b")) {
  query.delete("b");
  history.replaceState(null, "", location.pathname + (query.toString() ? "?" + query : ""));
}
const keyQuery = () => {
  const q = new URLSearchParams();
  if (tv) q.set("view", "tv");
  if (boardKey) q.set("b", boardKey);
  if (ticket && !tv) q.set("s", ticket);
  if (take) q.set("take", "1");
  return q.toString() ? `?${q}` : "";
};
function keep(key, screen) {
  boardKey = key || "";
  ticket = screen || "";
  for (const [name, value] of [["cfx-board-key", boardKey], ["cfx-board-screen", ticket]]) {
    if (value) sessionStorage.setItem(name, value);
    else sessionStorage.removeItem(name);
  }
  take = false;
  link.setQuery(keyQuery());
}
const art = loadArt().then(() => (document.body.dataset.art = "1"));
const linkState = (up) => {
  document.getElementById("link").textContent = up ? "●" : "○ …";
  document.body.dataset.link = up ? "up" : "down";
};
// The transport: the host's WebSocket (clue-fx web), or, in the exported
// app (clue-fx web --export marks its page data-transport="local"), the
// board itself running in the page (local.js). The same messages either way.
let link = { send() {}, setQuery() {} };
if (document.documentElement.dataset.transport === "local") {
  const asked = window.cfxBoot ? window.cfxBoot.app : fetch("app.json").then((r) => r.json()); // boot.js asked it
  Promise.all([import("./local.js"), asked]).then(async ([{ connectLocal }, app]) => {
    link = await connectLocal(app, (m) => receive(m), linkState);
  }).catch((e) => {
    document.body.dataset.failed = String(e && e.message);
    document.getElementById("turn").textContent = String(e && e.message);
  });
} else {
  link = connect(keyQuery(), (m) => receive(m), linkState);
}

function press(id, isDown) {
  if (role !== "board") return;
  if (isDown === down.has(id)) return;
  if (isDown) {
    down.add(id);
    voice && voice.wake();
    window.cfxTimes && window.cfxTimes.presses.push(performance.now());
  } else down.delete(id);
  for (const node of document.querySelectorAll(`[data-input="${id}"]`)) node.classList.toggle("down", isDown);
  link.send({ t: "press", id, down: isDown });
}

function pressable(node) {
  const id = node.dataset.input;
  node.addEventListener("pointerdown", (e) => {
    e.preventDefault();
    node.setPointerCapture && node.setPointerCapture(e.pointerId);
    press(id, true);
  });
  for (const kind of ["pointerup", "pointercancel", "lostpointercapture"]) {
    node.addEventListener(kind, () => press(id, false));
  }
  node.addEventListener("contextmenu", (e) => e.preventDefault());
  // a click with no pointer (Enter or Space on the focused input, a screen reader's double tap, voice
  // control): a whole tap, down then up
  node.addEventListener("click", (e) => {
    if (e.detail !== 0 || down.has(id)) return;
    press(id, true);
    press(id, false);
  });
  return node;
}

let state = { mv: 4500 };
let table = null;

function build() {
  ring = new Ring(words, pressable);
  panel = new Panel(words, (m) => link.send(m), () => boardKey || ticket);
  pressable(document.getElementById("switch"));
  const battery = (mv) => link.send({ t: "battery", mv: Math.max(0, Math.min(5000, mv)) });
  document.getElementById("bat-down").onclick = () => battery(state.mv - 100);
  document.getElementById("bat-up").onclick = () => battery(state.mv + 100);
  document.title = words.ui.title;
  document.getElementById("title").textContent = words.ui.title;
  document.getElementById("captions").setAttribute("aria-label", words.ui.caption);
  document.getElementById("log").setAttribute("aria-label", words.ui.log);
  document.getElementById("bat-down").setAttribute("aria-label", `${words.ui.battery} −100 mV`);
  document.getElementById("bat-up").setAttribute("aria-label", `${words.ui.battery} +100 mV`);
  keys = Object.fromEntries(Object.entries(words.layout.keys).map(([id, k]) => [k, id]));
  keys[words.layout.switch_key] = "SWITCH";
  fullScreenButton(words.board.fullscreen);
  awake = new Awake(document.body, (how) => panel.awake(how));
  // The texts fitted again only when what they are fitted to changed: the board's width, the art come,
  // the fonts loaded (a ResizeObserver's first call, and a promise kept already, would fit them all again
  // for nothing: some 30 ms of the page's thread each, 4 times that on a phone).
  let fittedTo = "";
  const relayout = () => {
    const to = [document.getElementById("board").getBoundingClientRect().width, document.body.dataset.art || "",
      document.fonts ? document.fonts.status : ""].join();
    if (to === fittedTo) return;
    fittedTo = to;
    ring.layout();
  };
  new ResizeObserver(relayout).observe(document.getElementById("board"));
  art.then(relayout);
  if (document.fonts) document.fonts.ready.then(relayout);
  relayout();
}

// a laptop's keys: 1-9 the places, the buttons' initials, o the switch
window.addEventListener("keydown", (e) => { const id = keys[e.key]; if (id && !e.repeat) press(id, true); });
window.addEventListener("keyup", (e) => { const id = keys[e.key]; if (id) press(id, false); });

function showBoard(m) {
  state = m;
  awake.want(!!m.switch && PLAYING.includes(m.state));
  panel.show(m, table, role);
  ring.show(m, (table && table.bots) || {});
  ring.veil(m);
  if (m.debug) {
    document.body.dataset.inspecteur = m.debug.positions.INSPECTEUR;
    document.body.dataset.hidden = m.debug.hidden.join(",");
  }
  document.body.dataset.state = m.state;
  document.body.dataset.current = m.current || "";
  document.body.dataset.here = (m.current && m.pawns[m.current]) || "";
}

let tableSeen = 0;
let solutionShown = false;
function showTable(m) {
  table = m;
  const t = words.table;
  const names = (cards) => cards.map((c) => words.names[c]).join(" / ");
  for (const line of m.log.slice(tableSeen)) {
    if (line.kind === "hypothesis") {
      const h = line.public;
      const rest = h.passed.map((g) => fill(t.passed, words.full[g])).join("") + (h.shower ? fill(t.showed, words.full[h.shower]) : t.noone);
      panel.log(fill(t.public_hyp, words.full[h.asker], names(h.named), rest));
    } else if (line.kind === "verdict") {
      panel.log(fill(t.verdict, words.names[line.guest], fill(line.right ? t.right : t.wrong, names(line.named))));
    }
  }
  tableSeen = m.log.length;
  if (m.solution && !solutionShown) {
    solutionShown = true;
    document.body.dataset.solution = m.solution.join(",");
    panel.log(`${words.seat.solution} ${names(m.solution)}`);
  }
  if (m.problem) panel.log(m.problem, "notice");
  if (state.t === "board") showBoard(state); // whose turn a bot plays, the START squares' bots
}

// This screen's role, as the host says it: at hello, and when a screen takes the board (from this one or to it).
function setRole(m) {
  const had = boardKey;
  role = m.role;
  document.body.dataset.role = role;
  if (role === "board") keep(m.key || boardKey, m.screen);
  else if (tv) keep(role === "tv" ? boardKey : "", ticket); // a television never holds the board: its tab's ticket is not asked
  else keep("", ""); // a code the host did not take (wrong, or another screen holds the board since): forgotten
  banner(m.wrong && had ? words.board.wrong_code : m.taken ? words.board.taken : "");
  if (m.t === "role") {
    panel.log(role === "board" ? words.board.holding : words.board.taken, "notice");
    if (state.t === "board") showBoard(state);
  }
}

// A watching screen says so, and how to take the board: the board's code typed here (a television: shown here).
function banner(note) {
  const box = document.getElementById("role");
  box.hidden = role !== "viewer";
  if (box.hidden) return;
  const b = words.board;
  const code = el("input", { id: "take-code", name: "code", autocomplete: "off", autocapitalize: "characters",
    spellcheck: "false", maxlength: "12", placeholder: "XXXX-XXXX", "aria-label": b.board_code });
  const form = el("form", { id: "take", class: "take" }, el("label", { for: "take-code" }, tv ? b.tv_how : b.take_how), " ",
    code, " ", el("button", { type: "submit", id: "take-go" }, tv ? b.tv_go : b.take_go));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const typed = code.value.trim();
    if (!typed) return;
    if (tv) location.replace(`${location.pathname}?view=tv&b=${encodeURIComponent(typed)}`);
    else link.send({ t: "take", code: typed });
  });
  box.replaceChildren(el("span", {}, b.viewer), form);
  if (note) box.append(el("span", { class: "take-note", id: "take-note" }, note));
}

function hello(m) {
  if (!words) {
    words = m.words;
    document.documentElement.lang = m.html_lang || m.lang;
    voice = new Voice(m.lang, (busy) => role === "board" && link.send({ t: "audio", busy }), m.sounds);
    build();
    if (m.offline) import("./app.js").then(({ offlinePanel }) => offlinePanel(m, link, words));
    audible();
    window.addEventListener("pointerdown", () => { audible(); voice.wake(); voice.prefetch(m.clips); }, { once: true });
  }
  setRole(m);
  if (m.join) panel.joinAt = m.join; // the home network's address, not the 127.0.0.1 this page may be at
  panel.clearCaptions();
  tableSeen = 0;
  solutionShown = false;
  document.getElementById("log").replaceChildren();
  for (const c of m.history) panel.caption(c);
  document.body.dataset.clips = m.clips.length;
  document.body.dataset.ready = "1";
  if (!window.cfxReady) window.cfxReady = performance.now(); // the page's load time, for the benches
}

function receive(m) {
  if (m.t === "hello") {
    hello(m);
  } else if (m.t === "role") {
    setRole(m);
  } else if (m.t === "say" || m.t === "sfx") {
    panel.caption(m);
    voice.play(m.t === "say" ? m.clips : [m.clip]);
  } else if (m.t === "off") {
    panel.caption(m);
  } else if (m.t === "stop") {
    voice.stop();
  } else if (m.t === "board") {
    showBoard(m);
  } else if (m.t === "table") {
    showTable(m);
  } else if (m.t === "notice" || m.t === "refused" || m.t === "error") {
    panel.log(m.text, "notice");
  }
}
