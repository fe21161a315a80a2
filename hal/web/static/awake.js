// Awake and audible: the board's screen and a phone's stay on while the game
// wants them, and the voice plays on an iPhone whose silent switch is on.
//
//   const awake = new Awake(document.body, onChange);  // body.dataset.wake (and onChange) say how: on (the lock), video, off, none
//   awake.want(true);                         // the switch is ON and the game not over; false releases
//
// The Screen Wake Lock API where the browser has it (a secure context: the
// host's own localhost). Elsewhere (the tablet at the computer's home-network
// address is not a secure context; phones had no lock at all) a tiny muted
// looping video plays unseen, which browsers take as "someone is watching" and
// keep the screen on for. The video (16×16, 2 s, one colour) was made so:
//   ffmpeg -f lavfi -i color=c=0x2e241e:s=16x16:r=1:d=2 -c:v libx264 -profile:v baseline
//          -pix_fmt yuv420p -tune stillimage -movflags +faststart -an awake.mp4
//   ffmpeg -f lavfi -i color=c=0x2e241e:s=16x16:r=1:d=2 -c:v libvpx -b:v 1k -an awake.webm
// Neither possible (a browser that refuses both): body.dataset.wake is
// "none" and the page says so. A browser plays media only after a gesture:
// the first touch starts what could not start before.

export function audible() {
  // Safari 16.4+: Web Audio as playback, which the silent switch does not mute
  if (navigator.audioSession && navigator.audioSession.type !== "playback") {
    try {
      navigator.audioSession.type = "playback";
    } catch (e) {
      // an older Safari: nothing to ask
    }
  }
}

export class Awake {
  constructor(body, onChange) {
    this.body = body;
    this.onChange = onChange || (() => {});
    this.wanted = false;
    this.lock = null;
    this.video = null;
    this.set("off");
    document.addEventListener("visibilitychange", () => this.update());
    window.addEventListener("pointerdown", () => this.update()); // a gesture: what waits for one may start now
  }

  want(on) {
    if (on === this.wanted) return;
    this.wanted = on;
    this.update();
  }

  async update() {
    if (!this.wanted) return this.release();
    if (document.visibilityState !== "visible" || this.lock || (this.video && !this.video.paused)) return;
    if ("wakeLock" in navigator) {
      try {
        this.lock = await navigator.wakeLock.request("screen");
        this.lock.addEventListener("release", () => {
          this.lock = null;
          if (this.body.dataset.wake === "on") this.set("off");
        });
        if (!this.wanted) return this.release(); // released while it was asked for
        this.set("on");
        return;
      } catch (e) {
        // refused (the page is hidden, a policy): the video may still do
      }
    }
    this.play();
  }

  play() {
    if (!this.video) {
      const v = document.createElement("video");
      v.muted = true;
      v.loop = true;
      v.playsInline = true;
      v.setAttribute("muted", "");
      v.setAttribute("playsinline", "");
      v.setAttribute("aria-hidden", "true");
      v.className = "awake";
      Object.assign(v.style, { position: "fixed", left: "0", bottom: "0", width: "1px", height: "1px", opacity: "0.01",
        pointerEvents: "none" }); // unseen, yet a video the browser plays
      for (const [file, type] of [["awake.webm", "video/webm"], ["awake.mp4", "video/mp4"]]) {
        const s = document.createElement("source");
        s.src = new URL(file, import.meta.url).href;
        s.type = type;
        v.append(s);
      }
      document.body.append(v);
      this.video = v;
    }
    this.video.play().then(() => {
      if (!this.wanted) return this.release();
      this.set("video");
    }).catch(() => {
      if (this.wanted) this.set("none"); // no gesture yet (the next touch tries again), or no way to play it
    });
  }

  release() {
    if (this.lock) {
      const lock = this.lock;
      this.lock = null;
      lock.release().catch(() => {});
    }
    if (this.video) this.video.pause();
    this.set("off");
  }

  set(how) {
    if (this.body.dataset.wake === how) return;
    this.body.dataset.wake = how;
    this.onChange(how);
  }
}
