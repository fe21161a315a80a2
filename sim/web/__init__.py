"""The card table behind the web board's phones (clue-fx web --table): the
session and its bots, one token per seat, what each seat may see (its own
hand, cases, cards shown to it, sheet) and what the whole table sees. The
server (hal.web) is handed a WebTable by the front door and knows no card.

- phone_table: WebTable (seats, tokens, private and public state, whom the table waits on).
"""
