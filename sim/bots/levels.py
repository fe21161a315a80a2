"""The bots' levels (a leaf: `clue-fx bots --help` names them and loads
nothing more). docs/bots.md describes each: what it uses and how it decides.

- "easy": remembers only the cards it saw, forgets the whereabouts, moves
  at random half the time, hypotheses at random among what can still be in
  the case, accuses early: a guess.
- "medium": its own hand, cases and refutations; hypotheses at random among
  what can still be in the case; no sound clues; accuses when certain.
- "hard": everything, others' refutations too; the most informative
  hypothesis; the sound clues; accuses when certain.
- "expert": the exact engine's probabilities, a joint belief over the
  whereabouts used to plan its moves (unseen suspects, the Inspecteur), and
  the odds of winning the race: it may accuse before it is certain, a
  deliberate gamble (with two rivals it then hunts the Inspecteur as if
  certain); once certain it searches wherever he may hide; heads-up its
  hypotheses are drawn among what can still be in the case.
- "hard-2026": the hard bot of 2026, frozen with its own engine and
  whereabouts (sim/bots/frozen/): the yardstick of every later bot.
- "random": the bench's baseline: the hard mind, but random moves, searches
  and hypotheses; it accuses when certain and it happens to meet the Inspecteur.
"""

HARD_2026 = "hard-2026"
LEVELS = ("easy", "medium", "hard", "expert", HARD_2026, "random")
SEAT_LEVELS = ("easy", "medium", "hard", "expert")  # a guest's seat (--bots); the others are the bench's
