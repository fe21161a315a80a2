"""tools/mcu_build.py's choices: the build's flags name their cache, an
unknown set is refused in one line, and --run says what it cannot do."""

import os
import subprocess
import sys

import pytest

from tests.support.mcu import qemu

TOOL = os.path.join(qemu.ROOT, "tools", "mcu_build.py")
build = qemu.mcu_build


def test_each_set_of_flags_has_its_own_cache_and_the_board_s_is_speed():
    assert build.FLAG == "speed"
    assert build.FLAGS["speed"] == ["OPT=-O2", "SETATTR=0"]
    assert build.FLAGS["size"] == ["OPT=-Os", "SETATTR=1"]
    speed, size = build.build_dir("frozen", flags="speed"), build.build_dir("frozen", flags="size")
    assert os.path.basename(speed).startswith("frozen-cortex-m3-speed-")
    assert os.path.basename(size).startswith("frozen-cortex-m3-size-")
    assert speed.split("-")[-1] != size.split("-")[-1]  # the flags are in the key too


def test_unknown_flags_are_refused():
    with pytest.raises(build.BuildError, match="unknown flags 'fast': they are speed, size"):
        build.build_dir("plain", flags="fast")


def test_run_on_the_m0_image_is_a_usage_error_in_one_line():
    r = subprocess.run([sys.executable, TOOL, "--cpu", "cortex-m0plus", "--run", "64000", "print(1)"],
                       capture_output=True, text=True, timeout=60, check=False)  # fmt: skip
    assert r.returncode == 2
    assert r.stderr.strip() == "mcu_build: --run runs the Cortex-M3 image on QEMU; leave --cpu out"
