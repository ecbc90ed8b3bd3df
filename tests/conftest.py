"""Shared fixtures: every test gets its own campaign file and no colour; a PostgreSQL server and
a campaign on each store; Kell and Mira the wizard imported, for the modules that play them."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from rules.limits import RECURSION
from tests.support.cli import invoke_write
from tests.support.pg_server import REQUIRED, Server, unavailable
from tests.support.sheets import KELL, import_wizard

# no wall-clock limits in tests: Hypothesis's default 200 ms deadline per example is one
settings.register_profile("roll", deadline=None)
settings.load_profile("roll")

# the limit `roll`'s entry point sets (cli/__main__.py): tests run its commands in this process
sys.setrecursionlimit(max(sys.getrecursionlimit(), RECURSION))


SLOW_FILES = {
    "test_screens": "the installed roll in a pty, read through pyte",
    "test_pexpect_repl": "the installed roll in a pty",
    "test_store_live_repl": "REPLs in ptys over one campaign",
    "test_campaign_processes": "several roll processes over one campaign",
    "test_store_processes": "roll processes killed and racing over a campaign",
    "test_store_postgres": "a real PostgreSQL server",
    "test_readme_installed": "every README example through the installed roll",
    "test_installed": "the installed roll as subprocesses",
    "test_packaging": "pip metadata and the installed distribution",
    "test_completion_scripts": "bash running the completion scripts",
    "test_startup": "a fresh interpreter for each probe",
    "test_cli_errors": "roll as subprocesses",
    "test_differential": "icepool's and d20's answers to compare with",
}
"""Test files marked `slow` as a whole (`pytest -m "not slow"` leaves them out), and why; a
single slow test elsewhere carries `@pytest.mark.slow` itself, and every test of a store
parametrised over PostgreSQL (`store_where`) is slow on that server."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        callspec = getattr(item, "callspec", None)
        on_postgres = callspec is not None and callspec.params.get("store_where") == "postgres"
        if (item.path.stem in SLOW_FILES or on_postgres or "pg_server" in item.fixturenames
                or "own_server" in item.fixturenames):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def only_built_in_games() -> Iterator[None]:
    """Each test starts with the built-in games alone and the registry's own finders: a game a
    test read from a file or a campaign, and the finder of its campaign, go with it."""
    from rules.systems import MODULES, SYSTEMS

    finders = list(SYSTEMS.finders)
    yield
    for name in [n for n in SYSTEMS if n not in MODULES]:
        SYSTEMS.drop(name)
    SYSTEMS.finders[:] = finders


@pytest.fixture(autouse=True)
def json_fits_the_schema(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every JSON object roll prints in the test's process fits docs/roll.schema.json: each is
    kept as it is printed and checked when the test ends (tests/support/json_schema.py)."""
    import sys

    import cli.base.safe as safe

    printed: list[dict[str, Any]] = []
    dumps = getattr(safe.dumps, "__wrapped__", safe.dumps)

    def kept(obj: dict[str, Any]) -> str:
        printed.append(obj)
        return dumps(obj)

    kept.__wrapped__ = dumps  # type: ignore[attr-defined]
    # the one function every JSON line is written by, wherever a module imported it by name (a
    # module first imported during an earlier test holds that test's `kept`: it is replaced too)
    for module in [m for name, m in list(sys.modules.items()) if name.startswith("cli.")]:
        found = getattr(module, "dumps", None)
        if found is dumps or getattr(found, "__wrapped__", None) is dumps:
            monkeypatch.setattr(module, "dumps", kept)
    yield
    if printed:
        from tests.support.json_schema import problems

        unfit = [said for said in map(problems, printed) if said is not None]
        assert not unfit, "JSON that docs/roll.schema.json does not describe:\n" + "\n".join(unfit)


@pytest.fixture(autouse=True)
def private_campaign(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    path = tmp_path / "campaign.sqlite3"
    monkeypatch.setenv("ROLL_CAMPAIGN", str(path))
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))  # no config file unless made
    monkeypatch.delenv("ROLL_CONFIG", raising=False)
    monkeypatch.delenv("ROLL_SYSTEM", raising=False)
    for forcing in ("FORCE_COLOR", "CLICOLOR_FORCE", "ROLL_COLOR"):  # a shell's own: colour off
        monkeypatch.delenv(forcing, raising=False)
    monkeypatch.delenv("LINES", raising=False)  # an odds chart fits the height a test gives
    yield path


def started_server() -> Server:
    """A real PostgreSQL server, started; where none can start the test is skipped with the
    reason (failed under ROLL_TEST_POSTGRES=required, as CI runs)."""
    reason = unavailable()
    if reason is None:
        server = Server()
        try:
            server.start()
            return server
        except (RuntimeError, OSError, subprocess.TimeoutExpired) as exc:
            reason = f"the PostgreSQL server did not start: {exc}"
    if REQUIRED:
        pytest.fail(f"ROLL_TEST_POSTGRES=required, but {reason}")
    pytest.skip(f"no PostgreSQL server: {reason}")


@pytest.fixture(scope="session")
def pg_server() -> Iterator[Server]:
    """A real PostgreSQL server for the session."""
    server = started_server()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def own_server() -> Iterator[Server]:
    """A server of the module's own: to stop and start, or whose roles and databases are the
    module's to make (the session's serves the others)."""
    server = started_server()
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


@pytest.fixture
def kell_campaign(tmp_path: Path, private_campaign: Path) -> Path:
    """The test's campaign with Kell (Tiers) imported from her sheet."""
    sheet = tmp_path / "kell.toml"
    sheet.write_text(KELL, encoding="utf-8")
    assert invoke_write("sheet", "import", str(sheet)) == (0, "imported Kell (tiers)\n")
    return private_campaign


@pytest.fixture
def mira_sheet(tmp_path: Path) -> Path:
    """Mira the wizard (Vagabond) with Luck 2, imported into the test's campaign: her sheet."""
    return import_wizard(tmp_path, luck=2)
