"""Cached builds that two set-ups on one machine can make at once.

A cached folder is made in a fresh temporary folder beside its place and
renamed into it when it is whole: a reader never sees half of one, and
when two builds race, the second to finish finds the first's in place and
throws its own away (the same inputs make the same folder: the caches are
keyed by what goes in).

    with fresh_dir(final) as tmp:   # build into tmp; final exists afterwards
        ...
    with setup_lock():              # one set-up at a time (apt-get, pip)
        ...
"""

import contextlib
import fcntl
import os
import shutil
import tempfile


def cache_base():
    """The project's cache folder ($XDG_CACHE_HOME/clue-fx, or ~/.cache/clue-fx)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "clue-fx")


@contextlib.contextmanager
def fresh_dir(final):
    """A new empty folder beside `final`, renamed to `final` once the block
    ends without an error; if `final` appeared meanwhile (another build's),
    ours is removed and theirs is kept. On an error nothing is left behind."""
    parent = os.path.dirname(os.path.abspath(final))
    os.makedirs(parent, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="." + os.path.basename(final) + ".", suffix=".tmp", dir=parent)
    os.chmod(tmp, 0o755)  # a cache folder as any other (mkdtemp makes it private)
    try:
        yield tmp
        try:
            os.rename(tmp, final)
        except OSError:
            if not os.path.isdir(final):
                raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


@contextlib.contextmanager
def setup_lock(say=None):
    """Hold the machine's set-up lock (a second set-up waits for the first,
    then finds its work done): apt-get and dpkg allow one at a time anyway."""
    os.makedirs(cache_base(), exist_ok=True)
    with open(os.path.join(cache_base(), "setup.lock"), "w") as f:
        try:
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if say is not None:
                say("another set-up is running on this machine: waiting for it")
            fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)
