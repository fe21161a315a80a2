// The board itself, drawn as the desktop board is: the lawn, the ring of
// nine places with its arrows, the four START squares, the Manor and its
// seven buttons, with the desktop board's own art (/static/art.svg and
// art.css, made from sim/paint/art.py by tools/web_art.py).
//
//   await loadArt();                      // the symbols, once
//   const ring = new Ring(words, pressable);
//   ring.layout();                        // on every resize: texts fitted, the buttons where they fit
//   ring.show(status, bots);              // pawns, the debug tokens
//   ring.veil(status);                    // dark while the board is off, and what to do
//
// Geometry is in board units: the board is a square 1000 units wide at any
// size, so the ring stays a circle and the arrows touch the places.

import { el } from "./link.js";

const SVG = "http://www.w3.org/2000/svg";
export const RING = { cx: 500, cy: 500, r: 372, pad: 82 }; // the ring's circle, a place's radius
const START = { w: 196, h: 92, margin: 16 }; // a START square, in its corner
const ARROW = { gap: 2, head: 24, half: 13, width: 7 }; // an arrow's tips stand `gap` off the places' rims
const BUTTONS = { y: 548, face: 62, width: 500 }; // the row of buttons under the Manor
const COMPACT_PX = 520; // a board narrower than this (a phone) has its buttons beside it, bigger
// ... and bigger places, their art smaller, so that their names are read at NAME_MIN_PX (they were 7.9 px on a
// 390 px phone): the places are 254 units apart on the ring, so 104 leaves the arrows 46 units between rims
const COMPACT_PAD = 104;
const NAME_MIN_PX = 12;

export async function loadArt() {
  const text = await (await fetch(new URL("art.svg", import.meta.url))).text();
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  const defs = document.getElementById("art");
  for (const s of doc.querySelectorAll("symbol")) defs.append(document.importNode(s, true));
}

function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

// An <svg> showing the art's symbol `id` (its own viewBox says its box), sized by the CSS of `cls`.
export function symbol(id, cls) {
  const out = svg("svg", { class: cls, "aria-hidden": "true" });
  out.append(svg("use", { href: "#" + id, width: "100%", height: "100%" }));
  return out;
}

// An input's name is its visible text (what voice control users say, what a screen reader reads): the
// laptop's key printed on it is not part of it, but said as its shortcut.
const key = (w, id) => el("span", { class: "key", "aria-hidden": "true" }, w.layout.keys[id].toUpperCase());
const shortcut = (w, id) => ({ "aria-keyshortcuts": w.layout.keys[id] });

const pct = (units) => units / 10 + "%";
const num = (x) => Math.round(x * 100) / 100;

function place(node, x, y, w, h) {
  node.style.left = pct(x);
  node.style.top = pct(y);
  node.style.width = pct(w);
  node.style.height = pct(h);
}

// The centre of each place, the ring's top place first, clockwise.
export function centres(ring) {
  const at = {};
  ring.forEach((p, i) => {
    const a = -Math.PI / 2 + (2 * Math.PI * i) / ring.length;
    at[p] = [RING.cx + RING.r * Math.cos(a), RING.cy + RING.r * Math.sin(a)];
  });
  return at;
}

// The largest font size from `min` to `max` px (to a quarter px) at which `fits(node)` holds; `min` if none.
function fit(node, max, min, fits) {
  const at = (size) => {
    node.style.fontSize = size + "px";
    return fits(node);
  };
  if (max <= min || at(max)) return;
  let [lo, hi] = [min, max]; // fits at lo (or lo is the least), not at hi
  while (hi - lo > 0.25) {
    const mid = (lo + hi) / 2;
    if (at(mid)) lo = mid;
    else hi = mid;
  }
  node.style.fontSize = lo + "px";
}

// The boxes of a text's lines (a wrapped name: one box a line, as wide as its words).
export function lineBoxes(node) {
  const range = document.createRange();
  range.selectNodeContents(node);
  return [...range.getClientRects()];
}

// Every corner of every line of `inner` inside the circle of the round `outer` (its rim `rim` px aside).
function inCircle(inner, outer, rim) {
  const o = outer.getBoundingClientRect();
  const r = o.width / 2 - rim;
  const cx = o.left + o.width / 2;
  const cy = o.top + o.height / 2;
  return lineBoxes(inner).every((b) => [[b.left, b.top], [b.right, b.top], [b.left, b.bottom], [b.right, b.bottom]]
    .every(([x, y]) => Math.hypot(x - cx, y - cy) <= r));
}

// `inner` inside the content box of `outer` (its padding aside).
function within(inner, outer) {
  const o = outer.getBoundingClientRect();
  const css = getComputedStyle(outer);
  const b = inner.getBoundingClientRect();
  const left = o.left + parseFloat(css.borderLeftWidth) + parseFloat(css.paddingLeft);
  const right = o.right - parseFloat(css.borderRightWidth) - parseFloat(css.paddingRight);
  return b.left >= left - 0.5 && b.right <= right + 0.5 && b.top >= o.top && b.bottom <= o.bottom;
}

export class Ring {
  constructor(words, pressable) {
    this.words = words;
    this.board = document.getElementById("board");
    this.at = centres(words.layout.ring);
    this.pads = {};
    this.padR = RING.pad; // a place's radius (COMPACT_PAD on a phone)
    this.lawn();
    for (const p of words.layout.ring) this.placePad(p, pressable);
    for (const [pad, corner] of Object.entries(words.layout.corners)) this.startPad(pad, corner, pressable);
    this.buttons(pressable);
    document.getElementById("manor-name").textContent = words.ui.manor;
    this.compact = null;
  }

  lawn() {
    const lawn = document.getElementById("lawn");
    lawn.replaceChildren(
      svg("rect", { x: 4, y: 4, width: 992, height: 992, rx: 22, class: "grass" }));
    const ring = this.words.layout.ring;
    const pts = ring.map((p) => this.at[p].map(num).join(",")).join(" ");
    lawn.append(svg("polygon", { points: pts, class: "gravel" }));
    ring.forEach((p, i) => lawn.append(this.arrow(p, ring[(i + 1) % ring.length])));
  }

  // A double-headed arrow between two places (diagram 9), its tips on their rims.
  arrow(p, q) {
    const [ax, ay] = this.at[p];
    const [bx, by] = this.at[q];
    const d = Math.hypot(bx - ax, by - ay);
    const ux = (bx - ax) / d;
    const uy = (by - ay) / d;
    const off = this.padR + ARROW.gap;
    const tips = [[ax + ux * off, ay + uy * off, 1], [bx - ux * off, by - uy * off, -1]];
    const g = svg("g", { class: "arrow", "data-from": p, "data-to": q });
    const base = tips.map(([x, y, s]) => [x + s * ux * ARROW.head, y + s * uy * ARROW.head]);
    g.append(svg("line", { x1: num(base[0][0]), y1: num(base[0][1]), x2: num(base[1][0]), y2: num(base[1][1]) }));
    for (const [[x, y], [bx2, by2]] of tips.map((t, i) => [t, base[i]])) {
      const left = [bx2 - uy * ARROW.half, by2 + ux * ARROW.half];
      const right = [bx2 + uy * ARROW.half, by2 - ux * ARROW.half];
      g.append(svg("polygon", { class: "head", points: [[x, y], left, right].map((pt) => pt.map(num).join(",")).join(" ") }));
    }
    return g;
  }

  placePad(p, pressable) {
    const w = this.words;
    const node = pressable(el("button", { class: "pad place", "data-input": p, id: "pad-" + p, ...shortcut(w, p) },
      symbol("place-" + p, "art"), el("span", { class: "name" }, w.names[p]), key(w, p),
      el("span", { class: "pawns" }), el("span", { class: "suspects" })));
    this.pads[p] = node;
    this.placeAt(p);
    document.getElementById("ring").append(node);
  }

  placeAt(p) {
    const [x, y] = this.at[p];
    place(this.pads[p], x - this.padR, y - this.padR, 2 * this.padR, 2 * this.padR);
  }

  startPad(pad, [col, row], pressable) {
    const w = this.words;
    const guest = pad.slice("START_".length);
    const x = START.margin + col * (1000 - 2 * START.margin - START.w);
    const y = START.margin + row * (1000 - 2 * START.margin - START.h);
    const node = pressable(el("button", { class: `pad start ${guest}`, "data-input": pad, id: "pad-" + pad, ...shortcut(w, pad) },
    el("span", { class: "title" }, el("span", { class: "start-word" }, w.ui.start), el("span", { class: "bot-mark" })),
    el("span", { class: "name" }, w.names[guest]), key(w, pad), el("span", { class: "pawns" })));
    place(node, x, y, START.w, START.h);
    document.getElementById("ring").append(node);
    this.pads[pad] = node;
  }

  buttons(pressable) {
    const box = document.getElementById("buttons");
    const w = this.words;
    for (const b of w.layout.buttons) {
      box.append(pressable(el("button", { class: "btn", "data-input": b, ...shortcut(w, b) },
        el("span", { class: "face" }, symbol("icon-" + b, "icon"), key(w, b)),
        el("span", { class: "label" }, w.buttons[b]))));
    }
  }

  // On every resize: the buttons on the board or, on a phone, beside it; the names fitted.
  layout() {
    const px = this.board.getBoundingClientRect().width;
    const compact = px < COMPACT_PX;
    if (compact !== this.compact) {
      this.compact = compact;
      const box = document.getElementById("buttons");
      if (compact) {
        document.getElementById("top").after(box);
        box.removeAttribute("style");
      } else {
        this.board.insertBefore(box, document.getElementById("veil"));
        place(box, 500 - BUTTONS.width / 2, BUTTONS.y, BUTTONS.width, 110);
      }
      document.body.classList.toggle("compact", compact);
      this.padR = compact ? COMPACT_PAD : RING.pad;
      this.lawn();
      for (const p of this.words.layout.ring) this.placeAt(p);
    }
    const u = px / 1000; // a board unit in px
    const rim = 4 * u;
    for (const p of this.words.layout.ring) {
      const pad = this.pads[p];
      const [max, min] = compact ? [NAME_MIN_PX + 4, NAME_MIN_PX] : [21 * u, 6];
      fit(pad.querySelector(".name"), max, min, (n) => inCircle(n, pad, rim + 2 * u));
    }
    for (const pad of Object.keys(this.words.layout.corners)) {
      const node = this.pads[pad];
      for (const part of node.querySelectorAll(".name, .title")) fit(part, 22 * u, 6, (n) => within(n, node));
    }
    const slot = compact ? null : (BUTTONS.width / this.words.layout.buttons.length - 6) * u; // a label's room
    for (const b of document.querySelectorAll(".btn")) {
      const room = slot || b.getBoundingClientRect().width - 4;
      fit(b.querySelector(".label"), compact ? 14 : 15 * u, 6, (n) => n.getBoundingClientRect().width <= room);
    }
    const plate = document.getElementById("manor-name");
    fit(plate, 24 * u, 6, (n) => n.getBoundingClientRect().width <= 330 * u);
    this.fitVeil();
    document.body.dataset.laidout = Math.round(px); // the board's width the texts were fitted to
    this.fits = (this.fits || 0) + 1;
    document.body.dataset.fits = this.fits; // how many times they were (a test counts them)
  }

  // The board dark while it is off or asleep, with what to do: press ON (OFF then ON once asleep).
  veil(m) {
    const w = this.words;
    const dark = !m.switch || m.state === "off" || m.state === "asleep";
    document.body.classList.toggle("dark", dark);
    const words = [m.state === "asleep" ? w.ui.asleep : w.ui.off, m.state === "asleep" ? w.board.asleep : w.board.press_on];
    const key = JSON.stringify([dark, words]);
    if (key === this.veiled) return;
    this.veiled = key;
    document.getElementById("veil-title").textContent = words[0];
    document.getElementById("veil-hint").textContent = words[1];
    this.fitVeil();
  }

  // its words between the Manor's buttons and the lowest places (fitted while shown)
  fitVeil() {
    if (!document.body.classList.contains("dark")) return;
    const u = this.board.getBoundingClientRect().width / 1000;
    fit(document.getElementById("veil-title"), 36 * u, 6, (n) => n.getBoundingClientRect().width <= 420 * u);
    fit(document.getElementById("veil-hint"), 23 * u, 6, (n) => n.getBoundingClientRect().width <= 420 * u);
  }

  // The pawns where the board says, the current guest's lit, those out greyed; --debug: everyone's place.
  show(m, bots) {
    for (const node of this.board.querySelectorAll(".pawns, .suspects")) node.replaceChildren();
    for (const [pad, node] of Object.entries(this.pads)) {
      if (pad.startsWith("START_")) {
        const g = pad.slice("START_".length);
        node.classList.toggle("bot", !!bots[g]);
        node.querySelector(".bot-mark").textContent = bots[g] ? ` · ${this.words.ui.bot}` : "";
      }
    }
    const active = m.active || [];
    for (const g of this.words.guests) {
      if (!m.pawns || !(g in m.pawns)) continue;
      const where = this.pads[m.pawns[g] || "START_" + g];
      if (!where) continue;
      const out = active.length > 0 && !active.includes(g);
      const figure = svg("svg", { class: `pawn ${g}${g === m.current ? " current" : ""}${out ? " out" : ""}`,
        "data-guest": g, role: "img", "aria-label": this.words.names[g] + (out ? ` (${this.words.board.out})` : "") });
      if (g === m.current) figure.append(svg("use", { href: "#pawn-halo", width: "100%", height: "100%" }));
      figure.append(svg("use", { href: "#pawn", width: "100%", height: "100%" }));
      where.querySelector(".pawns").append(figure);
    }
    if (!m.debug) return;
    const here = {};
    for (const [who, p] of Object.entries(m.debug.positions)) (here[p] = here[p] || []).push(who);
    for (const [p, whos] of Object.entries(here)) {
      const box = this.pads[p] && this.pads[p].querySelector(".suspects");
      if (!box) continue;
      whos.forEach((who, i) => {
        const a = -0.95 + i * 0.34; // around the place's right side, as the desktop board shows them
        const token = el("span", { class: `token ${who}${m.debug.hidden.includes(who) ? " hidden" : ""}`, title: this.words.names[who] },
          who === "INSPECTEUR" ? "In" : who.slice(0, 2)[0] + who.slice(1, 2).toLowerCase());
        token.style.left = 50 + 50 * 1.2 * Math.cos(a) + "%";
        token.style.top = 50 + 50 * 1.2 * Math.sin(a) + "%";
        box.append(token);
      });
    }
  }
}
