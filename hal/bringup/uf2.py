"""A drag-and-drop install (`clue-fx flash --uf2 FILE`): the program that
`clue-fx flash` would copy (the .mpy files and main.py) laid in a LittleFS
image the size of the file system that stock MicroPython for the Pico
mounts at /, wrapped as a UF2 file for the RP2040 (family 0xE48BFF56) at the
flash address of that file system. A maker drops the stock MicroPython UF2
on the Pico's USB drive (RPI-RP2), then, with BOOTSEL held again, this one:
no Python, mpy-cross or mpremote on their computer (docs/build-a-board.md).

    write_uf2("clue-fx-pico.uf2", "standalone")          # -> {"files", "image_bytes", "blocks", ...}
    image = lfs_image({"main.py": b"..."}, BOARDS["pico"])  # the LittleFS image alone

Where stock MicroPython keeps its file system (ports/rp2, rp2_flash.c: at
the end of the flash, MICROPY_HW_FLASH_STORAGE_BYTES long; _boot.py mounts
it as VfsLfs2 with progsize=256, 4096-byte blocks): the Pico, 1408 KB from
0x100A0000; the Pico W, 848 KB from 0x1012C000. The whole area is written,
its empty blocks too, so that no block of the board's old file system is
left to be taken for a newer copy of the new one's metadata; the files the
board held are replaced.
"""

import os
import struct
import tempfile

from . import flash as deploy

FAMILY_RP2040 = 0xE48BFF56
BLOCK_SIZE = 4096  # the RP2040's flash sector, MicroPython's LittleFS block
PAYLOAD = 256  # bytes of flash in each 512-byte UF2 block
# board -> (the file system's address in the flash, its size)
BOARDS = {"pico": (0x100A0000, 1408 * 1024), "pico_w": (0x1012C000, 848 * 1024)}
_MAGIC = (0x0A324655, 0x9E5D5157, 0x0AB16F30)
_FAMILY_FLAG = 0x00002000


def lfs_image(files, board):
    """The LittleFS image (bytes, the file system's whole size) holding
    `files` ({path on the board: bytes}), as MicroPython on `board`
    ((address, size) of BOARDS) mounts it."""
    from littlefs import LittleFS

    size = board[1]
    fs = LittleFS(
        block_size=BLOCK_SIZE,
        block_count=size // BLOCK_SIZE,
        prog_size=256,  # rp2's _boot.py: VfsLfs2(bdev, progsize=256)
        read_size=32,
        lookahead_size=32,
        disk_version=0x00020000,  # littlefs 2.0: read by every MicroPython with LittleFS v2
    )
    made = set()
    for path in sorted(files):
        folder = ""
        for part in path.split("/")[:-1]:
            folder = part if not folder else folder + "/" + part
            if folder not in made:
                fs.mkdir(folder)
                made.add(folder)
        with fs.open(path, "wb") as f:
            f.write(files[path])
    return bytes(fs.context.buffer)


def uf2(data, address, family=FAMILY_RP2040):
    """`data` as UF2 blocks (bytes) that write it at `address`."""
    count = (len(data) + PAYLOAD - 1) // PAYLOAD
    out = bytearray()
    for n in range(count):
        chunk = data[n * PAYLOAD : (n + 1) * PAYLOAD]
        head = struct.pack("<8I", _MAGIC[0], _MAGIC[1], _FAMILY_FLAG, address + n * PAYLOAD, PAYLOAD, n, count, family)
        out += head + chunk.ljust(476, b"\0") + struct.pack("<I", _MAGIC[2])
    return bytes(out)


def board_files(mode, config=None):
    """{path on the board: bytes} of what `clue-fx flash` copies for `mode`."""
    with tempfile.TemporaryDirectory(prefix="clue-fx-uf2-") as dest:
        written = deploy.build(dest, mode, config)
        out = {}
        for path in written:
            with open(os.path.join(dest, path), "rb") as f:
                out[path] = f.read()
    return out


def uf2_name(board, mode="standalone"):
    """The file name that says which board a data UF2 is for: clue-fx-pico.uf2, clue-fx-pico_w-rig.uf2."""
    return "clue-fx-%s%s.uf2" % (board, "" if mode == "standalone" else "-" + mode)


def _names(name):
    """The boards a file name speaks of ("pico_w", "pico-w", "picow": a Pico W; "pico" alone: a Pico)."""
    low = name.lower().replace("-", "_")
    if "pico_w" in low or "picow" in low:
        return {"pico_w"}
    if "pico2" in low or "pico_2" in low:
        return {"pico2"}
    return {"pico"} if "pico" in low else set()


def write_uf2(path, mode="standalone", config=None, board="pico"):
    """Write the data UF2 of `mode` for `board` to `path` (a folder: its
    uf2_name() in it); what went in, and the file's "path". A name that
    speaks of another board is refused: a Pico's UF2 dropped on a Pico W
    overwrites part of its MicroPython, and the drive cannot tell."""
    if board not in BOARDS:
        raise deploy.DeployError("unknown board %r: the boards are %s" % (board, ", ".join(sorted(BOARDS))))
    if os.path.isdir(path):
        path = os.path.join(path, uf2_name(board, mode))
    named = _names(os.path.basename(path))
    if "pico2" in named:
        raise deploy.DeployError(
            "%s: a Pico 2 (RP2350) takes no data UF2 of clue-fx (its bootrom refuses the RP2040's family, and "
            "its MicroPython keeps its files elsewhere): put stock MicroPython for the Pico 2 on it and use "
            "clue-fx flash --port" % os.path.basename(path)
        )
    if named and board not in named:
        raise deploy.DeployError(
            "%s names a %s, and --board is %s: name it %s (a UF2 dropped on the wrong board overwrites part "
            "of its MicroPython)"
            % (os.path.basename(path), "Pico W" if "pico_w" in named else "Pico", board, uf2_name(board, mode))
        )
    try:
        import littlefs  # noqa: F401
    except ImportError:
        raise deploy.DeployError("littlefs-python is missing: %s" % deploy.BOARD_TOOLS) from None
    files = board_files(mode, config)
    address, size = BOARDS[board]
    image = lfs_image(files, BOARDS[board])
    data = uf2(image, address)
    with open(path, "wb") as f:
        f.write(data)
    used = sum(1 for i in range(0, size, BLOCK_SIZE) if image[i : i + BLOCK_SIZE] != b"\xff" * BLOCK_SIZE)
    return {
        "path": path,
        "files": len(files),
        "program_bytes": sum(len(b) for b in files.values()),
        "blocks_used": used,
        "address": address,
        "image_bytes": size,
        "uf2_bytes": len(data),
    }
