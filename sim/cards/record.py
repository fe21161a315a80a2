"""The card table's record: its moments (the deal, each hypothesis and who
refuted with which card, each accusation and the case's verdict, a new
game, the end) as lines of the board's trace, which replay skips
(hal.trace.EXTRA_KEYS):

    {"t": 81200, "table": {"deal": {"guests": [...], "solution": [...], "cases": {...}, "hands": {...}}}}
    {"t": 95400, "table": {"hypothesis": {"asker": "AZUR", "named": [...], "passed": [...],
                                          "shower": "COMTE", "card": "..."}}}
    {"t": 99000, "table": {"verdict": {"guest": "AZUR", "named": [...], "right": false}}}

    record.moment(note, deal)   -> the dict of a sim.bots.session note, or None (the table's private notes)
    record.moments(extras)      -> the table's dicts of a resumed trace's extra lines, in order

Besides its moments (for a reader), the table writes what a resume needs:
its seats first, then each call of the session's journal (sim.bots.session)
where it happened among the board's inputs, each batch's calls before its
moments (a kill between two lines then never leaves a moment whose call is
not in the file: a resume redoes the calls, and writes the moments it finds
missing, sim.hotseat.restore):

    {"t": 0, "table": {"seats": {"AZUR": "hard"}, "hints": false}}   (+ "tokens" on the web board)
    {"t": 120400, "table": {"tokens": {"COMTE": "K7QM2XPA"}}}      (a web seat handed back: the codes now)
    {"t": 0, "table": {"board": "W4HX9RTC"}}        (the web board's code, with or without its card table)
    {"t": 95400, "table": {"call": ["poll", 95400]}}
    {"t": 96100, "table": {"call": ["show", "COMTE", "CORDE"]}}

Pure: a codec, no file, no clock.
"""

KEY = "table"
MOMENTS = ("deal", "hypothesis", "verdict", "new", "over")  # the notes moment() records


def moment(note, deal=None):
    """The record of one note of the session (sim.bots.session.Session.notes)."""
    kind = note[0]
    if kind == "deal" and deal is not None:
        return {
            "deal": {
                "guests": list(note[1]),
                "solution": list(deal.solution),
                "cases": dict(deal.cases),
                "hands": {g: list(h) for g, h in deal.hands.items()},
            }
        }
    if kind == "hypothesis":
        h = note[1]
        public = h.public()
        return {
            "hypothesis": {
                "asker": public["asker"],
                "named": list(public["named"]),
                "passed": list(public["passed"]),
                "shower": public["shower"],
                "card": h.card,
            }
        }
    if kind == "verdict":
        return {"verdict": {"guest": note[1], "named": list(note[2]), "right": bool(note[3])}}
    if kind == "new":
        return {"new": True}
    if kind == "over":
        return {"over": note[1]}
    return None  # arrivals and the like: the board's trace has them already


def seats(bots, hints, tokens=None):
    """The record of the table's seats: {guest: level} of its bots, and
    --hints; on the web board also the seats' tokens {guest: token} (the
    trace is the host's file: a resumed host lets the same phones back in)."""
    out = {"seats": dict(bots), "hints": bool(hints)}
    if tokens is not None:
        out["tokens"] = dict(tokens)
    return out


def call(entry):
    """The record of one call of the session's journal."""
    return {"call": list(entry)}


def setup(extras):
    """(seats, hints) of the table recorded in a trace's extra lines, or None."""
    for m in moments(extras):
        if isinstance(m.get("seats"), dict):
            return dict(m["seats"]), bool(m.get("hints"))
    return None


def codes(tokens):
    """The record of the web seats' codes, once one changed (a seat handed back)."""
    return {"tokens": dict(tokens)}


def tokens(extras):
    """The web seats' codes {guest: code} a trace's extra lines leave (the
    last recorded: its seats' first, then each change), or None."""
    got = None
    for m in moments(extras):
        if isinstance(m.get("tokens"), dict):
            got = dict(m["tokens"])
    return got


def board(key):
    """The record of the web board's code (hal.web.holders.BoardHolder):
    a resumed host keeps it, so the tablet holds the board again."""
    return {"board": key}


def board_key(extras):
    """The web board's code a trace's extra lines keep (the last one), or None."""
    got = None
    for m in moments(extras):
        if isinstance(m.get("board"), str):
            got = m["board"]
    return got


class Recorder:
    """What a card table (its session: sim.bots.session) did since the last
    call, as trace lines: its moments, then its journal's calls. The boards
    write them before their next input, so they replay at their place.

        rec = Recorder(session)
        for line in rec.lines(t): board.record(line)
        rec.caught_up()        # after a resumed game's replay: nothing is new
    """

    def __init__(self, session):
        self.session = session
        self._notes = self._calls = 0

    def lines(self, t):
        """The calls first, then the moments: a moment in the trace has
        its call there too (a bot's hypothesis is made by a poll)."""
        s = self.session
        deal = s.table.deal if s.table is not None else None
        out = [line(t, call(c)) for c in s.journal[self._calls :]]
        for note in s.notes[self._notes :]:
            rec = moment(note, deal)
            if rec is not None:
                out.append(line(t, rec))
        self._notes, self._calls = len(s.notes), len(s.journal)
        return out

    def caught_up(self, recorded=None):
        """After a resumed game's replay: its calls are all in the trace;
        of its moments, the first `recorded` (None: all). A kill after an
        input's burst or a call and before the moments they made leaves
        those out: they are the next lines()."""
        s = self.session
        self._notes, self._calls = len(s.notes), len(s.journal)
        if recorded is None:
            return
        seen = 0
        for i, note in enumerate(s.notes):
            if note[0] in MOMENTS:
                if seen == recorded:
                    self._notes = i
                    return
                seen += 1


def line(t, record):
    """The trace line of a record at board time `t`."""
    return {"t": t, KEY: record}


def moments(extras):
    """The table's records among a trace's extra lines (hal.resume.Resumed.extras), in order."""
    return [x[KEY] for x in extras if isinstance(x, dict) and isinstance(x.get(KEY), dict)]


def recorded(extras):
    """The moments among a trace's extra lines (not its seats, nor its calls), in order."""
    return [m for m in moments(extras) if any(k in m for k in MOMENTS)]
