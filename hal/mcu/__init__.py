"""The board itself: MicroPython on a Raspberry Pi Pico or an ESP32, with two
MPR121 touch controllers, 7 buttons, the switch, a battery divider and a
DFPlayer Mini (docs/board.md). Every module here runs under MicroPython and
imports under CPython; buses are handed in, never created inside.

    config: the pins and the wiring, in one file
    mpr121, pads: the touch controllers; the 13 pads read as one bitmask
    buttons: the 7 buttons and the switch (GPIO, pull-ups)
    battery: the batteries through an ADC divider, in millivolts
    dfplayer, speaker: DFPlayer Mini frames; the clip queue that plays sentences
    inputs: everything pressable, read at once and debounced
    clock: a wrap-safe millisecond count from ticks_ms/ticks_diff
    wiring: builds the devices of config on a `machine` module
    standalone: the firmware on the board, talking by itself
    selftest: REPEAT held at power-up: each pad says its name, the LED lights
    rig: the board as a CFX/1 rig over USB serial, for `clue-fx serve`
    probe: electrode readings for `clue-fx calibrate`
"""
