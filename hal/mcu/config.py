"""The board's wiring, in one file: pins, addresses, thresholds, timings.

Edit it for your build (docs/board.md has the same pins as a table and a
wiring picture), or keep your own copy and flash it with
`clue-fx flash --config myconfig.py`. Pins are GPIO numbers.
"""

import sys

# -- Raspberry Pi Pico (RP2040); also what the tests run with -----------------
I2C_ID = 0
I2C_SDA = 4  # GP4, pin 6
I2C_SCL = 5  # GP5, pin 7
UART_ID = 0  # to the DFPlayer Mini, 9600 8N1
UART_TX = 0  # GP0, pin 1 -> DFPlayer RX (through 1 kOhm)
UART_RX = 1  # GP1, pin 2 <- DFPlayer TX
# STOP SEARCH REPEAT ACCUSE YES NO WAIT, left to right: GP6..GP12 (pins 9-12, 14-16)
BUTTON_PINS = (6, 7, 8, 9, 10, 11, 12)
SWITCH_PIN = 13  # GP13, pin 17: the ON/OFF switch to ground; None: a one-pole switch that cuts the
#                 batteries (an original board's): the board is ON whenever it has power
BATTERY_PIN = 26  # GP26 / ADC0, pin 31: the middle of the divider
# LED_PIN = 25  # the self-test's light (hal/mcu/selftest.py): the Pico's own LED, GP25, unless you set
#                another here; a Pico W's is "LED", an ESP32 DevKit's 2 (a comment: no heap in the game)

if sys.platform == "esp32":  # an ESP32 DevKit (WROOM-32)
    I2C_ID = 0
    I2C_SDA = 21
    I2C_SCL = 22
    UART_ID = 2
    UART_TX = 17
    UART_RX = 16
    BUTTON_PINS = (32, 33, 25, 26, 27, 14, 13)  # no strapping pins (0, 2, 5, 12, 15)
    SWITCH_PIN = 4
    BATTERY_PIN = 34  # ADC1 (ADC2 is taken by Wi-Fi), input only
    PAD_PINS = MATRIX_ROWS = MATRIX_COLS = ()  # touch pads only: name your own pins for contacts

I2C_FREQ = 400000
UART_BAUD = 9600

# -- pads: what a pawn presses (docs/build-a-board.md) ------------------------
# "touch": electrodes on two MPR121 (below); "contacts": a switch to ground on
# a GPIO of its own for each pad (PAD_PINS); "matrix": the switches on a diode
# matrix, rows MATRIX_ROWS driven low one at a time, columns MATRIX_COLS read
# (pad i at row i // 4, column i % 4 on 4 columns), when pins run short.
PADS = "touch"
if sys.platform != "esp32":
    # "contacts": GP2-GP5 (pins 4-7), GP14-GP22 (pins 19-22, 24-27, 29), one per
    # pad in the order of PAD_ELECTRODES's pads: the places around the ring, then START
    PAD_PINS = (2, 3, 4, 5, 14, 15, 16, 17, 18, 19, 20, 21, 22)
    MATRIX_ROWS = (14, 15, 16, 17)  # "matrix": GP14-GP17 (pins 19-22), to the diodes' cathodes
    MATRIX_COLS = (18, 19, 20, 21)  # GP18-GP21 (pins 24-27), pulled up
PAD_REST_MS = 1500  # a pad held this long, still, is a pawn resting: released, the next pawn presses

# -- touch: two MPR121, ADDR to GND (0x5A) and ADDR to 3V3 (0x5B) -------------
TOUCH_ADDRESSES = (0x5A, 0x5B)
TOUCH_ELECTRODES = (9, 4)  # electrodes run on each, from electrode 0
# (controller index, electrode, pad): the places in ring order, then START
PAD_ELECTRODES = (
    (0, 0, "GARDIEN"),
    (0, 1, "PISCINE"),
    (0, 2, "MANOIR"),
    (0, 3, "JARDINS"),
    (0, 4, "ABRI"),
    (0, 5, "TENNIS"),
    (0, 6, "GARAGE"),
    (0, 7, "KIOSQUE"),
    (0, 8, "ECURIE"),
    (1, 0, "START_COMTE"),
    (1, 1, "START_LAVANDE"),
    (1, 2, "START_PECHE"),
    (1, 3, "START_AZUR"),
)
TOUCH_THRESHOLD = 12  # Adafruit's defaults; `clue-fx calibrate` suggests yours
RELEASE_THRESHOLD = 6
# Starting baselines, one tuple per controller, from `clue-fx calibrate`;
# None: each controller takes its first reading at power-on as its baseline.
BASELINES = None

BUTTON_NAMES = ("STOP", "SEARCH", "REPEAT", "ACCUSE", "YES", "NO", "WAIT")

# -- batteries: 3 x LR6 through 100 kOhm / 100 kOhm to the ADC ------------------
BATTERY_DIVIDER = 2
ADC_REF_MV = 3300
NO_BATTERY_MV = 1000  # below: no batteries (running on USB): no readings are sent

# -- audio ----------------------------------------------------------------------
VOLUME = 22  # 0..30
DFPLAYER_READY_MS = 3000  # after power-up, before the DFPlayer is spoken to, unless its READY comes first (1.5-3 s)
# DFPLAYER_GAP_MS = 120  # between two commands: the manual's 100 ms (closer ones may be dropped) and a
#                          margin; set it here for a module that wants more (a comment: no heap in the game)
# "full": the module answers in 10-byte frames; 8-byte clones are read as well. "none": a clone that
# never answers: wire its BUSY pin to a GPIO and name it in DFPLAYER_BUSY_PIN (else each track's end
# is only known by a 20 s timeout)
DFPLAYER_REPLIES = "full"
# SENTENCES = "sentences.bin"  # the table of the sentences the card holds whole (`clue-fx sdcard` writes
#   their tracks, `clue-fx flash` this file): each is one track, with no start of the module between its
#   words; no such file: every sentence plays clip by clip (a comment: no heap in the game)
DFPLAYER_BUSY_PIN = None  # e.g. 3 (GP3, pin 5) <- the DFPlayer's BUSY (low while it plays)

# -- timings (ms) -------------------------------------------------------------------
DEBOUNCE_MS = 30
POLL_MS = 10  # how often the inputs are read
TICK_MS = 100  # how often the firmware hears the time
BATTERY_EVERY_MS = 10000  # a battery reading this often while ON (CFX/1: at least every 10 s)

RIG_NAME = "pico-board" if sys.platform != "esp32" else "esp32-board"
