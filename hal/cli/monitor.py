"""Show a CFX/1 serial line decoded, both directions, with checksum verdicts:
what a person wiring a rig needs on day one.

    clue-fx monitor /dev/ttyACM0
        You are the host: it asks HELLO?, shows what the rig says, and sends
        what you type (HELLO?, STATE?, PING, PLAY 1 2 3, ...) with its checksum.

    clue-fx monitor /dev/ttyACM0 --pass /tmp/cfx
        Between the rig and a host: it makes a pty at /tmp/cfx for the host
        (clue-fx serve --port /tmp/cfx) and passes every byte both ways,
        showing each line as it goes.
"""

from . import options


def add_arguments(p):
    options.keep_layout(p)
    p.add_argument("url", metavar="URL", help="the rig's serial port or pyserial URL (/dev/ttyACM0, rfc2217://...)")
    p.add_argument(
        "--pass",
        dest="pass_path",
        metavar="PATH",
        help="stand between the rig and a host: make a pty at PATH for the host and pass bytes both ways",
    )
    p.add_argument("--baud", type=int, default=115200, help="baud rate (default 115200)")
    p.add_argument("--no-hello", action="store_true", help="do not send HELLO? on opening (just listen)")


def run(args):
    from hal.cfx import monitor

    return monitor.run(args)
