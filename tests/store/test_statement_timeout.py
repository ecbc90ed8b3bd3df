"""A PostgreSQL server that does not answer a statement in time: the statement is cancelled
(statement_timeout, set on every connection roll makes) and said in one line, nothing changed,
rather than a LINE waiting forever (cli/store/postgres.py). The timeout is made short here."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli.store import campaign_where, open_campaign
from cli.store.where import CampaignUnavailable
from tests.support.cli import invoke
from tests.support.sheets import MIRA, sheet

SAID = "the campaign's server did not answer in 1 s"


@pytest.fixture
def short_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    """A one-second statement timeout for the connections the test's roll makes."""
    monkeypatch.setattr("cli.store.postgres.STATEMENT_TIMEOUT_S", 1)


def test_every_connection_has_the_statement_timeout(pg_url: str) -> None:
    store = open_campaign(campaign_where(pg_url))
    with store.transaction(readonly=True) as tx:
        assert tx.sql("SELECT current_setting('statement_timeout')").fetchone()[0] == "30s"
    store.close()


def test_a_statement_the_server_does_not_finish_is_one_error(
        pg_url: str, short_timeout: None) -> None:
    store = open_campaign(campaign_where(pg_url))
    with pytest.raises(CampaignUnavailable) as stopped, store.transaction() as tx:
        tx.sql("SELECT pg_sleep(5)")
    assert str(stopped.value) == SAID
    with store.transaction(readonly=True) as tx:  # the next transaction connects again
        assert tx.sql("SELECT 1").fetchone()[0] == 1
    store.close()


def test_a_line_held_up_on_the_server_is_said_and_changes_nothing(
        pg_url: str, tmp_path: Path, short_timeout: None) -> None:
    import psycopg

    mira = sheet(tmp_path, MIRA, "mira")
    assert invoke("--campaign", pg_url, "sheet", "import", str(mira))[0] == 0
    with psycopg.connect(pg_url) as holder:  # a session that keeps the table and sleeps
        holder.execute("LOCK TABLE characters IN ACCESS EXCLUSIVE MODE")
        holder.execute("SELECT pg_sleep(0.1)")
        code, out, err = invoke("--campaign", pg_url, "--as", "Mira", "spend", "luck")
        json_code, json_out, _ = invoke("--json", "--campaign", pg_url, "--as", "Mira",
                                        "spend", "luck")
        holder.rollback()
    assert (code, out, err) == (2, "", f"roll: error: {SAID}\n")
    assert (json_code, json_out) == (
        2, f'{{"input": "spend luck", "error": "{SAID}", "column": null}}\n')
    code, out, _ = invoke("--campaign", pg_url, "log", "--json")
    assert (code, out) == (0, "")  # nothing was logged: nothing changed


def test_every_connection_checks_its_link_so_a_dead_one_is_found(pg_url: str) -> None:
    """A link that dies while roll waits (the server's machine gone) is found by TCP keepalives
    and libpq's tcp_user_timeout, set on every connection roll makes: the server's
    statement_timeout cannot tell, and the kernel's defaults would wait two hours."""
    from cli.store.postgres import connect

    db = connect(campaign_where(pg_url))
    try:
        given = db.info.get_parameters()
    finally:
        db.close()
    assert {k: given.get(k) for k in ("keepalives", "keepalives_idle", "keepalives_interval",
                                     "keepalives_count", "tcp_user_timeout")} == {
        "keepalives": "1", "keepalives_idle": "10", "keepalives_interval": "5",
        "keepalives_count": "3", "tcp_user_timeout": "30000"}


def test_a_libpq_older_than_12_is_not_given_tcp_user_timeout() -> None:
    from cli.store.postgres import LINK_CHECKS, link_checks

    assert link_checks(110005) == LINK_CHECKS
    assert link_checks(170000) == {**LINK_CHECKS, "tcp_user_timeout": 30000}
