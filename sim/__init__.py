"""The desktop board in a pygame window, the digital card table and its bots.

    start: clue-fx play and clue-fx selftest (the composers) and the frame loop's clock
    app: App, one frame at a time: events, input, update, draw; it builds the board
    transcript: the caption and the log of what the board says (a Sink)
    window: is there a display; the window and the mixer
    keys, layout: the keyboard map; the board's geometry and hit tests
    labels: the board's printed words, per edition
    selftest: every clip, every light
    paint/: painting the board, the side panel, the place symbols, fonts
    cards/: the card table's own rules, pure (deal, cases, refutation, deduction, sheets)
    bots/: bot guests, the session that joins the card table to a board, headless games
    hotseat/: the card table's hot-seat screens (words, the screen queue, drawing, the App's hook)
"""
