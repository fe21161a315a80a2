"""Painting the desktop board: each painter draws a Scene through a Layout
and decides nothing.

- draw: the Scene, the board (lawn, ring, START squares, Manor, buttons, pawns).
- panel: the side panel (title, status, battery gauge, caption, log), the help.
- symbols: the 9 place symbols.
- fonts: fonts by design size, scaled to the window; word wrap.
"""
