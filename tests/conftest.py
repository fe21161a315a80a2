"""The quick lane: `python -m pytest -m "not slow"` runs everything but the
real browsers, the emulators, the wheel and image builds and the long
property runs (docs/testing.md). They are marked here, in one place, by
what a test uses rather than by hand, so a new browser or emulator test is
slow without anyone remembering to say so:

- a real Chromium: the test, or a fixture it uses however deep, calls the
  driver's factory (`browsers`, `make_browser`, `chromium_or_skip` of
  tests/hal/web/conftest.py);
- an emulator: its module uses QEMU's or rp2040js's side of the tests
  (tests/support/mcu/qemu.py, pico.py);
- the modules in SLOW_MODULES and the tests in SLOW_TESTS (builds, long
  runs, long waits on a server's own timeouts), each with its reason;
- and a few long runs marked `@pytest.mark.slow` where they are written
  (a bench run end to end, 60 whole web games, the hil suite in a
  subprocess, every clip through the mixer; the flash test that waits out
  a silent port).

tests/test_quick_lane.py checks from the other side that no test of the
quick lane drives a browser or an emulator.

`python -m pytest` (CI, `.ci/run`) still runs every test.
"""

import types

import pytest

BROWSER = frozenset(("browsers", "make_browser", "chromium_or_skip"))
EMULATORS = frozenset(("tests.support.mcu.qemu", "tests.support.mcu.pico"))
SLOW_MODULES = {
    "tests/test_wheel.py": "builds the sdist and the wheel and installs it into a fresh venv",
    "tests/firmware/test_property.py": "the long property run: 10^5 random events",
    "tests/hal/bringup/test_uf2.py": "builds the board's UF2 image and mounts its LittleFS",
    "tests/hal/mcu/test_mcu_build.py": "builds MicroPython's firmware images",
}
SLOW_TESTS = {
    "tests/test_readme.py::test_the_readmes_commands_run_as_written_in_a_new_shell": (
        "installs the README's set-up into a fresh venv and runs every command it prints"
    ),
    "tests/hal/bringup/test_flash.py::test_flash_copies_the_build_and_it_runs_on_the_board": (
        "builds the board's program with mpy-cross and copies it over a pty's raw REPL"
    ),
    "tests/hal/bringup/test_flash.py::test_flash_again_as_a_rig_replaces_the_old_program": (
        "builds and copies the board's program twice over a pty's raw REPL"
    ),
    "tests/hal/bringup/test_flash.py::test_calibrate_reads_the_electrodes": (
        "copies the board's program and reads every electrode over a pty's raw REPL"
    ),
    "tests/hal/web/test_security.py::test_renewed_half_sent_requests_from_several_addresses_keep_no_page_out": (
        "a slowloris renewed for up to 90 s under `ulimit -n 256`"
    ),
    "tests/hal/web/test_security.py::test_half_sent_requests_keep_nobody_out_and_are_closed": (
        "300 half-sent requests held until the server's own header timeout closes them"
    ),
    "tests/hal/web/test_security.py::test_a_stuck_reader_and_a_stranger_flooding_leave_memory_bounded": (
        "a page that never reads, while a stranger floods, until its queue is cut"
    ),
}


def _names(code):
    """Every global name a code object and the functions inside it use."""
    out = set(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            out |= _names(const)
    return out


def _calls_a_browser(item):
    if BROWSER & set(item.fixturenames):
        return True
    funcs = [getattr(item, "function", None)]
    for defs in item._fixtureinfo.name2fixturedefs.values():
        funcs.extend(d.func for d in defs)
    return any(BROWSER & _names(f.__code__) for f in funcs if hasattr(f, "__code__"))


def _uses_an_emulator(item):
    module = getattr(item, "module", None)
    return module is not None and any(
        isinstance(v, types.ModuleType) and v.__name__ in EMULATORS for v in vars(module).values()
    )


def slow_because(item, root):
    """Why `item` is slow (a short phrase), or None."""
    where = item.path.relative_to(root).as_posix() if item.path.is_relative_to(root) else ""
    if where in SLOW_MODULES:
        return SLOW_MODULES[where]
    if "%s::%s" % (where, item.originalname) in SLOW_TESTS:
        return SLOW_TESTS["%s::%s" % (where, item.originalname)]
    if _calls_a_browser(item):
        return "a real headless Chromium"
    if _uses_an_emulator(item):
        return "an emulated board (QEMU or rp2040js)"
    return None


def pytest_collection_modifyitems(config, items):
    root = config.rootpath
    for item in items:
        if item.get_closest_marker("slow") is None and slow_because(item, root):
            item.add_marker(pytest.mark.slow)
