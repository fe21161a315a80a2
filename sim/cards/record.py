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
where it happened among the board's inputs:

    {"t": 0, "table": {"seats": {"AZUR": "hard"}, "hints": false}}
    {"t": 95400, "table": {"call": ["poll", 95400]}}
    {"t": 96100, "table": {"call": ["show", "COMTE", "CORDE"]}}

Pure: a codec, no file, no clock.
"""

KEY = "table"


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


def seats(bots, hints):
    """The record of the table's seats: {guest: level} of its bots, and --hints."""
    return {"seats": dict(bots), "hints": bool(hints)}


def call(entry):
    """The record of one call of the session's journal."""
    return {"call": list(entry)}


def setup(extras):
    """(seats, hints) of the table recorded in a trace's extra lines, or None."""
    for m in moments(extras):
        if isinstance(m.get("seats"), dict):
            return dict(m["seats"]), bool(m.get("hints"))
    return None


def line(t, record):
    """The trace line of a record at board time `t`."""
    return {"t": t, KEY: record}


def moments(extras):
    """The table's records among a trace's extra lines (hal.resume.Resumed.extras), in order."""
    return [x[KEY] for x in extras if isinstance(x, dict) and isinstance(x.get(KEY), dict)]
