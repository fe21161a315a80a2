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
    p.add_argument("--baud", type=options.baud_arg, default=115200, help="baud rate (default 115200)")
    p.add_argument("--no-hello", action="store_true", help="do not send HELLO? on opening (just listen)")
    options.add_edition_option(p)  # a PLAY line shows what its clips say


def run(args):
    import sys

    from hal import captions
    from hal.cfx import monitor, port

    try:
        why = options.url_problem(args.url) or port.not_a_port(args.url)
    except Exception as e:  # hwgrep:// with a bad pattern or matching nothing: pyserial's own errors
        why = str(e)
    if why:
        print("clue-fx monitor: %s is not a port: %s" % (args.url, why))
        return 2
    try:
        line = port.open_url(args.url, baudrate=args.baud, timeout=0.1)
    except port.PortError as e:
        print("clue-fx monitor: cannot open %s: %s" % (args.url, e.why))
        return 2
    said = captions.load(options.edition_of(args))
    if args.pass_path:
        try:
            return monitor.pass_through(line, args.pass_path, sys.stdout, captions=said)
        except OSError as e:  # the pty's path: a missing folder, a directory there
            if isinstance(e, BrokenPipeError):
                raise  # our stdout closed: the front door ends quietly
            print("clue-fx monitor: cannot make the host's pty at %s: %s" % (args.pass_path, e.strerror or e))
            return 2
    return monitor.as_host(line, sys.stdin, sys.stdout, hello=not args.no_hello, captions=said)
