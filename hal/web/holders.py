"""Who holds the web board and each seat of its card table (docs/web.md:
what a stranger on the home network can and cannot do).

The board: held by a key, the board's code (eight letters, as a seat's),
that `clue-fx web` prints as text, in the `board:` link and as its QR
code, and keeps in the trace (a resumed host keeps it). The screen that
shows it (the link opened or scanned, the code typed on a watching
screen) takes the board; the screen that held it before only watches from
then on. The holding screen is given a ticket of its own: its reloads and
reconnections come back with it, and keep the board as long as no other
screen took it. Before anyone showed the key, the host computer's own
first page (127.0.0.1, ::1) may hold the board without it; the first
screen that shows the key takes it from that page, and once a screen has
shown the key, nothing but the key gives the board. A screen without the
key, the first one or not, at the same address as the board or not, only
watches: what is said aloud at the table, nothing more. A television
(`?view=tv`) never holds the board: with the key, it shows the seats'
codes too.

A seat: its join code is shown under its QR code on the board (in view of
the table) and printed by the host; the first phone to come with it holds
the seat, bound to that phone's address and to a device key only that
phone is given. The same phone comes back with the code (same address) or
its device key (a new address); any other device is refused in one line.
The guest hands the seat back (a new code: the old one is dead) or to a
bot; the board can do the same for a phone that died.

    board = BoardHolder()                   # or BoardHolder(key): a resumed game's, from its trace
    board.connect("192.168.1.20", "K7QM-2XPA", None, take=True)   # ("board", ticket): the key shown
    board.connect("192.168.1.31", None, None)                      # ("viewer", None)
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


LOCAL = ("127.0.0.1", "::1", "::ffff:127.0.0.1")  # the host computer's own pages


class BoardHolder:
    def __init__(self, key=None):
        """`key`: the board's code to keep (a resumed game's), else a new one."""
        self.key = normal_code(key) or new_code()
        self.ticket = None  # the holding screen's ticket (its reloads come back with it); None: nobody yet
        self.keyed = False  # the holding screen showed the key (not the host's own page, given the board)

    def is_key(self, text):
        """`text` (as typed: a dash, lower case) is the board's code."""
        code = normal_code(text)
        return code is not None and _same(code, self.key)

    def holds(self, ticket):
        """The screen with this ticket holds the board."""
        return self.ticket is not None and _same(ticket, self.ticket)

    def connect(self, addr, key, ticket, take=False, tv=False):
        """(role, ticket) of a screen at `addr` showing `key` (or None) and
        the `ticket` it was given before (or None): ("board", its ticket),
        ("tv", None) for a television with the key, else ("viewer", None).
        `take`: the key was shown on purpose (the link opened or scanned,
        the code typed): the screen takes the board from any other. Without
        it (a reload, a reconnection), the key takes the board only from
        nobody or from the host's own page."""
        shows = self.is_key(key)
        if tv:
            return ("tv" if shows else "viewer"), None
        if self.holds(ticket):
            self.keyed = self.keyed or shows
            return "board", self.ticket
        if shows and (take or not self.keyed):
            return "board", self._give(True)
        if self.ticket is None and addr in LOCAL:
            return "board", self._give(False)
        return "viewer", None

    def _give(self, keyed):
        self.ticket = secrets.token_urlsafe(16)
        self.keyed = keyed
        return self.ticket

    def is_board(self, key):
        """The same question for an HTTP request (a QR code): the board's
        code or its holder's ticket; it claims nothing."""
        return self.is_key(key) or self.holds(key)


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
