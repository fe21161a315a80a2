"""Getting a real board going: flash (compile and copy the firmware with
mpy-cross and mpremote), sdcard (the DFPlayer's SD card), calibrate (touch
thresholds). Run from hal.cli; each module is usable from Python too."""
