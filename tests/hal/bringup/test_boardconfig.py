"""The board's config checked when its program is built (hal/bringup/boardconfig.py):
a typo is a one-line error at `clue-fx flash --build-only/--uf2`, not a dark board."""

import os
import subprocess
import sys

import pytest

from hal.bringup import boardconfig
from hal.bringup import flash as deploy

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
DEFAULT = open(boardconfig.DEFAULT, encoding="utf-8").read()


def _config(tmp_path, extra):
    path = tmp_path / "myboard.py"
    path.write_text(DEFAULT + "\n" + extra + "\n", encoding="utf-8")
    return str(path)


def test_the_shipped_config_passes(tmp_path):
    boardconfig.check(None)
    for kind in boardconfig.KINDS:
        boardconfig.check(_config(tmp_path, "PADS = %r" % kind))


@pytest.mark.parametrize(
    "extra, said",
    [
        ('PADS = "contact"', "PADS is 'touch', 'contacts', 'matrix', not 'contact' (did you mean 'contacts'?)"),
        ("PAD_PIN = (2, 3)", "PAD_PIN is no setting of the board (did you mean PAD_PINS?)"),
        ('PADS = "contacts"\nPAD_PINS = (2, 3, 4)', "PAD_PINS has 3 pins for 13 pads"),
        ("BUTTON_PINS = (6, 7, 8, 9, 10, 11, 13)", "BUTTON_PINS[6] and SWITCH_PIN are both GP13"),
        ("SWITCH_PIN = 30", "SWITCH_PIN is 30: a Pico's GPIO is a number 0..28"),
        ("BATTERY_PIN = 22", "BATTERY_PIN is 22: the batteries go to an ADC pin"),
        ('PADS = "matrix"\nMATRIX_ROWS = (14, 15, 16)', "a 3 x 4 matrix holds 12 pads, not 13"),
        ("VOLUME = 31", "VOLUME is 31: 0..30"),
        ('DFPLAYER_REPLIES = "none"', "needs the DFPlayer's BUSY pin wired"),
        ("PADS = 'touch'\nI2C_SDA = 6", "I2C_SDA and BUTTON_PINS[0] are both GP6"),
        ("VOLUME = (", "myboard.py line"),
        ("import nothing_here", "myboard.py does not run: ModuleNotFoundError"),
    ],
)
def test_a_config_that_would_not_start_the_board_is_one_line(tmp_path, extra, said):
    with pytest.raises(ValueError) as e:
        boardconfig.check(_config(tmp_path, extra))
    assert said in str(e.value) and "\n" not in str(e.value)


def test_the_one_pole_switch_is_a_setting(tmp_path):
    boardconfig.check(_config(tmp_path, "PADS = 'contacts'\nSWITCH_PIN = None"))


def test_build_and_the_uf2_refuse_it_before_anything_is_written(tmp_path):
    bad = _config(tmp_path, 'PADS = "contact"')
    dest = tmp_path / "build"
    with pytest.raises(deploy.DeployError, match="myboard.py: PADS is"):
        deploy.build(str(dest), "standalone", bad)
    assert not dest.exists()
    uf2 = tmp_path / "clue-fx-pico.uf2"
    r = subprocess.run(
        [sys.executable, "-m", "hal.cli", "flash", "--uf2", str(uf2), "--config", bad],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=ROOT,
    )
    assert r.returncode != 0 and not uf2.exists()
    lines = (r.stdout + r.stderr).strip().splitlines()
    assert len(lines) == 1 and "PADS is 'touch', 'contacts', 'matrix', not 'contact'" in lines[0], lines
