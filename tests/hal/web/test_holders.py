"""Who holds the web board (hal.web.holders.BoardHolder), without a server:
the board's code, never the order of arrival nor an address, decides; the
host's own first page may hold it until a screen shows the code; a
television never holds it; the code a resumed host is given is kept.

docs/web.md, "What a stranger on the network can and cannot do", names
these tests beside its sentences."""

import itertools

import pytest

from hal.web.holders import CODE_LENGTH, CODE_LETTERS, BoardHolder, normal_code, shown

TABLET = "192.168.1.20"
PHONE = "192.168.1.31"
STRANGER = "192.168.1.66"
HOST = "127.0.0.1"


def test_the_boards_code_is_a_short_code_as_the_seats_are():
    b = BoardHolder()
    assert len(b.key) == CODE_LENGTH and set(b.key) <= set(CODE_LETTERS)
    assert b.is_key(shown(b.key).lower()) and b.is_key(" %s " % shown(b.key))  # as typed: a dash, lower case
    assert BoardHolder(b.key).key == b.key  # a resumed host's code, from its trace
    assert BoardHolder("not a code").key != "not a code"  # a broken one: a new code
    assert not b.is_key(None) and not b.is_key("") and not b.is_key(b.key[::-1] if b.key[::-1] != b.key else "A" * 8)


@pytest.mark.parametrize("first", [STRANGER, PHONE, TABLET, "127.0.0.2"])
def test_no_screen_without_the_code_holds_the_board_first_or_not(first):
    """A stranger's script, a guest's phone, a TV: the first screen without
    the code only watches, and so does every other screen at its address."""
    b = BoardHolder()
    assert b.connect(first, None, None) == ("viewer", None)
    assert b.connect(first, None, None) == ("viewer", None)  # its reload
    assert b.connect(first, "ZZZZ-ZZZZ", None, take=True) == ("viewer", None)  # a wrong code
    role, ticket = b.connect(TABLET, b.key, None, take=True)  # the tablet scans the printed link
    assert role == "board" and ticket and b.holds(ticket)
    assert b.connect(first, None, None) == ("viewer", None)
    assert b.connect(TABLET, None, None) == ("viewer", None)  # the tablet's address alone is no ground


def test_the_host_computers_first_page_never_strands_the_tablet():
    b = BoardHolder()
    role, laptop = b.connect(HOST, None, None)  # before anyone showed the code: the host's own page holds it
    assert role == "board" and not b.keyed
    assert b.connect(HOST, None, laptop) == ("board", laptop)  # its reload
    assert b.connect("::1", None, None) == ("viewer", None)  # not a second page of the host's
    role, tablet = b.connect(TABLET, b.key, None)  # the tablet with the code, even a reload (no take)
    assert role == "board" and b.holds(tablet) and not b.holds(laptop)
    assert b.connect(HOST, None, laptop) == ("viewer", None)  # the laptop's reload only watches now
    assert b.connect(HOST, None, None) == ("viewer", None)  # and a new page on the host too
    assert b.connect(TABLET, b.key, tablet) == ("board", tablet)


def test_the_code_shown_on_purpose_moves_the_board_and_a_stale_one_does_not():
    b = BoardHolder()
    _, tablet = b.connect(TABLET, b.key, None, take=True)
    _, laptop = b.connect(PHONE, b.key, None, take=True)  # the code typed on another screen: it takes the board
    assert b.holds(laptop) and not b.holds(tablet)
    # the tablet's tab reconnecting with the code it kept (no take): it does not take the board back
    assert b.connect(TABLET, b.key, tablet) == ("viewer", None)
    assert b.holds(laptop)
    _, again = b.connect(TABLET, b.key, tablet, take=True)  # the family scans the link again: back on the tablet
    assert b.holds(again) and again != tablet


def test_a_television_never_holds_the_board():
    b = BoardHolder()
    assert b.connect(HOST, b.key, None, tv=True) == ("tv", None)  # even the host's own, first, with the code
    assert b.connect(STRANGER, None, None, tv=True) == ("viewer", None)  # without it: no join codes either
    assert b.ticket is None
    role, _ = b.connect(TABLET, b.key, None)
    assert role == "board"


def test_after_a_resume_the_first_tv_or_page_does_not_win_over_the_tablet():
    first = BoardHolder()
    _, tablet = first.connect(TABLET, first.key, None, take=True)
    again = BoardHolder(first.key)  # the host killed and resumed: the same code from the trace, no ticket
    assert again.connect("192.168.1.50", again.key, None, tv=True) == ("tv", None)  # the TV reconnects first
    assert again.connect(STRANGER, None, None) == ("viewer", None)
    assert again.connect(HOST, None, None)[0] == "board"  # the host's own page, before the tablet ...
    role, ticket = again.connect(TABLET, first.key, tablet)  # ... the tablet's tab reconnects with its code
    assert role == "board" and again.holds(ticket)


def test_every_order_of_arrival_ends_with_the_tablet_holding_the_board():
    """Whatever the order a stranger, a guest's phone, the host's page, a
    TV and the tablet (its link) arrive in, and each reloading after all,
    the tablet holds the board and nobody else does."""
    screens = {
        "stranger": (STRANGER, None, False),
        "phone": (PHONE, None, False),
        "host": (HOST, None, False),
        "tv": ("192.168.1.50", "KEY", True),
        "tablet": (TABLET, "KEY", False),
    }
    for order in itertools.permutations(screens):
        b = BoardHolder()
        tickets = {}
        for name in order + order:  # each arrives, then each reloads (with what it was given)
            addr, key, tv = screens[name]
            key = b.key if key else None
            take = name == "tablet" and name not in tickets  # the link opened: shown on purpose, once
            role, tickets[name] = b.connect(addr, key, tickets.get(name), take=take, tv=tv)
        assert b.holds(tickets["tablet"]), order
        assert [n for n, t in tickets.items() if t is not None] == ["tablet"], order


def test_the_qr_codes_are_for_the_code_or_the_holders_ticket_alone():
    b = BoardHolder()
    _, ticket = b.connect(TABLET, b.key, None, take=True)
    assert b.is_board(ticket) and b.is_board(shown(b.key))
    assert not b.is_board(None) and not b.is_board("") and not b.is_board("x" * 22)
    _, other = b.connect(PHONE, b.key, None, take=True)
    assert not b.is_board(ticket) and b.is_board(other)


def test_normal_code_refuses_what_is_not_a_code():
    for bad in (None, 12345678, "", "ABCD", "ABCD-EFG0", "x" * 40, "ABCDEFGHI"):
        assert normal_code(bad) is None, bad
