"""The web board (clue-fx web): the board served to a browser on a tablet or
a laptop, the card table's private hands on phones. No rule of the game
here: the firmware decides, the card table (sim.web, handed in by the front
door) keeps the cards.

- present: the Sink that turns the board's actions into the pages' messages.
- server: the aiohttp server, the board's clock, one state per connection.
- qr: the seats' links as QR codes (terminal, SVG).
- static/: the pages (plain HTML, CSS and JavaScript modules, no build):
  the board page (board.js takes every message from link.js; ring.js draws
  the board, panel.js what is beside it), the seat page, the join page's
  CSS; art.svg and art.css are the desktop board's art and colours, made by
  tools/web_art.py from sim/paint/art.py.
"""
