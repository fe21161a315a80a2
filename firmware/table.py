"""The narrator's transition table, in one place (the h11 habit: "everything
that affects the state machine and state transitions must live here").

States are short strings. While the board is awake, each press is sorted
into a kind: "place" (one of the 9 place pads), "start" (a START pad), or a
button id. For each state, TABLE maps a kind to (rule, next states): the
rule is a method of Narrator named ``_rule_<rule>``, or a sentence key (it
has a dot: ``move.already_moved``) for a hint that refuses the press, says
so and changes nothing; next states are the only states it may leave the
board in (the Narrator checks). A press a state
does not list is ignored: it changes nothing and says nothing.

POWER lists what happens outside the presses: the switch, the idle clock and
the batteries, which apply in every state they name, with power.py's numbers.
"""

from . import power

OFF = "off"  # switch off: nothing is remembered but the pads down
ASLEEP = "asleep"  # powered itself off (idle or batteries): only OFF wakes it
ROLLCALL = "rollcall"  # "Is ... playing?": waiting for YES or NO
MOVE = "move"  # a guest's turn: waiting for the pawn to move
MOVED = "moved"  # arrived: SEARCH, STOP (after a hypothesis) or ACCUSE
CONFIRM = "confirm"  # "do you really want to accuse?": YES or NO
FOUND = "found"  # search found the Inspecteur: "accuse now?" YES or NO
VERDICT = "verdict"  # "were you right?": YES or NO
OVER = "over"  # a winner: only REPEAT and the switch

AWAKE = (ROLLCALL, MOVE, MOVED, CONFIRM, FOUND, VERDICT, OVER)
STATES = (OFF, ASLEEP) + AWAKE

_NEXT_TURN = (MOVE,)  # the turn ends: moves between turns, the next guest is called

TABLE = {
    ROLLCALL: {
        "YES": ("enrol", (ROLLCALL, MOVE)),
        "NO": ("decline", (ROLLCALL, MOVE)),
        "start": ("enrol_at_start", (ROLLCALL, MOVE)),
        "REPEAT": ("repeat", (ROLLCALL,)),
    },
    MOVE: {
        "place": ("move", (MOVE, MOVED)),
        "start": ("start_square", (MOVE,)),
        "STOP": ("turn.move_first", (MOVE,)),
        "SEARCH": ("turn.move_first", (MOVE,)),
        "ACCUSE": ("accuse", (MOVE, CONFIRM)),
        "REPEAT": ("repeat", (MOVE,)),
        "WAIT": ("hurry", (MOVE,)),
    },
    MOVED: {
        "place": ("move.already_moved", (MOVED,)),
        "start": ("start_square", (MOVED,)),
        "SEARCH": ("search", (FOUND, MOVE)),
        "STOP": ("end_turn", _NEXT_TURN),
        "ACCUSE": ("accuse", (MOVED, CONFIRM)),
        "REPEAT": ("repeat", (MOVED,)),
        "WAIT": ("hurry", (MOVED,)),
    },
    CONFIRM: {
        "YES": ("announce_accusation", (VERDICT,)),
        "NO": ("back_to_turn", (MOVE, MOVED)),
        "REPEAT": ("repeat", (CONFIRM,)),
        "WAIT": ("hurry", (CONFIRM,)),
    },
    FOUND: {
        "YES": ("announce_accusation", (VERDICT,)),
        "ACCUSE": ("announce_accusation", (VERDICT,)),
        "NO": ("end_turn", _NEXT_TURN),
        "STOP": ("end_turn", _NEXT_TURN),
        "place": ("move.already_moved", (FOUND,)),
        "SEARCH": ("search.already", (FOUND,)),
        "REPEAT": ("repeat", (FOUND,)),
        "WAIT": ("hurry", (FOUND,)),
    },
    VERDICT: {
        "YES": ("win", (OVER,)),
        "NO": ("eliminate", (MOVE, OVER)),
        "REPEAT": ("repeat", (VERDICT,)),
        "WAIT": ("hurry", (VERDICT,)),
    },
    OVER: {
        "REPEAT": ("repeat", (OVER,)),
    },
}

# One copy of each list of next states, however often the table names it
# ((MOVE,) is written nine times above): a board's RAM holds the table.
_ONE = {}
for _rules in TABLE.values():
    for _kind in _rules:
        _rule, _targets = _rules[_kind]
        _rules[_kind] = (_rule, _ONE.setdefault(_targets, _targets))
del _ONE, _rules, _kind, _rule, _targets

# (from states, what, its value, to): the values are power.py's own, so the
# diagram (tools/diagram.py words them) cannot drift from the rules; the
# reasons are PowerOff's, already names on the board (no new strings in RAM).
POWER = (
    ((OFF,), "switch", True, ROLLCALL),
    (AWAKE + (ASLEEP,), "switch", False, OFF),
    (AWAKE, "idle", power.IDLE_MS, ASLEEP),
    (AWAKE, "battery", power.EMPTY_MV, ASLEEP),
)
