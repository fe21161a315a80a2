"""The board's self-test, for a maker checking the wiring: hold REPEAT
while the board powers up (plug it in, or switch the batteries on) and the
game does not start; instead

- every pad pressed says its name through the DFPlayer (a place: "the
  stables"; a START square: its guest), so one press checks the pad, its
  wire, the SD card and the speaker at once;
- the LED (config.LED_PIN, else the Pico's own) lights while anything is
  pressed, and blinks when the switch moves: a button or the switch, which
  have no name to say, show there;
- every change is printed on the USB console (`PAD ECURIE DOWN`, `BTN YES
  UP`, `SW ON`, as CFX/1 words them) with what is still to press;
- once every pad and every button has been pressed, the win fanfare plays
  and the console says `ALL PRESSED`;
- the batteries' voltage is printed at the start (`BATTERY 4.38 V`, or
  `BATTERY NONE` on USB power), and the DFPlayer's health once it has had
  time to start (`DFPLAYER OK`, or `DFPLAYER SILENT ...` when it never
  answered: a broken TX wire, no power, no card), the LED blinking
  SILENT_BLINKS short blinks then;
- after the rulebook's 15 minutes without a press (firmware.power.IDLE_MS)
  it says the sleep phrase, prints `SLEEP`, puts the DFPlayer to sleep and
  stops (the batteries are spared): power off and on to test again.

Power off and on without REPEAT to play (hal.mcu.standalone.main looks at
REPEAT once, at power-up). docs/build-a-board.md, step 5.
"""

from firmware import clips
from firmware.power import IDLE_MS

BLINK_MS = 300  # the LED's blink when the switch moves
SILENT_BLINKS = 5  # a DFPlayer that never answered: this many short blinks
CHECK_AFTER_MS = 500  # after the DFPlayer's longest start (config.DFPLAYER_READY_MS): has it answered?


def clip_of(pad):
    """The clip that names a pad: a place's name, or a START square's guest."""
    if pad.startswith("START_"):
        return clips.number("guest." + pad[6:])
    return clips.number("place." + pad)


class SelfTest:
    def __init__(self, devices, led=None, out=print, idle_ms=IDLE_MS):
        """`devices`: wiring.Devices; `led`: a machine.Pin output, or None."""
        self.inputs = devices.inputs
        self.speaker = devices.speaker
        self.gauge = devices.gauge
        c = devices.config
        self.check_at = getattr(c, "DFPLAYER_READY_MS", 3000) + CHECK_AFTER_MS
        self.silent_clone = getattr(c, "DFPLAYER_REPLIES", "full") == "none"
        self.idle_ms = idle_ms
        self.last_input = 0
        self.asleep = False
        self.code_from = None
        self.led = led
        self.out = out
        self.left = list(self.inputs.pads.names) + list(self.inputs.buttons.names)
        self.held = 0  # how many things are pressed now
        self.blink_until = -1  # the switch moved: the LED lit until then
        self.done = False

    def batteries(self):
        mv = self.gauge.millivolts()
        self.out("BATTERY NONE (USB power)" if mv is None else "BATTERY %d.%02d V" % (mv // 1000, mv % 1000 // 10))

    def step(self, now):
        """One pass: the inputs' changes said, shown and printed; the speaker fed."""
        if self.asleep:
            return
        if self.check_at is not None and now >= self.check_at:
            self.check_at = None
            if self.silent_clone:
                self.out("DFPLAYER NOT ASKED (DFPLAYER_REPLIES = none: a clone that never answers)")
            elif self.speaker.player.replies:
                self.out("DFPLAYER OK")
            else:
                self.out("DFPLAYER SILENT: no answer; check its TX -> the Pico's RX wire, its power and its SD card")
                self.code_from = now  # the blinks below
        for kind, name, down in self.inputs.poll(now):
            self.last_input = now
            if kind == "SW":
                self.out("SW %s" % ("ON" if down else "OFF"))
                self.blink_until = now + BLINK_MS
                continue
            self.held += 1 if down else -1
            self.out("%s %s %s" % (kind, name, "DOWN" if down else "UP"))
            if down and kind == "PAD":
                self.speaker.queue((clip_of(name),))
            if down and name in self.left:
                self.left.remove(name)
                if self.left:
                    self.out("LEFT %s" % " ".join(self.left))
                elif not self.done:
                    self.done = True
                    self.speaker.queue((clips.number("jingle.win"),))
                    self.out("ALL PRESSED")
        if self.led is not None:
            lit = self.held > 0 or now < self.blink_until
            if self.code_from is not None:  # the silent DFPlayer's blinks: 150 ms on, 150 off
                k = (now - self.code_from) // 150
                if k >= 2 * SILENT_BLINKS:
                    self.code_from = None
                lit = k < 2 * SILENT_BLINKS and k % 2 == 0
            self.led.value(1 if lit else 0)
        self.speaker.poll(now)
        if self.held == 0 and now - self.last_input >= self.idle_ms:  # the rulebook's shut-off
            self.asleep = True
            self.speaker.stop(now)
            self.speaker.queue((clips.number("phrase.sleep"),))
            self.out("SLEEP after %d s without a press: power off and on to test again" % (self.idle_ms // 1000))
            if self.led is not None:
                self.led.value(0)


def led_pin(config):
    """The LED of config.LED_PIN, else the board's own (GP25 on a Pico; 2 on an ESP32 DevKit), off."""
    import sys

    import machine

    n = getattr(config, "LED_PIN", 2 if sys.platform == "esp32" else 25)
    return machine.Pin(n, machine.Pin.OUT, value=0)


def main(devices, clock):
    """Run the self-test until the power goes, or the idle shut-off (the board's main loop)."""
    import time

    test = SelfTest(devices, led_pin(devices.config), idle_ms=getattr(devices.config, "SELFTEST_IDLE_MS", IDLE_MS))
    print("clue-fx self-test: press every pad and button (LEFT lists what is still to press)")
    test.out("LEFT %s" % " ".join(test.left))
    test.batteries()
    poll = devices.config.POLL_MS
    while not test.asleep:
        test.step(clock.now())
        time.sleep_ms(poll)
    sp = test.speaker
    while not sp.idle():  # the sleep phrase said
        sp.poll(clock.now())
        time.sleep_ms(poll)
    sp.player.command(0x0A)  # the DFPlayer asleep (its SLEEP command)
    while True:
        time.sleep_ms(1000)  # asleep until the power goes
