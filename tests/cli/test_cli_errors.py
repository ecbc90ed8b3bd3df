"""Bad command lines in real processes: `roll: error:` and exit 2, never click's own format."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROLL = str(Path(sys.executable).with_name("roll"))


def run(*args: str, tmp: Path) -> tuple[int, str, str]:
    env = dict(os.environ, ROLL_CAMPAIGN=str(tmp / "c.sqlite3"), NO_COLOR="1")
    done = subprocess.run([ROLL, *args], capture_output=True, text=True, env=env, timeout=20,
                          check=False)
    return done.returncode, done.stdout, done.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--jsn", "2d6"], "roll: error: no such option: --jsn"),
        (["log", "-n", "x"], "roll: error: Invalid value for '-n': 'x' is not a valid integer."),
        (["odds"], "roll: error: Missing argument"),
        (["-s", "vagabond", "hurt", "-3"], "roll: error: this needs a character"),
    ],
)
def test_usage_errors_look_like_every_other_error(
    args: list[str], message: str, tmp_path: Path
) -> None:
    code, out, err = run(*args, tmp=tmp_path)
    assert code == 2 and out == ""
    assert err.startswith(message)
    assert "Traceback" not in err and "Usage:" not in err


def test_a_group_alone_shows_its_commands(tmp_path: Path) -> None:
    code, out, _ = run("sheet", tmp=tmp_path)
    assert code == 0 and "import" in out and "export" in out


def test_negative_dice_after_double_dash(tmp_path: Path) -> None:
    assert run("-q", "--rolled", "4", "--", "-d6+3", tmp=tmp_path) == (0, "-1\n", "")
