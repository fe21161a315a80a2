"""Bot guests: players that hear only what the board says and press its
pads and buttons, like a person at the table.

- levels: the bots' levels (a leaf, for `clue-fx bots --help`).
- mind: a bot (Bot): what it knows of the cards, what it does next.
- expert: the expert level's decisions: the odds of winning the race.
- hypotheses: the most informative hypothesis at a place.
- whereabouts: a bot's belief over where the suspects and the Inspecteur are.
- frozen: the hard bot of 2026 (level hard-2026) with its own engine and
  whereabouts, frozen: the yardstick of every later bot.
- session: the card table at a board (Session): it hears the board, keeps
  the table, the sheets and the bots' minds, and presses for the bots.
- games: bot-only games, headless (play_bot_game, run).
- tournament: many seeded games of one table, summed up (`clue-fx bots`).
"""
