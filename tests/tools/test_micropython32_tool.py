"""tools/micropython32.py: reading Debian's index, the dependency closure,
unpacking a .deb; the fetched interpreter is really 32-bit."""

import io
import subprocess
import tarfile

import pytest

from tests.support.mcu import harness

tool = harness._tool("micropython32")

INDEX = """Package: micropython
Version: 1.25.0+ds-1
Depends: libc6 (>= 2.34), libffi8 (>= 3.4) | libffi7, libmbedtls21 (>= 3.6.0)
Filename: pool/main/m/micropython/micropython_1.25.0+ds-1_i386.deb
SHA256: aa
Description: a long one
 that goes on

Package: libc6
Version: 2.41
Depends: libgcc-s1
Filename: pool/main/g/glibc/libc6_2.41_i386.deb

Package: libgcc-s1
Version: 14
Depends: libc6 (>= 2.35)

Package: libffi8
Version: 3.4.8

Package: libmbedtls21
Pre-Depends: multiarch-support
Version: 3.6
"""


def test_the_index_is_read_stanza_by_stanza():
    packages = tool.parse_index(INDEX)
    assert packages["micropython"]["Version"] == "1.25.0+ds-1"
    assert packages["micropython"]["Description"] == "a long one\nthat goes on"
    assert packages["libc6"]["Filename"].endswith("libc6_2.41_i386.deb")


def test_the_closure_takes_first_alternatives_and_skips_virtual_names():
    packages = tool.parse_index(INDEX)
    assert tool.closure(packages, "micropython") == ["libc6", "libffi8", "libgcc-s1", "libmbedtls21", "micropython"]


def _ar(members):
    out = io.BytesIO()
    out.write(b"!<arch>\n")
    for name, body in members:
        out.write(("%-16s%-12s%-6s%-6s%-8s%-10d`\n" % (name, 0, 0, 0, 100644, len(body))).encode())
        out.write(body + (b"\n" if len(body) & 1 else b""))
    return out.getvalue()


def test_a_deb_gives_its_data_tar():
    data = io.BytesIO()
    with tarfile.open(fileobj=data, mode="w:xz") as tar:
        info = tarfile.TarInfo("./usr/bin/micropython")
        info.size = 3
        tar.addfile(info, io.BytesIO(b"elf"))
    deb = _ar([("debian-binary", b"2.0\n"), ("control.tar.xz", b"x"), ("data.tar.xz", data.getvalue())])
    with tool.deb_data(deb) as tar:
        assert tar.getnames() == ["./usr/bin/micropython"]
    with pytest.raises(ValueError, match="not a .deb"):
        tool.deb_data(b"PK\x03\x04")


def test_the_fetched_micropython_is_32_bit_with_a_real_64k_heap():
    exe = harness.micropython32()
    code = "import sys, gc; print(sys.maxsize, gc.mem_alloc() + gc.mem_free())"
    r = subprocess.run([exe, "-X", "heapsize=64k", "-c", code], capture_output=True, text=True, timeout=30, check=True)
    maxsize, heap = (int(x) for x in r.stdout.split())
    assert maxsize == 2**31 - 1  # 32-bit words
    assert 60000 <= heap <= 65536
