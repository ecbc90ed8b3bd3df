"""A Python package's game, installed with pip as a wheel into a fresh venv, found through the
entry point group `roll_rules.systems` and played by roll there (slow: a venv and pip)."""

from __future__ import annotations

import base64
import hashlib
import os
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from tests.support.paths import ROOT_DIR

pytestmark = pytest.mark.slow

ENTRY_POINTS = """\
[roll_rules.systems]
coin = roll_coin:SYSTEM
"""

GAME = '''\
"""A coin: `flip` throws a d2; heads (2) pass."""

from __future__ import annotations

from fractions import Fraction

from rules import CommandFn, Context, Odds, OddsFn, Resolution, System
from rules.notation import syntax


def flip(ctx: Context, line: syntax.CommandLine) -> Resolution:
    face = ctx.roller.roll(syntax.Dice(1, syntax.std_die(2))).total
    outcome = "pass" if face == 2 else "fail"
    return ctx.resolution("flip", f"flip → {face} · {outcome}", total=face, outcome=outcome)


def flip_odds(ctx: Context, line: syntax.CommandLine) -> Odds:
    half = Fraction(1, 2)
    return Odds({1: half, 2: half}, {"pass": half, "fail": half})


class Coin(System):
    id = "coin"
    title = "A coin"
    examples = ("flip",)

    def extra_commands(self) -> dict[str, CommandFn]:
        return {"flip": flip}

    def odds_commands(self) -> dict[str, OddsFn]:
        return {"flip": flip_odds}


SYSTEM = Coin()
'''


def run(argv: list[str], env: dict[str, str], cwd: Path) -> str:
    done = subprocess.run(argv, env=env, cwd=cwd, capture_output=True, text=True, timeout=300,
                          check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def wheel(where: Path) -> Path:
    """The example package as a wheel built here (the offline machine has no `wheel` for
    setuptools to build one): its module, its metadata and its entry point, each in RECORD."""
    files = {
        "roll_coin.py": GAME,
        "roll_coin-1.0.dist-info/METADATA": "Metadata-Version: 2.1\nName: roll-coin\nVersion: 1.0\n",
        "roll_coin-1.0.dist-info/WHEEL": ("Wheel-Version: 1.0\nGenerator: hand\n"
                                          "Root-Is-Purelib: true\nTag: py3-none-any\n"),
        "roll_coin-1.0.dist-info/entry_points.txt": ENTRY_POINTS,
    }
    path = where / "roll_coin-1.0-py3-none-any.whl"
    record = []
    with zipfile.ZipFile(path, "w") as whl:
        for name, text in files.items():
            data = text.encode("utf-8")
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            record.append(f"{name},sha256={digest.decode()},{len(data)}")
            whl.writestr(name, data)
        record.append("roll_coin-1.0.dist-info/RECORD,,")
        whl.writestr("roll_coin-1.0.dist-info/RECORD", "\n".join(record) + "\n")
    return path


def test_a_package_game_installs_into_a_fresh_venv_and_plays(tmp_path: Path) -> None:
    package = wheel(tmp_path)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = venv / "bin" / "python"
    site = Path(run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                    dict(os.environ), tmp_path).strip())
    # roll-rules from this checkout and its dependencies from the test's own environment: pip
    # reaches no index here, and the package is what is installed the author's way
    (site / "roll_rules_here.pth").write_text(
        f"{ROOT_DIR}\n{sysconfig.get_path('purelib')}\n", encoding="utf-8")
    env = {**os.environ, "ROLL_CAMPAIGN": str(tmp_path / "none.sqlite3"), "NO_COLOR": "1",
           "XDG_CONFIG_HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path)}
    env.pop("ROLL_SYSTEM", None)
    run([str(python), "-m", "pip", "install", "-q", "--no-index", str(package)], env, tmp_path)
    roll = [str(python), "-m", "cli"]
    assert run([*roll, "-s", "coin", "--rolled", "2", "flip"], env, tmp_path) == (
        "flip → 2 · pass\n")
    assert run([*roll, "odds", "-s", "coin", "--json", "flip"], env, tmp_path).count(
        '"pass": "1/2"') == 1
    assert run([*roll, "systems"], env, tmp_path).splitlines()[-1] == (
        "coin       A coin · package")
    assert run([str(python), "-c", "import roll_coin, rules; print(rules.check_system("
                "roll_coin.SYSTEM))"], env, tmp_path) == "[]\n"
