"""The clips of both editions as package data: manifest.json and <lang>/NNNN.wav.

Nothing to import here: hal.captions finds this folder with
importlib.resources (SOUNDS, MANIFEST), in a checkout, an editable install
and a wheel alike. tools/build_sounds.py writes the WAVs.
"""
