"""Boards around the firmware: each turns a real or simulated board into
events and plays the firmware's actions. No game rules live here.

    runner: Board, one Narrator with its clock, trace and action sinks
    captions: the manifest's captions of a Say, per edition
    audio: the speaker, a clip queue on pygame.mixer, simpleaudio or captions only
    trace: trace writer, reader and replay (DESIGN.md, Traces)
    terminal: the board in a terminal (clue-fx play --text)
    host, serve: the host of a serial rig (CFX/1), sans I/O, and its port loop
    cfx, rig, monitor: the framing and lines of CFX/1; a virtual rig; a line monitor
    mcu: the MicroPython port (devices, the standalone and rig programs)
    deploy, sdcard, calibrate: putting it on a board
    pytest_plugin, serial_hil, serial_memory: hardware-in-the-loop tests and their helpers
    cli: the clue-fx command
"""
