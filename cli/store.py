"""The campaign store: characters, the party, settings and the log in one SQLite file."""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs

from rules.campaign import Character, LogEntry, Table, apply_change, current_value
from rules.errors import RuleError, SheetError, UsageError
from rules.resolution import Change, Resolution

BUSY_TIMEOUT_S = 10.0
"""How long a writer waits for another process's transaction before giving up."""

_ENTRY_COLUMNS = "id, input, character, system, result, changes, undone"

Migration = Callable[[sqlite3.Connection], None]


def default_campaign_path() -> Path:
    """Where the campaign lives when neither `--campaign` nor `ROLL_CAMPAIGN` says otherwise."""
    return Path(platformdirs.user_data_dir("roll-rules", appauthor=False)) / "campaign.sqlite3"


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
    db.executemany(
        "UPDATE log SET character_key = ? WHERE id = ?", [(name.lower(), i) for i, name in rows]
    )
    db.execute("CREATE INDEX log_by_character ON log (character_key, id)")


MIGRATIONS: tuple[Migration, ...] = (_v1_tables, _v2_log_character_key)
"""Schema steps in order; the database's `PRAGMA user_version` counts how many have run."""

SCHEMA_VERSION = len(MIGRATIONS)
"""The schema version this code writes."""


def schema_version(db: sqlite3.Connection) -> int:
    """The schema version of an open database (0 for a new, empty one)."""
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def migrate(db: sqlite3.Connection, path: Path) -> None:
    """Bring the schema up to SCHEMA_VERSION, all steps in one transaction (or none)."""
    if schema_version(db) == SCHEMA_VERSION:
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        version = schema_version(db)  # again, now that we hold the write lock
        if version > SCHEMA_VERSION:
            raise UsageError(
                f"campaign {path} has schema {version}, newer than this roll knows"
                f" ({SCHEMA_VERSION}); upgrade roll-rules to use it"
            )
        for step in MIGRATIONS[version:]:
            step(db)
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise


def _private_parents(path: Path) -> None:
    """Create the missing parent directories of `path`, each readable by the user only."""
    missing = [p for p in reversed(path.parents) if not p.exists()]
    for directory in missing:
        directory.mkdir(mode=0o700, exist_ok=True)
        os.chmod(directory, 0o700)


def _prepare_file(path: Path) -> None:
    """Create the database file private to the user (0600) if it does not exist yet."""
    if path.exists():
        return
    _private_parents(path)
    fd = os.open(path, os.O_CREAT | os.O_WRONLY, 0o600)
    os.close(fd)
    os.chmod(path, 0o600)


def _store_error(path: Path, exc: sqlite3.Error) -> UsageError | RuleError:
    """A user-facing error for a failure of SQLite itself."""
    text = str(exc)
    if "locked" in text or "busy" in text:
        return RuleError(
            f"campaign {path} stayed busy for {BUSY_TIMEOUT_S:g} s (another roll is writing);"
            " nothing changed, try again"
        )
    return UsageError(f"campaign {path}: {text}; nothing changed")


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _key(name: str | None) -> str | None:
    return None if name is None else name.lower()


def _sheet_json(sheet: Mapping[str, Any]) -> str:
    def refuse(value: object) -> object:
        raise SheetError(f"a sheet value cannot be stored: {value!r} (use numbers, text, lists)")

    return json.dumps(sheet, ensure_ascii=False, default=refuse)


def _entry(row: Sequence[Any]) -> LogEntry:
    """A LogEntry from a row of _ENTRY_COLUMNS."""
    id_, input_, character, system, result, changes, undone = row
    return LogEntry(
        id=int(id_),
        input=str(input_),
        character=character,
        system=str(system),
        result=json.loads(result),
        changes=tuple(Change.from_json(c) for c in json.loads(changes)),
        undone=bool(undone),
    )


def _who(change: Change) -> str:
    return f"{change.character}'s" if change.character else "the party's"


class Campaign:
    """One campaign database file; all reading and writing goes through `transaction()`."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._db: sqlite3.Connection | None = None
        self._busy = False

    def _connect(self) -> sqlite3.Connection:
        if self._db is not None:
            return self._db
        try:
            _prepare_file(self.path)
        except OSError as exc:
            raise UsageError(f"campaign {self.path}: cannot create it: {exc.strerror}") from None
        try:
            db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
            try:
                db.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
                db.execute("PRAGMA journal_mode = WAL")
                # FULL: each commit is fsynced, so a change survives a power cut too, not just a
                # killed process; a table writes a few times a minute, the ~ms cost is nothing.
                db.execute("PRAGMA synchronous = FULL")
                migrate(db, self.path)
            except BaseException:
                db.close()
                raise
        except sqlite3.Error as exc:
            raise _store_error(self.path, exc) from None
        self._db = db
        return db

    def close(self) -> None:
        """Close the connection (a later transaction reopens it)."""
        if self._db is not None:
            self._db.close()
            self._db = None

    def __enter__(self) -> Campaign:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def transaction(self, readonly: bool = False) -> Iterator[Transaction]:
        """BEGIN IMMEDIATE (serialized with every other writer), COMMIT on success, else ROLLBACK.

        `readonly` takes a consistent snapshot without the write lock (for `log`, `sheet show`).
        """
        if self._busy:
            raise RuntimeError("a campaign transaction is already open on this connection")
        db = self._connect()
        self._busy = True
        tx: Transaction | None = None
        try:
            db.execute("BEGIN" if readonly else "BEGIN IMMEDIATE")
            tx = Transaction(db, writable=not readonly)
            yield tx
            tx.closed = True
            db.execute("COMMIT")
        except sqlite3.Error as exc:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise _store_error(self.path, exc) from exc
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        finally:
            if tx is not None:
                tx.closed = True
            self._busy = False


class Transaction:
    """What a campaign transaction can read and write; valid only inside its `with` block."""

    def __init__(self, db: sqlite3.Connection, writable: bool = True) -> None:
        self._db = db
        self.writable = writable
        self.closed = False

    def _sql(self, sql: str, args: Sequence[Any] = ()) -> sqlite3.Cursor:
        if self.closed:
            raise RuntimeError("this campaign transaction is over")
        return self._db.execute(sql, args)

    def _write(self, sql: str, args: Sequence[Any] = ()) -> sqlite3.Cursor:
        if not self.writable:
            raise RuntimeError("a read-only campaign transaction cannot write")
        return self._sql(sql, args)

    # characters and the party

    def characters(self) -> list[Character]:
        """Every character of the campaign, by name."""
        rows = self._sql("SELECT name, system, sheet FROM characters ORDER BY name_key").fetchall()
        return [Character(name, system, json.loads(sheet)) for name, system, sheet in rows]

    def find_character(self, name: str) -> Character | None:
        """The character called `name` (any case), or None."""
        row = self._sql(
            "SELECT name, system, sheet FROM characters WHERE name_key = ?", (name.lower(),)
        ).fetchone()
        return None if row is None else Character(row[0], row[1], json.loads(row[2]))

    def character(self, name: str) -> Character:
        """The character called `name` (any case); UsageError naming the known ones if none."""
        found = self.find_character(name)
        if found is None:
            known = ", ".join(c.name for c in self.characters()) or "none yet"
            raise UsageError(f"no character named {name!r} in this campaign (known: {known})")
        return found

    def put_character(self, sheet: Mapping[str, Any], replace: bool = True) -> Character:
        """Store an already validated sheet, replacing a character of the same name if `replace`."""
        name, system = sheet.get("name"), sheet.get("system")
        if not isinstance(name, str) or not name.strip():
            raise SheetError("the sheet needs a `name` (text)")
        if not isinstance(system, str) or not system:
            raise SheetError("the sheet needs a `system`")
        existing = self.find_character(name)
        if existing is not None and not replace:
            raise UsageError(f"{existing.name} is already in this campaign; nothing changed")
        now, data = _now(), _sheet_json(sheet)
        self._write(
            "INSERT INTO characters (name, name_key, system, sheet, created, updated)"
            " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (name_key) DO UPDATE SET name = excluded.name,"
            " system = excluded.system, sheet = excluded.sheet, updated = excluded.updated",
            (name, name.lower(), system, data, now, now),
        )
        return Character(name, system, json.loads(data))

    def remove_character(self, name: str) -> Character:
        """Remove a character (UsageError if unknown); forgets it as the active character."""
        found = self.character(name)
        self._write("DELETE FROM characters WHERE name_key = ?", (name.lower(),))
        if _key(self.get_active()) == name.lower():
            self.set_active(None)
        return found

    def party(self) -> dict[str, Any]:
        """The party's sheet-like dict (shared risk dice under `risk`, session state as fields)."""
        row = self._sql("SELECT sheet FROM party WHERE id = 1").fetchone()
        return {} if row is None else dict(json.loads(row[0]))

    def _sheet(self, name: str | None) -> dict[str, Any] | None:
        if name is None:
            return self.party()
        found = self.find_character(name)
        return None if found is None else dict(found.sheet)

    def _store_sheet(self, key: str | None, sheet: Mapping[str, Any]) -> None:
        if key is None:
            self._write(
                "INSERT INTO party (id, sheet) VALUES (1, ?)"
                " ON CONFLICT (id) DO UPDATE SET sheet = excluded.sheet",
                (_sheet_json(sheet),),
            )
        else:
            self._write(
                "UPDATE characters SET sheet = ?, updated = ? WHERE name_key = ?",
                (_sheet_json(sheet), _now(), key),
            )

    # the active character

    def get_active(self) -> str | None:
        """The remembered active character's name, or None (also if it has been removed)."""
        row = self._sql("SELECT value FROM settings WHERE key = 'active'").fetchone()
        if row is None or row[0] is None:
            return None
        found = self.find_character(str(row[0]))
        return None if found is None else found.name

    def set_active(self, name: str | None) -> str | None:
        """Remember the active character (UsageError if unknown; None forgets it); its name."""
        if name is None:
            self._write("DELETE FROM settings WHERE key = 'active'")
            return None
        found = self.character(name)
        self._write(
            "INSERT INTO settings (key, value) VALUES ('active', ?)"
            " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (found.name,),
        )
        return found.name

    def table(self, active: str | None) -> Table:
        """What a system reads: `active` (UsageError if unknown), every character, the party."""
        characters = {c.name.lower(): c for c in self.characters()}
        table = Table(None, characters, self.party(), None)
        current = table.character(active) if active is not None else None
        row = self._sql(
            f"SELECT {_ENTRY_COLUMNS} FROM log WHERE character_key IS ? ORDER BY id DESC LIMIT 1",
            (_key(active),),
        ).fetchone()
        return Table(current, characters, table.party, None if row is None else _entry(row))

    # the log

    def apply(self, resolution: Resolution, result_json: Mapping[str, Any]) -> LogEntry:
        """Apply the resolution's changes and log its LINE (even with no changes), atomically.

        Each change's `before` must still be the stored value (an unset value matches any),
        else RuleError "… changed meanwhile" and nothing is written.
        """
        sheets: dict[str | None, dict[str, Any]] = {}
        for change in resolution.changes:
            key = _key(change.character)
            if key not in sheets:
                sheet = self._sheet(change.character)
                if sheet is None:
                    raise RuleError(
                        f"{change.character} is not in this campaign (any more); nothing changed"
                    )
                sheets[key] = sheet
            now = current_value(sheets[key], change.kind, change.pool)
            if now is not None and now != change.before:
                raise RuleError(
                    f"{_who(change)} {change.pool} changed meanwhile ({change.before} → {now});"
                    " nothing changed, try again"
                )
            sheets[key] = apply_change(sheets[key], change)
        for key, sheet in sheets.items():
            self._store_sheet(key, sheet)
        return self.log_only(
            resolution.input,
            resolution.character,
            resolution.system,
            resolution.kind,
            result_json,
            resolution.changes,
        )

    def log_only(
        self,
        input: str,
        character: str | None,
        system: str,
        kind: str,
        result_json: Mapping[str, Any],
        changes: Sequence[Change] = (),
        undoes: int | None = None,
    ) -> LogEntry:
        """Append one log row as given; the sheets are not touched (`apply` does that)."""
        result = json.dumps(result_json, ensure_ascii=False, default=str)
        listed = json.dumps([c.to_json() for c in changes], ensure_ascii=False)
        cursor = self._write(
            "INSERT INTO log (time, input, character, character_key, system, kind, result,"
            " changes, undoes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (_now(), input, character, _key(character), system, kind, result, listed, undoes),
        )
        return LogEntry(
            int(cursor.lastrowid or 0), input, character, system, json.loads(result), tuple(changes)
        )

    def log(self, n: int) -> list[LogEntry]:
        """The `n` most recent log entries, newest last."""
        if n < 0:
            raise UsageError(f"log -n needs a count of 0 or more, not {n}")
        rows = self._sql(
            f"SELECT {_ENTRY_COLUMNS} FROM log ORDER BY id DESC LIMIT ?", (n,)
        ).fetchall()
        return [_entry(row) for row in reversed(rows)]

    def undo(self) -> LogEntry:
        """Revert the most recent change-set not yet undone and log an "undo" row; that row.

        Refused (RuleError, nothing changed) if there is none, or if any of its values is no
        longer what it left behind.
        """
        row = self._sql(
            f"SELECT {_ENTRY_COLUMNS} FROM log WHERE undone = 0 AND kind != 'undo'"
            " AND changes != '[]' ORDER BY id DESC LIMIT 1"
        ).fetchone()
        if row is None:
            raise RuleError("nothing to undo")
        entry = _entry(row)
        what = f"cannot undo {entry.input!r} (#{entry.id})"
        sheets: dict[str | None, dict[str, Any]] = {}
        for change in reversed(entry.changes):
            key = _key(change.character)
            if key not in sheets:
                sheet = self._sheet(change.character)
                if sheet is None:
                    raise RuleError(f"{what}: {change.character} is no longer in this campaign")
                sheets[key] = sheet
            now = current_value(sheets[key], change.kind, change.pool)
            if now != change.after:
                raise RuleError(
                    f"{what}: {_who(change)} {change.pool} is {now} now, not {change.after}"
                    " as it left it; nothing changed"
                )
            sheets[key] = apply_change(sheets[key], change, undo=True)
        for key, sheet in sheets.items():
            self._store_sheet(key, sheet)
        self._write("UPDATE log SET undone = 1 WHERE id = ?", (entry.id,))
        reverse = tuple(
            Change(c.character, c.pool, c.after, c.before, f"undo {c.reason}".strip(), c.kind)
            for c in reversed(entry.changes)
        )
        result = _undo_json(entry, reverse)
        return self.log_only(
            "undo", entry.character, entry.system, "undo", result, reverse, entry.id
        )


def _undo_json(entry: LogEntry, reverse: Sequence[Change]) -> dict[str, Any]:
    """The §3 object of an undo: no dice, the reverting changes, and which entry it undid."""
    blank = dict.fromkeys(("total", "target", "outcome", "successes"))
    return {
        "input": "undo",
        "system": entry.system,
        "character": entry.character,
        "kind": "undo",
    } | {
        **blank,
        "crit": False,
        "fumble": False,
        "dice": [],
        "text": f"undo {entry.input}",
        "changes": [c.to_json() for c in reverse],
        "undoes": entry.id,
    }
