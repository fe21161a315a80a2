// Runs the project's MicroPython image for the Cortex-M0+ (firmware.bin,
// linked for the RP2040's XIP flash) on rp2040js, the RP2040 emulator of
// npm, cycle-counted at 125 MHz. ARM semihosting (BKPT 0xAB) is served here
// as QEMU serves it: the console on stdout, the host's files, the command
// line and the exit status.
//
//   node run.js firmware.bin [--romfs romfs.img OFFSET] [--board SPEC.json] HEAP CODE
//
// --board: the world around the chip (board.js): switches on its pins, the
// battery on its ADC, a DFPlayer on its UART0; the run ends at SPEC's end_ms.
//
// (rp2040js from NODE_PATH; tools/mcu_build.py installs it.) Prints the
// program's output; exits with its status.

const fs = require('fs');
const { RP2040 } = require('rp2040js');

let [image, ...args] = process.argv.slice(2);
let romfs = null;
if (args[0] === '--romfs') { // --romfs FILE OFFSET: a ROMFS image in the flash, OFFSET bytes in
  romfs = { data: fs.readFileSync(args[1]), offset: parseInt(args[2], 16) };
  args = args.slice(3);
}
let boardSpec = null;
if (args[0] === '--board') {
  boardSpec = JSON.parse(fs.readFileSync(args[1], 'utf8'));
  args = args.slice(2);
}
const cmdline = Buffer.from(args.join(' '));
const mcu = new RP2040();
mcu.flash.set(fs.readFileSync(image), 0);
if (romfs) mcu.flash.set(romfs.data, romfs.offset);
const core = mcu.core;
core.VTOR = 0x10000000;
core.SP = mcu.readUint32(0x10000000);
core.PC = mcu.readUint32(0x10000004) & ~1;

const files = new Map(); // handle -> {fd, pos}
let nextHandle = 3;
const MODES = ['r', 'r', 'r+', 'r+', 'w', 'w', 'w+', 'w+', 'a', 'a', 'a+', 'a+'];
let exitStatus = null;

function word(addr, i) {
  return mcu.readUint32(addr + 4 * i) >>> 0;
}

function semihost(op, arg) {
  switch (op) {
    case 0x01: { // OPEN
      const name = Buffer.from(Array.from({ length: word(arg, 2) }, (_, i) => mcu.readUint8(word(arg, 0) + i))).toString();
      if (name === ':tt') return 1;
      try {
        const fd = fs.openSync(name, MODES[word(arg, 1)]);
        files.set(nextHandle, { fd, pos: 0 });
        return nextHandle++;
      } catch (e) {
        return -1;
      }
    }
    case 0x02: { // CLOSE
      const f = files.get(word(arg, 0));
      if (f) { fs.closeSync(f.fd); files.delete(word(arg, 0)); }
      return 0;
    }
    case 0x05: { // WRITE: returns the bytes not written
      const h = word(arg, 0), buf = word(arg, 1), len = word(arg, 2);
      const data = Buffer.from(Array.from({ length: len }, (_, i) => mcu.readUint8(buf + i)));
      if (h === 1) { process.stdout.write(data); return 0; }
      const f = files.get(h);
      if (!f) return len;
      const n = fs.writeSync(f.fd, data, 0, len, f.pos);
      f.pos += n;
      return len - n;
    }
    case 0x06: { // READ: returns the bytes not read
      const f = files.get(word(arg, 0)), buf = word(arg, 1), len = word(arg, 2);
      if (!f) return len;
      const data = Buffer.alloc(len);
      const n = fs.readSync(f.fd, data, 0, len, f.pos);
      f.pos += n;
      for (let i = 0; i < n; i++) mcu.writeUint8(buf + i, data[i]);
      return len - n;
    }
    case 0x0a: { // SEEK
      const f = files.get(word(arg, 0));
      if (!f) return -1;
      f.pos = word(arg, 1);
      return 0;
    }
    case 0x0c: { // FLEN
      const f = files.get(word(arg, 0));
      return f ? fs.fstatSync(f.fd).size : -1;
    }
    case 0x15: { // GET_CMDLINE
      const buf = word(arg, 0), room = word(arg, 1);
      const n = Math.min(room - 1, cmdline.length);
      for (let i = 0; i < n; i++) mcu.writeUint8(buf + i, cmdline[i]);
      mcu.writeUint8(buf + n, 0);
      mcu.writeUint32(arg + 4, n);
      return 0;
    }
    case 0x18: // EXIT
      exitStatus = arg === 0x20026 ? 0 : 1;
      return 0;
    case 0x20: // EXIT_EXTENDED
      exitStatus = word(arg, 1);
      return 0;
    default:
      return -1;
  }
}

mcu.onBreak = (code) => {
  if (code !== 0xab) {
    process.stderr.write('rp2040js: breakpoint ' + code + ' at ' + core.PC.toString(16) + '\n');
    exitStatus = 3;
    return;
  }
  core.registers[0] = semihost(core.registers[0] >>> 0, core.registers[1] >>> 0) >>> 0;
};

const board = boardSpec ? require('./board.js').attach(mcu, boardSpec) : null;
const clock = mcu.clock;
const cycleNanos = 1e9 / 125000000;
while (exitStatus === null) {
  if (board && board.ended()) {
    if (board.stop) { // a program that runs for ever (a board's main loop), stopped as planned
      exitStatus = 0;
      break;
    }
    process.stderr.write('rp2040js: the board reached end_ms with the program still running\n');
    exitStatus = 4;
    break;
  }
  if (core.waiting) {
    clock.tick(clock.nanosToNextAlarm);
    // rp2040js wakes a WFI for the NVIC's interrupts only (setInterrupt); on
    // the chip SysTick wakes it too: the board's sleep_ms waits on SysTick
    if (core.pendingSystick && core.checkForInterrupts()) core.waiting = false;
  } else {
    clock.tick(core.executeInstruction() * cycleNanos);
  }
}
if (board) board.close();
process.exitCode = exitStatus;
