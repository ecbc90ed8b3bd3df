"""The installed `roll` script (beside this Python, or on PATH) run as a real process."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROLL = shutil.which("roll") or str(Path(sys.executable).with_name("roll"))


def run(*args: str, stdin: str | None = None, env: dict[str, str] | None = None,
        timeout: float = 20) -> subprocess.CompletedProcess[str]:
    return subprocess.run([ROLL, *args], input=stdin, capture_output=True, text=True,
                          env=env, timeout=timeout, check=False)
