"""The embedded campaign store: characters, the party and the log in one SQLite file (WAL)."""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from cli.store.connection import OneConnection
from cli.store.damage import DamagedChange, decoded_change
from cli.store.named import NamedRows
from cli.store.schema import ENTRY_COLUMNS, migrate
from rules.campaign import Character, LogEntry, Table, apply_change, current_value
from rules.errors import RuleError, SheetError, UsageError
from rules.resolution import Change, Resolution, Value

if TYPE_CHECKING:
    from cli.store.where import Where

BUSY_TIMEOUT_S = 10.0
"""How long a writer waits for another process's transaction before giving up."""


def default_campaign_path() -> Path:
    """Where the campaign lives when neither `--campaign` nor `ROLL_CAMPAIGN` says otherwise."""
    import platformdirs  # only here: a campaign named by --campaign or ROLL_CAMPAIGN needs none

    return Path(platformdirs.user_data_dir("roll-rules", appauthor=False)) / "campaign.sqlite3"


SYNCHRONOUS = "NORMAL"
"""WAL with NORMAL: a commit survives a killed process (the OS holds the WAL's pages) and a
power cut at worst loses the last commits, never consistency; FULL's fsync per LINE made a
batch of 1,000 `gain luck 1` 4× slower (bench/campaign_batch.py, docs/architecture.md)."""


class Rows(Protocol):
    """What a statement gives back, in either database: its rows."""

    def fetchone(self) -> Any: ...
    def fetchall(self) -> list[Any]: ...


def no_campaign(path: Where) -> UsageError:
    """The error of a command that needs a campaign where there is none (it never makes one)."""
    return UsageError(f"no campaign at {path} (roll sheet import FILE creates one)")


def _prepare_file(path: Path) -> None:
    """Create the database file (0600) and its missing parent directories (0700) if need be."""
    if path.exists():
        return
    for directory in [p for p in reversed(path.parents) if not p.exists()]:
        directory.mkdir(mode=0o700, exist_ok=True)
        os.chmod(directory, 0o700)  # mkdir's mode is filtered by the umask
    os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
    os.chmod(path, 0o600)


def _busy(exc: BaseException) -> bool:
    """Whether SQLite refused because another connection holds the lock."""
    return isinstance(exc, sqlite3.OperationalError) and (
        "locked" in str(exc) or "busy" in str(exc))


def _store_error(path: Path, exc: sqlite3.Error) -> UsageError | RuleError:
    """A user-facing error for a failure of SQLite itself."""
    if _busy(exc):
        return RuleError(
            f"campaign {path} stayed busy for {BUSY_TIMEOUT_S:g} s (another roll is writing);"
            " nothing changed, try again"
        )
    return UsageError(f"campaign {path}: {exc}; nothing changed")


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _key(name: str | None) -> str | None:
    return None if name is None else name.lower()


def _shown(value: Value) -> str:
    return "unset" if value is None else str(value)


def _sheet_json(sheet: Mapping[str, Any]) -> str:
    def refuse(value: object) -> object:
        raise SheetError(f"a sheet value cannot be stored: {value!r} (use numbers, text, lists)")

    return json.dumps(sheet, ensure_ascii=False, default=refuse)


class Campaign(OneConnection[sqlite3.Connection, "Transaction"]):
    """One campaign database file; all reading and writing goes through `transaction()`."""

    def __init__(self, path: Path, create: bool = True) -> None:
        self.path = Path(path)
        self.create = create

    def _connect(self) -> sqlite3.Connection:
        if self._db is not None:
            return self._db
        if not self.create and not self.path.exists():
            raise no_campaign(self.path)
        try:
            _prepare_file(self.path)
        except OSError as exc:
            raise UsageError(f"campaign {self.path}: cannot create it: {exc.strerror}") from None
        deadline = time.monotonic() + BUSY_TIMEOUT_S
        while True:
            db = None
            try:
                db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
                db.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
                db.execute("PRAGMA journal_mode = WAL")
                db.execute(f"PRAGMA synchronous = {SYNCHRONOUS}")
                migrate(db, self.path)
            except BaseException as exc:
                if db is not None:
                    db.close()
                if _busy(exc) and time.monotonic() < deadline:
                    # processes opening a new file together: SQLite answers busy at once,
                    # without waiting, where waiting could deadlock (the switch to WAL); each
                    # step is done again or not at all, so open again
                    time.sleep(0.01)
                    continue
                if isinstance(exc, sqlite3.Error):
                    raise _store_error(self.path, exc) from None
                raise
            self._db = db
            return db

    def _open(self, db: sqlite3.Connection, readonly: bool) -> Transaction:
        """BEGIN IMMEDIATE (`readonly`: a snapshot, no write lock)."""
        tx = Transaction(db, writable=not readonly, path=self.path)
        db.execute("BEGIN" if readonly else "BEGIN IMMEDIATE")
        return tx

    def _commit(self, db: sqlite3.Connection, tx: Transaction) -> None:
        db.execute("COMMIT")

    def _abort(self, db: sqlite3.Connection, exc: BaseException) -> BaseException | None:
        if db.in_transaction:
            db.execute("ROLLBACK")
        return _store_error(self.path, exc) if isinstance(exc, sqlite3.Error) else None


class Transaction(NamedRows):
    """What a campaign transaction can read and write; valid only inside its `with` block."""

    def __init__(
        self, db: sqlite3.Connection, writable: bool = True, path: Where | None = None
    ) -> None:
        self._db = db
        self.writable = writable
        self.closed = False
        self.path = path

    def _damaged(self, what: str, why: object) -> UsageError:
        where = f"campaign {self.path}" if self.path is not None else "the campaign"
        return UsageError(f"{where}: {what} is damaged ({why}); nothing changed")

    def _json(self, text: object, what: str, shape: type) -> Any:
        """A stored JSON value of the expected shape; a damaged one is a clear UsageError."""
        try:
            value = json.loads(str(text))
        except ValueError as exc:
            raise self._damaged(what, exc) from None
        if not isinstance(value, shape):
            raise self._damaged(what, f"not a JSON {'object' if shape is dict else 'array'}")
        return value

    def _character(self, row: Sequence[Any]) -> Character:
        name, system, sheet = row
        return Character(name, system, self._json(sheet, f"{name}'s sheet", dict))

    def entry(self, row: Sequence[Any]) -> LogEntry:
        """A LogEntry from a row of ENTRY_COLUMNS."""
        id_, input_, character, system, result, changes, undone, time = row
        what = f"log entry #{id_}"
        try:
            listed = tuple(decoded_change(c, i) for i, c in
                           enumerate(self._json(changes, what, list), start=1))
        except DamagedChange as exc:
            raise self._damaged(what, exc) from None
        if not isinstance(character, str | None) or not isinstance(input_, str):
            raise self._damaged(what, "its character or LINE is not text")
        result_json = self._json(result, what, dict)
        return LogEntry(id_, input_, character, system, result_json, listed, bool(undone), time)

    def listed_entry(self, row: Sequence[Any]) -> LogEntry:
        """`entry`, or for a damaged row one that says so (`roll log` shows the rest)."""
        try:
            return self.entry(row)
        except UsageError as exc:
            id_, input_, character, system, _, _, undone, time = row
            return LogEntry(id_, str(input_), character if isinstance(character, str) else None,
                            str(system), {"input": str(input_), "kind": "damaged",
                                          "text": f"{input_} (damaged)", "error": exc.message},
                            (), bool(undone), str(time or ""))

    def check_open(self, write: bool) -> None:
        """RuntimeError when the transaction is over, or read-only and asked to write."""
        if self.closed or (write and not self.writable):
            raise RuntimeError("this campaign transaction is over or read-only")

    def sql(self, sql: str, args: Sequence[Any] = (), write: bool = False) -> Rows:
        """Run one statement (`?` placeholders, SQL both databases read) in this transaction."""
        self.check_open(write)
        return self._db.execute(sql, args)

    def insert_rows(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        """Insert rows as they are, ids included (`roll campaign copy`)."""
        self.check_open(True)
        marks = ", ".join("?" * len(columns))
        self._db.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows)

    def catalog(self) -> dict[str, tuple[str, ...]]:
        """The logical schema: each table of the campaign and its columns, in order."""
        names = self.sql("SELECT name FROM sqlite_master WHERE type = 'table'"
                         " AND name NOT LIKE 'sqlite%' ORDER BY name").fetchall()
        return {name: tuple(c[1] for c in self.sql(f"PRAGMA table_info({name})").fetchall())
                for (name,) in names}

    def characters(self) -> list[Character]:
        """Every character of the campaign, by name."""
        rows = self.sql("SELECT name, system, sheet FROM characters ORDER BY name_key").fetchall()
        return [self._character(row) for row in rows]

    def find_character(self, name: str) -> Character | None:
        """The character called `name` (any case), or None."""
        sql = "SELECT name, system, sheet FROM characters WHERE name_key = ?"
        row = self.sql(sql, (name.strip().lower(),)).fetchone()
        return None if row is None else self._character(row)

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
        self.sql(
            "INSERT INTO characters (name, name_key, system, sheet, created, updated)"
            " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (name_key) DO UPDATE SET name = excluded.name,"
            " system = excluded.system, sheet = excluded.sheet, updated = excluded.updated",
            (name, name.lower(), system, data, now, now),
            write=True,
        )
        return Character(name, system, json.loads(data))

    def remove_character(self, name: str, line: str | None = None) -> Character:
        """Remove a character (UsageError if unknown), logged with its sheet so undo restores it."""
        found = self.character(name)
        self.sql("DELETE FROM characters WHERE name_key = ?", (found.name.lower(),), True)
        text = line or f"sheet rm {found.name}"
        self.log_only({
            "input": text, "system": found.system, "character": found.name, "kind": "remove",
            **dict.fromkeys(("total", "target", "outcome", "successes")), "crit": False,
            "fumble": False, "dice": [], "changes": [], "text": f"removed {found.name}",
            "sheet": dict(found.sheet),
        })  # fmt: skip
        return found

    def party(self) -> dict[str, Any]:
        """The party's sheet-like dict (shared risk dice under `risk`, session state as fields)."""
        row = self.sql("SELECT sheet FROM party WHERE id = 1").fetchone()
        return {} if row is None else dict(self._json(row[0], "the party's sheet", dict))

    def _sheet(self, name: str | None) -> dict[str, Any] | None:
        if name is None:
            return self.party()
        found = self.find_character(name)
        return None if found is None else dict(found.sheet)

    def _store_sheet(self, key: str | None, sheet: Mapping[str, Any]) -> None:
        data = _sheet_json(sheet)
        if key is None:
            self.sql("INSERT INTO party (id, sheet) VALUES (1, ?)"
                     " ON CONFLICT (id) DO UPDATE SET sheet = excluded.sheet", (data,), True)
        else:
            sql = "UPDATE characters SET sheet = ?, updated = ? WHERE name_key = ?"
            self.sql(sql, (data, _now(), key), True)

    def table(self, active: str | None) -> Table:
        """What a system reads: `active` (UsageError if unknown), every character, the party."""
        characters = {c.name.lower(): c for c in self.characters()}
        table = Table(None, characters, self.party(), None)
        current = characters.get(active.strip().lower()) if active is not None else None
        if active is not None and current is None:
            # who acts comes from --as or ROLL_AS: say which campaign lacks them (a typo in
            # --campaign or ROLL_CAMPAIGN that names another campaign shows here)
            known = ", ".join(c.name for c in characters.values()) or "none yet"
            where = f"campaign {self.path}" if self.path is not None else "this campaign"
            raise UsageError(f"no character named {active.strip()!r} in {where} (known: {known})")
        row = self.sql(
            f"SELECT {ENTRY_COLUMNS} FROM log WHERE character_key IS ? ORDER BY id DESC LIMIT 1",
            (_key(None if current is None else current.name),),
        ).fetchone()
        return replace(table, active=current, last_entry=None if row is None else self.listed_entry(row))

    def apply(self, resolution: Resolution, result_json: Mapping[str, Any]) -> LogEntry:
        """Apply the resolution's changes and log its LINE (even with no changes), atomically.

        Each change's `before` must still be the stored value (an unset pool, at its default,
        matches any), else RuleError "… changed meanwhile" and nothing is written.
        """
        res = resolution
        self.rewrite(res.changes, undo=False, what=repr(res.input))
        meta = {"input": res.input, "system": res.system, "character": res.character}
        return self.log_only(meta | {"kind": res.kind} | dict(result_json), res.changes)

    def rewrite(self, changes: Sequence[Change], undo: bool, what: str) -> None:
        """Check every change against the stored values, then write them all (or raise)."""
        sheets: dict[str | None, dict[str, Any]] = {}
        for change in reversed(changes) if undo else changes:
            key, who = _key(change.character), change.character or "the party"
            if change.kind == "character":  # a whole character made or removed (a foe)
                if key in sheets:  # what this set changed before it, written first
                    self._store_sheet(key, sheets.pop(key))
                self._rewrite_character(change, undo, what)
                continue
            if key not in sheets:
                sheet = self._sheet(change.character)
                if sheet is None:
                    raise RuleError(f"{what}: {who} is no longer in this campaign; nothing changed")
                sheets[key] = sheet
            now = current_value(sheets[key], change.kind, change.pool)
            if undo and now != change.after:
                raise RuleError(
                    f"{what}: {who}'s {change.pool} is {_shown(now)} now, not"
                    f" {_shown(change.after)} as it left it; nothing changed"
                )
            if not undo and now is not None and now != change.before:
                raise RuleError(
                    f"{what}: {who}'s {change.pool} changed meanwhile ({_shown(change.before)}"
                    f" → {_shown(now)}); nothing changed, try again"
                )
            sheets[key] = apply_change(sheets[key], change, undo=undo)
        for key, sheet in sheets.items():
            self._store_sheet(key, sheet)

    def _rewrite_character(self, change: Change, undo: bool, what: str) -> None:
        """A Change of kind `character`: its value is the whole sheet (canonical JSON), None
        where there is no such character; it must still be as it left it."""
        was, will = (change.after, change.before) if undo else (change.before, change.after)
        found = self.find_character(str(change.character))
        now = None if found is None else json.dumps(dict(found.sheet), ensure_ascii=False,
                                                    sort_keys=True, separators=(",", ":"))
        if now != was:
            state = "is in the campaign" if found is not None else "is gone"
            raise RuleError(f"{what}: {change.character} {state} and not as it was"
                            " (its pools moved since?); nothing changed")
        if found is not None:
            self.sql("DELETE FROM characters WHERE name_key = ?", (found.name.lower(),), True)
        if will is not None:
            self.put_character(json.loads(str(will)), replace=False)

    def log_only(
        self,
        result_json: Mapping[str, Any],
        changes: Sequence[Change] = (),
        undoes: int | None = None,
    ) -> LogEntry:
        """Log a §3 object (its input, character, system, kind) without touching any sheet.

        `changes` are recorded as given: `apply` is what also writes them to the sheets.
        """
        result = json.loads(json.dumps(result_json, ensure_ascii=False, default=str))
        who, system = result.get("character"), str(result.get("system", "generic"))
        row = (_now(), str(result.get("input", "")), who, _key(who), system)
        cursor = self.sql(
            "INSERT INTO log (time, input, character, character_key, system, kind, result,"
            " changes, undoes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (*row, str(result.get("kind", "roll")), json.dumps(result, ensure_ascii=False),
             json.dumps([c.to_json() for c in changes], ensure_ascii=False), undoes),
            write=True,
        )  # fmt: skip
        return LogEntry(int(cursor.fetchone()[0]), row[1], who, system, result, tuple(changes),
                        False, row[0])

    def log(
        self, n: int, who: str | None = None, since: str | None = None
    ) -> list[LogEntry]:
        """The `n` most recent log entries (of `who`'s LINEs, from time `since`), newest last."""
        from cli.store.history import recent

        return recent(self, n, who, since)

    def log_after(self, last_id: int, who: str | None = None) -> tuple[int, list[LogEntry]]:
        """The entries after #`last_id` (of `who`'s LINEs), oldest first, and the newest id."""
        from cli.store.history import after
        from cli.store.history import last_id as newest

        return newest(self), after(self, last_id, who)

    def undo(self, who: str | None = None, nth: int = 1, id_: int | None = None) -> LogEntry:
        """Revert a change-set (see `cli.store.history.undo`); the entry it reverted."""
        from cli.store.history import undo

        return undo(self, who, nth, id_)
