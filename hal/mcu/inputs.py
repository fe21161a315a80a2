"""Everything a hand (or a pawn) can press on the board, read at once and
debounced: the pads, the buttons, the switch.

`poll(now)` returns the changes since the last poll as (kind, id, down)
tuples, kind being "PAD", "BTN" or "SW" (the words of CFX/1). They are made
when something changes, a few times a second at most: cheaper than keeping
42 of them made in advance on a board with little heap. Within one poll
pads come first, then buttons, then the switch: a pawn left on the board at
power-on is reported before the switch goes ON.

Pads are momentary presses (docs/build-a-board.md, "Pawns that rest"): a
pad held down for `rest_ms` is a pawn resting there. It is reported
released then, while it still reads down, and it presses again only once it
has read released (a contact opened; a touch electrode whose driver took
the resting pawn as its new level, hal/mcu/pads.py). So the firmware never
holds a resting pawn as a pad down, and the next pawn put there is a press.
"""


class Debouncer:
    """Bits that count only once they have held still for `ms`."""

    def __init__(self, count, ms):
        self.ms = ms
        self.state = 0  # the debounced bits
        self._raw = 0
        self._since = [0] * count  # when each raw bit last moved

    def update(self, raw, now):
        """Take a raw reading; return the mask of debounced bits that flipped."""
        moved = raw ^ self._raw
        if moved:
            self._raw = raw
            since = self._since
            i = 0
            while moved:
                if moved & 1:
                    since[i] = now
                moved >>= 1
                i += 1
        pending = raw ^ self.state
        if not pending:
            return 0
        flip = 0
        i = 0
        bit = 1
        while bit <= pending:
            if pending & bit and now - self._since[i] >= self.ms:
                flip |= bit
            bit <<= 1
            i += 1
        self.state ^= flip
        return flip


class Inputs:
    def __init__(self, pads, buttons, switch, debounce_ms=30, rest_ms=0):
        """`pads`, `buttons`: objects with `.names` and `.read(now)` -> bitmask;
        `switch`: `.read()` -> 1 when ON. `rest_ms`: a pad held this long
        is a pawn resting, reported released (0: never)."""
        self.pads = pads
        self.buttons = buttons
        self.switch = switch
        self._np = len(pads.names)
        self._nb = len(buttons.names)
        self._names = pads.names + buttons.names + ("SWITCH",)
        self._debounce = Debouncer(len(self._names), debounce_ms)
        self._out = []
        self.rest_ms = rest_ms
        self._rested = 0  # pads still down that were reported released: pawns resting
        self._pressed_at = [0] * self._np

    def read(self, now=0):
        """The raw bits: pads, then buttons, then the switch."""
        return self.pads.read(now) | self.buttons.read() << self._np | self.switch.read() << (self._np + self._nb)

    def poll(self, now):
        """The debounced changes since the last poll (a list reused each time)."""
        out = self._out
        while out:
            out.pop()  # (del out[:] would allocate a slice on every poll)
        flip = self._debounce.update(self.read(now), now)
        state = self._debounce.state
        quiet = flip & self._rested  # a resting pawn lifted: its release was said already
        if quiet:
            self._rested ^= quiet
            flip ^= quiet
        np = self._np
        if flip:
            i = 0
            bit = 1
            nb = np + self._nb
            while bit <= flip:
                if flip & bit:
                    down = bool(state & bit)
                    if i < np and down:
                        self._pressed_at[i] = now
                    out.append(("PAD" if i < np else ("BTN" if i < nb else "SW"), self._names[i], down))
                bit <<= 1
                i += 1
        held = state & ((1 << np) - 1) & ~self._rested
        if held and self.rest_ms:
            i = 0
            bit = 1
            while bit <= held:
                if held & bit and now - self._pressed_at[i] >= self.rest_ms:
                    self._rested |= bit
                    out.append(("PAD", self._names[i], False))
                bit <<= 1
                i += 1
        return out

    # -- the debounced state, for STATE? and the pawns left at power-on ------

    def _down(self, offset, names):
        state = (self._debounce.state & ~self._rested) >> offset
        out = []  # a loop: a comprehension is one more function in RAM
        for i in range(len(names)):
            if state >> i & 1:
                out.append(names[i])
        return out

    def pads_down(self):
        return self._down(0, self.pads.names)

    def buttons_down(self):
        return self._down(self._np, self.buttons.names)

    def switch_on(self):
        return bool(self._debounce.state >> (self._np + self._nb) & 1)
