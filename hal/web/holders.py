"""Who holds the web board and each seat of its card table (docs/web.md:
what a stranger on the home network can and cannot do).

The board: the first screen that connects (not as a seat) holds it; so do
the screens of the same address (the tablet's other tab, a reload) and any
screen that shows the board's key (the link `clue-fx web` prints, or the
key the holder's page keeps to come back from a new address). Every other
screen only watches: what is said aloud at the table, nothing more.

A seat: its join code is shown under its QR code on the board (in view of
the table) and printed by the host; the first phone to come with it holds
the seat, bound to that phone's address and to a device key only that
phone is given. The same phone comes back with the code (same address) or
its device key (a new address); any other device is refused in one line.
The guest hands the seat back (a new code: the old one is dead) or to a
bot; the board can do the same for a phone that died.

    board = BoardHolder()
    board.role("192.168.1.20", None)        # "board" (the first), then "viewer" for any other address
    seats = SeatHolders(["COMTE", "LAVANDE"])
    seats.claim("COMTE", "K7QM2XPA", "192.168.1.31", None)   # (device key, None) or (None, why)
    seats.guest_of_code("k7qm-2xpa")        # "COMTE": what /join finds for a code typed by hand

Pure: no socket, no clock; the server asks and records.
"""

import secrets

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no I, O, 0, 1: never misread when typed
CODE_LENGTH = 8  # 32**8 = 1.1e12 codes, against a few guesses a second (hal.web.guard)


def new_code():
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def normal_code(text):
    """A code as typed (lower case, a dash, spaces) in its canonical form, or None."""
    if not isinstance(text, str) or len(text) > 32:
        return None
    code = text.upper().replace("-", "").replace(" ", "")
    if len(code) != CODE_LENGTH or any(c not in CODE_LETTERS for c in code):
        return None
    return code


def shown(code):
    """A code as the board shows it: two groups of four."""
    return "%s-%s" % (code[:4], code[4:])


def _same(a, b):
    return isinstance(a, str) and isinstance(b, str) and secrets.compare_digest(a.encode(), b.encode())


class BoardHolder:
    def __init__(self, key=None):
        self.key = key or secrets.token_urlsafe(16)
        self.addr = None  # the address of the first screen

    def role(self, addr, key):
        """ "board" or "viewer" for a screen at `addr` showing `key` (or None)."""
        if key is not None and _same(key, self.key):
            if self.addr is None:
                self.addr = addr
            return "board"
        if self.addr is None:
            self.addr = addr
        return "board" if addr == self.addr else "viewer"

    def is_board(self, addr, key):
        """The same question for an HTTP request (a QR code): it claims nothing."""
        return (key is not None and _same(key, self.key)) or (self.addr is not None and addr == self.addr)


class Seat:
    __slots__ = ("code", "addr", "device")

    def __init__(self, code):
        self.code = code
        self.addr = None  # the holding phone's address, None while the seat is free
        self.device = None  # the key only the holding phone was given


class SeatHolders:
    def __init__(self, guests, codes=None):
        """`codes`: {guest: code} to reuse (a resumed game's, from its trace)."""
        codes = codes or {}
        self.seats = {}
        for g in guests:
            self.seats[g] = Seat(normal_code(codes.get(g)) or new_code())

    def __contains__(self, guest):
        return guest in self.seats

    def codes(self):
        """{guest: code} of every seat a person may take (the trace keeps them)."""
        return {g: s.code for g, s in self.seats.items()}

    def free(self):
        """The seats nobody holds, in order."""
        return [g for g, s in self.seats.items() if s.addr is None]

    def held(self, guest):
        seat = self.seats.get(guest)
        return seat is not None and seat.addr is not None

    def holder(self, guest):
        """The address holding `guest`'s seat, or None."""
        seat = self.seats.get(guest)
        return seat.addr if seat is not None else None

    def code(self, guest):
        return self.seats[guest].code

    def guest_of_code(self, text):
        """The seat whose code this is (typed at /join), or None."""
        code = normal_code(text)
        if code is None:
            return None
        for g, s in self.seats.items():
            if _same(code, s.code):
                return g
        return None

    def claim(self, guest, code, addr, device):
        """(device key, None) when the phone at `addr` may hold `guest`'s seat
        with this `code` (and `device`, the key it was given, if any); else
        (None, why): "no_seat", "bad_code" or "held"."""
        seat = self.seats.get(guest)
        if seat is None:
            return None, "no_seat"
        if not _same(normal_code(code) or "", seat.code):
            return None, "bad_code"
        if seat.addr is None:
            seat.addr = addr
            seat.device = secrets.token_urlsafe(16)
        elif addr != seat.addr and not _same(device, seat.device):
            return None, "held"
        seat.addr = addr  # the same phone at a new address follows it
        return seat.device, None

    def hand_back(self, guest):
        """The seat is free again, with a new code (the old one no longer opens it)."""
        self.seats[guest] = Seat(new_code())

    def remove(self, guest):
        """The seat was given to a bot: no person may take it."""
        self.seats.pop(guest, None)
