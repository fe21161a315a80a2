"""firmware/ stays pure and MicroPython-ready: no I/O, clock, global RNG or
modules MicroPython lacks; no syntax it does not take (issue 2, STYLE.md)."""

import ast
import pathlib

import pytest

FIRMWARE = pathlib.Path(__file__).resolve().parents[2] / "firmware"
FORBIDDEN = {"time", "random", "os", "sys", "io", "pygame", "serial", "machine", "threading", "dataclasses", "enum",
             "typing", "abc", "functools", "itertools", "json", "socket", "select"}
SOURCES = sorted(FIRMWARE.glob("*.py"))


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_no_forbidden_import(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name.split(".")[0] for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: inside the package
                continue
            names = [(node.module or "").split(".")[0]]
        else:
            continue
        assert not FORBIDDEN.intersection(names), "%s:%d imports %s" % (path.name, node.lineno, names)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_no_syntax_micropython_lacks(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        where = "%s:%d" % (path.name, getattr(node, "lineno", 0))
        assert not isinstance(node, ast.Match), where + " uses match"
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            assert not any(isinstance(e, ast.Starred) for e in node.elts), where + " unpacks with [*x]"
        if isinstance(node, ast.Dict):
            assert None not in node.keys, where + " unpacks with {**d}"
        if isinstance(node, ast.FormattedValue):
            raise AssertionError(where + " uses an f-string (keep to %-formatting)")
        if isinstance(node, ast.Global):
            raise AssertionError(where + " uses global")


def test_no_time_or_randomness_from_outside():
    text = "\n".join(p.read_text(encoding="utf-8") for p in SOURCES)
    for word in ("ticks_ms", "monotonic", "perf_counter", "urandom", "getrandbits", "open("):
        assert word not in text
