"""The corpus of wrong, missing and garbage arguments and bad files: every
command of the front door, each case a real `python -m hal.cli` process.
Each must fail in words (no traceback, not the front door's catch-all
"internal error", which is a bug of ours), with a non-zero exit (2 for a
usage error), within its deadline.

    pytest tests/hal/cli/test_corpus.py -q        # prints the number of cases
"""

import os
import subprocess
import sys

import pytest

JUNK = "\x01\x7f\ufffd☃\u202e" * 3  # a process's arguments cannot hold NUL
BIG = "9" * 40

# (name, argv, the exit it must have: 2 for usage, "nonzero" for a failure of the thing)
CASES = []


def case(name, *argv, exit=2, stdin=""):
    CASES.append(pytest.param(list(argv), exit, stdin, id=name))


def files(tmp):
    """The bad files, written into `tmp`; {name: path}."""
    made = {
        "binary": bytes(range(256)) * 8,
        "list": b"[1, 2]\n",
        "string": b'"trace"\n',
        "null": b"null\n",
        "number": b"12\n",
        "empty": b"",
        "blank": b"\n\n\n",
        "null_time": b'{"trace": "cfx/1", "seed": 1}\n{"t": null, "in": {"type": "Switch", "on": true}}\n',
        "string_time": b'{"trace": "cfx/1", "seed": 1}\n{"t": "0", "in": {"type": "Switch", "on": true}}\n',
        "float_time": b'{"trace": "cfx/1", "seed": 1}\n{"t": 1.5, "in": {"type": "Switch", "on": true}}\n',
        "deep": b'{"trace": "cfx/1", "seed": 1}\n' + b"[" * 30000 + b"]" * 30000 + b"\n",
        "deep_header": b"[" * 30000 + b"]" * 30000 + b"\n",
        "long_line": b'{"trace": "cfx/1", "seed": 1}\n{"t": 0, "x": "' + b"a" * 200000 + b'"}\n',
        "no_header": b'{"t": 0, "in": {"type": "Switch", "on": true}}\n',
        "other_format": b'{"trace": "cfx/9", "seed": 1}\n',
        "string_seed": b'{"trace": "cfx/1", "seed": "1"}\n',
        "bool_seed": b'{"trace": "cfx/1", "seed": true}\n',
        "unknown_event": b'{"trace": "cfx/1", "seed": 1}\n{"t": 0, "in": {"type": "Explode"}}\n',
        "event_not_object": b'{"trace": "cfx/1", "seed": 1}\n{"t": 0, "in": [1]}\n',
        "bad_pad": b'{"trace": "cfx/1", "seed": 1}\n{"t": 0, "in": {"type": "PadDown", "pad": 7}}\n',
        "bad_switch": b'{"trace": "cfx/1", "seed": 1}\n{"t": 0, "in": {"type": "Switch", "on": "yes"}}\n',
        "bad_battery": b'{"trace": "cfx/1", "seed": 1}\n{"t": 0, "in": {"type": "Battery", "millivolts": 1e999}}\n',
        "neither": b'{"trace": "cfx/1", "seed": 1}\n{"t": 0}\n',
        "bad_action": b'{"trace": "cfx/1", "seed": 1}\n{"t": 0, "out": {"type": "Say"}}\n',
        "garbage_middle": b'{"trace": "cfx/1", "seed": 1}\n}{\n{"t": 0, "in": {"type": "Switch", "on": true}}\n',
        "latin1": '{"trace": "cfx/1", "seed": 1}\n{"t": 0, "x": "é"}\n'.encode("latin-1") + b"\n{}\n",
        "manifest": b"{not json",
        "config": b"this is not python (\n",
    }
    paths = {}
    for name, data in made.items():
        paths[name] = str(tmp / (name + ".jsonl"))
        with open(paths[name], "wb") as f:
            f.write(data)
    paths["dir"] = str(tmp)
    paths["missing"] = str(tmp / "missing.jsonl")
    paths["zero"] = "/dev/zero"
    paths["devnull"] = "/dev/null"
    return paths


# -- every command: unknown options, missing and garbage values --------------------
for cmd in ("play", "replay", "serve", "rig", "monitor", "selftest", "bots", "flash", "sdcard", "calibrate"):
    case("%s-unknown-option" % cmd, cmd, "--no-such-option")
    case("%s-junk-option" % cmd, cmd, "--" + JUNK)
case("no-such-command", "frobnicate")
case("junk-command", JUNK)
case("front-door-unknown-option", "--no-such-option")

# -- the board (clue-fx, play, play --text) ---------------------------------------
for front in ([], ["play"], ["play", "--text"]):
    where = "-".join(["board"] + front)
    case(where + "-seed-word", *front, "--seed", "seven")
    case(where + "-seed-empty", *front, "--seed", "")
    case(where + "-seed-missing", *front, "--seed")
    case(where + "-lang-de", *front, "--lang", "de")
    case(where + "-lang-junk", *front, "--lang", JUNK)
    case(where + "-battery-word", *front, "--battery", "full")
    case(where + "-battery-huge", *front, "--battery", BIG)
    case(where + "-battery-negative", *front, "--battery", "-1")
    case(where + "-trace-missing-value", *front, "--trace")
    case(where + "-trace-in-missing-dir", *front, "--trace", "/nonexistent/dir/game.jsonl")
    case(where + "-trace-is-a-dir", *front, "--trace", "{dir}")
    case(where + "-trace-holds-a-game", *front, "--trace", "{null_time}")
    case(where + "-resume-and-trace-differ", *front, "--resume", "{null_time}", "--trace", "{list}")
    for bad in ("binary", "list", "string", "null", "empty", "null_time", "deep", "deep_header", "long_line",
                "no_header", "bool_seed", "unknown_event", "bad_pad", "bad_battery", "garbage_middle",
                "latin1", "dir", "missing", "zero", "devnull"):
        case("%s-resume-%s" % (where, bad), *front, "--resume", "{%s}" % bad)
case("board-volume-11", "--volume", "11")
case("board-volume-word", "--volume", "loud")
case("board-volume-nan", "--volume", "nan")
case("board-bots-unknown", "--bots", "NOBODY")
case("board-bots-twice", "--bots", "AZUR,AZUR")
case("board-bots-level", "--bots", "AZUR:genius")
case("board-bots-empty", "--bots", "")
case("board-audio-junk", "--audio", "loud")
case("board-resume-with-table", "--table", "--resume", "{null_time}")
case("text-table", "play", "--text", "--table")
case("text-fullscreen", "play", "--text", "--fullscreen")

# -- replay -----------------------------------------------------------------------
case("replay-no-file", "replay")
case("replay-two-files", "replay", "{list}", "{null}")
for bad in ("binary", "list", "string", "null", "number", "empty", "blank", "null_time", "string_time", "float_time",
            "deep", "deep_header", "long_line", "no_header", "other_format", "string_seed", "bool_seed",
            "unknown_event", "event_not_object", "bad_pad", "bad_switch", "bad_battery", "neither", "bad_action",
            "garbage_middle", "latin1", "dir", "missing", "zero", "devnull"):
    case("replay-" + bad, "replay", "{%s}" % bad)

# -- serve ------------------------------------------------------------------------
case("serve-no-port", "serve")
case("serve-port-missing-value", "serve", "--port")
case("serve-hwgrep-nothing", "serve", "--port", "hwgrep://no-such-device-at-all")
case("serve-hwgrep-bad-regexp", "serve", "--port", "hwgrep://[")
case("serve-hwgrep-bad-regexp-2", "serve", "--port", "hwgrep://(")
case("monitor-hwgrep-bad-regexp", "monitor", "hwgrep://[")
case("rig-port-hwgrep-bad-regexp", "rig", "--port", "hwgrep://[", exit="nonzero")
case("serve-rfc2217-no-port", "serve", "--port", "rfc2217://localhost")
case("monitor-socket-bad-port", "monitor", "socket://localhost:0")
case("serve-unknown-scheme", "serve", "--port", "nosuch://x")
case("serve-socket-no-port", "serve", "--port", "socket://")
case("serve-socket-bad-port", "serve", "--port", "socket://localhost:99999")
case("serve-baud-huge", "serve", "--port", "loop://", "--baud", BIG)
case("serve-baud-zero", "serve", "--port", "loop://", "--baud", "0")
case("serve-baud-word", "serve", "--port", "loop://", "--baud", "fast")
case("serve-ping-0", "serve", "--port", "loop://", "--ping-ms", "0")
case("serve-ping-negative", "serve", "--port", "loop://", "--ping-ms", "-100")
case("serve-ping-word", "serve", "--port", "loop://", "--ping-ms", "soon")
case("serve-audio-junk", "serve", "--port", "loop://", "--audio", "speakers")
case("serve-seed-word", "serve", "--port", "loop://", "--seed", "x")
case("serve-lang-junk", "serve", "--port", "loop://", "--lang", "xx")
case("serve-quiet-and-verbose", "serve", "--port", "loop://", "--quiet", "--verbose")
case("serve-trace-in-missing-dir", "serve", "--port", "loop://", "--trace", "/nonexistent/dir/t.jsonl")
case("serve-trace-holds-a-game", "serve", "--port", "loop://", "--trace", "{null_time}")
for bad in ("binary", "list", "null_time", "deep", "dir", "missing", "zero"):
    case("serve-resume-" + bad, "serve", "--port", "loop://", "--resume", "{%s}" % bad)

# -- rig ----------------------------------------------------------------------------
case("rig-drop-2", "rig", "--drop", "2")
case("rig-drop-word", "rig", "--drop", "often")
case("rig-corrupt-negative", "rig", "--corrupt", "-0.1")
case("rig-duplicate-nan", "rig", "--duplicate", "nan")
case("rig-clip-word", "rig", "--clip-ms", "long")
case("rig-seed-word", "rig", "--seed", "x")
case("rig-port-unknown-scheme", "rig", "--port", "nosuch://x", exit="nonzero")
case("rig-port-hwgrep", "rig", "--port", "hwgrep://no-such-device-at-all", exit="nonzero")
case("rig-port-missing-device", "rig", "--port", "/dev/no-such-tty", exit="nonzero")
case("rig-link-in-missing-dir", "rig", "--link", "/nonexistent/dir/tty", exit="nonzero")
case("rig-link-is-a-dir", "rig", "--link", "{dir}", exit="nonzero")

# -- monitor ----------------------------------------------------------------------
case("monitor-no-url", "monitor")
case("monitor-pass-no-path", "monitor", "loop://", "--pass")
case("monitor-pass-only", "monitor", "--pass")
case("monitor-missing-device", "monitor", "/dev/no-such-tty")
case("monitor-hwgrep", "monitor", "hwgrep://no-such-device-at-all")
case("monitor-unknown-scheme", "monitor", "nosuch://x")
case("monitor-baud-huge", "monitor", "loop://", "--baud", BIG)
case("monitor-baud-word", "monitor", "loop://", "--baud", "fast")
case("monitor-pass-in-missing-dir", "monitor", "loop://", "--pass", "/nonexistent/dir/cfx", exit="nonzero")
case("monitor-pass-is-a-dir", "monitor", "loop://", "--pass", "{dir}", exit="nonzero")

# -- selftest -------------------------------------------------------------------
case("selftest-lang-junk", "selftest", "--lang", "zz")
case("selftest-volume-2", "selftest", "--volume", "2")
case("selftest-audio-junk", "selftest", "--audio", "tape")

# -- bots -------------------------------------------------------------------------
case("bots-games-0", "bots", "--games", "0")
case("bots-games-negative", "bots", "--games", "-3")
case("bots-games-word", "bots", "--games", "many")
case("bots-one-level", "bots", "--bots", "hard")
case("bots-five-levels", "bots", "--bots", "hard,hard,hard,hard,hard")
case("bots-unknown-level", "bots", "--bots", "hard,genius")
case("bots-seed-word", "bots", "--seed", "x")

# -- flash ------------------------------------------------------------------------
case("flash-no-port", "flash", exit=2)
case("flash-mode-junk", "flash", "--mode", "turbo")
case("flash-build-only-a-file", "flash", "--build-only", "{list}", exit="nonzero")
case("flash-build-only-devnull", "flash", "--build-only", "/dev/null", exit="nonzero")
case("flash-build-only-under-a-file", "flash", "--build-only", "{list}/build", exit="nonzero")
case("flash-config-missing", "flash", "--build-only", "{dir}/build", "--config", "{missing}", exit="nonzero")
case("flash-config-a-dir", "flash", "--build-only", "{dir}/build2", "--config", "{dir}", exit="nonzero")
case("flash-config-binary", "flash", "--build-only", "{dir}/build3", "--config", "{binary}", exit="nonzero")
case("flash-port-missing-device", "flash", "--port", "/dev/no-such-tty", exit="nonzero")

# -- sdcard ------------------------------------------------------------------------
case("sdcard-no-card", "sdcard")
case("sdcard-lang-junk", "sdcard", "{dir}", "--lang", "xx")
case("sdcard-card-missing", "sdcard", "/nonexistent/card", "--lang", "en", exit="nonzero")
case("sdcard-card-a-file", "sdcard", "{list}", "--lang", "en", exit="nonzero")
case("sdcard-sounds-missing", "sdcard", "{dir}", "--lang", "en", "--sounds", "/nonexistent/sounds", exit="nonzero")
case("sdcard-sounds-a-file", "sdcard", "{dir}", "--lang", "en", "--sounds", "{list}", exit="nonzero")
case("sdcard-manifest-corrupt", "sdcard", "{card}", "--lang", "en", "--sounds", "{sounds_bad}", exit="nonzero")
case("sdcard-manifest-a-list", "sdcard", "{card}", "--lang", "en", "--sounds", "{sounds_list}", exit="nonzero")

# -- calibrate -------------------------------------------------------------------
case("calibrate-no-port", "calibrate")
case("calibrate-samples-word", "calibrate", "--port", "/dev/no-such-tty", "--samples", "many")
case("calibrate-samples-0", "calibrate", "--port", "/dev/no-such-tty", "--samples", "0")
case("calibrate-samples-negative", "calibrate", "--port", "/dev/no-such-tty", "--samples", "-5")
case("calibrate-port-missing-device", "calibrate", "--port", "/dev/no-such-tty", exit="nonzero")


@pytest.fixture(scope="module")
def bad(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("corpus")
    paths = files(tmp)
    for name, manifest in (("sounds_bad", b"{not json"), ("sounds_list", b"[1, 2, 3]")):
        d = tmp / name
        d.mkdir()
        (d / "manifest.json").write_bytes(manifest)
        paths[name] = str(d)
    (tmp / "card").mkdir()
    paths["card"] = str(tmp / "card")
    return paths


def test_the_corpus_is_large():
    print("\ncorpus: %d cases" % len(CASES))
    assert len(CASES) >= 200


@pytest.mark.parametrize(("argv", "exit", "stdin"), CASES)
def test_a_bad_case_fails_in_words(argv, exit, stdin, bad, tmp_path):
    argv = [a.format(**bad) for a in argv]
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env.update(SDL_AUDIODRIVER="dummy", SDL_VIDEODRIVER="dummy", XDG_DATA_HOME=str(tmp_path / "data"),
               PYTHONIOENCODING="utf-8", HOME=str(tmp_path))
    r = subprocess.run([sys.executable, "-m", "hal.cli", *argv], input=stdin, capture_output=True, text=True,
                       errors="replace", env=env, timeout=60, check=False)
    said = r.stdout + r.stderr
    assert "Traceback" not in said, said[-3000:]
    assert "internal error" not in said, said[-3000:]
    if exit == 2:
        assert r.returncode == 2, (r.returncode, said[-2000:])
    else:
        assert r.returncode != 0, (r.returncode, said[-2000:])
    assert said.strip(), "failed without a word"
