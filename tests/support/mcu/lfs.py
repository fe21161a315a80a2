"""The drag-and-drop install (`clue-fx flash --uf2`) under the unix
MicroPython: the LittleFS image that hal/bringup/uf2.py lays in the UF2,
mounted as a Pico's _boot.py mounts its flash, and whole games played from
it (tests/hal/bringup/test_uf2.py, bench/bench_mcu.py)."""

import os

from . import harness

# A block device over the flash image, as rp2.Flash is one (4096-byte blocks),
# mounted as the Pico's _boot.py mounts its flash (VfsLfs2, progsize=256); then
# the board's folder is that mount, first on the path, as "/" is on a Pico.
MOUNT = """import os, sys
class Flash:
    def __init__(self, path, blocks):
        self.f = open(path, "rb")
        self.blocks = blocks
    def readblocks(self, n, buf, off=0):
        self.f.seek(n * 4096 + off)
        self.f.readinto(buf)
    def writeblocks(self, n, buf, off=0):
        raise OSError(30)
    def ioctl(self, op, arg):
        if op == 4:
            return self.blocks
        if op == 5:
            return 4096
        return 0
os.mount(os.VfsLfs2(Flash(%r, %d), progsize=256), "/flash", readonly=True)
sys.path.insert(0, "/flash")
Flash = None
"""


def mount(image_path, size):
    """The code that mounts the image (a file of `size` bytes) at /flash."""
    return MOUNT % (str(image_path), size // 4096)


def tools(folder):
    """What a board has built in (machine, time) and the script player, in `folder`."""
    os.makedirs(folder, exist_ok=True)
    harness.compile_to(folder, os.path.join(harness.HERE, "fakes", "machine.py"), "machine")
    harness.compile_to(folder, os.path.join(harness.HERE, "faketime", "time.py"), "time")
    harness.compile_to(folder, os.path.join(harness.HERE, "game.py"), "game")
    return folder


def standalone_image(folder, board="pico"):
    """The standalone program's LittleFS image for `board`, as --uf2 lays it
    (without the UF2 wrapping): (its path, its size)."""
    from hal.bringup import uf2

    path = os.path.join(folder, "flash-%s.img" % board)
    with open(path, "wb") as f:
        f.write(uf2.lfs_image(uf2.board_files("standalone"), uf2.BOARDS[board]))
    return path, uf2.BOARDS[board][1]
