"""The emulated board's serial port (UART0 of the mps2-an385, QEMU's first
`-serial`) as the rig program's line: `rig.main(Uart0())`. What rig.py's
UsbSerial is on a Pico's USB, with the port's `mps2` module underneath."""

import mps2


class Uart0:
    def __init__(self):
        self._buf = bytearray(128)

    def read(self):
        """What has arrived (bytes), or None; never blocks."""
        n = mps2.uart_readinto(self._buf)
        return bytes(self._buf[:n]) if n else None

    def write(self, data):
        mps2.uart_write(data)
