"""The desktop board in a pygame window.

    app: App (one frame at a time: events, input, update, draw) and run()
    window: is there a display; the window and the mixer
    layout: the board's geometry, scaled to the window; hit tests
    draw, panel, symbols: painting the board, the side panel, the place symbols
    keys, labels, fonts: the keyboard map, the board's printed words, fonts
    selftest: clue-fx selftest (every clip, every light)
    options: the command-line options of the window (imports no pygame)
    cards: the digital card table (deal, cases, refutation, deduction, sheets)
    bots, table_view: bot guests; the card table's hot-seat screens
"""
