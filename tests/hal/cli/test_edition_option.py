"""--edition fr|en|us on every command that speaks or prints names, --lang
its old name, and the default from the locale (fr_* fr, en_US us, any other
English en)."""

import os
import subprocess
import sys

import pytest

from hal.cli import build_parser, options


@pytest.mark.parametrize(
    "env, edition",
    [
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "fr_CA.UTF-8"}, "fr"),
        ({"LANG": "en_US.UTF-8"}, "us"),
        ({"LANG": "en_US"}, "us"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LANG": "en_AU.UTF-8"}, "en"),
        ({"LANG": "en"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "fr_FR.UTF-8", "LC_MESSAGES": "en_US.UTF-8"}, "us"),  # LC_MESSAGES before LANG
        ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "en_GB.UTF-8", "LC_ALL": "fr_BE.UTF-8"}, "fr"),  # LC_ALL first
        ({"LC_ALL": "", "LANG": "en_US.UTF-8"}, "us"),  # an empty variable counts as unset
    ],
)
def test_the_default_edition_follows_the_locale(env, edition):
    assert options.default_edition(env) == edition


COMMANDS = [
    ["play"], ["play", "--text"], ["serve", "--port", "/dev/null"], ["web"], ["selftest"], ["sdcard", "/tmp/x"],
]


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_every_board_takes_edition_and_lang_as_its_alias(command):
    parser = build_parser(command[0])
    assert parser.parse_args(command + ["--edition", "us"]).edition == "us"
    assert parser.parse_args(command + ["--lang", "en"]).edition == "en"
    assert parser.parse_args(command + ["--lang", "fr"]).edition == "fr"
    assert parser.parse_args(command).edition is None  # then options.edition_of: the locale's


def run(*args, env):
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1", **env)
    for name in ("LC_ALL", "LC_MESSAGES"):
        env.pop(name, None)
    return subprocess.run([sys.executable, "-m", "hal.cli", *args], input="x\n", capture_output=True, text=True,
                          timeout=60, env=env)


def test_the_text_board_speaks_the_us_edition_of_an_american_locale():
    r = run("play", "--text", "--seed", "1", env={"LANG": "en_US.UTF-8"})
    assert r.returncode == 0, r.stderr
    assert "Mr. Ashe: ♪ (a mysterious arpeggio) Good evening. I am Mr. Ashe, Mr. Boddy's butler." in r.stdout
    assert "Mr. Ashe: Lord Gray, are you playing? Answer yes or no." in r.stdout


def test_edition_overrides_the_locale_and_lang_is_the_same():
    a = run("play", "--text", "--seed", "1", "--edition", "en", env={"LANG": "en_US.UTF-8"})
    b = run("play", "--text", "--seed", "1", "--lang", "en", env={"LANG": "fr_FR.UTF-8"})
    assert "Edmond: Comte du Puy, are you playing?" in a.stdout
    assert a.stdout == b.stdout


def test_an_unknown_edition_is_a_usage_error_naming_the_three():
    r = run("play", "--text", "--edition", "uk", env={})
    assert r.returncode == 2
    assert "unknown edition 'uk': the editions are fr, en, us" in r.stderr
