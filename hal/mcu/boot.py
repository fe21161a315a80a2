"""A boot error, shown: the board cannot start (a config that does not
hold, a touch controller that does not answer...). Imported only then, by
hal.mcu.standalone.main: the game's heap holds none of it."""

BOOT_BLINKS = 3  # a boot error: the LED blinks this many times, a pause, again, until the power goes


def boot_error(error, blinks=BOOT_BLINKS):
    """The board cannot start (a config that does not hold, a touch controller
    that does not answer...): the error on the USB console, and the LED's
    blink code for a board with no console: BOOT_BLINKS blinks of 300 ms,
    1.5 s dark, for ever (docs/build-a-board.md, "When it does not start")."""
    import sys
    import time

    print("clue-fx: the board cannot start: %s" % (error,))
    if hasattr(sys, "print_exception"):
        sys.print_exception(error)
    try:
        from . import config
        from .selftest import led_pin

        led = led_pin(config)
    except Exception:  # a config that does not even import: the Pico's own LED
        import machine

        led = machine.Pin(25, machine.Pin.OUT, value=0)
    while True:
        for _ in range(blinks):
            led.value(1)
            time.sleep_ms(300)
            led.value(0)
            time.sleep_ms(300)
        time.sleep_ms(1500)
