"""The digital card table: what the paper cards did, for owners who lost
them or play with bots (issue 6). Pure Python, no pygame.

- deck: the 23 cards, the deal (confidential case, 8 suspect cases, hands).
- table: the table's bookkeeping: who stands where (from what the board
  says), which cases a guest may open, the refutation order, the check of an
  accusation.
- deduction: where every card can still be, from what one guest knows.
- whereabouts: a belief over where each suspect and the Inspecteur are, from
  what the board says, its sound clues and the ring.
- sheet: a guest's detective sheet, filled by itself.
- session: the card table joined to a hal.runner.Board, with bot guests.

The board's firmware still decides everything the board decides; this
package only does what the cards, the cases and the players' hands did.
"""

from .deck import CARDS, KIND, PLACE_CARDS, SUSPECT_CARDS, WEAPON_CARDS, Deal, deal  # noqa: F401
