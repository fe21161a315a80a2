"""Boards around the firmware: each turns a real or simulated board into
events and presents the firmware's actions. No game rules live here.

What every board kind shares (this folder):
    runner: Board, one Narrator with its trace and its sinks
    sink: Sink, the one interface of everything that presents actions
    edges: the one conversion between an input's edge and a firmware event
    schedule: the one desktop schedule of Tick and Battery
    captions, console: an edition's captions; a Sink printing them as lines
    audio: the speaker, a clip queue on pygame.mixer, simpleaudio or silent
    trace: trace writer, reader, replay and follower (DESIGN.md, Traces)
    terminal: the board in a terminal (clue-fx play --text)

Rooms:
    cfx/: the CFX/1 serial link (wire, host, rig, virtual rig, serve, monitor)
    mcu/: the MicroPython board (drivers, the standalone and rig programs)
    bringup/: flash, SD card, calibrate
    hil/: the pytest plugin for hardware-in-the-loop tests
    cli/: the front door, clue-fx and its commands (nothing imports it)
"""
