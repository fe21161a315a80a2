// The world around the emulated RP2040 of a board test (run.js --board
// SPEC.json): switches to ground on its GPIO (the pads of a board that reads
// contacts, the buttons, the ON/OFF switch), the switches of a diode matrix,
// the battery on an ADC input, and a DFPlayer Mini on UART0.
//
// SPEC: {"steps": FILE, "frames": FILE, "clip_ms": 400, "ready_ms": 300,
//        "echo": true, "end_ms": N, "stop": false, "watch": [PIN, ...],
//        "dfplayer": {...} or absent}
// end_ms: the run ends there (with "stop", as planned: status 0; without,
// the program should have ended before: status 4). watch: output pins whose
// level is logged ("t pin PIN 0|1": an LED).
// steps, one a line, in time order, t_ms of the emulated clock:
//   "t contact PIN 0|1"     a switch from PIN to ground, open (0) or closed (1)
//   "t key ROW COL 0|1"     a switch of the matrix, ROW's pin to COL's pin
//                           through a diode: COL reads low while ROW is driven low
//   "t adc CHANNEL VALUE"   the ADC input's level, 0..4095
// frames: "t_ms HEX" for every frame the DFPlayer takes (its 10 bytes, as
// they came on the line), "baud N" when the program sets UART0's divisors,
// "t_ms clash ROW ROW" when two matrix rows are driven to opposite levels
// with a key of each closed on one column (a short through the switches).
//
// Without "dfplayer" the DFPlayer answers at once: READY (0x3F) ready_ms
// after the UART is first set up, and 0x3D (track finished; twice with
// echo) clip_ms after each play command (0x0F); a stop (0x16) ends the clip
// unanswered; a command with its feedback byte set is acknowledged (0x41).
//
// With "dfplayer", the module as it is measured (Makuna/DFMiniMp3 #128, the
// DFRobot manual), every figure settable:
//   start_ms 500      play command -> sound
//   after_end_ms 800  the same when the last track ended by itself and no
//                     stop came since (the slower start)
//   fade_ms 50        the fade-in at each track's start (logged with it)
//   gap_ms 100        a command this soon after the last one taken is dropped
//   ready_ms 2000     READY (0x3F) this long after the UART is set up; every
//                     command before it is dropped (the module reads its card)
//   replies "full"    10-byte replies; "short": 8 bytes, no checksum (clones);
//                     "none": a clone that never answers
//   lengths {TRACK: ms}  each track's length, else clip_ms (TRACK: (folder - 1) * 255 + file)
//   busy_pin N        the module's BUSY output on GPIO N: low while playing
// A command with its feedback byte set is acknowledged (0x41) once taken.
// Replies go out at 9600 baud (a byte every 1.04 ms). Logged as well:
// "t_ms drop HEX" (a command not taken), "t_ms sound TRACK FADE" (its sound
// starts), "t_ms end TRACK" (it ended by itself), "t_ms cut TRACK" (a stop,
// or a play, ended it or its start).

'use strict';
const fs = require('fs');

function dfsum(f) {
  let s = 0;
  for (let i = 1; i < 7; i++) s += f[i];
  return (-s) & 0xffff;
}

function reply(cmd, param) {
  const f = [0x7e, 0xff, 6, cmd, 0, param >> 8, param & 0xff, 0, 0, 0xef];
  const s = dfsum(f);
  f[7] = s >> 8;
  f[8] = s & 0xff;
  return f;
}

function attach(mcu, spec) {
  const clock = mcu.clock;
  const ms = () => clock.nanos / 1e6;
  const out = fs.openSync(spec.frames, 'w');
  const log = (text) => fs.writeSync(out, text + '\n');
  const closed = new Set(); // "contact PIN" or "key ROW COL"
  const contactPins = new Set();
  const keys = []; // [row, col] of every switch of the matrix
  const steps = fs.readFileSync(spec.steps, 'utf8').split('\n').filter((l) => l.trim()).map((l) => l.trim().split(/\s+/));
  for (const s of steps) {
    if (s[1] === 'contact') contactPins.add(+s[2]);
    if (s[1] === 'key' && !keys.some(([r, c]) => r === +s[2] && c === +s[3])) keys.push([+s[2], +s[3]]);
  }
  const cols = new Set(keys.map(([, c]) => c));

  // A pin's level: low when a closed switch joins it to ground (or, for a
  // column, to a row driven low); else high if its pull-up is on, or low
  // (an open input with no pull is taken as low).
  function level(pin) {
    const g = mcu.gpio[pin];
    if (contactPins.has(pin) && closed.has('contact ' + pin)) return false;
    if (pin === busyPin) return !busy();
    if (cols.has(pin)) {
      for (const [r, c] of keys) {
        const row = mcu.gpio[r];
        if (c === pin && closed.has('key ' + r + ' ' + c) && row.outputEnable && !row.outputValue) return false;
      }
    }
    return g.pullupEnabled;
  }
  let busyPin = null;
  let busy = () => false;
  const clashes = new Set();
  function refresh() {
    for (let pin = 0; pin < 30; pin++) mcu.gpio[pin].setInputValue(level(pin));
    // two rows driven to opposite levels, a closed key of each on one column: a short
    for (const [r1, c1] of keys) {
      for (const [r2, c2] of keys) {
        if (c1 !== c2 || r1 >= r2 || !closed.has('key ' + r1 + ' ' + c1) || !closed.has('key ' + r2 + ' ' + c2)) continue;
        const a = mcu.gpio[r1], b = mcu.gpio[r2];
        const name = r1 + ' ' + r2;
        if (a.outputEnable && b.outputEnable && a.outputValue !== b.outputValue) {
          if (!clashes.has(name)) log(ms().toFixed(3) + ' clash ' + name);
          clashes.add(name);
        } else clashes.delete(name);
      }
    }
  }
  // a pull-up set, a row driven: the levels again
  for (let pin = 0; pin < 30; pin++) mcu.gpio[pin].addListener(refresh);

  for (const pin of spec.watch || []) {
    let last = null;
    mcu.gpio[pin].addListener(() => {
      const g = mcu.gpio[pin];
      const v = g.outputEnable ? (g.outputValue ? 1 : 0) : null;
      if (v !== null && v !== last) log(ms().toFixed(3) + ' pin ' + pin + ' ' + v);
      last = v;
    });
  }

  const stepAlarm = clock.createAlarm(() => {

    while (next < steps.length && +steps[next][0] <= ms()) {
      const s = steps[next++];
      if (s[1] === 'adc') mcu.adc.channelValues[+s[2]] = +s[3];
      else if (s[s.length - 1] === '1') closed.add(s.slice(1, -1).join(' '));
      else closed.delete(s.slice(1, -1).join(' '));
    }
    refresh();
    if (next < steps.length) stepAlarm.schedule((+steps[next][0] - ms()) * 1e6);
  });
  let next = 0;
  if (steps.length) stepAlarm.schedule(+steps[0][0] * 1e6);

  // the DFPlayer on UART0
  const uart = mcu.uart[0];
  const frame = [];
  let ready = false;
  const df = spec.dfplayer || null;
  const opt = (k, d) => (df && df[k] !== undefined ? df[k] : d);
  const replies = opt('replies', 'full');
  const lengthOf = (t) => (df && df.lengths && df.lengths[t] !== undefined ? df.lengths[t] : (spec.clip_ms ?? 400));
  const pending = []; // reply bytes waiting for the line
  const byteAlarm = clock.createAlarm(() => {
    if (pending.length && !uart.rxFIFO.full) uart.feedByte(pending.shift());
    if (pending.length) byteAlarm.schedule(1.04e6);
  });
  const send = (cmd, param) => {
    if (replies === 'none') return;
    const f = reply(cmd, param);
    if (replies === 'short') f.splice(7, 2); // 7E FF 06 CMD 00 PH PL EF
    if (!df) {
      f.forEach((b) => uart.feedByte(b));
      return;
    }
    const idle = !pending.length;
    pending.push(...f);
    if (idle) byteAlarm.schedule(1.04e6);
  };
  const readyAlarm = clock.createAlarm(() => {
    readyAt = ms();
    send(0x3f, 2);
  });
  let readyAt = df ? Infinity : 0;
  let track = 0;
  let playing = 0; // the track sounding now, or 0
  let starting = 0; // the track whose sound is about to start, or 0
  let endedAlone = false; // the last track ended by itself, no stop since
  let lastTaken = -Infinity;
  busyPin = opt('busy_pin', null);
  const setBusy = () => busyPin !== null && refresh();
  busy = () => playing !== 0;
  const doneAlarm = clock.createAlarm(() => {
    if (df) {
      log(ms().toFixed(3) + ' end ' + playing);
      playing = 0;
      endedAlone = true;
      setBusy();
    }
    send(0x3d, track);
    if (spec.echo) send(0x3d, track);
  });
  const startAlarm = clock.createAlarm(() => {
    log(ms().toFixed(3) + ' sound ' + starting + ' ' + opt('fade_ms', 50));
    playing = starting;
    starting = 0;
    setBusy();
    doneAlarm.schedule(lengthOf(playing) * 1e6);
  });
  const cut = () => {
    if (playing || starting) log(ms().toFixed(3) + ' cut ' + (playing || starting));
    startAlarm.cancel();
    doneAlarm.cancel();
    playing = starting = 0;
    setBusy();
  };
  uart.onBaudRateChange = (baud) => {
    log('baud ' + baud);
    if (!ready) {
      ready = true;
      readyAlarm.schedule((df ? opt('ready_ms', 2000) : spec.ready_ms ?? 300) * 1e6);
    }
  };
  uart.onByte = (b) => {
    if (!frame.length && b !== 0x7e) {
      log(ms().toFixed(3) + ' noise ' + b.toString(16));
      return;
    }
    frame.push(b);
    if (frame.length < 10) return;
    const hex = Buffer.from(frame).toString('hex');
    const cmd = frame[3];
    const param = frame[5] << 8 | frame[6];
    const clip = (frame[5] - 1) * 255 + frame[6]; // the clip of a play (folder, file)
    const feedback = frame[4];
    frame.length = 0;
    if (df && (ms() < readyAt || ms() - lastTaken < opt('gap_ms', 100))) {
      log(ms().toFixed(3) + ' drop ' + hex);
      return;
    }
    lastTaken = ms();
    log(ms().toFixed(3) + ' ' + hex);
    if (feedback) send(0x41, 0);
    if (!df) {
      if (cmd === 0x0f) {
        track = clip;
        doneAlarm.schedule((spec.clip_ms ?? 400) * 1e6);
      } else if (cmd === 0x16) {
        doneAlarm.cancel();
      }
      return;
    }
    if (cmd === 0x0f) {
      const slow = endedAlone && !playing && !starting;
      cut();
      track = clip;
      starting = clip;
      endedAlone = false;
      startAlarm.schedule((slow ? opt('after_end_ms', 800) : opt('start_ms', 500)) * 1e6);
    } else if (cmd === 0x16) {
      cut();
      endedAlone = false;
    }
  };

  return { ended: () => spec.end_ms !== undefined && ms() >= spec.end_ms, stop: !!spec.stop, close: () => fs.closeSync(out) };
}

module.exports = { attach };
