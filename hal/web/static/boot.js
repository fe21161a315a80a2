// The offline app's start, which needs nothing of the page's own scripts: the saved game read from
// IndexedDB, MicroPython started with the app's Python imported, the clips' manifest, app.json and the
// likely edition's words fetched. The exported index.html carries this file inline, as a classic script
// before its stylesheets (hal/web/export.py early()), so that it begins as the page is parsed, beside
// board.js's module chain rather than after it: its fetches and the database's answers are on their
// way while the page's own modules load. It leaves what it began in window.cfxBoot for local.js's
// connectLocal (which loads this file itself where no page began it). No imports, no exports: it
// must run as a page's inline script.

const DB = "clue-fx";

function request(r) {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

const NONE = { lines: [], edition: undefined }; // no game saved

// The game's trace, line by line, in IndexedDB (the edition beside it).
class Store {
  // The saved game (or NONE), while the database opens (`opened`: made, in a fresh browser). Where the
  // browser says it has no such database yet (a fresh browser's first open), that is the answer at
  // once: making the database is slow, and the board need not wait for it (saves wait for `opened`).
  read() {
    this.opened = this.open();
    const known = indexedDB.databases
      ? indexedDB.databases().then((all) => all.some((d) => d.name === DB), () => true)
      : Promise.resolve(true);
    return new Promise((resolve, reject) => {
      known.then((some) => some || resolve(NONE));
      // a database that cannot be opened holds no game: the game plays (its saves fail, the page says so)
      this.opened.then(() => this.load(), () => NONE).then(resolve, reject);
    });
  }
  async open() {
    const r = indexedDB.open(DB, 1);
    r.onupgradeneeded = () => {
      r.result.createObjectStore("lines", { autoIncrement: true });
      r.result.createObjectStore("meta");
      this.made = true; // a database made just now holds no game: load() need not ask it
    };
    this.db = await request(r);
    return this;
  }
  tx(mode) {
    const t = this.db.transaction(["lines", "meta"], mode);
    return { lines: t.objectStore("lines"), meta: t.objectStore("meta"), done: new Promise((ok, ko) => { t.oncomplete = ok; t.onerror = () => ko(t.error); }) };
  }
  // The saved game: both asked at once (each answer waits for a turn of the page's thread, which the
  // Python's import may hold), or nothing asked of a database just made (a fresh browser's first open).
  async load() {
    if (this.made) return NONE;
    const t = this.tx("readonly");
    const [lines, edition] = await Promise.all([request(t.lines.getAll()), request(t.meta.get("edition"))]);
    return { lines, edition };
  }
  // Appends `lines` (or first clears the store: a new game, a resumed one cut back); resolves once written.
  save(lines, reset, edition) {
    return this.opened.then(() => {
      const t = this.tx("readwrite");
      if (reset) {
        t.lines.clear();
        if (edition) t.meta.put(edition, "edition");
      }
      for (const line of lines) t.lines.add(line);
      return t.done;
    });
  }
  clear() {
    return this.opened.then(() => {
      const t = this.tx("readwrite");
      t.lines.clear();
      return t.done;
    });
  }
}

async function got(url) {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: ${r.status}`);
  return r;
}
const text = async (url) => (await got(url)).text();

// MicroPython started and the app's Python mounted where its import finds it: py/bundle.bin, one file
// read as bytes (bytecode must never be decoded as text) and listed by py/files.json (hal/web/bundle.py),
// written whole into the runtime's file system, then read once by hal/web/bundlefs.py (written beside it:
// it cannot come from the bundle it mounts), which mounts it at /lib as a file system of its own.
// The import holds the page's thread: where the database is open by then (a page opened before), it
// waits for `reading` (the saved game read from IndexedDB: one short answer, that would otherwise
// wait behind it); a database still being made (a fresh browser: slow) is not waited for.
async function startRuntime(reading, opened) {
  const [{ loadMicroPython }, index, code] = await Promise.all([
    import(new URL("wasm/micropython.js", document.baseURI).href),
    got("py/files.json").then((r) => r.json()),
    got("py/bundle.bin").then((r) => r.arrayBuffer()),
  ]);
  performance.mark("cfx-fetched");
  const mp = await loadMicroPython({ heapsize: 8 * 1024 * 1024, stdout: (t) => console.log(t), stderr: (t) => console.error(t) });
  if (index.kind === "mpy") {
    const runtime = mp.pyimport("sys").implementation._mpy;
    if ((runtime & 0xff) !== index.mpy[0] || ((runtime >> 8) & 3) !== index.mpy[1]) {
      throw new Error(`this app's bytecode is ${index.mpy.join(".")}, its runtime reads ${runtime & 0xff}.${(runtime >> 8) & 3}: export it again`);
    }
  }
  performance.mark("cfx-runtime");
  const own = index.files.find(([f]) => /^hal\/web\/bundlefs\.m?py$/.test(f));
  if (!own) throw new Error("this app's Python has no hal/web/bundlefs: export it again");
  mp.FS.writeFile("/bundle.bin", new Uint8Array(code));
  mp.FS.writeFile("/" + own[0].split("/").pop(), new Uint8Array(code, own[1], own[2]));
  if (opened()) await reading.catch(() => null); // its failure is connectLocal's to say
  // Set through the list's own methods: runPython would compile source, the runtime's compiler's first
  // use in a fresh page. The app's Python is in /lib only.
  const path = mp.pyimport("sys").path;
  path.clear();
  path.append("/");
  mp.pyimport("bundlefs").mount("/bundle.bin", JSON.stringify(index.files), "/lib");
  mp.FS.unlink("/bundle.bin"); // read: the runtime's heap holds it
  path.clear();
  path.append("/lib");
  const offline = mp.pyimport("hal.web.offline");
  performance.mark("cfx-imported");
  return offline;
}

function boot() {
  performance.mark("cfx-boot"); // this and the marks below: where a load's time goes (bench_offline)
  const store = new Store();
  let open = false;
  const reading = store.read();
  store.opened.then(() => (open = true), () => null);
  const runtime = startRuntime(reading, () => open); // at once, beside IndexedDB and the edition's files
  const manifest = text("sounds/manifest.json");
  for (const p of [reading, runtime, manifest]) p.catch(() => null); // their failures are connectLocal's to say
  // The editions' words (edition -> its text, fetched once): the likely one at once, before the saved
  // game says (the page's ?edition=, else the app's first).
  const words = {};
  const wordsOf = (e) => (words[e] ??= text(`words/${e}.json`));
  const asked = new URLSearchParams(location.search).get("edition");
  const app = got("app.json").then((r) => r.json()); // board.js takes it from here
  app.then((app) => wordsOf(app.editions.includes(asked) ? asked : app.editions[0]))
    .catch(() => null); // connectLocal asks again, and says why
  return { store, reading, runtime, manifest, wordsOf, app };
}

window.cfxBoot ??= boot();
