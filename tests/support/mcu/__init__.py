"""Fakes and scripts for running the board's program (hal/mcu) under the
real `micropython` interpreter: fakes/machine.py (I2C answering MPR121
registers, pins, ADC, a UART with a DFPlayer behind it), faketime/time.py
(ticks that wrap), game.py (a scripted game through the drivers)."""
