// hal/web/offline.py in MicroPython's WebAssembly port under node: the
// exported app's runtime and Python files, driven by the calls a page makes.
//
//   node tests/support/mp_offline.mjs APP_DIR < games.json > traces.json
//
// games.json: {"games": [{"lang", "seed", "trace" (text or null), "calls": [["hello"], ["receive", text, now],
// ["step", now]]}]}; traces.json: [{"trace": [lines], "out": [messages]}] for each game, in order.
import fs from "fs";
import os from "os";
import path from "path";

const dir = process.argv[2];
// the app's micropython.js is an ES module under a name node 20 reads as CommonJS: the same bytes as .mjs
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cfx-mp-"));
fs.copyFileSync(path.join(dir, "wasm/micropython.js"), path.join(tmp, "micropython.mjs"));
const { loadMicroPython } = await import(path.join(tmp, "micropython.mjs"));
fs.rmSync(tmp, { recursive: true });
const mp = await loadMicroPython({
  heapsize: 8 * 1024 * 1024,
  url: path.resolve(dir, "wasm/micropython.wasm"),
  stdout: (t) => process.stderr.write(t + "\n"),
});
// the Python as the page loads it (static/boot.js): one bundle read as bytes (hal/web/bundle.py), written
// whole, and mounted at /lib by hal/web/bundlefs.py, written beside it from its own slice
const index = JSON.parse(fs.readFileSync(path.join(dir, "py/files.json"), "utf8"));
const code = fs.readFileSync(path.join(dir, "py/bundle.bin"));
if (index.kind === "mpy") {
  const runtime = mp.pyimport("sys").implementation._mpy;
  if ((runtime & 0xff) !== index.mpy[0] || ((runtime >> 8) & 3) !== index.mpy[1]) {
    throw new Error(`bytecode ${index.mpy.join(".")} but the runtime reads ${runtime & 0xff}.${(runtime >> 8) & 3}`);
  }
}
const [own, at, length] = index.files.find(([f]) => /^hal\/web\/bundlefs\.m?py$/.test(f));
mp.FS.writeFile("/bundle.bin", new Uint8Array(code.buffer, code.byteOffset, code.length));
mp.FS.writeFile("/" + own.split("/").pop(), new Uint8Array(code.buffer, code.byteOffset + at, length));
const sysPath = mp.pyimport("sys").path;
sysPath.clear();
sysPath.append("/");
mp.pyimport("bundlefs").mount("/bundle.bin", JSON.stringify(index.files), "/lib");
mp.FS.unlink("/bundle.bin");
sysPath.clear();
sysPath.append("/lib");
const offline = mp.pyimport("hal.web.offline");
const manifest = fs.readFileSync(path.join(dir, "sounds/manifest.json"), "utf8");
const input = JSON.parse(fs.readFileSync(0, "utf8"));
const results = [];
for (const g of input.games) {
  const words = fs.readFileSync(path.join(dir, `words/${g.lang}.json`), "utf8");
  const board = offline.start(JSON.stringify({ manifest, words, lang: g.lang, seed: g.seed, trace: g.trace || null }));
  const trace = [];
  const out = [];
  for (const [kind, a, b] of g.calls) {
    const answer = JSON.parse(kind === "hello" ? board.hello() : kind === "receive" ? board.receive(a, b) : board.step(a, true));
    if (answer.reset) trace.length = 0;
    trace.push(...answer.trace);
    out.push(...answer.out);
  }
  results.push({ trace, out });
}
process.stdout.write(JSON.stringify(results));
