"""Electrode readings for `clue-fx calibrate`, run on the board through
mpremote: one line per pad, `PAD <pad> <controller> <electrode> <baseline>
<min> <max> <mean>` (filtered data, 10 bits, lower when touched)."""


def survey(samples=40, every_ms=25, settle_ms=500):
    import time

    from . import config
    from .wiring import devices

    board = devices(config)
    board.start()
    time.sleep_ms(settle_ms)  # the baselines settle
    layout = config.PAD_ELECTRODES
    n = len(layout)
    lo = [1023] * n
    hi = [0] * n
    total = [0] * n
    for _ in range(samples):
        for i in range(n):
            ctl, e, _ = layout[i]
            v = board.touch[ctl].filtered(e)
            lo[i] = min(lo[i], v)
            hi[i] = max(hi[i], v)
            total[i] += v
        time.sleep_ms(every_ms)
    for i in range(n):
        ctl, e, pad = layout[i]
        print(
            "PAD %s %d %d %d %d %d %d" % (pad, ctl, e, board.touch[ctl].baseline(e), lo[i], hi[i], total[i] // samples)
        )
    print("THRESHOLDS %d %d" % (config.TOUCH_THRESHOLD, config.RELEASE_THRESHOLD))
