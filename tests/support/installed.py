"""The installed `roll` script (beside this Python, or on PATH) run as a real process; every
JSON line it prints is checked against docs/roll.schema.json (tests/support/json_schema.py)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from tests.support.json_schema import fits

ROLL = shutil.which("roll") or str(Path(sys.executable).with_name("roll"))


def run(*args: str, stdin: str | None = None, env: dict[str, str] | None = None,
        timeout: float = 20) -> subprocess.CompletedProcess[str]:
    """`roll ARGS…` as a process: its status and output, its JSON lines checked."""
    done = subprocess.run([ROLL, *args], input=stdin, capture_output=True, text=True,
                          env=env, timeout=timeout, check=False)
    fits(done.stdout)
    return done
