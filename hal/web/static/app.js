// What the exported app's board page adds under the panel (the board runs in
// the page: local.js): the edition, a new game, the game's trace saved to a
// file (`clue-fx replay FILE` checks it) or taken back from one, the bug
// report (seed, edition, version, trace: one tap to download) and the plain
// word that private hands on phones need a host (`clue-fx web --table`).

import { el, fill } from "./link.js";

function download(name, text, type) {
  const a = el("a", { href: URL.createObjectURL(new Blob([text], { type })), download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 60000);
}

export function report(hello, link) {
  return JSON.stringify({
    report: "clue-fx offline app",
    version: hello.version,
    edition: hello.edition,
    seed: link.seed(),
    agent: navigator.userAgent,
    when: new Date().toISOString(),
    trace: link.trace(),
  }, null, 1);
}

export function offlinePanel(hello, link, words) {
  const w = words.offline;
  const box = document.getElementById("offline");
  box.replaceChildren();
  const name = () => `clue-fx-${hello.edition}-${link.seed()}`;
  const editions = el("p", { class: "editions" }, w.edition + " ");
  for (const e of hello.editions) {
    const here = e === hello.edition;
    editions.append(here ? el("b", {}, e) : el("a", { href: `?edition=${e}&new`, "data-edition": e }, e), " ");
  }
  const save = el("button", { id: "save-trace", class: "tool" }, w.save);
  save.onclick = () => download(name() + ".jsonl", link.trace(), "application/jsonl");
  const file = el("input", { id: "load-trace", type: "file", accept: ".jsonl,.json,.txt", hidden: "" });
  file.onchange = async () => {
    if (!file.files.length) return;
    await link.replace(await file.files[0].text(), hello.edition);
    location.replace(location.pathname + `?edition=${hello.edition}`);
  };
  const load = el("button", { class: "tool" }, w.load);
  load.onclick = () => file.click();
  const fresh = el("button", { id: "new-game", class: "tool" }, w.new_game);
  fresh.onclick = async () => {
    const cleared = await link.newGame().then(() => true, () => false); // a browser that keeps no game: ?new
    location.replace(location.pathname + `?edition=${hello.edition}` + (cleared ? "" : "&new"));
  };
  const bug = el("details", { id: "bug" }, el("summary", {}, w.bug));
  const facts = el("p", { class: "facts" });
  const get = el("button", { id: "bug-download", class: "tool" }, w.bug_download);
  get.onclick = () => download(name() + "-report.json", report(hello, link), "application/json");
  bug.addEventListener("toggle", () => {
    facts.textContent = fill(w.bug_facts, hello.version, hello.edition, link.seed(), link.trace().split("\n").length - 2);
  });
  bug.append(facts, get);
  const phones = el("p", { class: "phones" }, w.phones, " ", el("code", {}, "clue-fx web --table"), " ",
    w.phones_then);
  box.append(editions, el("p", { class: "tools" }, save, " ", load, " ", fresh, file), bug, phones);
  for (const note of hello.notes || []) box.append(el("p", { class: "notice" }, note));
  box.hidden = false;
  document.body.dataset.offline = "1";
}
