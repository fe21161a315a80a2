"""Painting the desktop board: each painter draws a Scene through a Layout
and decides nothing.

- draw: the Scene, the board (lawn, ring, START squares, Manor, buttons, pawns).
- panel: the side panel (title, status, battery gauge, caption, log), the help.
- art: the board's art as data (the 9 place symbols, the buttons' icons, the
  pawn, the colours), drawn once for both boards.
- symbols: the art drawn with pygame (Pen).
- svg: the same art as SVG and CSS for the web board (tools/web_art.py).
- fonts: fonts by design size, scaled to the window; word wrap.
"""
