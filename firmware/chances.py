"""The board's chances, as (numerator, denominator), in one place (RULES.md, Chances).

`Narrator(seed, chances={...})` overrides any of them by name, for tests
that need a chance to be certain or impossible.
"""

SECOND_SUSPECT = (1, 2)  # a second suspect moves after a turn
INSPECTEUR_MOVES = (1, 3)  # the Inspecteur moves after a turn
HIDE = (1, 4)  # an unseen arrival hides
SNEAK = (1, 8)  # a seen arrival sneaks in instead
SOUND_CLUE = (1, 2)  # an unseen move gives a sound clue

DEFAULTS = {
    "second_suspect": SECOND_SUSPECT,
    "inspecteur_moves": INSPECTEUR_MOVES,
    "hide": HIDE,
    "sneak": SNEAK,
    "sound_clue": SOUND_CLUE,
}


def merged(overrides):
    """DEFAULTS with `overrides` applied; an unknown name is a program bug."""
    table = dict(DEFAULTS)
    if overrides:
        for name in overrides:
            if name not in DEFAULTS:
                raise ValueError(
                    "unknown chance %r: valid chances are %s"
                    % (name, ", ".join(sorted(DEFAULTS)))
                )
            num, den = overrides[name]
            if not (0 <= num <= den and den > 0):
                raise ValueError("chance %r must be 0 <= num <= den, got %r" % (name, (num, den)))
            table[name] = (num, den)
    return table
