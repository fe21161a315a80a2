"""The README's two commands are the ones that work: CI runs the test
command exactly as the README writes it."""

import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[1]


def readme_command(after):
    """The indented command line that follows the paragraph starting `after`."""
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(after))
    return next(line.strip() for line in lines[start:] if line.startswith("    ") and line.strip())


def test_ci_runs_the_readmes_test_command_as_written():
    command = readme_command("Run the tests")
    assert command.startswith("python3 -m venv") and command.endswith("python -m pytest")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert command in [line.strip() for line in ci if not line.lstrip().startswith("#")]


def test_the_play_command_installs_into_a_virtual_environment():
    command = readme_command("Set up and play")
    assert command.startswith("python3 -m venv ") and "pip install ." in command and command.endswith("clue-fx")
