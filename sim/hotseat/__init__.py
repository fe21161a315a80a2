"""The card table's hot-seat screens, for people sharing one screen.

- words: the screens' words per edition, the weapons' names, the sheet's initials.
- screens: the queue of screens (pass-to first, then the private one), pure.
- view: drawing the screen up now with pygame; clicks on its buttons.
- hook: what the desktop board's App holds for --table / --bots (CardTableHook).
"""
