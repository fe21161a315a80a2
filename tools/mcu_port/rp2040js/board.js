// The world around the emulated RP2040 of a board test (run.js --board
// SPEC.json): switches to ground on its GPIO (the pads of a board that reads
// contacts, the buttons, the ON/OFF switch), the switches of a diode matrix,
// the battery on an ADC input, and a DFPlayer Mini on UART0.
//
// SPEC: {"steps": FILE, "frames": FILE, "clip_ms": 400, "ready_ms": 300,
//        "echo": true, "end_ms": N, "stop": false, "watch": [PIN, ...]}
// end_ms: the run ends there (with "stop", as planned: status 0; without,
// the program should have ended before: status 4). watch: output pins whose
// level is logged ("t pin PIN 0|1": an LED).
// steps, one a line, in time order, t_ms of the emulated clock:
//   "t contact PIN 0|1"     a switch from PIN to ground, open (0) or closed (1)
//   "t key ROW COL 0|1"     a switch of the matrix, ROW's pin to COL's pin
//                           through a diode: COL reads low while ROW is driven low
//   "t adc CHANNEL VALUE"   the ADC input's level, 0..4095
// frames: "t_ms HEX" for every frame the DFPlayer takes (its 10 bytes, as
// they came on the line), "baud N" when the program sets UART0's divisors.
// The DFPlayer answers as the module does: READY (0x3F) ready_ms after the
// UART is first set up, and 0x3D (track finished; twice with echo) clip_ms
// after each play command (0x0F); a stop (0x16) ends the clip unanswered.

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
    if (cols.has(pin)) {
      for (const [r, c] of keys) {
        const row = mcu.gpio[r];
        if (c === pin && closed.has('key ' + r + ' ' + c) && row.outputEnable && !row.outputValue) return false;
      }
    }
    return g.pullupEnabled;
  }
  function refresh() {
    for (let pin = 0; pin < 30; pin++) mcu.gpio[pin].setInputValue(level(pin));
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
  const feed = (f) => f.forEach((b) => uart.feedByte(b));
  const readyAlarm = clock.createAlarm(() => feed(reply(0x3f, 2)));
  let track = 0;
  const doneAlarm = clock.createAlarm(() => {
    feed(reply(0x3d, track));
    if (spec.echo) feed(reply(0x3d, track));
  });
  uart.onBaudRateChange = (baud) => {
    log('baud ' + baud);
    if (!ready) {
      ready = true;
      readyAlarm.schedule((spec.ready_ms ?? 300) * 1e6);
    }
  };
  uart.onByte = (b) => {
    if (!frame.length && b !== 0x7e) {
      log(ms().toFixed(3) + ' noise ' + b.toString(16));
      return;
    }
    frame.push(b);
    if (frame.length < 10) return;
    log(ms().toFixed(3) + ' ' + Buffer.from(frame).toString('hex'));
    if (frame[3] === 0x0f) {
      track = (frame[5] - 1) * 255 + frame[6];
      doneAlarm.schedule((spec.clip_ms ?? 400) * 1e6);
    } else if (frame[3] === 0x16) {
      doneAlarm.cancel();
    }
    frame.length = 0;
  };

  return { ended: () => spec.end_ms !== undefined && ms() >= spec.end_ms, stop: !!spec.stop, close: () => fs.closeSync(out) };
}

module.exports = { attach };
