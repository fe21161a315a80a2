"""Follow one rig press through the serial host's code, and count: a
VirtualRig on a pty, the host as tests/support/link.py builds it, the real
Serve loop; the turn of the loop that takes the press's line is traced
with sys.settrace from the host's first sight of it to the end of the turn.

    python tools/press_path.py                # --audio rig (the rig's speaker)
    python tools/press_path.py --audio none

It prints the modules of ours the press passes, in order (firmware/ counted
as one room: it does not change here), how many stays (a run of calls and
returns inside one module), in how many rooms, and how many times control
comes back to hal/cfx/host.py after it called out. To compare with an older
commit, run this file from a checkout of that commit (it reads the tree
it sits in).
"""

import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OURS = ("firmware" + os.sep, "hal" + os.sep, "sim" + os.sep)
HOST = os.path.join("hal", "cfx", "host.py")


def room(frame):
    """The module of ours `frame` runs in (firmware/ as one), or None."""
    name = frame.f_code.co_filename if frame is not None else ""
    if not name.startswith(ROOT + os.sep):
        return None
    rel = name[len(ROOT) + 1 :]
    if not rel.startswith(OURS):
        return None
    return "firmware" if rel.startswith("firmware") else rel


def follow(audio, seed=1, timeout_s=10.0):
    """The rooms, in order, that one pad press on a virtual rig passes."""
    sys.path.insert(0, ROOT)
    from hal.cfx.link import UP
    from hal.cfx.serve import Serve
    from hal.cfx.virtual import VirtualRig
    from tests.support.link import build_host

    host = build_host(seed=seed, audio=audio)
    path = []

    def tracer(frame, event, arg):
        if event in ("call", "return"):
            # a call enters the callee's module; a return goes back to the caller's
            here = room(frame) if event == "call" else room(frame.f_back)
            if here is not None and (not path or path[-1] != here):
                path.append(here)
        return tracer

    with VirtualRig() as rig:
        loop = Serve(rig.path, host)
        deadline = time.monotonic() + timeout_s
        while host.link != UP and time.monotonic() < deadline:
            loop.once(20)
        rig.switch(True)
        settle = time.monotonic() + 1.5
        while time.monotonic() < settle:  # the switch's edge, its sentence, Ticks
            loop.once(20)
        before = host.stats["events"]
        rig.press_pad("ECURIE")
        deadline = time.monotonic() + timeout_s
        while host.stats["events"] == before and time.monotonic() < deadline:
            path.clear()  # only the turn that takes the press
            sys.settrace(tracer)
            try:
                loop.once(20)
            finally:
                sys.settrace(None)
        loop.port.close()
    if host.stats["events"] == before:
        raise SystemExit("press_path: the press never reached the host")
    return path[path.index(HOST) :]


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--audio", choices=("rig", "none"), default="rig", help="the host's speaker (default rig)")
    args = p.parse_args(argv)
    path = follow(args.audio)
    print("%d stays in %d rooms; %d returns to %s" % (len(path), len(set(path)), path.count(HOST) - 1, HOST))
    print(" -> ".join(path))
    return 0


if __name__ == "__main__":
    sys.exit(main())
