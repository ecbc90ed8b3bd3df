"""Shared fixtures: every test gets its own campaign file and no colour."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from tests.support.pg_server import REQUIRED, Server, unavailable

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


@pytest.fixture(scope="session")
def pg_server() -> Iterator[Server]:
    """A real PostgreSQL server for the session (skipped, with the reason, where none can start)."""
    reason = unavailable()
    server = None
    if reason is None:
        server = Server()
        try:
            server.start()
        except (RuntimeError, OSError, subprocess.TimeoutExpired) as exc:
            reason, server = f"the PostgreSQL server did not start: {exc}", None
    if server is None:
        if REQUIRED:
            pytest.fail(f"ROLL_TEST_POSTGRES=required, but {reason}")
        pytest.skip(f"no PostgreSQL server: {reason}")
    yield server
    server.stop()


@pytest.fixture
def pg_url(pg_server: Server) -> str:
    """A new, empty database on the session's server."""
    return pg_server.new_database()


@pytest.fixture(params=["sqlite", "postgres"])
def store_where(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A campaign location for each store: a new file, and a new PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "store" / "campaign.sqlite3")
    server: Server = request.getfixturevalue("pg_server")
    return server.new_database()
