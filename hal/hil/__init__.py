"""Hardware-in-the-loop tests: the pytest plugin (hal.hil.plugin) with its
`cfx_rig` fixture, against the virtual rig or a real port (--rig-port)."""
