"""Who may try a code, and who gets a socket when the pages' limits are
reached (docs/web.md, What a stranger on the network can and cannot do).

    admission = Admission(board_holder, seats, LIMITS)
    admission.tries(addr).take(now)                 # a seat's code typed at /join: one try
    admission.board_key(addr, "K7QM-2XPA", board_holder.is_key)   # the board's code, its guesses held
    admission.admit(pages, addr, request.query)     # room for the board and seated phones, never a stranger

One Bucket of tries an address (hal.web.guard.Bucket, Limits.joins_per_minute):
seat codes (at /join, on a seat's socket) and the board's code alike; over it,
no code is looked at, not even the right one. The board (its code, or the
ticket of the screen holding it) and a seat's phone (its seat's code) always
get a socket: idle watchers make room (hal.web.gate.make_room).
"""

import time

from .gate import fits, make_room
from .guard import Bucket


class Admission:
    def __init__(self, board_holder, seats, limits, clock=time.monotonic):
        self.board_holder = board_holder
        self.seats = seats
        self.limits = limits
        self.clock = clock
        self._tries = {}  # address -> Bucket of codes tried from there

    def tries(self, addr):
        """The Bucket of codes `addr` may try."""
        return self._tries.setdefault(addr, Bucket(self.limits.joins_per_minute / 60.0, 5))

    def plays(self, query):
        """Whether a request with this query comes from a screen the family
        plays on: the board's (its code, or its holder's ticket: a reload) or
        a seat's phone with its seat's code. Nothing is claimed here."""
        guest = query.get("seat")
        if guest is None:
            return self.board_holder.is_key(query.get("b")) or self.board_holder.holds(query.get("s"))
        return guest in self.seats and self.seats.guest_of_code(query.get("k")) == guest

    def admit(self, pages, addr, query):
        """Room for one more page from `addr` (the pages' limits), made for the
        board and the seats' phones; False: too many pages."""
        if fits(pages, addr, self.limits):
            return True
        seat = query.get("seat")
        keyed = seat is not None or query.get("b") is not None or query.get("s") is not None
        now = self.clock()
        if keyed and not self.tries(addr).ready(now):  # a code, a key or a ticket looked at: one try
            return False
        if not self.plays(query):
            if keyed:
                self.tries(addr).take(now)
            return False
        return make_room(pages, addr, "seat" if seat is not None else "board", self.limits)

    def board_key(self, addr, key, check):
        """check(key) for a code shown from `addr`, its wrong guesses held to
        the tries' rate: over it, no code is looked at."""
        if not key:
            return False  # none shown: no guess
        bucket = self.tries(addr)
        now = self.clock()
        if not bucket.ready(now):
            return False  # too many wrong guesses: even the right code waits
        if check(key):
            return True
        bucket.take(now)
        return False
