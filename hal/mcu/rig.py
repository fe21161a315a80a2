"""The board as a CFX/1 rig (docs/PROTOCOL.md) over its USB serial line,
for `clue-fx serve`: it reports pads, buttons, the switch and the battery,
plays the clips it is told to (`PLAY n ...`) on its DFPlayer and answers
`DONE` when it has played them all. No game rules here, no firmware: the
framing and the words of the lines are hal/cfx/wire.py's, the only module
of hal/cfx/ on the board. No host line ends the loop: each is answered, an
`ERR <reason>` for what it cannot do (`internal` for a fault of its own).

    from hal.mcu import rig; rig.main()
"""

from hal.cfx import wire as cfx

# "debounced": pads, buttons and the switch are debounced here (inputs.py),
# so the host adds no lock-out of its own.
FEATURES = ("pads", "buttons", "switch", "battery", "audio", "debounced")


class Rig:
    def __init__(self, devices, clock, write, name="pico-board"):
        """`write(bytes)`: sends on the serial line."""
        self.inputs = devices.inputs
        self.gauge = devices.gauge
        self.speaker = devices.speaker
        c = devices.config
        self.battery_every_ms = c.BATTERY_EVERY_MS
        self.clock = clock
        self.write = write
        self.name = name
        self.reader = cfx.LineReader()
        self.seq = 0
        self.millivolts = 0
        self._next_battery = 0

    def send(self, text):
        self.write(cfx.frame(text))

    def _event(self, text_of_seq):
        self.send(text_of_seq)
        self.seq = cfx.next_seq(self.seq)

    def hello(self):
        self.send(cfx.hello_line(self.name, FEATURES))

    # -- host -> rig --------------------------------------------------------

    def receive(self, data):
        """Bytes from the host: act on each complete line."""
        for kind, value in self.reader.feed(data):
            if kind == "error":
                self.send(cfx.err_line(value))
                continue
            try:
                self.obey(cfx.parse_host(value))
            except cfx.LineError as e:
                self.send(cfx.err_line(e.reason))
            except Exception:  # a fault of this program: the line is lost, not the loop
                self.send(cfx.err_line("internal"))

    def obey(self, msg):
        what = msg[0]
        if what == "play":
            from .dfplayer import MAX_CLIP

            for n in msg[1]:
                if n > MAX_CLIP:
                    raise cfx.LineError("bad_number", "clip %d is past the card's %d" % (n, MAX_CLIP))
            dropped = self.speaker.dropped
            self.speaker.queue(msg[1])
            if self.speaker.dropped != dropped:
                self.send(cfx.err_line("queue_full"))  # the clips past the queue are not played
        elif what == "stop":
            self.speaker.stop(self.clock.now())
        elif what == "ping":
            self.send(cfx.PONG)
        elif what == "hello?":
            self.hello()
        elif what == "state?":
            i = self.inputs
            self.send(cfx.state_line(i.switch_on(), self.millivolts, i.pads_down(), i.buttons_down()))
        elif what == "touch":
            self.send(cfx.err_line("unsupported"))  # a real board is pressed by hands only
        # ("err", reason): the host did not understand us; nothing to do

    # -- rig -> host ------------------------------------------------------------

    def step(self):
        now = self.clock.now()
        for kind, name, down in self.inputs.poll(now):
            self._event(cfx.edge_line(self.seq, kind, name, down))
        if now >= self._next_battery:
            self._next_battery = now + self.battery_every_ms
            mv = self.gauge.millivolts()  # None below the config's NO_BATTERY_MV: on USB power
            self.millivolts = mv if mv is not None else 0  # 0 in STATE: no batteries (USB)
            if self.millivolts:
                self._event(cfx.battery_line(self.seq, mv))
        if self.speaker.poll(now):
            self._event(cfx.done_line(self.seq))


class UsbSerial:
    """The board's USB serial line (its REPL console) as bytes in and out.
    Reading never blocks. Ctrl-C (0x03) on the line still stops the program,
    so that `clue-fx flash` can take the board back."""

    def __init__(self):
        import select
        import sys

        self._in = sys.stdin.buffer
        self._out = sys.stdout.buffer if hasattr(sys.stdout, "buffer") else sys.stdout
        self._poll = select.poll()
        self._poll.register(sys.stdin, select.POLLIN)
        self._buf = bytearray(128)

    def read(self):
        """What has arrived (bytes), or None."""
        n = 0
        buf = self._buf
        while n < len(buf) and self._poll.poll(0):
            b = self._in.read(1)
            if not b:
                break
            buf[n] = b[0]
            n += 1
            if b[0] == 10:
                break
        return bytes(buf[:n]) if n else None

    def write(self, data):
        self._out.write(data)
        if hasattr(self._out, "flush"):
            self._out.flush()


def main(port=None):
    import time

    from . import config
    from .clock import Clock
    from .wiring import devices

    board = devices(config)
    if port is None:
        port = UsbSerial()
    rig = Rig(board, Clock(time.ticks_ms, time.ticks_diff), port.write, config.RIG_NAME)
    board.start()
    rig.hello()
    while True:
        data = port.read()
        while data:
            rig.receive(data)
            data = port.read()
        rig.step()
        time.sleep_ms(config.POLL_MS)
