// The narrator's voice in the page: the edition's numbered clips (WAV, or the
// format the host's hello or the exported app names), fetched, decoded once,
// played back to back with Web Audio.
// The page's own timestamps (performance.now()) of each press and of each
// sentence's first clip starting are kept in window.cfxTimes for the bench.

const pad4 = (n) => String(n).padStart(4, "0");

// The clips' format: the first of `formats` this browser plays (the exported app's: opus and mp3, or
// mp3 alone from a wheel; the host's: its installed clips' one), else WAV.
export function pick(formats) {
  const types = { opus: 'audio/ogg; codecs="opus"', mp3: "audio/mpeg" };
  const probe = document.createElement("audio");
  for (const f of formats || []) if (types[f] && probe.canPlayType(types[f])) return f;
  return "wav";
}

export class Voice {
  constructor(lang, onBusy, formats) {
    this.lang = lang;
    this.ext = pick(formats);
    this.onBusy = onBusy; // called with true when it starts speaking, false when it falls silent
    this.ctx = null;
    this.buffers = new Map(); // clip -> Promise<AudioBuffer>
    this.sources = new Set();
    this.end = 0; // when the last queued clip ends (ctx time)
    this.chain = Promise.resolve();
    this.generation = 0;
    this.busy = false;
    this.enabled = new URLSearchParams(location.search).get("audio") !== "off";
    window.cfxTimes = { presses: [], starts: [], decoded: 0, running: false };
  }

  // Called on a user's gesture: browsers start audio only after one.
  wake() {
    if (!this.enabled) return;
    if (!this.ctx) {
      try {
        this.ctx = new AudioContext({ latencyHint: "interactive" }); // the lowest latency the device offers
      } catch (e) {
        this.enabled = false;
        return;
      }
    }
    if (this.ctx.state === "suspended") this.ctx.resume();
    this.ctx.onstatechange = () => (window.cfxTimes.running = this.ctx.state === "running");
    window.cfxTimes.running = this.ctx.state === "running";
  }

  buffer(clip) {
    if (!this.buffers.has(clip)) {
      const p = fetch(`sounds/${this.lang}/${pad4(clip)}.${this.ext}`)
        .then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(r.status))))
        .then((data) => this.ctx.decodeAudioData(data))
        .then((buf) => {
          window.cfxTimes.decoded += 1;
          return buf;
        })
        .catch(() => null); // a clip that cannot play: its caption still shows
      this.buffers.set(clip, p);
    }
    return this.buffers.get(clip);
  }

  // Fetch and decode every clip ahead, one at a time, so a press plays at once.
  prefetch(clips) {
    if (!this.enabled || !this.ctx) return;
    let p = Promise.resolve();
    for (const c of clips) p = p.then(() => this.buffer(c));
  }

  setBusy(busy) {
    if (busy !== this.busy) {
      this.busy = busy;
      window.cfxTimes.busy = busy;
      this.onBusy(busy);
    }
  }

  // A sentence (or a place's sound): its clips after whatever is queued.
  play(clips) {
    if (!this.enabled || !this.ctx || this.ctx.state !== "running" || !clips.length) return;
    const gen = this.generation;
    this.setBusy(true);
    let first = true;
    for (const clip of clips) {
      this.chain = this.chain.then(async () => {
        const buf = await this.buffer(clip);
        if (gen !== this.generation || !buf) return;
        const src = this.ctx.createBufferSource();
        src.buffer = buf;
        src.connect(this.ctx.destination);
        const at = Math.max(this.ctx.currentTime, this.end);
        src.start(at);
        if (first) {
          first = false;
          window.cfxTimes.starts.push(performance.now() + (at - this.ctx.currentTime) * 1000);
          // what stands between a start and the ear: the context's own buffering and the output device's
          window.cfxTimes.outputMs = ((this.ctx.baseLatency || 0) + (this.ctx.outputLatency || 0)) * 1000;
        }
        this.end = at + buf.duration;
        this.sources.add(src);
        src.onended = () => {
          this.sources.delete(src);
          if (!this.sources.size && gen === this.generation) this.chain.then(() => {
            if (!this.sources.size) this.setBusy(false);
          });
        };
      });
    }
    this.chain = this.chain.then(() => {
      if (gen === this.generation && !this.sources.size) this.setBusy(false);
    });
  }

  stop() {
    this.generation += 1;
    for (const s of this.sources) s.stop();
    this.sources.clear();
    this.end = 0;
    this.chain = Promise.resolve();
    this.setBusy(false);
  }
}
