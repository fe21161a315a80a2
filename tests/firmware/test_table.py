"""The transition table: every rule exists, every target is a state, and the
Narrator refuses to leave the board in a state the table does not list."""

import pathlib
import subprocess
import sys

import pytest

from firmware import Narrator, table
from firmware.events import ButtonDown
from firmware.phrases import say
from tests.support.driver import Driver

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_every_rule_of_the_table_is_a_method_of_the_narrator():
    for state, presses in table.TABLE.items():
        assert state in table.AWAKE
        for press, (rule, targets) in presses.items():
            if "." in rule:  # a hint: a sentence the board says
                assert say(rule).key == rule
            else:
                assert callable(getattr(Narrator, "_rule_" + rule)), rule
            assert targets and all(t in table.STATES for t in targets), (state, press)


def test_every_awake_state_answers_repeat():
    for state in table.AWAKE:
        assert table.TABLE[state]["REPEAT"][0] == "repeat"


def test_a_rule_that_breaks_the_table_raises(monkeypatch):
    d = Driver()
    d.switch(True)
    monkeypatch.setitem(table.TABLE, "rollcall", dict(table.TABLE["rollcall"], YES=("enrol", ("over",))))
    with pytest.raises(RuntimeError, match="not in the table"):
        d.n.handle(ButtonDown("YES"), 5000)


@pytest.mark.parametrize("fmt,first", [("mermaid", "stateDiagram-v2"), ("dot", "digraph narrator {")])
def test_diagram_tool_prints_every_state(fmt, first):
    tool = str(ROOT / "tools" / "diagram.py")
    r = subprocess.run([sys.executable, tool, "--format", fmt], capture_output=True, text=True, check=True)
    assert r.stdout.splitlines()[0] == first
    for state in table.STATES:
        assert state in r.stdout
