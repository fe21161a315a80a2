"""The offline app's Python where MicroPython's import finds it: the bundle
(`py/bundle.bin`, hal/web/bundle.py) read once into the runtime's heap and
mounted as a read-only file system, so that each module's bytecode is read
inside the runtime. Written file by file into the page's own (JavaScript)
file system, the import read them a few dozen bytes at a time, each read a
call out of the runtime and back: some 1 400 of them to import the app.

    import bundlefs                                   # the page's static/boot.js, under MicroPython
    bundlefs.mount("/bundle.bin", files_json, "/lib")  # then `import hal.web.offline` reads from it

`files_json`: the bundle's index, [[path, offset, length], ...] (py/files.json's "files").
The page imports this module by itself, from its own file (it cannot come from the bundle it mounts).
Runs under MicroPython (its `vfs`) and, but for mount(), under CPython (the tests).
"""

import io
import json

ENOENT = 2
EROFS = 30
S_IFDIR = 0x4000
S_IFREG = 0x8000


class Bundle:
    """A read-only file system of one buffer: `files` {path: (offset, length)}, paths with no leading /.
    What MicroPython's vfs.mount asks of a file system, as far as reading goes."""

    def __init__(self, data, files):
        self.data = memoryview(data)
        self.files = files
        self.dirs = {""}
        for name in files:
            parts = name.split("/")
            for k in range(1, len(parts)):
                self.dirs.add("/".join(parts[:k]))

    def mount(self, readonly, mkfs):
        pass

    def umount(self):
        pass

    def stat(self, path):
        """os.stat's tuple (mode and size only): what the import asks of each place a module may be."""
        name = self._name(path)
        if name in self.files:
            return (S_IFREG, 0, 0, 0, 0, 0, self.files[name][1], 0, 0, 0)
        if name in self.dirs:
            return (S_IFDIR, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        raise OSError(ENOENT)

    def open(self, path, mode):
        if "w" in mode or "a" in mode or "+" in mode or "x" in mode:
            raise OSError(EROFS)
        name = self._name(path)
        if name not in self.files:
            raise OSError(ENOENT)
        at, length = self.files[name]
        body = self.data[at : at + length]
        return io.BytesIO(body) if "b" in mode else io.StringIO(str(body, "utf-8"))

    def ilistdir(self, path):
        """(name, type, inode) of each entry of the folder `path`."""
        folder = self._name(path)
        if folder not in self.dirs:
            raise OSError(ENOENT)
        prefix = folder + "/" if folder else ""
        seen = set()
        for name in sorted(self.dirs) + sorted(self.files):
            if name.startswith(prefix) and name != folder:
                entry = name[len(prefix) :].split("/")[0]
                if entry not in seen:
                    seen.add(entry)
                    yield (entry, S_IFDIR if prefix + entry in self.dirs else S_IFREG, 0)

    @staticmethod
    def _name(path):
        return path.strip("/")


def mount(bundle_path, files_json, at):
    """The bundle in the file `bundle_path` (read whole, in one read) mounted at `at` (MicroPython)."""
    import vfs  # MicroPython's

    files = {}
    size = 0
    for name, offset, length in json.loads(files_json):
        files[name] = (offset, length)
        size = max(size, offset + length)
    data = bytearray(size)
    with open(bundle_path, "rb") as f:
        if f.readinto(data) != size:
            raise ValueError("the bundle is shorter than its index: export the app again")
    vfs.mount(Bundle(data, files), at)
