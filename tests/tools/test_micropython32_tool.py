"""tools/micropython32.py: the mirror from the machine's own apt sources, a
private apt state; the fetched interpreter is really 32-bit."""

import subprocess

from tests.support.mcu import harness

tool = harness._tool("micropython32")

DEB822 = """Types: deb
# a comment
URIs: http://mirror.example/debian-security
Suites: bookworm-security
Components: main

Types: deb
URIs: http://mirror.example/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
"""

ONE_LINE = """# deb http://old.example/debian bookworm main
deb http://mirror.example/debian-security bookworm-security main
deb [arch=amd64 signed-by=/etc/keys/debian.gpg] http://mirror.example/debian bookworm main contrib
"""


def test_the_mirror_comes_from_the_machines_own_apt_sources():
    keyring = "/usr/share/keyrings/debian-archive-keyring.gpg"
    assert tool.mirror_of([DEB822]) == ("http://mirror.example/debian", keyring)
    assert tool.mirror_of([ONE_LINE]) == ("http://mirror.example/debian", "/etc/keys/debian.gpg")
    assert tool.mirror_of(["deb http://m.example/debian bookworm main\n"]) == ("http://m.example/debian", None)
    assert tool.mirror_of(["# nothing\n", "deb-src http://m.example/debian bookworm main\n"]) is None


def test_no_host_is_named_in_the_tool():
    import re

    with open(tool.__file__, encoding="utf-8") as f:
        code = "".join(line for line in f if not line.lstrip().startswith("#"))
    assert not re.findall(r"https?://[a-z]", code.split('"""', 2)[2])


def test_private_apt_state_lives_in_the_given_folder(tmp_path):
    opts = tool._apt(str(tmp_path), "http://m.example/debian", None)
    assert any(o.startswith("Dir::State::Lists=" + str(tmp_path)) for o in opts)
    assert (tmp_path / "apt" / "sources.list").read_text() == "deb [arch=i386] http://m.example/debian trixie main\n"


def test_the_fetched_micropython_is_32_bit_with_a_real_64k_heap():
    exe = harness.micropython32()
    code = "import sys, gc; print(sys.maxsize, gc.mem_alloc() + gc.mem_free())"
    r = subprocess.run([exe, "-X", "heapsize=64k", "-c", code], capture_output=True, text=True, timeout=30, check=True)
    maxsize, heap = (int(x) for x in r.stdout.split())
    assert maxsize == 2**31 - 1  # 32-bit words
    assert 60000 <= heap <= 65536
