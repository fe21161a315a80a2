"""The front door's last word: a failure we did not foresee is one line
naming --debug (exit 1); with --debug it is the traceback; a refusal is one
line and exit 2; a closed stdout ends quietly."""

import pytest

import hal.cli
import hal.cli.replay


def boom(args):
    raise RuntimeError("a bug of ours")


def test_an_unforeseen_failure_is_one_line_naming_debug(monkeypatch, capsys):
    monkeypatch.setattr(hal.cli.replay, "run", boom)
    assert hal.cli.main(["replay", "x.jsonl"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "RuntimeError: a bug of ours" in err and "--debug" in err
    assert "Traceback" not in err


def test_with_debug_it_is_the_traceback(monkeypatch):
    monkeypatch.setattr(hal.cli.replay, "run", boom)
    with pytest.raises(RuntimeError, match="a bug of ours"):
        hal.cli.main(["replay", "--debug", "x.jsonl"])


def test_a_refusal_is_one_line_and_exit_2(monkeypatch, capsys):
    from hal.cli.options import Refused

    def refuse(args):
        raise Refused("the trace t.jsonl already holds a game")

    monkeypatch.setattr(hal.cli.replay, "run", refuse)
    assert hal.cli.main(["replay", "x.jsonl"]) == 2
    assert capsys.readouterr().err == "clue-fx: the trace t.jsonl already holds a game\n"


def test_a_closed_pipe_is_141_and_quiet(monkeypatch, capsys):
    def closed(args):
        raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(hal.cli.replay, "run", closed)
    assert hal.cli.main(["replay", "x.jsonl"]) == 141
    assert capsys.readouterr().err == ""
