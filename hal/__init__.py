"""Boards around the firmware: each turns a real or simulated board into
events and plays the firmware's actions. No game rules live here.

    runner: Board, one Narrator with its clock, trace and action sinks
    captions: the manifest's captions of a Say, per edition
    audio: the speaker, a clip queue on pygame.mixer, simpleaudio or captions only
    trace: trace writer, reader and replay (DESIGN.md, Traces)
    terminal: the board in a terminal (clue-fx play --text)
    cli: the clue-fx command
"""
