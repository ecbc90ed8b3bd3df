"""A campaign that is not roll's (issue 49): roll marks its own SQLite files
(`application_id`) and refuses another program's database before reading or writing it, the
file unchanged to the byte and nothing left beside it; an empty file is a new campaign for a
command that writes, and a campaign made before the mark opens and is marked."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from cli.store.ownership import APPLICATION_ID
from tests.support.cli import invoke

BEAR = 'name = "Bear"\nsystem = "generic"\n[max]\nhp = 10\n'
TABLE = "weight,text\n1,rain\n1,sun\n"


def places(path: Path, application_id: int = 0) -> Path:
    """A browser's history database as Firefox keeps it: WAL, its own schema version."""
    db = sqlite3.connect(path)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA user_version = 77")
    db.execute(f"PRAGMA application_id = {application_id}")
    db.execute("CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url TEXT)")
    db.execute("INSERT INTO moz_places (url) VALUES ('https://example.org/')")
    db.commit()
    db.close()
    return path


def commands(tmp_path: Path) -> list[tuple[str, ...]]:
    """Every kind of command that touches a campaign: reads, writes, a LINE that changes."""
    (tmp_path / "bear.toml").write_text(BEAR, encoding="utf-8")
    (tmp_path / "weather.csv").write_text(TABLE, encoding="utf-8")
    return [("sheet", "list"), ("log",), ("alias", "list"), ("sheet", "show", "Bear"),
            ("--as", "Bear", "hurt 1"), ("sheet", "import", str(tmp_path / "bear.toml")),
            ("alias", "add", "shot", "d20+5"), ("table", "import", str(tmp_path / "weather.csv")),
            ("undo",), ("encounter",)]


def folder(path: Path) -> dict[str, bytes]:
    return {name: (path / name).read_bytes() for name in sorted(os.listdir(path))}


@pytest.mark.parametrize("application_id", [0, 0x4D6F7A21])
def test_another_programs_database_is_refused_and_left_to_the_byte(
        tmp_path: Path, application_id: int) -> None:
    home = tmp_path / "profile"
    home.mkdir()
    browser = places(home / "places.sqlite", application_id)
    refused = f"roll: error: {browser} is an SQLite database of another program, not a roll campaign\n"
    every = commands(tmp_path)
    before = folder(home)
    for args in every:
        assert invoke("--campaign", str(browser), *args) == (2, "", refused), args
        assert folder(home) == before, args  # the file to the byte, and no -wal or -shm
    assert invoke("--campaign", str(browser), "--rolled", "4", "d6") == (0, "d6 → [4] = 4\n", "")


def test_a_database_with_a_table_named_as_roll_s_is_still_not_roll_s(tmp_path: Path) -> None:
    other = tmp_path / "other.db"
    db = sqlite3.connect(other)
    db.execute("CREATE TABLE characters (name TEXT)")
    db.commit()
    db.close()
    before = other.read_bytes()
    assert invoke("--campaign", str(other), "alias", "add", "shot", "d20") == (
        2, "", f"roll: error: {other} is an SQLite database of another program, not a roll"
               " campaign\n")
    assert other.read_bytes() == before


def test_json_answers_the_refusal_too(tmp_path: Path) -> None:
    browser = places(tmp_path / "places.sqlite")
    code, out, _ = invoke("--campaign", str(browser), "--json", "sheet", "list")
    assert (code, out) == (2, '{"input": "sheet list", "error": "' + str(browser) + ' is an SQLite'
                              ' database of another program, not a roll campaign", "column": null}\n')


def test_an_empty_file_is_a_new_campaign_for_a_write_and_none_for_a_read(tmp_path: Path) -> None:
    empty = tmp_path / "campaign.sqlite3"
    empty.touch()
    assert invoke("--campaign", str(empty), "sheet", "list") == (
        2, "", f"roll: error: no campaign at {empty} (roll sheet import FILE creates one)\n")
    assert empty.read_bytes() == b"" and sorted(os.listdir(tmp_path)) == ["campaign.sqlite3"]
    assert invoke("--campaign", str(empty), "alias", "add", "shot", "d20+5") == (
        0, "added alias shot → d20+5\n", f"roll: created a new campaign at {empty}\n")
    assert invoke("--campaign", str(empty), "alias", "list") == (0, "shot → d20+5\n", "")
    db = sqlite3.connect(empty)
    assert db.execute("PRAGMA application_id").fetchone() == (APPLICATION_ID,)
    db.close()


def test_a_campaign_made_before_the_mark_opens_and_is_marked(tmp_path: Path) -> None:
    where = tmp_path / "campaign.sqlite3"
    assert invoke("--campaign", str(where), "alias", "add", "shot", "d20+5")[0] == 0
    db = sqlite3.connect(where)
    db.execute("PRAGMA application_id = 0")  # as every campaign was before issue 49
    db.commit()
    db.close()
    assert invoke("--campaign", str(where), "alias", "list") == (0, "shot → d20+5\n", "")
    db = sqlite3.connect(where)
    assert db.execute("PRAGMA application_id").fetchone() == (APPLICATION_ID,)
    db.close()


def test_a_campaign_made_before_the_mark_still_reads_where_it_cannot_be_marked(
        tmp_path: Path) -> None:
    made = tmp_path / "made.sqlite3"
    assert invoke("--campaign", str(made), "alias", "add", "shot", "d20+5")[0] == 0
    medium = tmp_path / "medium"
    medium.mkdir()
    where = medium / "campaign.sqlite3"
    with sqlite3.connect(made) as source, sqlite3.connect(where) as copy:
        source.backup(copy)  # a copy burnt on a read-only medium: no WAL, no mark
        copy.execute("PRAGMA journal_mode = DELETE")
        copy.execute("PRAGMA application_id = 0")
    copy.close()
    source.close()
    os.chmod(where, 0o444)
    os.chmod(medium, 0o555)
    try:
        if os.access(where, os.W_OK):
            pytest.skip("running as a user that writes a read-only file")
        before = where.read_bytes()
        assert invoke("--campaign", str(where), "alias", "list") == (0, "shot → d20+5\n", "")
        assert where.read_bytes() == before
    finally:
        os.chmod(medium, 0o755)


def test_a_server_database_of_another_program_is_refused(pg_url: str) -> None:
    import psycopg

    with psycopg.connect(pg_url, autocommit=True) as db:
        db.execute("CREATE TABLE orders (id INTEGER PRIMARY KEY, total INTEGER)")
    refused = (f"roll: error: {pg_url} is a PostgreSQL database of another program, not a roll"
               " campaign (its schema holds tables, none of them roll's)\n")
    assert invoke("--campaign", pg_url, "sheet", "list") == (2, "", refused)
    assert invoke("--campaign", pg_url, "alias", "add", "shot", "d20") == (2, "", refused)
    with psycopg.connect(pg_url, autocommit=True) as db:
        tables = db.execute("SELECT table_name FROM information_schema.tables"
                            " WHERE table_schema = 'public' ORDER BY 1").fetchall()
    assert tables == [("orders",)]


def test_opening_a_campaign_that_cannot_be_written_leaves_it_unmarked(tmp_path: Path) -> None:
    """What a read-only medium does to the mark, even for a user who could write the file:
    SQLite refuses the write, and the campaign opens unmarked."""
    from cli.store.sqlite import migrate

    where = tmp_path / "campaign.sqlite3"
    assert invoke("--campaign", str(where), "alias", "add", "shot", "d20+5")[0] == 0
    with sqlite3.connect(where) as db:
        db.execute("PRAGMA application_id = 0")
    db.close()
    readonly = sqlite3.connect(f"file:{where}?mode=ro", uri=True, isolation_level=None)
    migrate(readonly, where)
    assert readonly.execute("PRAGMA application_id").fetchone() == (0,)
    readonly.close()


def test_the_check_keeps_the_locks_this_process_holds_on_the_file(tmp_path: Path) -> None:
    """The check reads the file through SQLite, never open() and close() of its own: closing
    a file drops every POSIX lock the process holds on it, a follower's among them (its
    reads then saw a stale log)."""
    import subprocess
    import sys

    from cli.store.ownership import check_owned

    where = tmp_path / "campaign.sqlite3"
    assert invoke("--campaign", str(where), "alias", "add", "shot", "d20")[0] == 0
    holder = sqlite3.connect(where, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # this process's write lock
    try:
        assert check_owned(where, writes=True) is False
        other = ("import sqlite3, sys; db = sqlite3.connect(sys.argv[1], timeout=0,"
                 " isolation_level=None)\ntry:\n db.execute('BEGIN IMMEDIATE'); print('got it')\n"
                 "except sqlite3.OperationalError as e:\n print(e)")
        done = subprocess.run([sys.executable, "-c", other, str(where)], capture_output=True,
                              text=True, timeout=30, check=False)
        assert done.stdout == "database is locked\n"  # still this process's
    finally:
        holder.execute("ROLLBACK")
        holder.close()
