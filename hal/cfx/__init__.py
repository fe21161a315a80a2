"""CFX/1, the serial link between the firmware host and a touch rig
(PROTOCOL.md). This file stays empty: the rig program on a board imports
`hal.cfx.wire` alone, and a package's __init__ runs on the board too.

    wire: framing and the words of each line; knows no firmware class
    host: the host's side, sans I/O, with its link state table
    rig, virtual: the rig's core, sans I/O; a virtual rig on a pty or URL
    serve, monitor: the host's port loop; a line monitor
"""
