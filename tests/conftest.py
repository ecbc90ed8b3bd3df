"""Shared fixtures: every test gets its own campaign file and no colour."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

# no wall-clock limits in tests: Hypothesis's default 200 ms deadline per example is one
settings.register_profile("roll", deadline=None)
settings.load_profile("roll")


@pytest.fixture(autouse=True)
def private_campaign(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    path = tmp_path / "campaign.sqlite3"
    monkeypatch.setenv("ROLL_CAMPAIGN", str(path))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.delenv("ROLL_SYSTEM", raising=False)
    yield path
