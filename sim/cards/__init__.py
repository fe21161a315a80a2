"""The digital card table: what the paper cards did, for owners who lost
them or play with bots (issue 6). Pure Python, no pygame.

- deck: the 23 cards, the deal (confidential case, 8 suspect cases, hands).
- table: the table's bookkeeping: who stands where (from what the board
  says), which cases a guest may open, the refutation order, the check of an
  accusation.
- deduction: where every card can still be, from what one guest knows, and
  how likely (exact: exact.py counts the consistent deals, packed.py is its
  dynamic programme); propagation: the engine before it, kept for the
  frozen `hard-2026` bots.
- sheet: a guest's detective sheet, filled by itself.

The board's firmware still decides everything the board decides; this
package only does what the cards, the cases and the players' hands did. It
imports nothing of ours but firmware/: the session that joins it to a board
is sim.bots.session, its screens are sim.hotseat.
"""
