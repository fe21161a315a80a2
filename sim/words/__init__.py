"""An edition's words for the screens, in one room: adding an edition is the
sounds manifest's builder (tools/build_manifest.py: what the board says)
plus the tables here (what the screens print).

- labels: the desktop board's print (places, guests, buttons, states), the
  names the voice says taken from the manifest;
- table: the card table's screens (hot-seat pages, the detective sheet,
  the weapons' names, every card's name);
- pages: the web pages' own lines (board, seat, join) and the card table's
  refusals, as a JSON-able dict for the pages;
- offline: the exported offline app's own lines (clue-fx web --export).
"""
