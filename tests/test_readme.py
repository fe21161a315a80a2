"""The README's commands are the ones that work, as written: CI runs its
test command exactly; its set-up runs in a new shell whose PATH holds
nothing but the system's, and then every command the README prints runs as
printed in another new shell (no "command not found": a bare `clue-fx` is
on no PATH after the set-up). Those that need no display, board or server
run whole (the window says it has no display; the text board plays the
README's session line for line; the offline app is exported; a family's
voice pack is made); the others are checked by argparse, `--help` added
after everything they are given (a wrong option or value fails first)."""

import pathlib
import re
import shutil
import subprocess

import pytest

from tests.support.tools import tool

ROOT = pathlib.Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
BIN = "~/.clue-fx/bin/clue-fx"
SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
# What a copy of the checkout leaves behind (the set-up runs "from this folder": a copy of it).
LITTER = shutil.ignore_patterns(
    ".git", ".ci", ".venv", "__pycache__", "*.pyc", "*.egg-info", "build", "dist", "out", ".*cache", ".hypothesis"
)


def readme_command(after):
    """The indented command line that follows the paragraph starting `after`."""
    lines = README.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(after))
    return next(line.strip() for line in lines[start:] if line.startswith("    ") and line.strip())


def printed_commands():
    """Every command of clue-fx the README prints: its indented lines, its
    session's `$` line and its inline code (a span broken over two lines
    is one), as written."""
    out = []
    fenced = False
    for line in README.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif fenced and line.startswith("$ "):
            out.append(line[2:])
        elif not fenced and line.startswith("    ") and "clue-fx" in line:
            out.append(line.split("  #")[0].strip())
    prose = re.sub(r"```.*?```", "", README, flags=re.S)  # the session's block: its lines are above
    spans = re.findall(r"`([^`]+)`", prose.replace("\n", " "))
    out += [span for span in spans if re.match(r"(~/\.clue-fx/bin/)?clue-fx( |$)", span)]
    return out


def test_ci_runs_the_readmes_test_command_as_written():
    command = readme_command("Run the tests")
    assert command.startswith("python3 -m venv") and command.endswith("python -m pytest")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert command in [line.strip() for line in ci if not line.lstrip().startswith("#")]


def test_the_play_command_installs_into_a_virtual_environment():
    command = readme_command("Set up and play")
    assert command.startswith("python3 -m venv ") and "pip install ." in command and command.endswith(BIN)


def test_every_command_is_printed_as_the_set_up_leaves_it():
    """No bare `clue-fx`: after the set-up it is on no PATH (quoted output, `clue-fx: ...`, is not a command)."""
    commands = printed_commands()
    assert len(commands) > 30
    programs = [
        part.split()[0]
        for c in commands
        if not re.match(r"clue-fx( [a-z]+)?:", c)
        for part in re.split(r"&&|\|", c)
        if part.split() and part.split()[0].endswith("clue-fx")
    ]
    assert programs and [p for p in programs if p != BIN] == []


def fresh_shell(command, home, cwd, timeout=300, stdin=None):
    """`command` run by bash in a new shell: only the system's PATH, a HOME of its own, no display."""
    env = {"HOME": str(home), "PATH": SYSTEM_PATH, "LANG": "C.UTF-8", "SDL_AUDIODRIVER": "dummy"}
    # pip's configuration, not the command: what it installs comes from the tests' cache, offline
    env.update(PIP_NO_INDEX="1", PIP_FIND_LINKS=tool("setup_tests").wheelhouse_dir())
    return subprocess.run(
        ["bash", "--noprofile", "--norc", "-c", command],
        cwd=cwd,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


@pytest.fixture(scope="module")
def set_up(tmp_path_factory):
    """(home, folder): the README's set-up run as written, from a copy of this folder,
    in a new shell; all but its last command (the window, run by the test below)."""
    setup = tool("setup_tests")
    assert setup.wheelhouse_ready(), "no wheels to install offline in %s: python tools/setup_tests.py" % (
        setup.wheelhouse_dir()
    )
    top = tmp_path_factory.mktemp("readme")
    home, src = top / "home", top / "clue-fx"
    home.mkdir()
    shutil.copytree(ROOT, src, ignore=LITTER)
    command = readme_command("Set up and play")
    assert command.endswith(" && " + BIN)
    done = fresh_shell(command[: -len(" && " + BIN)], home, src, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert fresh_shell("command -v clue-fx", home, src).returncode != 0  # not on the PATH: the README says so
    away = top / "evening"
    away.mkdir()
    return home, away


@pytest.mark.timeout(900)
def test_the_readmes_commands_run_as_written_in_a_new_shell(set_up):
    home, away = set_up
    ran = {}
    for command in dict.fromkeys(printed_commands()):
        if re.match(r"clue-fx( [a-z]+)?:", command):
            continue  # quoted output
        for first in [p.strip() for p in command.split(" && ")]:
            if re.search(r"(^|\| )(~/\.clue-fx/bin/)?clue-fx( |$)", first):  # a command of clue-fx
                done = run_as_written(first, home, away)
                ran[first] = done
                if " voices new " in first:
                    ran["new"] = done
    assert (away / "my-voices" / "script.txt").is_file() and (away / "clue-app" / "index.html").is_file()
    made = fresh_shell(BIN + " voices new family --edition us", home, away)  # every clip, for comparison
    clips = [int(re.search(r"(\d+) clips to record", x.stdout).group(1)) for x in (ran["new"], made)]
    assert clips[0] < clips[1], clips  # the family-sized pack: Edmond's lines only, not the jingles
    assert len(ran) > 25, ran


def run_as_written(first, home, away):
    """One command of clue-fx, as the README prints it, in a new shell (its CompletedProcess)."""
    if first == BIN:  # the window: no display here, it says so in one line
        done = fresh_shell(first, home, away)
        assert done.returncode == 2 and "cannot open the board's window" in done.stdout, (first, done)
    elif "|" in first:  # the text board's session, line for line
        done = fresh_shell(first, home, away)
        block = README.split("$ " + first + "\n", 1)[1].split("```", 1)[0]
        assert done.returncode == 0 and done.stdout == block, (first, done.stdout, done.stderr)
    elif " voices new " in first or " web --export " in first:  # a pack to record, an app to serve
        done = fresh_shell(first, home, away)
        assert done.returncode == 0, (first, done.stdout, done.stderr)
    else:  # a board, a port, a server, a game: its arguments as written, then --help
        done = fresh_shell(first + " --help", home, away)
        assert done.returncode == 0 and "usage: clue-fx" in done.stdout, (first, done.stdout, done.stderr)
    assert "command not found" not in done.stderr, (first, done.stderr)
    return done
