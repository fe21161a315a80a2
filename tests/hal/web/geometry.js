// The pages' geometry, checked in the page by tests/hal/web/test_layout.py: each check returns the list
// of what is wrong (empty: nothing overflows the screen, nothing overlaps what it must not touch).

const R = (n) => n.getBoundingClientRect();
const name = (n) => n.id ? "#" + n.id : n.dataset && n.dataset.input ? n.dataset.input
  : (n.className && n.className.baseVal !== undefined ? n.className.baseVal : n.className) || n.tagName;
const shown = (n) => R(n).width > 0 && R(n).height > 0 && getComputedStyle(n).visibility !== "hidden";
const inside = (r, o, tol = 0.5) =>
  r.left >= o.left - tol && r.top >= o.top - tol && r.right <= o.right + tol && r.bottom <= o.bottom + tol;
const apart = (a, b, tol = 0.5) => Math.min(a.right, b.right) - Math.max(a.left, b.left) <= tol
  || Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) <= tol;
const centre = (r) => [(r.left + r.right) / 2, (r.top + r.bottom) / 2];
const lines = (n) => { const r = document.createRange(); r.selectNodeContents(n); return [...r.getClientRects()]; };
const corners = (b) => [[b.left, b.top], [b.right, b.top], [b.left, b.bottom], [b.right, b.bottom]];
const pairs = (list, each) => list.forEach((a, i) => list.slice(i + 1).forEach((b) => each(a, b)));
// how far the point (x, y) is from the box r (0 inside it)
const away = (r, x, y) => Math.hypot(x - Math.max(r.left, Math.min(x, r.right)), y - Math.max(r.top, Math.min(y, r.bottom)));

// The board page: the page does not scroll; the board is square; the board, the panel and every input are
// within the screen; nothing sticks out of the panel and its parts are apart; everything on the board is on
// the lawn and apart from the rest (a place is a circle); the ring is a circle of round places with their
// names inside them; each arrow's tips lie on its two places' rims (within `tip` px) and on the line
// between their centres.
function checkBoard(tip) {
  const out = [];
  const screen = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
  const board = document.getElementById("board");
  const side = document.getElementById("side");
  const B = R(board);
  // nothing is drawn past the screen's edges, unless a box that scrolls on the screen holds it
  const held = (n) => {
    for (let a = n.parentElement; a && a !== document.body; a = a.parentElement) {
      const css = getComputedStyle(a);
      if ((css.overflowX !== "visible" || css.overflowY !== "visible") && inside(R(a), screen)) return true;
    }
    return false;
  };
  for (const n of document.body.querySelectorAll("*")) {
    if (shown(n) && !inside(R(n), screen) && !held(n)) out.push(`${name(n)} is past the screen's edge`);
  }
  if (Math.abs(B.width - B.height) > 0.5) out.push(`the board is not square: ${B.width}x${B.height}`);
  for (const n of [board, side, ...document.querySelectorAll("[data-input]")]) {
    if (!inside(R(n), screen)) out.push(`${name(n)} overflows the screen`);
  }
  if (!apart(B, R(side))) out.push("the board and the panel overlap");

  // the panel: nothing sticks out of it sideways; its parts, and the switch bar's, apart
  const S = R(side);
  for (const n of side.querySelectorAll("*")) {
    if (shown(n) && (R(n).left < S.left - 0.5 || R(n).right > S.right + 0.5)) out.push(`${name(n)} sticks out of the panel`);
  }
  const apartAll = (list) => pairs(list.filter(shown), (a, b) => {
    if (!apart(R(a), R(b))) out.push(`${name(a)} overlaps ${name(b)}`);
  });
  apartAll([...side.children]);
  apartAll([...document.getElementById("top").children]);

  // the board: every pad, button face and label, the Manor and its name (and the veil's words when the board
  // is off) on the lawn, each apart from the others; a place is a circle
  const pads = [...document.querySelectorAll(".pad")];
  const places = pads.filter((p) => p.classList.contains("place"));
  const round = new Set(places.map((p) => p.dataset.input));
  const onBoard = board.contains(document.getElementById("buttons"));
  const things = pads.map((p) => [p.dataset.input, R(p)]);
  if (onBoard) {
    for (const f of document.querySelectorAll(".btn .face")) things.push([f.parentNode.dataset.input, R(f)]);
    for (const l of document.querySelectorAll(".btn .label")) things.push([l.parentNode.dataset.input + "'s label", R(l)]);
  }
  things.push(["the Manor's name", R(document.getElementById("manor-name"))]);
  things.push(["the Manor", R(document.querySelector("#manor use"))]);
  if (document.body.classList.contains("dark")) {
    for (const n of document.querySelectorAll("#veil b, #veil span")) things.push([`the veil's ${n.tagName}`, R(n)]);
  }
  for (const [what, r] of things) if (!inside(r, B)) out.push(`${what} is off the board`);
  const touch = ([a, ra], [b, rb]) => {
    const [ax, ay] = centre(ra);
    const [bx, by] = centre(rb);
    if (round.has(a) && round.has(b)) return Math.hypot(ax - bx, ay - by) < (ra.width + rb.width) / 2;
    if (round.has(a)) return away(rb, ax, ay) < ra.width / 2 - 0.5;
    if (round.has(b)) return away(ra, bx, by) < rb.width / 2 - 0.5;
    return !apart(ra, rb);
  };
  pairs(things, (a, b) => { if (touch(a, b)) out.push(`${a[0]} overlaps ${b[0]}`); });
  if (!onBoard) { // a phone: the buttons in the panel, apart, each label under its own face
    const buttons = [...document.querySelectorAll(".btn")];
    if (!buttons.every((b) => side.contains(b))) out.push("the buttons are neither on the board nor in the panel");
    apartAll(buttons);
    for (const l of document.querySelectorAll(".btn .label")) {
      if (!inside(R(l), R(l.parentNode), 1)) out.push(`${l.parentNode.dataset.input}'s label leaves its button`);
    }
  }

  // the ring: round places, their centres on one circle around the board's centre, their names inside
  const [bx, by] = centre(B);
  const radii = places.map((p) => { const [x, y] = centre(R(p)); return Math.hypot(x - bx, y - by); });
  if (Math.max(...radii) - Math.min(...radii) > 1) out.push(`the ring is not a circle: radii ${radii.map((r) => r.toFixed(1))}`);
  for (const p of places) {
    const r = R(p);
    const css = getComputedStyle(p);
    if (Math.abs(r.width - r.height) > 0.5 || css.borderRadius !== "50%") out.push(`${p.dataset.input} is not round`);
    const [cx, cy] = centre(r);
    const room = r.width / 2 - parseFloat(css.borderTopWidth) + 0.5;
    const text = lines(p.querySelector(".name"));
    if (!text.length || text.some((box) => corners(box).some(([x, y]) => Math.hypot(x - cx, y - cy) > room))) {
      out.push(`${p.dataset.input}'s name leaves its circle`);
    }
  }
  for (const p of pads.filter((q) => q.classList.contains("start"))) {
    for (const part of p.querySelectorAll(".title, .name")) {
      if (!inside(R(part), R(p))) out.push(`${p.dataset.input}'s ${part.className} leaves it`);
    }
  }

  // each arrow: both tips on its places' rims, on the line between their centres
  const arrows = [...document.querySelectorAll("#lawn .arrow")];
  if (arrows.length !== places.length) out.push(`${arrows.length} arrows for ${places.length} places`);
  for (const g of arrows) {
    const ends = [g.dataset.from, g.dataset.to];
    const [[ax, ay], [qx, qy]] = ends.map((id) => centre(R(document.querySelector(`[data-input="${id}"]`))));
    [...g.querySelectorAll(".head")].forEach((head, i) => {
      const m = head.getScreenCTM();
      const pt = head.points[0];
      const x = m.a * pt.x + m.c * pt.y + m.e;
      const y = m.b * pt.x + m.d * pt.y + m.f;
      const place = R(document.querySelector(`[data-input="${ends[i]}"]`));
      const [cx, cy] = centre(place);
      const gap = Math.hypot(x - cx, y - cy) - place.width / 2;
      if (gap < -0.5 || gap > tip) out.push(`the arrow ${ends.join("-")} does not touch ${ends[i]}: ${gap.toFixed(1)} px`);
      const off = Math.abs((qx - ax) * (ay - y) - (ax - x) * (qy - ay)) / Math.hypot(qx - ax, qy - ay);
      if (off > 1) out.push(`the arrow ${ends.join("-")} is ${off.toFixed(1)} px off its line`);
    });
  }
  return out;
}

// A phone's page (a seat, the join page): nothing wider than the screen.
function checkPhone() {
  const out = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > innerWidth) out.push(`the page scrolls sideways: ${doc.scrollWidth}`);
  for (const n of document.body.querySelectorAll("*")) {
    const r = R(n);
    if (r.width > 0 && (r.left < -0.5 || r.right > innerWidth + 0.5)) out.push(`${name(n)} sticks out: ${r.left}..${r.right}`);
  }
  return out;
}
