"""The README's examples as a shell runs them, against the installed `roll` (CI: the built wheel's)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tests.support.installed import ROLL
from tests.support.paths import ROOT_DIR
from tests.support.readme import shell_lines

pytestmark = pytest.mark.skipif(not Path(ROLL).exists(), reason="roll is not installed")


def test_a_pipe_example_is_among_them() -> None:
    assert any("| roll " in line for line in shell_lines())


@pytest.mark.parametrize("line", shell_lines())
def test_readme_line_runs_in_a_shell(line: str, tmp_path: Path) -> None:
    path = f"{Path(ROLL).parent}{os.pathsep}{os.environ['PATH']}"
    env = dict(os.environ, PATH=path, ROLL_CAMPAIGN=str(tmp_path / "c.sqlite3"), NO_COLOR="1")
    where = ROOT_DIR if "docs/games/" in line else tmp_path  # the checkout's game files
    done = subprocess.run(["bash", "-c", line], capture_output=True, text=True, env=env,
                          cwd=where, timeout=60, check=False)
    assert (done.returncode, done.stderr) == (0, ""), line
    assert done.stdout.strip(), line
