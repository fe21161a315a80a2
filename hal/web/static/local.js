// The board page's other transport: no host, the board itself in the page.
// MicroPython's WebAssembly port (wasm/micropython.js: the npm package's .mjs) runs firmware/ and
// the hal modules the host runs (hal/web/offline.py: Board, Desk, Hub), from
// the exported app's own files (py/files.json lists them), started with the
// saved game's reading by boot.js (the page's inline script). The page's
// messages go in as they would go over the WebSocket, and what the host
// would have sent comes back; the trace lines are kept in IndexedDB, so a
// reload (a closed tab, a dead battery) brings the game back by replay, as
// `clue-fx web --resume` does. Same interface as link.js's connect().

import { pick } from "./voice.js";

// The service worker (sw.js) caches the app's files at install; the clips of the one format this
// page plays are cached when the page asks (a phone downloads no format it cannot play).
function offlineReady(format) {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.register("sw.js").then(() => navigator.serviceWorker.ready).then((reg) => new Promise((done, failed) => {
    const answer = new MessageChannel();
    answer.port1.onmessage = (e) => (e.data.ok ? done() : failed(new Error(e.data.error)));
    reg.active.postMessage({ clips: format }, [answer.port2]);
  })).then(() => {
    document.body.dataset.offlineReady = "1";
  }).catch((e) => console.error("no service worker:", e.message));
}

export async function connectLocal(app, onMessage, onState) {
  performance.mark("cfx-connect");
  if (!window.cfxBoot) await import("./boot.js"); // the exported page began it already (its inline copy)
  const { store, reading, runtime, manifest, wordsOf } = window.cfxBoot;
  const query = new URLSearchParams(location.search);
  const editions = app.editions;
  const saved = await reading;
  let edition = query.get("edition");
  if (!editions.includes(edition)) edition = editions.includes(saved.edition) ? saved.edition : editions[0];
  const fresh = query.has("new") || (saved.edition && saved.edition !== edition);
  const trace = !fresh && saved.lines.length ? saved.lines.join("\n") + "\n" : null;
  const seed = query.has("seed") ? parseInt(query.get("seed"), 10) : Math.floor(Math.random() * 1e9);
  performance.mark("cfx-store");
  const config = { manifest: await manifest, words: await wordsOf(edition), lang: edition, seed, trace,
    debug: query.has("debug"), mv: 4500 };
  const offline = await runtime;
  let loaded;
  let lost = null; // why the saved game could not come back (said on the page)
  try {
    loaded = { board: offline.start(JSON.stringify(config)) };
  } catch (e) {
    if (!trace) throw e;
    lost = String(e.message).trim().split("\n").pop();
    config.trace = null; // a new game: the store is reset by its first answer
    loaded = { board: offline.start(JSON.stringify(config)) };
  }
  const board = loaded.board;
  const t0 = performance.now();
  const now = () => Math.round(performance.now() - t0);
  let timer = null;
  let lines = [];
  let chain = Promise.resolve();
  let stored = 0;

  let notKept = ""; // what the page says, once, when the browser keeps no game (IndexedDB refused)
  let toldNotKept = false;

  function handle(answer) {
    const a = JSON.parse(answer);
    if (a.reset) lines = [];
    lines.push(...a.trace);
    document.body.dataset.lines = lines.length;
    if (a.trace.length || a.reset) {
      const count = lines.length;
      const write = store.save(a.trace, !!a.reset, edition);
      chain = chain.then(() => write).then(() => {
        stored = Math.max(stored, count);
        document.body.dataset.stored = stored; // the lines safe in IndexedDB (a test waits on it)
      });
      chain.catch((e) => {
        if (toldNotKept) return;
        toldNotKept = true;
        console.error("the game is not kept:", e && e.message);
        if (notKept) onMessage({ t: "notice", text: notKept });
        document.body.dataset.notKept = "1";
      });
    }
    for (const m of a.out) {
      if (m.t === "hello") {
        Object.assign(m, { edition, editions, version: app.version, sounds: app.sounds });
        notKept = (m.words.offline && m.words.offline.not_kept) || notKept;
      }
      onMessage(m);
    }
    clearTimeout(timer);
    timer = setTimeout(() => handle(board.step(now(), true)), Math.max(a.wait, 10));
  }
  performance.mark("cfx-started");
  onState(true);
  handle(board.hello());
  if (lost) onMessage({ t: "notice", text: lost });
  setTimeout(() => offlineReady(pick(app.sounds)), 0); // after the board is drawn: the worker's downloads wait
  const link = {
    local: true,
    edition,
    setQuery() {},
    close() { clearTimeout(timer); },
    send(message) { handle(board.receive(JSON.stringify(message), now())); },
    trace: () => lines.join("\n") + "\n",
    seed: () => JSON.parse(lines[0] || "{}").seed,
    saved: () => chain, // resolves once every line so far is in IndexedDB
    async replace(textOfTrace, ed) { // a trace imported from a file: the next load resumes it
      const kept = textOfTrace.split("\n").filter((l) => l.trim());
      await store.save(kept, true, ed || edition);
    },
    async newGame() { await store.clear(); },
  };
  return link;
}
