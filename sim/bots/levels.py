"""The bots' levels (a leaf: `clue-fx bots --help` names them and loads
nothing more).

"hard" remembers everything, others' refutations too, chooses the
hypothesis that should teach it most, listens to the sound clues and
accuses only when the solution is certain. "medium" keeps its own hand,
cases and refutations; its hypotheses are at random among what can still be
in the case; no sound clues. "easy" remembers only the cards it saw, is
forgetful about the suspects' whereabouts, moves at random half the time,
makes hypotheses at random among what can still be in the case, and may
accuse early: a guess. "random" is the baseline for the bench: the hard
mind, but random moves, searches and hypotheses; it accuses when certain
and it happens to meet the Inspecteur.
"""

LEVELS = ("easy", "medium", "hard", "random")
SEAT_LEVELS = LEVELS[:3]  # what a guest's seat may be given (--bots); "random" is the bench's
