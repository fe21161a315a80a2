"""Edmond, the narrator: the board's brain as a sans-I/O state machine.

    n = Narrator(seed=7)
    actions = n.handle(events.Switch(True), 0)

`handle` takes one event and the time in ms and returns the list of actions.
Power, idle and batteries are handled here; every press goes through
table.TABLE to one of the ``_rule_*`` methods below.
"""

from .actions import PowerOff, Sfx, StopAudio
from .board import GUESTS, START_PADS, guest_of_start
from .chances import merged
from .events import AudioDone, Battery, ButtonDown, ButtonUp, PadDown, PadUp, Switch, Tick
from .phrases import say
from .power import IDLE_MS, BatteryWatch
from .rng import Rng
from .rounds import Rounds
from .table import ASLEEP, AWAKE, CONFIRM, FOUND, MOVE, MOVED, OFF, OVER, ROLLCALL, TABLE, VERDICT
from .world import World


class Narrator:
    def __init__(self, seed=0, chances=None):
        self.seed = seed
        self._rng = Rng(seed)
        self._chances = merged(chances)
        self._pads_down = set()  # kept even while off: pawns left on the board
        self._state = OFF
        self._forget()

    def _forget(self):
        """Everything a switch OFF loses."""
        self.world = World(self._rng, self._chances)
        self._battery = BatteryWatch()
        self._last_input = 0
        self._last = ()  # the last announcement: what REPEAT says again
        self._before_confirm = ()  # the announcement before "do you really want to accuse?"
        self._aside = False  # the press got an aside (a hint, WAIT's hurry): not an announcement
        self._asking = 0  # roll call: index in GUESTS of the question asked
        self._guests = {}  # enrolled guest -> place, None while on START
        self._rounds = None
        self._current = None
        self._back = MOVE  # where NO in CONFIRM takes the guest back to

    # -- read-only views ---------------------------------------------------

    @property
    def state(self):
        return self._state

    @property
    def positions(self):
        return dict(self.world.place)

    @property
    def hidden(self):
        return set(self.world.hidden)

    @property
    def guests(self):
        return dict(self._guests)

    @property
    def active(self):
        return list(self._rounds.active) if self._rounds else []

    @property
    def current(self):
        return self._current

    @property
    def enrolled(self):
        """Guests enrolled so far (then: all who play), in roll-call order."""
        out = []
        for g in GUESTS:
            if g in self._guests:
                out.append(g)
        return out

    @property
    def pads_down(self):
        return set(self._pads_down)

    @property
    def battery(self):
        """The battery watch as it stands (power.BatteryWatch.state)."""
        return self._battery.state()

    # -- the one entry point -----------------------------------------------

    def handle(self, event, now_ms):
        kind = type(event)
        if kind is Tick or kind is AudioDone:
            if self._state in AWAKE and now_ms - self._last_input >= IDLE_MS:
                return self._sleep()
            return []
        if kind is PadDown:
            if event.pad in self._pads_down:
                return []  # already down: a pawn resting there, not a press
            self._pads_down.add(event.pad)
        elif kind is PadUp:
            self._pads_down.discard(event.pad)
            return []
        elif kind is ButtonUp:
            return []
        elif kind is Switch:
            return self._switch(event.on, now_ms)

        if self._state not in AWAKE:
            return []
        if now_ms - self._last_input >= IDLE_MS:
            return self._sleep()  # asleep before this event: it is lost
        if kind is Battery:
            return self._battery_reading(event.millivolts, now_ms)
        if kind is not PadDown and kind is not ButtonDown:
            raise TypeError("not an event: %r" % (event,))

        # A press: it counts as input, even when the rules refuse it.
        self._last_input = now_ms
        if kind is PadDown:
            key = "start" if event.pad in START_PADS else "place"
            arg = event.pad
        else:
            key = arg = event.button
        entry = TABLE[self._state].get(key)
        if entry is None:
            return []
        rule, targets = entry
        out = []
        self._aside = False
        method = _RULES.get(rule)
        if method is None:  # a hint (a sentence key): said, and nothing changes
            self._hint(rule, out)
            new = None
        else:
            new = method(self, arg, out)
        if new is not None:
            if new not in targets:
                raise RuntimeError(
                    "rule %s left %s for %s, not in the table's %r" % (rule, self._state, new, targets)
                )
            self._state = new
        elif self._state not in targets:
            raise RuntimeError("rule %s may not stay in %s" % (rule, self._state))
        # What answered a press is the last announcement, all of it (RULES.md,
        # REPEAT), unless it was an aside (a hint refusing the press, WAIT's
        # hurry, "very well, carry on"), or REPEAT itself.
        if out and not self._aside and rule != "repeat":
            self._last = out
        return out

    def _hint(self, key, out):
        """A hint that refuses a press: said, never the last announcement."""
        out.append(say(key))
        self._aside = True

    # -- power --------------------------------------------------------------

    def _switch(self, on, now_ms):
        if not on:
            if self._state == OFF:
                return []
            was_awake = self._state in AWAKE
            self._state = OFF
            self._forget()
            return [StopAudio(), PowerOff("switch")] if was_awake else []
        if self._state != OFF:
            return []  # already on (or asleep: OFF first, then ON)
        self._state = ROLLCALL
        self._last_input = now_ms
        self.world.set_scene()
        out = [say("power.greeting")]
        if self._pads_down:
            out.append(say("power.remove_pawns"))
        out.append(self._ask(0))
        self._last = out[-1:]  # the roll call's question: what REPEAT gives back
        return out

    def _sleep(self):
        self._state = ASLEEP
        return [say("power.sleep"), PowerOff("idle")]

    def _battery_reading(self, millivolts, now_ms):
        verdict = self._battery.reading(millivolts, now_ms)
        if verdict == "empty":
            self._state = ASLEEP
            return [say("battery.empty"), PowerOff("battery")]
        if verdict == "low":  # a warning, not an answer: REPEAT keeps the announcement
            return [say("battery.low")]
        return []

    # -- roll call ------------------------------------------------------------

    def _ask(self, index):
        self._asking = index
        return say("rollcall.ask", {"guest": GUESTS[index]})

    def _enrol(self, guest):
        self._guests[guest] = None  # on their START square

    def _next_question(self, out):
        i = self._asking + 1
        while i < len(GUESTS) and GUESTS[i] in self._guests:
            i += 1  # enrolled at their START pad: question skipped
        if i < len(GUESTS):
            out.append(self._ask(i))
            return ROLLCALL
        if len(self._guests) < 2:
            out.append(say("rollcall.need_two"))
            self._guests = {}
            out.append(self._ask(0))
            return ROLLCALL
        guests = self.enrolled
        out.append(say("rollcall.welcome", {"guests": guests}))
        self._rounds = Rounds(self._rng, guests)
        return self._call_next(out)

    def _rule_enrol(self, _, out):
        self._enrol(GUESTS[self._asking])
        return self._next_question(out)

    def _rule_decline(self, _, out):
        return self._next_question(out)

    def _rule_enrol_at_start(self, pad, out):
        guest = guest_of_start(pad)
        if guest in self._guests:
            return None  # enrolled already: their pawn on START changes nothing, says nothing
        self._enrol(guest)
        out.append(say("rollcall.joined", {"guest": guest}))
        if guest == GUESTS[self._asking]:
            return self._next_question(out)  # taken as the answer
        # The question still waits for its answer, not asked again (four pawns
        # put on START make one question, not four): REPEAT gives it, so the
        # acknowledgement is an aside, not the last announcement.
        self._aside = True
        return None

    # -- the turn ---------------------------------------------------------------

    def _call_next(self, out):
        self._current = self._rounds.next_guest()
        out.append(say("turn.call", {"guest": self._current}))
        return MOVE

    def _here(self):
        return self._guests[self._current]

    def _rule_move(self, place, out):
        if place == self._here():
            # Staying is allowed only to accuse, with the Inspecteur known to
            # be here (the rulebook's one exception): say so, not just "go".
            if self.world.inspecteur_visible_at(place):
                self._hint("move.stay_to_accuse", out)
            else:
                self._hint("move.same_place", out)
            return MOVE
        self._guests[self._current] = place
        world = self.world
        out.append(Sfx(place))
        out.append(
            say(
                "place.enter",
                {
                    "place": place,
                    "suspects": world.visible_at(place),
                    "inspecteur": world.inspecteur_visible_at(place),
                },
            )
        )
        return MOVED

    def _rule_start_square(self, pad, out):
        """A START pad pressed in a turn. A guest still on their START square
        puts their pawn there as the welcome asks (rulebook, Course of the
        Game): not a mistake, nothing is said. Anyone else is refused with
        the state's hint."""
        guest = guest_of_start(pad)
        if guest in self._guests and self._guests[guest] is None:
            return None
        self._hint("move.not_a_place" if self._state == MOVE else "move.already_moved", out)
        return None

    def _rule_repeat(self, _, out):
        out.extend(self._last)

    def _rule_hurry(self, _, out):
        # an aside: REPEAT after it still gives what the guest must act on
        out.append(say("turn.hurry", {"guest": self._current}))
        self._aside = True

    def _rule_accuse(self, _, out):
        here = self._here()
        if here is None or not self.world.inspecteur_visible_at(here):
            self._hint("accuse.not_here", out)  # the same words whether he hides here or not
            return None
        self._back = self._state
        self._before_confirm = self._last
        out.append(say("accuse.confirm"))
        return CONFIRM

    def _rule_back_to_turn(self, _, out):
        out.append(say("accuse.cancelled"))
        # back in the turn: REPEAT gives again what came before the question
        # (the turn's call, or the arrival), not "very well, carry on"
        self._last = self._before_confirm
        self._aside = True
        return self._back

    def _rule_search(self, _, out):
        place = self._here()
        suspects, inspecteur = self.world.search(place)
        out.append(
            say("search.result", {"place": place, "suspects": suspects, "inspecteur": inspecteur})
        )
        if inspecteur:
            out.append(say("accuse.found_inspecteur"))
            return FOUND
        return self._end_turn(out)

    def _rule_end_turn(self, _, out):
        return self._end_turn(out)

    def _end_turn(self, out):
        watched = []
        for g in self._rounds.active:
            if self._guests[g] is not None:
                watched.append(self._guests[g])
        out.extend(self.world.move_between_turns(watched))
        return self._call_next(out)

    # -- the accusation -----------------------------------------------------------

    def _rule_announce_accusation(self, _, out):
        out.append(say("accuse.announce"))
        return VERDICT

    def _rule_win(self, _, out):
        out.append(say("accuse.right", {"guest": self._current}))
        out.append(say("game.over"))
        return OVER

    def _rule_eliminate(self, _, out):
        guest = self._current
        out.append(say("accuse.wrong", {"guest": guest}))
        self._rounds.eliminate(guest)
        if len(self._rounds.active) == 1:
            self._current = None
            out.append(say("game.last_guest", {"guest": self._rounds.active[0]}))
            out.append(say("game.over"))
            return OVER
        return self._end_turn(out)


# Each rule's method, found once (a hint's key has a dot and no method): a
# press builds no "_rule_..." name and looks nothing up by it.
_RULES = {}
for _kinds in TABLE.values():
    for _entry in _kinds.values():
        if "." not in _entry[0]:
            _RULES[_entry[0]] = getattr(Narrator, "_rule_" + _entry[0])
del _kinds, _entry
