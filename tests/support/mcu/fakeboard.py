"""The fake board of tests/support/mcu under CPython: its `time` (faketime,
ticks the test sets) and a fresh fake `machine` running on them, for tests
of the drivers (hal/mcu) built as the board builds them."""

import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


faketime = load("faketime", os.path.join(HERE, "faketime", "time.py"))


def fake_machine(monkeypatch):
    """A fresh fake `machine` on the fake ticks (set to 0)."""
    monkeypatch.setitem(sys.modules, "time", faketime)
    machine = load("fake_machine", os.path.join(HERE, "fakes", "machine.py"))
    monkeypatch.setitem(sys.modules, "time", __import__("time"))
    machine.time = faketime
    faketime.set_ms(0)
    return machine
