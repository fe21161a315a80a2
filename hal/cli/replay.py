"""Replay a trace into the firmware and report the first difference.

    clue-fx replay game.jsonl      # identical: 312 inputs replayed into Narrator(seed=7)
"""


def add_arguments(p):
    p.add_argument("trace", metavar="TRACE", help="a trace file written with --trace")


def run(args):
    from hal.trace import TraceError, read, replay

    try:
        with open(args.trace, encoding="utf-8") as f:
            seed, records = read(f)
    except OSError as e:
        print("clue-fx replay: cannot read %s: %s" % (args.trace, e.strerror))
        return 2
    except TraceError as e:
        print("clue-fx replay: %s: %s" % (args.trace, e))
        return 2
    inputs = sum(1 for r in records if r[1] == "in")
    diff = replay(seed, records)
    if diff is None:
        print("identical: %d inputs replayed into Narrator(seed=%d)" % (inputs, seed))
        return 0
    t, event, want, got = diff
    print("differs at t=%d ms after %r:\n  trace:    %r\n  firmware: %r" % (t, event, want, got))
    return 1
