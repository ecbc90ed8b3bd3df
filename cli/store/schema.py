"""The campaign's schema: one list of migrations, each written once for both databases.

A step is a function of a `Link` (the connection in its dialect); its SQL names the few pieces
that differ (`{serial}`, `{big}`, `{p}`). Each backend counts how many steps ran (SQLite's
`PRAGMA user_version`, PostgreSQL's `roll_schema` row) and runs the rest in one transaction.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Protocol

from rules.errors import UsageError


class Executes(Protocol):
    def execute(self, template: str, args: Any = ..., write: bool = ...) -> Any: ...


def _v1_tables(db: Executes) -> None:
    """Schema 1: characters, the party, settings and the log."""
    db.execute(
        "CREATE TABLE characters (name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE,"
        " system TEXT NOT NULL, sheet TEXT NOT NULL, created TEXT NOT NULL, updated TEXT NOT NULL)"
    )
    db.execute("CREATE TABLE party (id INTEGER PRIMARY KEY CHECK (id = 1), sheet TEXT NOT NULL)")
    db.execute("CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT)")
    db.execute(
        "CREATE TABLE log (id {serial}, time TEXT NOT NULL,"
        " input TEXT NOT NULL, character TEXT, system TEXT NOT NULL, kind TEXT NOT NULL,"
        " result TEXT NOT NULL, changes TEXT NOT NULL, undone INTEGER NOT NULL DEFAULT 0,"
        " undoes {big} REFERENCES log (id))"
    )


def _v2_log_character_key(db: Executes) -> None:
    """Schema 2: a case-folded character column and index, for `fluke`'s previous LINE (folded
    as Python folds a name, not as either database's lower())."""
    db.execute("ALTER TABLE log ADD COLUMN character_key TEXT")
    rows = db.execute("SELECT id, character FROM log WHERE character IS NOT NULL").fetchall()
    for id_, name in rows:
        db.execute("UPDATE log SET character_key = {p} WHERE id = {p}", (name.lower(), id_))
    db.execute("CREATE INDEX log_by_character ON log (character_key, id)")


def _v3_no_campaign_wide_actor(db: Executes) -> None:
    """Schema 3: who acts is a process's context (`--as`, ROLL_AS, the REPL's `as`), never
    campaign-wide state, so the remembered "active character" of schemas 1–2 goes."""
    db.execute("DELETE FROM settings WHERE key = 'active'")


def _v4_aliases_and_tables(db: Executes) -> None:
    """Schema 4: campaign-wide named rolls (`roll alias add`) and imported rollable tables
    (`roll table import`), each keyed by its lower-case name; a table is stored as the
    TOML-shaped data `table_from_data` builds it from."""
    db.execute("CREATE TABLE alias (name TEXT PRIMARY KEY, line TEXT NOT NULL)")
    db.execute("CREATE TABLE rolltable (name TEXT PRIMARY KEY, data TEXT NOT NULL)")


def _v5_touched_pools(db: Executes) -> None:
    """Schema 5: which log entry touched which value (character, kind, pool), indexed, so undo
    asks "moved since?" of the pools it reverts instead of reading the log after it."""
    db.execute("CREATE TABLE touch (log_id {big} NOT NULL REFERENCES log (id),"
               " character_key TEXT NOT NULL, kind TEXT NOT NULL, pool TEXT NOT NULL)")
    db.execute("CREATE INDEX touch_by_value ON touch (character_key, kind, pool, log_id)")
    rows = db.execute("SELECT id, changes FROM log WHERE changes != '[]'").fetchall()
    for id_, changes in rows:
        try:
            listed = json.loads(changes)
        except ValueError:
            continue  # a damaged row says so when it is read
        for key in touched_keys(listed):
            db.execute("INSERT INTO touch VALUES ({p}, {p}, {p}, {p})", (id_, *key))


def _v6_log_records(db: Executes) -> None:
    """Schema 6: each log row keeps a typed, versioned record of what happened
    (rules/record.py, stored by cli/store/records.py) instead of the §3 object `--json`
    printed; `--json` and `roll log --json` are written from the record as before. A row
    that cannot be read is left as it was: it reads back as damaged, as it did."""
    from cli.store.records import encode, from_section3

    rows = db.execute("SELECT id, input, system, result FROM log").fetchall()
    done: list[tuple[int, str]] = []
    for id_, line, system, result in rows:
        try:
            shown = json.loads(result)
            if not isinstance(shown, dict) or "version" in shown:
                continue
            done.append((id_, encode(from_section3(shown, (), str(line), str(system)))))
        except (ValueError, TypeError):
            continue  # a damaged row says so when it is read
    for start in range(0, len(done), _ROWS_A_STATEMENT):  # a few hundred rows a round trip
        batch = done[start:start + _ROWS_A_STATEMENT]
        values = ", ".join(["(CAST({p} AS {big}), {p})"] * len(batch))
        db.execute(f"UPDATE log SET result = v.column2 FROM (VALUES {values}) AS v"
                   " WHERE log.id = v.column1", [x for row in batch for x in row])


_ROWS_A_STATEMENT = 400
"""Rows one UPDATE of schema 6 rewrites (two arguments each, under SQLite's old 999)."""


def touched_keys(changes: list[Any]) -> list[tuple[str, str, str]]:
    """The values a change-set touches, once each: (character key, kind, pool); '' the party."""
    keys: list[tuple[str, str, str]] = []
    for change in changes:
        if not isinstance(change, dict):
            continue
        key = (str(change.get("character") or "").lower(), str(change.get("kind", "pool")),
               str(change.get("pool", "")))
        if key not in keys:
            keys.append(key)
    return keys


def _v7_log_rolled_by(db: Any) -> None:
    """Schema 7: which database role wrote each log row (`rolled_by`, on PostgreSQL the
    writer's role; NULL in a file), so row-level security keeps a player's secret row for its
    role and the GM (cli/store/roles.py), and `campaign copy` moves it either way. A campaign
    set up by the README's earlier SQL has the column already: it may now be NULL (a row
    copied from a file)."""
    if "rolled_by" not in db.dialect.catalog(db).get("log", ()):
        db.execute("ALTER TABLE log ADD COLUMN rolled_by {role}")
    elif db.dialect.name == "postgres":
        db.execute("ALTER TABLE log ALTER COLUMN rolled_by DROP NOT NULL")


def _v8_values_apart(db: Any) -> None:
    """Schema 8: a character's section values (a pool, a stat, a maximum …) a change set, kept
    apart from its sheet until there are many (cli/store/values_apart.py), so a change writes
    the values it touches, not a sheet of 1,000 pools (issue 41). The sheet is its `sheet`
    with these set (JSON `null`: removed). On a server, the characters' keys are indexed by
    code point too: a LINE's names with spaces are a range of them (Transaction.names_beginning;
    SQLite's own key index already compares so)."""
    if db.dialect.bytewise:
        db.execute("CREATE INDEX characters_by_key_bytes ON characters (name_key{bytewise})")
    db.execute("CREATE TABLE sheet_value (character_key TEXT NOT NULL, section TEXT NOT NULL,"
               " name TEXT NOT NULL, value TEXT NOT NULL,"
               " PRIMARY KEY (character_key, section, name))")


def _v9_games(db: Executes) -> None:
    """Schema 9: the games a table imported (`roll game import`), each its checked game file's
    text by its name, so every player of the campaign has them (SPEC §10)."""
    db.execute("CREATE TABLE game (name TEXT PRIMARY KEY, text TEXT NOT NULL)")


def _v10_character_owners(db: Any) -> None:
    """Schema 10: each character's owner role (on PostgreSQL; NULL in a file, and NULL for the
    characters already there: the GM's until given), so row-level security lets a player's role
    change only its own characters (cli/store/roles.py, cli/store/owners.py). A character
    made later is its maker's role's."""
    db.execute("ALTER TABLE characters ADD COLUMN owner TEXT")
    if db.dialect.name == "postgres":
        db.execute("ALTER TABLE characters ALTER COLUMN owner SET DEFAULT current_user")


MIGRATIONS: tuple[Callable[[Any], None], ...] = (
    _v1_tables, _v2_log_character_key, _v3_no_campaign_wide_actor, _v4_aliases_and_tables,
    _v5_touched_pools, _v6_log_records, _v7_log_rolled_by, _v8_values_apart, _v9_games,
    _v10_character_owners,
)  # fmt: skip
"""Schema steps in order; a campaign's schema version counts how many have run."""

SCHEMA_VERSION = len(MIGRATIONS)
"""The schema version this code writes."""

ENTRY_COLUMNS = "id, input, character, system, result, changes, undone, time"
"""The columns a log entry is read from, in the order `Transaction.entry` takes them."""


def run_steps(db: Executes, version: int, where: object) -> None:
    """The steps after `version` (the caller holds the transaction and counts them)."""
    target = len(MIGRATIONS)
    if version > target:
        raise UsageError(
            f"campaign {where} has schema {version}, newer than this roll knows"
            f" ({target}); upgrade roll-rules to use it"
        )
    for step in MIGRATIONS[version:]:
        step(db)
