"""Waiting on a condition with a deadline (never a bare sleep), and ending a
child process: the two every test of a real process needs."""

import subprocess
import time


def wait_until(predicate, timeout=10.0, what="a condition"):
    """`predicate()`'s first true value, polled every 10 ms; AssertionError
    naming `what` once `timeout` seconds have passed without one."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError("waited %.0f s, never: %s" % (timeout, what))
        time.sleep(0.01)


def end_process(proc, grace=10):
    """SIGTERM, then SIGKILL after `grace` seconds; the exit code."""
    if proc.poll() is None:
        proc.terminate()
    try:
        proc.wait(grace)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    return proc.returncode
