"""The board's standalone program (hal.mcu.standalone) on the emulated
RP2040, its pins and its UART the chip's, with a trace of what it handled
(hal.trace.TraceWriter) written to the host through semihosting:

    import pico_game; pico_game.main(SEED, "contacts", "trace.jsonl", END_MS)

`pads`: config.PADS ("contacts" or "matrix"). The program runs END_MS
milliseconds of the board's clock (SysTick), then the run ends; it sleeps
between passes as standalone.main does, so the emulator skips the idle time.
"""

import json
import time

from hal.mcu import config


def main(seed, pads, trace_path, end_ms):
    config.PADS = pads
    from hal.mcu.clock import Clock
    from hal.mcu.standalone import Standalone
    from hal.mcu.wiring import devices
    from hal.trace import TraceWriter

    trace = TraceWriter(open(trace_path, "w"), seed)
    board = devices()
    program = Standalone(board, Clock(time.ticks_ms, time.ticks_diff), seed, trace)
    board.start()
    t0 = time.ticks_ms()
    while time.ticks_diff(time.ticks_ms(), t0) < end_ms:
        time.sleep_ms(program.step())
    trace.close()
    sp = board.speaker
    print(
        json.dumps(
            {
                "dropped": sp.dropped,
                "lost": sp.lost,
                "bad_replies": sp.player.bad_frames,
                "retried": sp.retried,
                "missing": sp.missing,
                "whole": program.speaker.sentences is not None,
            }
        )
    )
