"""The campaign's SQLite schema: ordered migrations counted by `PRAGMA user_version`."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

from rules.errors import UsageError


def _v1_tables(db: sqlite3.Connection) -> None:
    """Schema 1: characters, the party, settings and the log."""
    db.execute(
        "CREATE TABLE characters (name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE,"
        " system TEXT NOT NULL, sheet TEXT NOT NULL, created TEXT NOT NULL, updated TEXT NOT NULL)"
    )
    db.execute("CREATE TABLE party (id INTEGER PRIMARY KEY CHECK (id = 1), sheet TEXT NOT NULL)")
    db.execute("CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT)")
    db.execute(
        "CREATE TABLE log (id INTEGER PRIMARY KEY AUTOINCREMENT, time TEXT NOT NULL,"
        " input TEXT NOT NULL, character TEXT, system TEXT NOT NULL, kind TEXT NOT NULL,"
        " result TEXT NOT NULL, changes TEXT NOT NULL, undone INTEGER NOT NULL DEFAULT 0,"
        " undoes INTEGER REFERENCES log (id))"
    )


def _v2_log_character_key(db: sqlite3.Connection) -> None:
    """Schema 2: a case-folded character column and index, for `fluke`'s previous LINE."""
    db.execute("ALTER TABLE log ADD COLUMN character_key TEXT")
    rows = db.execute("SELECT id, character FROM log WHERE character IS NOT NULL").fetchall()
    keys = [(name.lower(), id_) for id_, name in rows]
    db.executemany("UPDATE log SET character_key = ? WHERE id = ?", keys)
    db.execute("CREATE INDEX log_by_character ON log (character_key, id)")


def _v3_no_campaign_wide_actor(db: sqlite3.Connection) -> None:
    """Schema 3: who acts is a process's context (`--as`, ROLL_AS, the REPL's `as`), never
    campaign-wide state, so the remembered "active character" of schemas 1–2 goes."""
    db.execute("DELETE FROM settings WHERE key = 'active'")


def _v4_aliases_and_tables(db: sqlite3.Connection) -> None:
    """Schema 4: campaign-wide named rolls (`roll alias add`) and imported rollable tables
    (`roll table import`), each keyed by its lower-case name; a table is stored as the
    TOML-shaped data `table_from_data` builds it from."""
    db.execute("CREATE TABLE alias (name TEXT PRIMARY KEY, line TEXT NOT NULL)")
    db.execute("CREATE TABLE rolltable (name TEXT PRIMARY KEY, data TEXT NOT NULL)")


MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (
    _v1_tables, _v2_log_character_key, _v3_no_campaign_wide_actor, _v4_aliases_and_tables,
)  # fmt: skip
"""Schema steps in order; the database's `PRAGMA user_version` counts how many have run."""

SCHEMA_VERSION = len(MIGRATIONS)

ENTRY_COLUMNS = "id, input, character, system, result, changes, undone, time"
"""The columns a log entry is read from, in the order `Transaction.entry` takes them."""
"""The schema version this code writes."""


def schema_version(db: sqlite3.Connection) -> int:
    """The schema version of an open database (0 for a new, empty one)."""
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def migrate(db: sqlite3.Connection, path: Path) -> None:
    """Bring the schema up to date, all steps in one transaction (or none)."""
    steps = MIGRATIONS
    target = len(steps)
    if schema_version(db) == target:
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        version = schema_version(db)  # again, now that we hold the write lock
        if version > target:
            raise UsageError(
                f"campaign {path} has schema {version}, newer than this roll knows"
                f" ({target}); upgrade roll-rules to use it"
            )
        for step in steps[version:]:
            step(db)
        db.execute(f"PRAGMA user_version = {target}")
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
