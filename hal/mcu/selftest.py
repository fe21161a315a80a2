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
  and the console says `ALL PRESSED`.

Power off and on without REPEAT to play (hal.mcu.standalone.main looks at
REPEAT once, at power-up). docs/build-a-board.md, step 5.
"""

from firmware import clips

BLINK_MS = 300  # the LED's blink when the switch moves


def clip_of(pad):
    """The clip that names a pad: a place's name, or a START square's guest."""
    if pad.startswith("START_"):
        return clips.number("guest." + pad[6:])
    return clips.number("place." + pad)


class SelfTest:
    def __init__(self, devices, led=None, out=print):
        """`devices`: wiring.Devices; `led`: a machine.Pin output, or None."""
        self.inputs = devices.inputs
        self.speaker = devices.speaker
        self.led = led
        self.out = out
        self.left = list(self.inputs.pads.names) + list(self.inputs.buttons.names)
        self.held = 0  # how many things are pressed now
        self.blink_until = -1  # the switch moved: the LED lit until then
        self.done = False

    def step(self, now):
        """One pass: the inputs' changes said, shown and printed; the speaker fed."""
        for kind, name, down in self.inputs.poll(now):
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
            self.led.value(1 if self.held > 0 or now < self.blink_until else 0)
        self.speaker.poll(now)


def led_pin(config):
    """The LED of config.LED_PIN, else the board's own (GP25 on a Pico; 2 on an ESP32 DevKit), off."""
    import sys

    import machine

    n = getattr(config, "LED_PIN", 2 if sys.platform == "esp32" else 25)
    return machine.Pin(n, machine.Pin.OUT, value=0)


def main(devices, clock):
    """Run the self-test until the power goes (the board's main loop)."""
    import time

    test = SelfTest(devices, led_pin(devices.config))
    print("clue-fx self-test: press every pad and button (LEFT lists what is still to press)")
    test.out("LEFT %s" % " ".join(test.left))
    poll = devices.config.POLL_MS
    while True:
        test.step(clock.now())
        time.sleep_ms(poll)
