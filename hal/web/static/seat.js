// A guest's private page: their hand, the cases they opened, the cards shown
// to them and by whom, their own detective sheet, and their choices at the
// card table (the hypothesis, the card to show, the accusation). The host
// sends this page only this guest's private state, whole, at every change.

import { Awake } from "/static/awake.js";
import { connect, el, fill } from "/static/link.js";

const guest = location.pathname.split("/").pop();
const params = new URLSearchParams(location.search);
const KEY = `cfx-seat-${guest}`;
const DEVICE = `cfx-device-${guest}`; // the key the host gave this phone when it took the seat
const token = params.get("k") || localStorage.getItem(KEY) || "";
if (token) localStorage.setItem(KEY, token);
if (!params.get("k") && token) history.replaceState(null, "", `${location.pathname}?k=${token}`);
const seatQuery = () => `?seat=${encodeURIComponent(guest)}&k=${encodeURIComponent(token)}` +
  (localStorage.getItem(DEVICE) ? `&d=${encodeURIComponent(localStorage.getItem(DEVICE))}` : "");

let words = null;
let seat = null;
let table = null;
let board = null; // the board's state (the switch, whose turn): a page opened before ON says the board is off
const PLAYING = ["rollcall", "move", "moved", "confirm", "found", "verdict"]; // a game under way: the phone stays on
const awake = new Awake(document.body);
const picked = {}; // what this guest has chosen so far in the open form
const link = connect(seatQuery(), receive, (up) => {
  document.getElementById("link").textContent = up ? "●" : "○ …";
});

const name = (c) => words.names[c];
const names = (cards) => cards.map(name).join(" / ");

function status(text, error) {
  const s = document.getElementById("status");
  s.textContent = text;
  s.classList.toggle("error", !!error);
}

// one choice among `cards`, kept in picked[key]
function picker(key, legend, cards) {
  const box = el("div", { class: "choices" });
  for (const c of cards) {
    box.append(el("button", { class: "choice", "data-card": c, "aria-pressed": String(picked[key] === c),
      onclick: () => { picked[key] = c; render(); } }, name(c)));
  }
  return el("fieldset", { "data-pick": key }, el("legend", {}, legend), box);
}

function go(label, keys, send) {
  const b = el("button", { class: "go", id: "go", onclick: send }, label);
  b.disabled = !keys.every((k) => picked[k]);
  return b;
}

function todo() {
  const t = words.table;
  const box = document.getElementById("todo");
  box.replaceChildren();
  box.dataset.todo = seat.todo;
  box.dataset.waiting = "";
  const ui = words.seat;
  if (seat.todo === "hypothesis") {
    status(ui.your_turn);
    box.append(el("p", {}, fill(t.hypothesis, name(guest), name(seat.place))),
      picker("suspect", t.suspects, words.suspects), picker("weapon", t.weapons, words.weapons),
      go(t.ask, ["suspect", "weapon"], () => link.send({ t: "hypothesis", suspect: picked.suspect, weapon: picked.weapon })),
      el("p", {}, ui.or_search));
  } else if (seat.todo === "refute") {
    const r = seat.refute;
    const who = words.lang === "fr" ? words.of[guest] : words.full[guest];
    status(fill(t.refute, who, words.full[r.asker], names(r.named)));
    box.append(picker("show", t.ok, r.options),
      go(t.ok, ["show"], () => link.send({ t: "show", card: picked.show })));
  } else if (seat.todo === "accuse") {
    status(fill(t.accuse, name(guest)));
    box.append(picker("a_suspect", t.suspects, words.suspects), picker("a_place", t.places, words.places),
      picker("a_weapon", t.weapons, words.weapons),
      go(t.accuse_go, ["a_suspect", "a_place", "a_weapon"], () =>
        link.send({ t: "accuse", suspect: picked.a_suspect, place: picked.a_place, weapon: picked.a_weapon })));
  } else if (seat.todo === "stop") {
    status(ui.press_stop);
  } else if (seat.todo === "rollcall") {
    status(board && board.switch && board.state === "rollcall" ? ui.rollcall : ui.waiting_board);
  } else if (seat.todo === "not_playing") {
    status(ui.not_playing);
  } else if (table && table.over) {
    status(words.ui.over);
  } else if (table && table.waiting && table.waiting.for !== "turn") { // another's phone holds the table up
    const w = table.waiting;
    status(fill(w.for === "show" ? words.board.wait_show : words.board.wait_accuse, words.of[w.guest]) +
      (seat.out ? " " + ui.out : ""));
    box.dataset.waiting = w.guest;
  } else if (table && table.current) {
    status(fill(ui.waiting, name(table.current)) + (seat.out ? " " + ui.out : ""));
  } else status(ui.waiting_board);
}

// Hand the seat back (a new code shows on the board) or to a bot: a second tap confirms.
function seatButtons() {
  const ui = words.seat;
  const box = document.getElementById("leave");
  const sure = (kind, label) => {
    const b = el("button", { class: "leave", "data-leave": kind }, label);
    b.onclick = () => {
      if (b.dataset.sure) link.send({ t: kind });
      else {
        b.dataset.sure = "1";
        b.textContent = ui.sure;
      }
    };
    return b;
  };
  box.replaceChildren(sure("release", ui.hand_back), sure("to_bot", ui.to_bot));
}

let drawn = ""; // what the form was last drawn from: it is redrawn only when that changes (a tap is never lost)

function render() {
  if (!words || !seat) return;
  const t = words.table;
  document.getElementById("who").textContent = name(guest);
  document.querySelector("header").className = guest; // the guest's colour
  document.getElementById("legend-title").textContent = words.seat.legend;
  document.title = `${name(guest)} — ${words.ui.title}`;
  const now = JSON.stringify([seat.todo, seat.refute, seat.place, seat.out, picked, table && table.current, table && table.over,
    table && table.waiting && [table.waiting.guest, table.waiting.for], board && [board.switch, board.state]]);
  if (now !== drawn) {
    drawn = now;
    todo();
  }
  document.getElementById("hand-title").textContent = fill(t.hand, name(guest));
  document.getElementById("hand").replaceChildren(...(seat.hand || []).map((c) => el("li", { "data-card": c }, name(c))));
  document.getElementById("shown-title").textContent = words.seat.shown;
  const shown = (seat.shown || []).map((s) => el("li", {}, s.by ? fill(t.shown, words.full[s.by], name(s.card)) : t.nobody));
  const opened = Object.entries(seat.opened || {}).map(([s, c]) =>
    el("li", { "data-case": s }, fill(t.case, words.lang === "fr" ? words.of[s] : words.of[s], name(c))));
  document.getElementById("shown").replaceChildren(...opened, ...shown);
  document.getElementById("sheet-title").textContent = fill(t.sheet, name(guest));
  sheet();
  const v = document.getElementById("verdicts");
  v.replaceChildren(...(seat.verdicts || []).map((n) =>
    el("p", { class: n.right ? "right" : "wrong", "data-verdict": n.right ? "right" : "wrong" },
      fill(n.right ? t.right : t.wrong, names(n.named)))));
  const seen = seat.case || (table && table.solution);
  if (seen) v.append(el("p", { "data-solution": seen.join(",") }, `${words.seat.solution} ${names(seen)}`));
  tableLog();
}

// The detective sheet as the desktop's: a dot by each suspect (filled once their case was opened), the
// guests' initials on the cards they hold or showed, SEEN and a suspect's initials on a card seen in their
// case, and with the hints the chance of each card still possible. Then its legend, in the edition.
function sheet() {
  const s = seat.sheet;
  const box = document.getElementById("sheet");
  const legend = document.getElementById("legend");
  if (!s) {
    legend.replaceChildren();
    return box.replaceChildren();
  }
  const t = words.table;
  const rows = [];
  for (const [title, cards] of [[t.suspects, words.suspects], [t.places, words.places], [t.weapons, words.weapons]]) {
    rows.push(el("tr", {}, el("th", { colspan: "2" }, title)));
    for (const c of cards) {
      const mark = s.marks[c];
      const cell = el("td", { class: "mark" });
      if (mark && words.names[mark]) cell.append(el("span", { class: "seen", "data-mark": mark }, fill(t.seen, words.initials[mark])));
      else if (mark) cell.append(el("span", { class: words.marks[mark] === words.guest_marks[guest] ? "mine" : "shown", "data-mark": mark }, words.marks[mark] || mark));
      else if (s.chances && c in s.chances) cell.append(el("span", { class: "odds", "data-chance": s.chances[c] }, percent(s.chances[c])));
      const hint = s.chances && c in s.chances && !mark ? "? " : "";
      const dot = words.suspects.includes(c) ? el("span", { class: "dot", "data-opened": String(s.seen.includes(c)) }, s.seen.includes(c) ? "●" : "○") : "";
      rows.push(el("tr", { "data-row": c, class: mark ? "known" : "" }, el("td", {}, hint, name(c), dot), cell));
    }
  }
  box.replaceChildren(el("table", { class: "sheet" }, ...rows));
  document.getElementById("track").textContent = s.inspecteur.length
    ? `${fill(t.inspecteur, name("INSPECTEUR"))} ${s.inspecteur.map(name).join(" → ")}` : "";
  document.getElementById("hint").textContent = s.chances ? t.hint : "";
  legend.replaceChildren(...legendLines(!!s.chances).map(([key, text]) => el("li", { "data-legend": key }, text)));
}

// What the sheet's marks mean, with this edition's initials and names.
function legendLines(hints) {
  const ui = words.seat;
  const t = words.table;
  const others = (table && table.guests && table.guests.length ? table.guests : words.guests).filter((g) => g !== guest);
  const initials = words.suspects.map((x) => `${words.initials[x]} ${name(x)}`).join(", ");
  return [
    ["mine", fill(ui.legend_mine, words.guest_marks[guest])],
    ...others.map((g) => ["shown", fill(ui.legend_shown, words.guest_marks[g], name(g))]),
    ["case", fill(ui.legend_case, fill(t.seen, "…"), initials)],
    ["dot", ui.legend_dot],
    ...(hints ? [["odds", ui.legend_odds]] : []),
    ["link", ui.legend_link],
  ];
}

// The hint's chance of a card being in the confidential case, as the desktop sheet writes it.
function percent(p) {
  return p >= 0.005 ? `${Math.round(100 * p)} %` : "<1 %";
}

function tableLog() {
  const t = words.table;
  document.getElementById("table-title").textContent = words.seat.table;
  const lines = ((table && table.log) || []).map((line) => {
    if (line.kind === "hypothesis") {
      const h = line.public;
      const rest = h.passed.map((g) => fill(t.passed, words.full[g])).join("") + (h.shower ? fill(t.showed, words.full[h.shower]) : t.noone);
      return el("p", {}, fill(t.public_hyp, words.full[h.asker], names(h.named), rest));
    }
    if (line.kind === "verdict") return el("p", {}, fill(t.verdict, name(line.guest), fill(line.right ? t.right : t.wrong, names(line.named))));
    return el("p", {}, t[line.button === "SEARCH" ? "search_after_hypothesis" : "ok"]);
  });
  const bots = Object.entries((table && table.bots) || {}).map(([g, lv]) =>
    el("p", { "data-bot": g }, `${name(g)}: ${words.seat.bot} (${words.levels[lv] || lv})`));
  document.getElementById("table-log").replaceChildren(...bots, ...lines.reverse());
}

function receive(m) {
  if (m.t === "hello") {
    words = m.words;
    words.lang = m.lang;
    document.documentElement.lang = m.html_lang || m.lang;
    if (m.device) {
      localStorage.setItem(DEVICE, m.device);
      link.setQuery(seatQuery());
    }
    seatButtons();
  } else if (m.t === "seat") {
    const todoChanged = !seat || seat.todo !== m.todo;
    seat = m;
    if (todoChanged) for (const k of Object.keys(picked)) delete picked[k];
    render();
    document.body.dataset.todo = m.todo;
  } else if (m.t === "table") {
    table = m;
    render();
  } else if (m.t === "board") {
    board = m;
    awake.want(!!m.switch && PLAYING.includes(m.state));
    render();
  } else if (m.t === "refused") {
    drawn = ""; // the next state draws the form again, the refusal until then
    status(m.text, true);
  } else if (m.t === "error") {
    status(m.text, true);
    document.body.dataset.error = m.why || "1";
    if (m.fatal) {
      awake.want(false);
      link.close(); // the seat is not this phone's (any more): no coming back with the same link
      localStorage.removeItem(DEVICE);
      document.getElementById("leave").replaceChildren();
    }
  }
}
