"""tools/atomic_cache.py: cached folders made whole, beside their place, so
two set-ups on one machine never build in the same folder (issue: one
set-up's mcu_build removed the other's build mid-compile), and the set-up
lock that makes a second set-up wait for the first."""

import os
import subprocess
import sys
import threading

import pytest

from tests.support.tools import tool

cache = tool("atomic_cache")


def test_a_folder_appears_whole_under_its_name(tmp_path):
    final = tmp_path / "build-abc"
    with cache.fresh_dir(str(final)) as tmp:
        assert os.listdir(tmp) == [] and not final.exists()
        assert os.path.dirname(tmp) == str(tmp_path) and tmp != str(final)
        (tmp_path / os.path.basename(tmp) / "firmware.elf").write_bytes(b"elf")
    assert (final / "firmware.elf").read_bytes() == b"elf"
    assert os.listdir(tmp_path) == ["build-abc"]  # nothing left beside it


def test_two_builds_at_once_each_have_their_own_folder_and_the_first_done_is_kept(tmp_path):
    final = str(tmp_path / "build")
    inside, go = threading.Barrier(2), threading.Event()
    seen = {}

    def build(name, wait):
        with cache.fresh_dir(final) as tmp:
            seen[name] = tmp
            inside.wait(5)  # both are building now
            with open(os.path.join(tmp, "who"), "w") as f:
                f.write(name)
            if wait:
                go.wait(5)

    first = threading.Thread(target=build, args=("first", False))
    second = threading.Thread(target=build, args=("second", True))
    second.start()
    first.start()
    first.join(5)
    go.set()
    second.join(5)
    assert seen["first"] != seen["second"]
    with open(os.path.join(final, "who")) as f:
        assert f.read() == "first"
    assert sorted(os.listdir(tmp_path)) == ["build"]


def test_a_failed_build_leaves_nothing(tmp_path):
    final = tmp_path / "build"
    with pytest.raises(RuntimeError), cache.fresh_dir(str(final)) as tmp:
        (tmp_path / os.path.basename(tmp) / "half").write_text("x")
        raise RuntimeError("the compiler failed")
    assert os.listdir(tmp_path) == []


def test_a_second_set_up_waits_for_the_first(tmp_path):
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path))
    tools = os.path.dirname(cache.__file__)
    holder = (
        "import sys; sys.path.insert(0, %r); import atomic_cache as c\n"
        "with c.setup_lock():\n    print('held', flush=True); sys.stdin.readline()\n" % tools
    )
    first = subprocess.Popen([sys.executable, "-c", holder], env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             text=True)  # fmt: skip
    try:
        assert first.stdout.readline() == "held\n"
        waiter = holder.replace("print('held', flush=True); sys.stdin.readline()", "print('got it', flush=True)")
        waiter = waiter.replace("c.setup_lock()", "c.setup_lock(say=print)")
        second = subprocess.Popen([sys.executable, "-c", waiter], env=env, stdout=subprocess.PIPE, text=True)
        assert second.stdout.readline() == "another set-up is running on this machine: waiting for it\n"
        first.stdin.write("\n")
        first.stdin.flush()
        assert second.stdout.readline() == "got it\n"
        assert second.wait(10) == 0
    finally:
        first.kill()
        first.wait()
