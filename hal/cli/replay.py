"""Replay a trace into the firmware and report the first difference.

    clue-fx replay game.jsonl      # identical: 312 inputs replayed into Narrator(seed=7)

A trace a crash left (its last line torn, its last input's burst cut short)
replays its intact part and says what was left out. Exit 0 identical, 1 a
difference, 2 not a trace (one line saying why).
"""

import os
import sys


def add_arguments(p):
    from . import options

    p.add_argument("trace", metavar="TRACE", help="a trace file written with --trace")
    options.add_edition_option(p)  # a sentence that differs is shown as its caption too


def fail(path, why):
    print("clue-fx replay: %s: %s" % (path, why), file=sys.stderr)
    return 2


def run(args):
    from hal.files import NotRegular, open_regular
    from hal.trace import TraceError, groups, load, replay

    if os.path.isdir(args.trace):
        return fail(args.trace, "a directory, not a trace")
    try:
        with open_regular(args.trace, "rb") as f:
            trace = load(f)
    except NotRegular as e:
        return fail(args.trace, "%s: not a trace" % e.strerror)
    except OSError as e:
        return fail(args.trace, "cannot read it: %s" % (e.strerror or e))
    except TraceError as e:
        return fail(args.trace, e)
    records = trace.records
    inputs = len(groups(records))
    try:
        diff = replay(trace.seed, records, cut_short=True)
    except TraceError as e:
        return fail(args.trace, e)
    if trace.torn is not None:
        print("the last line (line %d) was torn (a crash or a full disk?): replaying the lines before it" % trace.torn)
    if diff is None:
        short = replay(trace.seed, records) is not None
        if short:
            print("the last input's actions were cut short (the trace stopped inside them): compared as far as they go")
        print("identical: %d inputs replayed into Narrator(seed=%d)" % (inputs, trace.seed))
        return 0
    t, event, want, got = diff
    print("differs at t=%d ms after %r:\n  trace:    %r\n  firmware: %r" % (t, event, want, got))
    said = _captions(args)
    for who, action in (("trace", want), ("firmware", got)):
        if said is not None and getattr(action, "clips", None):
            print("  %s says: %s" % (who, said.line(action)))
    return 1


def _captions(args):
    from hal import captions

    from . import options

    try:
        return captions.load(options.edition_of(args))
    except (OSError, ValueError):
        return None  # no sounds manifest installed: the ids are enough
