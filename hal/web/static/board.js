// The board page: the ring of nine places, the four START squares, the
// seven buttons and the ON/OFF switch. Pointer down on one presses it,
// pointer up releases it; the host's board answers with the narrator's
// sentences (captions, voice), the board's state and the card table's.

import { connect, el, fill } from "/static/link.js";
import { Voice } from "/static/voice.js";

const BUTTONS = ["STOP", "SEARCH", "REPEAT", "ACCUSE", "YES", "NO", "WAIT"];
const CORNERS = { START_COMTE: [9, 9], START_LAVANDE: [91, 9], START_PECHE: [91, 91], START_AZUR: [9, 91] };
const KEYS = { s: "STOP", f: "SEARCH", r: "REPEAT", a: "ACCUSE", y: "YES", n: "NO", w: "WAIT", o: "SWITCH",
  c: "START_COMTE", l: "START_LAVANDE", p: "START_PECHE", z: "START_AZUR" };

let words = null;
let voice = null;
let role = null; // "board": this screen holds the board; "viewer": it only watches
const down = new Set();

// The board's key: from the link the host printed (its QR code), then kept by this tab; out of the address bar.
const query = new URLSearchParams(location.search);
let boardKey = query.get("b") || sessionStorage.getItem("cfx-board-key") || "";
if (query.has("b")) {
  query.delete("b");
  history.replaceState(null, "", location.pathname + (query.toString() ? "?" + query : ""));
}
const keyQuery = () => (boardKey ? `?b=${encodeURIComponent(boardKey)}` : "");
const link = connect(keyQuery(), receive, (up) => {
  document.getElementById("link").textContent = up ? "●" : "○ …";
});

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
  return node;
}

function build() {
  const ring = document.getElementById("ring");
  const svg = document.getElementById("arrows");
  const places = words.places;
  const at = {};
  places.forEach((p, i) => {
    const a = (2 * Math.PI * i) / places.length - Math.PI / 2;
    at[p] = [50 + 38 * Math.cos(a), 50 + 38 * Math.sin(a)];
  });
  // the ring's arrows, both heads clear of the places' circles
  svg.innerHTML = `<defs><marker id="head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="4"
    markerHeight="4" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#e8d9a8"/></marker></defs>`;
  places.forEach((p, i) => {
    const q = places[(i + 1) % places.length];
    const [x1, y1] = at[p];
    const [x2, y2] = at[q];
    const dx = x2 - x1;
    const dy = y2 - y1;
    const len = Math.hypot(dx, dy);
    const cut = 9.2 / len;
    const line = document.createElementNS("http://www.w3.org/2000/svg", "line");
    line.setAttribute("x1", (x1 + dx * cut) * 7.8); // the view box is 780 wide: 7.8 a percent
    line.setAttribute("y1", (y1 + dy * cut) * 7.8);
    line.setAttribute("x2", (x2 - dx * cut) * 7.8);
    line.setAttribute("y2", (y2 - dy * cut) * 7.8);
    svg.append(line);
  });
  for (const p of places) {
    const node = pressable(el("button", { class: "pad", "data-input": p, id: "pad-" + p },
      el("span", { class: "name" }, words.names[p]), el("span", { class: "pawns" }), el("span", { class: "suspects" })));
    node.style.left = at[p][0] + "%";
    node.style.top = at[p][1] + "%";
    ring.append(node);
  }
  for (const [s, [x, y]] of Object.entries(CORNERS)) {
    const node = pressable(el("button", { class: "pad start", "data-input": s, id: "pad-" + s },
      el("span", { class: "name" }, words.names[s]), el("span", { class: "pawns" })));
    node.style.left = x + "%";
    node.style.top = y + "%";
    ring.append(node);
  }
  const box = document.getElementById("buttons");
  for (const b of BUTTONS) box.append(pressable(el("button", { class: "btn", "data-input": b }, words.buttons[b])));
  pressable(document.getElementById("switch"));
  const battery = (mv) => link.send({ t: "battery", mv: Math.max(0, Math.min(5000, mv)) });
  document.getElementById("bat-down").onclick = () => battery(state.mv - 100);
  document.getElementById("bat-up").onclick = () => battery(state.mv + 100);
  document.title = words.ui.title;
}

// a laptop's keys: 1-9 the places, the buttons' initials, o the switch
const keyOf = (k) => (k >= "1" && k <= "9" ? words && words.places[+k - 1] : KEYS[k]);
window.addEventListener("keydown", (e) => { const id = keyOf(e.key); if (id && !e.repeat) press(id, true); });
window.addEventListener("keyup", (e) => { const id = keyOf(e.key); if (id) press(id, false); });

let state = { mv: 4500 };

function caption(m) {
  const box = document.getElementById("captions");
  const p = el("p");
  if (m.speaker && m.text.startsWith(m.speaker)) {
    p.append(el("span", { class: "speaker" }, m.speaker), m.text.slice(m.speaker.length));
  } else p.append(m.text);
  box.append(p);
  box.scrollTop = box.scrollHeight;
}

function log(text, cls) {
  const box = document.getElementById("log");
  box.append(el("p", cls ? { class: cls } : {}, text));
  while (box.childElementCount > 300) box.firstChild.remove();
  box.scrollTop = box.scrollHeight;
}

function showBoard(m) {
  state = m;
  const sw = document.getElementById("switch");
  sw.textContent = m.switch ? words.ui.switch_on : words.ui.switch_off;
  sw.classList.toggle("on", m.switch);
  document.getElementById("mv").textContent = `${words.ui.battery} ${(m.mv / 1000).toFixed(1)} V`;
  for (const node of document.querySelectorAll(".pawns")) node.replaceChildren();
  for (const [g, place] of Object.entries(m.pawns || {})) {
    const where = document.querySelector(`#pad-${place || "START_" + g} .pawns`);
    if (where) where.append(el("span", { class: `pawn ${g}${g === m.current ? " current" : ""}`, title: words.names[g] }));
  }
  const bot = bots[m.current] ? ` (${words.seat.bot})` : "";
  document.getElementById("turn").textContent = m.current ? `${words.ui.turn} ${words.names[m.current]}${bot}` : "";
  showSeats(m.seats || []);
  const debug = document.getElementById("debug");
  debug.hidden = !m.debug;
  for (const node of document.querySelectorAll(".suspects")) node.textContent = "";
  if (m.debug) {
    const lines = Object.entries(m.debug.positions).map(([who, place]) =>
      `${words.names[who]}: ${words.names[place]}${m.debug.hidden.includes(who) ? " (" + words.ui.hidden + ")" : ""}`);
    debug.replaceChildren(el("b", {}, words.ui.debug), ...lines.map((l) => el("div", {}, l)));
    for (const [who, place] of Object.entries(m.debug.positions)) {
      const node = document.querySelector(`#pad-${place} .suspects`);
      if (node) node.textContent += (node.textContent ? ", " : "") + (who === "INSPECTEUR" ? "★" : words.names[who].split(" ").pop());
    }
    document.body.dataset.inspecteur = m.debug.positions.INSPECTEUR;
    document.body.dataset.hidden = m.debug.hidden.join(",");
  }
  document.body.dataset.state = m.state;
  document.body.dataset.current = m.current || "";
  document.body.dataset.here = (m.current && m.pawns[m.current]) || "";
}

// The seats people take: a free one shows its QR code and its code (the board's screen alone is sent them),
// a held one who holds it; the board may give either to a bot, or free a held one (a phone that died).
function showSeats(list) {
  const seats = document.getElementById("seats");
  seats.hidden = !list.length;
  const ui = words.seat;
  seats.replaceChildren(...list.map((s) => {
    const g = s.guest;
    const box = el("div", { class: `seat ${s.state}`, "data-seat": g, "data-state": s.state }, el("b", {}, words.names[g]));
    if (s.code) {
      const src = `/qr/${g}.svg?v=${s.code}` + (boardKey ? `&b=${encodeURIComponent(boardKey)}` : "");
      box.append(el("img", { src, alt: `${words.names[g]}: ${s.code}` }), el("code", { class: "code" }, s.code));
    } else if (s.state === "held") {
      box.append(el("span", { class: "holder" }, `📱 ${s.online ? "●" : "○"} ${s.holder || ""}`));
      if (role === "board") box.append(el("button", { class: "free-seat", "data-free": g, onclick: () => link.send({ t: "free", guest: g }) }, ui.free_seat || "↺"));
    }
    if (role === "board") box.append(el("button", { class: "make-bot", "data-bot": g, onclick: () => link.send({ t: "bot", guest: g }) }, `→ ${ui.bot}`));
    return box;
  }));
  if (list.some((s) => s.code)) seats.append(el("div", { class: "room", id: "room" }, `${location.host}/join`));
}

let tableSeen = 0;
let bots = {};
let solutionShown = false;
function showTable(m) {
  bots = m.bots;
  const t = words.table;
  const names = (cards) => cards.map((c) => words.names[c]).join(" / ");
  for (const line of m.log.slice(tableSeen)) {
    if (line.kind === "hypothesis") {
      const h = line.public;
      const rest = h.passed.map((g) => fill(t.passed, words.full[g])).join("") + (h.shower ? fill(t.showed, words.full[h.shower]) : t.noone);
      log(fill(t.public_hyp, words.full[h.asker], names(h.named), rest));
    } else if (line.kind === "verdict") {
      log(fill(t.verdict, words.names[line.guest], fill(line.right ? t.right : t.wrong, names(line.named))));
    }
  }
  tableSeen = m.log.length;
  if (m.solution && !solutionShown) {
    solutionShown = true;
    document.body.dataset.solution = m.solution.join(",");
    log(`${words.seat.solution} ${names(m.solution)}`);
  }
  if (m.problem) log(m.problem, "notice");
}

function receive(m) {
  if (m.t === "hello") {
    role = m.role;
    document.body.dataset.role = role;
    if (m.key) {
      boardKey = m.key;
      sessionStorage.setItem("cfx-board-key", boardKey);
      link.setQuery(keyQuery());
    }
    if (!words) {
      words = m.words;
      document.documentElement.lang = m.html_lang || m.lang;
      voice = new Voice(m.lang, (busy) => link.send({ t: "audio", busy }));
      build();
      window.addEventListener("pointerdown", () => { voice.wake(); voice.prefetch(m.clips); }, { once: true });
    }
    document.getElementById("captions").replaceChildren();
    tableSeen = 0;
    solutionShown = false;
    document.getElementById("log").replaceChildren();
    for (const c of m.history) caption(c);
    document.body.dataset.clips = m.clips.length;
    document.body.dataset.ready = "1";
  } else if (m.t === "say" || m.t === "sfx") {
    caption(m);
    voice.play(m.t === "say" ? m.clips : [m.clip]);
  } else if (m.t === "off") {
    caption(m);
  } else if (m.t === "stop") {
    voice.stop();
  } else if (m.t === "board") {
    showBoard(m);
  } else if (m.t === "table") {
    showTable(m);
  } else if (m.t === "notice" || m.t === "refused" || m.t === "error") {
    log(m.text, "notice");
  }
}
