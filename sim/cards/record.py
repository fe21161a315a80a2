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

Pure: a codec, no file, no clock. What it records is what a resume of the
table would need; restoring it is not done yet (see the README).
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


def line(t, record):
    """The trace line of a record at board time `t`."""
    return {"t": t, KEY: record}


def moments(extras):
    """The table's records among a trace's extra lines (hal.resume.Resumed.extras), in order."""
    return [x[KEY] for x in extras if isinstance(x, dict) and isinstance(x.get(KEY), dict)]
