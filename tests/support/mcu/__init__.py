"""Fakes and scripts for running the board's program (hal/mcu) under the
real `micropython` interpreter: fakes/machine.py (I2C answering MPR121
registers, pins, ADC, a UART with a DFPlayer behind it), faketime/time.py
(ticks that wrap), game.py (a scripted game through the drivers); and for
the emulated chips: qemu.py (the Cortex-M3), pico.py with rp2/ (the RP2040
of rp2040js at its pins: rp2/machine.py over the chip's registers)."""
