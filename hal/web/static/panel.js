// Beside the board: the switch and the batteries, what to do next, the
// captions (one child of #captions per caption, newest last), the seats
// people take with their QR codes, the table's log. It only shows what the
// board's messages say; presses go back through the `send` it is given.
//
//   const panel = new Panel(words, send, boardKey);   // boardKey(): the key the QR codes' links ask with
//   panel.caption(m); panel.log(text, "notice");
//   panel.show(status, table, role);       // the switch, the next step, the seats

import { el, fill } from "./link.js";

const AWAKE_PLAY = ["move", "moved", "confirm", "found", "verdict"];
const SURE_MS = 8000; // how long a first tap on "→ bot" or "Free it" waits for the second
const BEFORE_PLAY = ["off", "asleep", "rollcall"];

// The seats shown: all of them until the roll call is over, then those of the guests who play (the others
// said NO: their seats are put away for the rest of the game).
export function wanted(m) {
  const playing = m.pawns || {};
  return (m.seats || []).filter((s) => BEFORE_PLAY.includes(m.state) || !m.switch || s.guest in playing);
}

// What the table must do next, from the board's state (and the card table's, if any).
export function nextStep(m, table, words) {
  const b = words.board;
  const free = wanted(m).filter((s) => s.state === "free" && s.code);
  if (!m.switch || m.state === "off") return { step: "press_on", lines: [...(free.length ? [b.scan_first] : []), b.press_on] };
  if (m.state === "asleep") return { step: "asleep", lines: [b.asleep] };
  if (m.state === "over") return { step: "over", lines: [b.over] };
  if (m.state === "rollcall") return { step: "rollcall", lines: [b.rollcall, b.rollcall_start, ...(free.length ? [b.scan] : [])] };
  const who = m.current;
  if (!AWAKE_PLAY.includes(m.state) || !who) return { step: m.state, lines: [] };
  const wait = (table && table.waiting) || null; // the person the card table waits on, if any
  const offer = wait && wait.offer ? wait.guest : null; // waited on long enough: "→ bot" for that seat
  if (wait && wait.for !== "turn") {
    const line = fill(wait.for === "show" ? b.wait_show : b.wait_accuse, words.of[wait.guest]);
    return { step: "wait", who, wait: wait.guest, offer, lines: [line] };
  }
  if (table && table.bots && table.bots[who]) return { step: "bot", who, lines: [b.bot_plays] };
  const phones = !!table;
  const inspecteur = words.full.INSPECTEUR; // as a sentence says him
  const lines = {
    move: [b.move],
    moved: [phones ? b.moved_phones : b.moved, fill(b.accuse_if, inspecteur)],
    confirm: [b.confirm],
    found: [fill(b.found, inspecteur)],
    verdict: [!phones ? b.verdict : b.verdict_table], // named on the phone (its wait is above): the table looks
  }[m.state];
  return { step: m.state, who, offer, lines: lines.map((l) => l[0].toUpperCase() + l.slice(1)) };
}

export class Panel {
  constructor(words, send, boardKey) {
    this.words = words;
    this.send = send;
    this.boardKey = boardKey;
    this.shownSeats = "";
    this.shownTurn = "";
    this.armed = null; // the "→ bot" or "Free it" tapped once: the second tap acts
    // the captions stay scrolled to the newest while nobody scrolled back to read: when a line comes, and
    // when the box changes size (the panel's other parts grow and shrink)
    const box = document.getElementById("captions");
    this.stick = true; // nobody scrolled back
    this.scrolled = 0; // where this page last scrolled the captions to
    box.dataset.empty = words.ui.caption; // shown while nothing was said
    box.addEventListener("scroll", () => {
      if (Math.abs(box.scrollTop - this.scrolled) < 2) return; // this page's own scrolling
      // only a scroll back up unpins: the browser too moves the box down (keeping a line in place
      // while the lines above it wrap anew), which is no reader's doing
      if (box.scrollTop + box.clientHeight >= box.scrollHeight - 8) this.stick = true;
      else if (box.scrollTop < this.scrolled) this.stick = false;
      this.scrolled = box.scrollTop;
    });
    // the box changes size, or a line in it does (a font came in late and the lines wrap anew): the
    // newest line would slip below with no caption and no resize of the box to bring it back
    this.sizes = new ResizeObserver(() => this.stick && this.newest());
    this.sizes.observe(box);
  }

  newest() {
    const box = document.getElementById("captions");
    box.scrollTop = box.scrollHeight;
    this.scrolled = box.scrollTop;
  }

  clearCaptions() {
    this.sizes.disconnect();
    document.getElementById("captions").replaceChildren();
    this.sizes.observe(document.getElementById("captions"));
  }

  caption(m) {
    const box = document.getElementById("captions");
    const p = el("p");
    if (m.speaker && m.text.startsWith(m.speaker)) {
      p.append(el("span", { class: "speaker" }, m.speaker), m.text.slice(m.speaker.length));
    } else p.append(m.text);
    if (m.t !== "say") p.className = m.t; // a place's sound, the board going off
    box.append(p);
    this.sizes.observe(p);
    if (this.stick) this.newest();
  }

  log(text, cls) {
    const box = document.getElementById("log");
    box.append(el("p", cls ? { class: cls } : {}, text));
    while (box.childElementCount > 300) box.firstChild.remove();
    box.scrollTop = box.scrollHeight;
  }

  show(m, table, role) {
    const w = this.words;
    this.role = role;
    const sw = document.getElementById("switch");
    sw.textContent = m.switch ? w.ui.switch_on : w.ui.switch_off;
    sw.classList.toggle("on", m.switch);
    sw.setAttribute("aria-pressed", String(!!m.switch));
    const mv = document.getElementById("mv");
    mv.textContent = `${(m.mv / 1000).toFixed(1)} V`;
    mv.title = `${w.ui.battery} ${m.mv} mV`;
    this.turn(nextStep(m, table, w), m);
    this.seats(m, role);
    this.debug(m);
  }

  turn(next, m) {
    const w = this.words;
    const box = document.getElementById("turn");
    document.body.dataset.step = next.step;
    document.body.dataset.waiting = next.wait || "";
    box.dataset.step = next.step;
    const key = JSON.stringify([next, this.role]);
    if (key === this.shownTurn) return; // redrawn only when it changes: a first tap on its "→ bot" is kept
    this.shownTurn = key;
    const parts = [];
    if (next.who) {
      parts.push(el("div", { class: "who" }, el("span", { class: `chip ${next.who}` }), `${w.ui.turn} ${w.names[next.who]}`));
    }
    for (const line of next.lines) parts.push(el("p", { class: next.wait ? "waiting" : "" }, line));
    if (next.offer && this.role === "board") { // waited on long enough: a bot for that seat, right here
      parts.push(el("p", { class: "offer" }, w.board.offer, " ",
        this.sure(`offer:${next.offer}`, `→ ${w.seat.bot}`, { t: "bot", guest: next.offer }, { class: "make-bot", "data-offer": next.offer })));
    }
    box.replaceChildren(...parts);
    box.hidden = !parts.length;
  }

  // A button that acts on its second tap, as the phone's own do: the first says "Sure? Tap again" (for
  // SURE_MS, then it is as it was: a tap long after is a first tap again).
  sure(id, label, message, attrs) {
    const b = el("button", Object.assign({ "data-sure-id": id, "data-label": label }, attrs), label);
    b.addEventListener("click", () => {
      clearTimeout(this.disarm);
      if (this.armed === id) {
        this.armed = null;
        this.send(message);
      } else {
        this.armed = id;
        this.disarm = setTimeout(() => { this.armed = null; this.relabel(); }, SURE_MS);
      }
      this.relabel();
    });
    if (this.armed === id) b.dataset.sure = "1";
    b.textContent = this.armed === id ? this.words.board.sure : label;
    return b;
  }

  relabel() {
    for (const b of document.querySelectorAll("[data-sure-id]")) {
      const on = b.dataset.sureId === this.armed;
      b.textContent = on ? this.words.board.sure : b.dataset.label;
      if (on) b.dataset.sure = "1";
      else delete b.dataset.sure;
    }
  }

  // The seats people take: a free one its QR code and its code (the board's screen alone is sent them), a
  // held one whether its phone is there; the board may give either to a bot, or free a held one. Once the
  // roll call is over, the seats of those who said NO are put away.
  seats(m, role) {
    const list = wanted(m);
    const key = JSON.stringify([list, role, m.state]);
    if (key === this.shownSeats) return; // redrawn only when they change: a QR code is not fetched again
    this.shownSeats = key;
    const box = document.getElementById("seats");
    box.hidden = !list.length;
    const w = this.words;
    const b = w.board;
    const cards = list.map((s) => {
      const g = s.guest;
      const card = el("div", { class: `seat ${s.state}`, "data-seat": g, "data-state": s.state },
        el("b", { class: "seat-name" }, w.names[g])); // in the guest's colour: the card's rim
      if (s.code) {
        const src = `/qr/${g}.svg?v=${encodeURIComponent(s.code)}` + (this.boardKey() ? `&b=${encodeURIComponent(this.boardKey())}` : "");
        card.append(el("img", { src, alt: `${w.names[g]}: ${s.code}`, class: "qr" }), el("code", { class: "code" }, s.code));
      } else if (s.state === "held") {
        card.append(el("span", { class: "holder" }, `${s.online ? "●" : "○"} ${s.online ? b.online : b.offline}`));
        if (s.holder) card.append(el("span", { class: "address" }, s.holder));
      } else card.append(el("span", { class: "holder" }, "…"));
      if (role === "board") { // a held seat freed (its phone died: a new code), any seat to a bot
        const actions = el("div", { class: "seat-actions" });
        if (s.state === "held") {
          actions.append(this.sure(`free:${g}`, b.free_seat, { t: "free", guest: g }, { class: "free-seat", "data-free": g }));
        }
        actions.append(this.sure(`bot:${g}`, `→ ${w.seat.bot}`, { t: "bot", guest: g }, { class: "make-bot", "data-bot": g }));
        card.append(actions);
      }
      return card;
    });
    const parts = [el("h2", {}, b.seats), el("div", { class: "seat-list" }, ...cards)];
    if (list.some((s) => s.code)) parts.push(el("p", { class: "room", id: "room" }, fill(b.join_at, this.joinAt || `${location.host}/join`)));
    box.replaceChildren(...parts);
  }

  // How the screen is kept on (awake.js): said only when it cannot be.
  awake(how) {
    let line = document.getElementById("awake");
    if (!line) {
      line = el("p", { id: "awake", class: "notice awake-note" });
      document.getElementById("role").after(line);
    }
    line.textContent = this.words.board.no_awake;
    line.hidden = how !== "none";
  }

  debug(m) {
    const box = document.getElementById("debug");
    box.hidden = !m.debug;
    if (!m.debug) return;
    const w = this.words;
    const lines = Object.entries(m.debug.positions).map(([who, place]) =>
      `${w.names[who]}: ${w.names[place]}${m.debug.hidden.includes(who) ? " (" + w.ui.hidden + ")" : ""}`);
    box.replaceChildren(el("b", {}, w.ui.debug), ...lines.map((l) => el("div", {}, l)));
  }
}

// A full-screen button where full screen is allowed.
export function fullScreenButton(label) {
  const b = document.getElementById("fullscreen");
  if (!document.fullscreenEnabled) return;
  const icon = document.createElementNS("http://www.w3.org/2000/svg", "svg"); // four corners
  icon.setAttribute("viewBox", "0 0 24 24");
  icon.setAttribute("class", "corners");
  const path = document.createElementNS("http://www.w3.org/2000/svg", "path");
  path.setAttribute("d", "M3 9V3h6M15 3h6v6M21 15v6h-6M9 21H3v-6");
  icon.append(path);
  b.replaceChildren(icon);
  b.hidden = false;
  b.title = label;
  b.setAttribute("aria-label", label);
  b.onclick = () => {
    if (document.fullscreenElement) document.exitFullscreen();
    else document.documentElement.requestFullscreen({ navigationUI: "hide" }).catch(() => {});
  };
}
