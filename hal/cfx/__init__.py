"""CFX/1, the serial link between the firmware host and a touch rig
(PROTOCOL.md). This file stays empty: the rig program on a board imports
`hal.cfx.wire` alone, and a package's __init__ runs on the board too.

    wire: framing and the words of each line; knows no firmware
    ids: the ids a line names, checked against the board's
    link, inputs, host: the host's side, sans I/O: its link state table,
        the inputs it holds (debounce, resync), the Host
    serve, port: the host's port loop; opening a URL or a pty
    rig, virtual: the rig's core, sans I/O; a virtual rig on a pty or URL, its keys
    monitor: a line monitor
"""
