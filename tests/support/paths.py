"""Where the repo, the test sheets and the test data are, for a test at any depth of tests/."""

from __future__ import annotations

from pathlib import Path

ROOT_DIR = Path(__file__).resolve().parents[2]
"""The checkout: README.md, pyproject.toml, cli/, rules/."""
SHEETS_DIR = ROOT_DIR / "tests" / "sheets"
"""The character sheets the tests import."""
DATA_DIR = ROOT_DIR / "tests" / "data"
"""Fixtures read as files (old log rows)."""
