// A guest's private page: their hand, the cases they opened, the cards shown
// to them and by whom, their own detective sheet, and their choices at the
// card table (the hypothesis, the card to show, the accusation). The host
// sends this page only this guest's private state, whole, at every change.
//
// Played with a screen reader as well as with eyes (issue 39):
// - what concerns this guest is said once, as it happens, in the edition's
//   words, by a live region there from the page's load (#said: one child
//   per announcement, newest last): their turn, a case opened, a card shown
//   to them, a choice to make, a card to show, the verdict, the end;
// - nothing is rebuilt under the guest's finger: the lists and the sheet
//   are updated in place by key (a node stays while what it says stays),
//   the form of a choice is drawn once per choice (its radios keep what was
//   picked); focus moves only when the guest must act, to that choice's
//   question;
// - the choices are a native form (fieldset, legend, radios, a submit);
//   the sheet's marks have their spoken form; names of another language
//   than the page's carry their `lang`;
// - a guest who asks for more time is never offered to a bot (WCAG 2.2.1).

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
const MORE = `cfx-more-time-${guest}`; // this phone asked for more time (kept across reloads)

let words = null;
let seat = null;
let table = null;
let board = null; // the board's state (the switch, whose turn): a page opened before ON says the board is off
const PLAYING = ["rollcall", "move", "moved", "confirm", "found", "verdict"]; // a game under way: the phone stays on
const ACT = ["hypothesis", "refute", "accuse"]; // the choices made on this page
const awake = new Awake(document.body);
let linked = false;
const link = connect(seatQuery(), receive, (up) => {
  linked = up;
  showLink();
});

function showLink() {
  const node = document.getElementById("link");
  node.textContent = linked ? "●" : "○ …";
  if (words) node.setAttribute("aria-label", linked ? words.board.online : words.board.offline);
}

const name = (c) => words.names[c];
const names = (cards) => cards.map(name).join(" / ");

// A name as a page shows it: in its own language where that is not the page's (the French names of the
// English edition), so a screen reader says "Comte du Puy" in French.
function nm(c, text = words.names[c]) {
  const lang = words.name_lang && words.name_lang[c];
  return lang ? el("span", { lang }, text) : text;
}
const full = (g) => nm(g, words.full[g]);
const of = (g) => nm(g, words.of[g]);
const nms = (cards) => cards.flatMap((c, i) => (i ? [" / ", nm(c)] : [nm(c)]));

// "%s" filled with strings or nodes: the parts of a line
function parts(template, ...args) {
  const out = [];
  template.split("%s").forEach((piece, i) => {
    if (i) out.push(...[].concat(args[i - 1]));
    if (piece) out.push(piece);
  });
  return out;
}

function status(line, error) {
  const s = document.getElementById("status");
  const key = JSON.stringify([line.map((p) => (typeof p === "string" ? p : p.textContent)), !!error]);
  if (s.dataset.key === key) return; // the same words: left as they are (a reader's place in them is kept)
  s.dataset.key = key;
  s.replaceChildren(...line.map((p) => (typeof p === "string" ? p : p.cloneNode(true))));
  s.classList.toggle("error", !!error);
}

// -- what is said: once, as it happens ---------------------------------------------------

let heard = null; // what was said so far: {turn, todo, shown, opened, verdicts, over, out}

function announce(line) {
  const box = document.getElementById("said");
  box.append(el("p", {}, ...line.map((p) => (typeof p === "string" ? p : p.cloneNode(true)))));
  while (box.childElementCount > 200) box.firstElementChild.remove();
}

// What changed that concerns this guest, said once each; the first state a page gets is taken as heard
// (a page opened or reloaded says what is asked now, not the game so far).
function tell(line) {
  const t = words.table;
  const ui = words.seat;
  const first = heard === null;
  const was = heard || {};
  const myTurn = !!(board && board.switch && board.current === guest && board.state === "move") &&
    !(table && table.over);
  const now = {
    turn: myTurn, todo: todoKey(), shown: (seat.shown || []).length, opened: Object.keys(seat.opened || {}).length,
    verdicts: (seat.verdicts || []).length, over: !!(table && table.over), out: !!seat.out,
  };
  heard = now;
  if (first) {
    if (ACT.includes(seat.todo)) announce(line);
    return;
  }
  if (now.turn && !was.turn) announce([ui.turn_start]);
  for (const [s, c] of Object.entries(seat.opened || {}).slice(was.opened)) announce(parts(t.case, of(s), nm(c)));
  for (const s of (seat.shown || []).slice(was.shown)) announce(s.by ? parts(t.shown, full(s.by), nm(s.card)) : [t.nobody]);
  if (now.todo !== was.todo && (ACT.includes(seat.todo) || seat.todo === "stop")) announce(line);
  for (const n of (seat.verdicts || []).slice(was.verdicts)) announce(parts(n.right ? t.right : t.wrong, nms(n.named)));
  if (now.out && !was.out) announce([ui.out]);
  if (now.over && !was.over) {
    const seen = seat.case || (table && table.solution);
    announce([words.ui.over + ".", ...(seen ? [` ${ui.solution} `, ...nms(seen)] : [])]); // (no text of spaces alone)
  }
}

// -- the choice to make: a form drawn once per choice ------------------------------------

function todoKey() {
  return JSON.stringify([seat.todo, seat.refute, seat.place]);
}

let drawn = ""; // the choice the form was drawn for: drawn again only when another is asked

// one card among `cards`: a group of radios
function picker(key, legend, cards) {
  const box = el("div", { class: "choices" });
  for (const c of cards) {
    box.append(el("label", { class: "choice", "data-card": c },
      el("input", { type: "radio", name: key, value: c }), " ", nm(c)));
  }
  return el("fieldset", { "data-pick": key }, el("legend", {}, legend), box);
}

// The form of a choice: its question (a heading focus goes to), its groups, its button.
function form(question, groups, label, send) {
  const f = el("form", { id: "choice", "aria-labelledby": "question", novalidate: "" },
    el("h2", { id: "question", tabindex: "-1" }, ...question),
    ...groups.map(([key, legend, cards]) => picker(key, legend, cards)),
    el("button", { type: "submit", class: "go", id: "go" }, label));
  f.addEventListener("submit", (e) => {
    e.preventDefault();
    const values = Object.fromEntries(new FormData(f));
    const missing = groups.find(([key]) => !values[key]);
    if (missing) { // said, and the first radio of what is missing under the finger
      const line = [fill(words.seat.missing, missing[1])];
      status(line, true);
      announce(line);
      f.querySelector(`[data-pick="${missing[0]}"] input`).focus();
      return;
    }
    document.getElementById("go").setAttribute("aria-disabled", "true");
    send(values);
  });
  return f;
}

// What the guest is asked now, as one line (status and announcement); the form if a choice is theirs.
function todo() {
  const t = words.table;
  const ui = words.seat;
  const box = document.getElementById("todo");
  box.dataset.todo = seat.todo;
  box.dataset.waiting = "";
  let line;
  let choice = null;
  if (seat.todo === "hypothesis") {
    line = [ui.your_turn];
    choice = () => [
      form(parts(t.hypothesis, nm(guest), nm(seat.place)), [["suspect", t.suspects, words.suspects], ["weapon", t.weapons, words.weapons]],
        t.ask, (v) => link.send({ t: "hypothesis", suspect: v.suspect, weapon: v.weapon })),
      el("p", {}, ui.or_search)];
  } else if (seat.todo === "refute") {
    const r = seat.refute;
    line = parts(t.refute, words.lang === "fr" ? of(guest) : full(guest), full(r.asker), nms(r.named));
    choice = () => [form(line, [["show", fill(t.hand, name(guest)), r.options]], t.ok, (v) => link.send({ t: "show", card: v.show }))];
  } else if (seat.todo === "accuse") {
    line = parts(t.accuse, nm(guest));
    choice = () => [form(line, [["a_suspect", t.suspects, words.suspects], ["a_place", t.places, words.places],
      ["a_weapon", t.weapons, words.weapons]], t.accuse_go, (v) =>
      link.send({ t: "accuse", suspect: v.a_suspect, place: v.a_place, weapon: v.a_weapon }))];
  } else if (seat.todo === "stop") {
    line = [ui.press_stop];
  } else if (seat.todo === "rollcall") {
    line = [board && board.switch && board.state === "rollcall" ? ui.rollcall : ui.waiting_board];
  } else if (seat.todo === "not_playing") {
    line = [ui.not_playing];
  } else if (table && table.over) {
    line = [words.ui.over];
  } else if (table && table.waiting && table.waiting.for !== "turn") { // another's phone holds the table up
    const w = table.waiting;
    line = [...parts(w.for === "show" ? words.board.wait_show : words.board.wait_accuse, of(w.guest)),
      ...(seat.out ? [" " + ui.out] : [])];
    box.dataset.waiting = w.guest;
  } else if (table && table.current) {
    line = [...parts(ui.waiting, nm(table.current)), ...(seat.out ? [" " + ui.out] : [])];
  } else line = [ui.waiting_board];
  status(line);
  const key = todoKey();
  if (key !== drawn) {
    drawn = key;
    const had = box.contains(document.activeElement);
    box.replaceChildren(...(choice ? choice() : []));
    if (choice) document.getElementById("question").focus(); // the guest must act: their question
    else if (had) document.getElementById("status").focus(); // the form is gone: not a removed node
  }
  return line;
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
  const more = document.getElementById("more-time");
  document.getElementById("more-time-label").textContent = ui.more_time;
  more.checked = localStorage.getItem(MORE) === "1";
  more.onchange = () => {
    localStorage.setItem(MORE, more.checked ? "1" : "0");
    link.send({ t: "more_time", on: more.checked });
  };
  if (more.checked) link.send({ t: "more_time", on: true }); // said again to a host that restarted
}

// -- the lists: updated in place, by key -------------------------------------------------

// `box`'s children made `items` ([key, make]): a child whose key stays is kept as it is (a reader's place
// in it too), the others made or removed.
function sync(box, items) {
  const keep = new Set(items.map(([k]) => k));
  const old = new Map();
  for (const n of [...box.children]) {
    if (keep.has(n.dataset.key) && !old.has(n.dataset.key)) old.set(n.dataset.key, n);
    else n.remove();
  }
  items.forEach(([key, make], i) => {
    let n = old.get(key);
    if (!n) {
      n = make();
      n.dataset.key = key;
    }
    if (box.children[i] !== n) box.insertBefore(n, box.children[i] || null);
  });
}

function text(id, value) {
  const node = document.getElementById(id);
  if (node.textContent !== value) node.textContent = value;
}

function render() {
  if (!words || !seat) return;
  const t = words.table;
  text("who", name(guest));
  const who = document.getElementById("who");
  if (words.name_lang[guest]) who.lang = words.name_lang[guest];
  document.querySelector("header").className = guest; // the guest's colour
  text("legend-title", words.seat.legend);
  document.title = `${name(guest)} — ${words.ui.title}`;
  const line = todo();
  text("hand-title", fill(t.hand, name(guest)));
  sync(document.getElementById("hand"), (seat.hand || []).map((c) => [c, () => el("li", { "data-card": c }, nm(c))]));
  text("shown-title", words.seat.shown);
  const opened = Object.entries(seat.opened || {}).map(([s, c]) =>
    [`case:${s}:${c}`, () => el("li", { "data-case": s }, ...parts(t.case, of(s), nm(c)))]);
  const shown = (seat.shown || []).map((s, i) => [`shown:${i}:${s.by}:${s.card}`, () =>
    el("li", {}, ...(s.by ? parts(t.shown, full(s.by), nm(s.card)) : [t.nobody]))]);
  sync(document.getElementById("shown"), [...opened, ...shown]);
  text("sheet-title", fill(t.sheet, name(guest)));
  sheet();
  const seen = seat.case || (table && table.solution);
  sync(document.getElementById("verdicts"), [
    ...(seat.verdicts || []).map((n, i) => [`v:${i}:${n.right}:${n.named}`, () =>
      el("p", { class: n.right ? "right" : "wrong", "data-verdict": n.right ? "right" : "wrong" },
        ...parts(n.right ? t.right : t.wrong, nms(n.named)))]),
    ...(seen ? [[`case:${seen}`, () => el("p", { "data-solution": seen.join(",") }, `${words.seat.solution} `, ...nms(seen))]] : []),
  ]);
  tableLog();
  tell(line);
}

// The detective sheet as the desktop's: a dot by each suspect (filled once their case was opened), the
// guests' initials on the cards they hold or showed, SEEN and a suspect's initials on a card seen in their
// case, and with the hints the chance of each card still possible; each mark with its spoken words
// ("Colonel Moutarde: shown to you by Prince Azur"). One table a kind, then the legend, in the edition.
function sheet() {
  const s = seat.sheet;
  const box = document.getElementById("sheet");
  const legend = document.getElementById("legend");
  if (!s) {
    sync(legend, []);
    return sync(box, []);
  }
  const t = words.table;
  const ui = words.seat;
  const byMark = Object.fromEntries(Object.entries(words.guest_marks).map(([g, m]) => [m, g]));
  const row = (c) => {
    const mark = s.marks[c];
    const chance = s.chances && c in s.chances && !mark ? s.chances[c] : null;
    const opened = words.suspects.includes(c) ? s.seen.includes(c) : null;
    return [JSON.stringify([c, mark, chance, opened]), () => {
      const cell = el("td", { class: "mark" });
      if (mark && words.names[mark]) { // seen in a suspect's case
        cell.append(el("span", { class: "seen", "data-mark": mark, "aria-hidden": "true" }, fill(t.seen, words.initials[mark])),
          el("span", { class: "sr-only" }, ...parts(ui.mark_case, of(mark))));
      } else if (mark) { // a guest's initials: this guest's own card, or one shown by another
        const mine = words.marks[mark] === words.guest_marks[guest];
        const by = byMark[words.marks[mark]];
        cell.append(el("span", { class: mine ? "mine" : "shown", "data-mark": mark, "aria-hidden": "true" }, words.marks[mark] || mark),
          el("span", { class: "sr-only" }, ...(mine || !by ? [ui.mark_mine] : parts(ui.mark_shown, full(by)))));
      } else if (chance !== null) {
        cell.append(el("span", { class: "odds", "data-chance": chance, "aria-hidden": "true" }, percent(chance)),
          el("span", { class: "sr-only" }, fill(ui.chance, percent(chance))));
      }
      const dot = opened === null ? [] : [el("span", { class: "dot", "data-opened": String(opened), "aria-hidden": "true" }, opened ? "●" : "○"),
        el("span", { class: "sr-only" }, `, ${opened ? ui.opened : ui.not_opened}`)];
      return el("tr", { "data-row": c, class: mark ? "known" : "" },
        el("td", { role: "rowheader" }, el("span", { "aria-hidden": "true" }, chance !== null ? "? " : ""), nm(c), ...dot), cell);
    }];
  };
  const kinds = [["suspects", t.suspects, words.suspects], ["places", t.places, words.places], ["weapons", t.weapons, words.weapons]];
  sync(box, kinds.map(([kind, title]) => [kind, () => el("table", { class: "sheet", "data-kind": kind },
    el("caption", {}, title), el("tbody"))]));
  for (const [kind, , cards] of kinds) sync(box.querySelector(`[data-kind="${kind}"] tbody`), cards.map(row));
  text("track", s.inspecteur.length ? `${fill(t.inspecteur, name("INSPECTEUR"))} ${s.inspecteur.map(name).join(" → ")}` : "");
  text("hint", s.chances ? t.hint : "");
  sync(legend, legendLines(!!s.chances).map(([key, line]) => [key + line, () => el("li", { "data-legend": key }, line)]));
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

// The table's log, oldest first (a log is read down), the bots above it.
function tableLog() {
  const t = words.table;
  text("table-title", words.seat.table);
  const lines = ((table && table.log) || []).map((line, i) => [`l:${i}`, () => {
    if (line.kind === "hypothesis") {
      const h = line.public;
      const rest = [...h.passed.flatMap((g) => parts(t.passed, full(g))), ...(h.shower ? parts(t.showed, full(h.shower)) : [t.noone])];
      return el("p", {}, ...parts(t.public_hyp, full(h.asker), nms(h.named), rest));
    }
    if (line.kind === "verdict") {
      return el("p", {}, ...parts(t.verdict, nm(line.guest), parts(line.right ? t.right : t.wrong, nms(line.named))));
    }
    return el("p", {}, t[line.button === "SEARCH" ? "search_after_hypothesis" : "ok"]);
  }]);
  const bots = Object.entries((table && table.bots) || {}).map(([g, lv]) => [`bot:${g}:${lv}`, () =>
    el("p", { "data-bot": g }, nm(g), `: ${words.seat.bot} (${words.levels[lv] || lv})`)]);
  sync(document.getElementById("table-log"), [...bots, ...lines]);
}

function receive(m) {
  if (m.t === "hello") {
    words = m.words;
    words.lang = m.lang;
    words.name_lang = words.name_lang || {};
    document.documentElement.lang = m.html_lang || m.lang;
    document.getElementById("said").setAttribute("aria-label", words.seat.said);
    showLink();
    if (m.device) {
      localStorage.setItem(DEVICE, m.device);
      link.setQuery(seatQuery());
    }
    seatButtons();
  } else if (m.t === "seat") {
    seat = m;
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
    const go = document.getElementById("go");
    if (go) go.removeAttribute("aria-disabled"); // the form stays, with what was picked: choose again
    status([m.text], true);
    announce([m.text]);
  } else if (m.t === "error") {
    status([m.text], true);
    announce([m.text]);
    document.body.dataset.error = m.why || "1";
    if (m.fatal) {
      awake.want(false);
      link.close(); // the seat is not this phone's (any more): no coming back with the same link
      localStorage.removeItem(DEVICE);
      document.getElementById("leave").replaceChildren();
    }
  }
}
