"""One transaction on the campaign, whatever database holds it: characters, the party, changes
applied and logged, undo, named rolls and tables. The backends give only a `Link` (their
connection in their dialect) and begin, lock, commit and map errors themselves.

A change reads only what it touches: `table()` loads the acting character and the last entry;
the other characters and the party load when a system asks for them (cli/store/roster.py),
and every sheet read in a transaction is read once.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import TYPE_CHECKING, Any

from cli.store.catalog import NamedRows
from cli.store.change_writes import ChangeWrites
from cli.store.game_rows import GameRows
from cli.store.link import Link, Rows
from cli.store.log_reads import LogReads
from cli.store.owner_rows import OwnerRows
from cli.store.roster import PartySheet, Roster
from cli.store.rows import Decoder, row_key, row_time, sheet_json
from cli.store.schema import ENTRY_COLUMNS, touched_keys
from cli.store.values_apart import OF_ALL, OF_ONE, ValuesApart
from rules.campaign import Character, LogEntry
from rules.errors import SheetError, UsageError
from rules.table_state import TableState

if TYPE_CHECKING:  # the log's modules load with its first entry written or read: a REPL's first
    # prompt reads sheets only
    from cli.store.owners import Login
    from rules.record import Record
    from rules.resolution import Change

class Transaction(NamedRows, GameRows, OwnerRows, LogReads, ChangeWrites):
    """What a campaign transaction can read and write; valid only inside its `with` block."""

    def __init__(self, link: Link, writable: bool = True, path: object | None = None,
                 decode: Decoder | None = None) -> None:
        self.link = link
        self.writable = writable
        self.closed = False
        self.path = path
        self.decode = decode or Decoder(path)
        """The store's, kept between its transactions (the sheets it decoded), or this one's."""
        self._sheets: dict[str, Character | None] = {}  # read (or written) in this transaction
        self.apart = ValuesApart(self.decode)  # what each sheet read has apart from its row
        self._party: dict[str, Any] | None = None
        self._log_id: int | None = None  # the next entry's id, asked for with a read
        self._mine: set[str] = set()  # characters this role may change, asked on a server
        self.login: Login | None = None  # the store's, kept between transactions (owners.py)
        self.later: Callable[[], AbstractContextManager[Transaction]] | None = None
        """A new read-only transaction of the same store (set by it): what a table asked for
        after its transaction is over reads from."""

    def reader(self) -> AbstractContextManager[Transaction]:
        """This transaction while it is open; after it, a new read-only one (if the store
        gave a way), so a table kept beyond its transaction still answers."""
        if not self.closed or self.later is None:
            return nullcontext(self)
        return self.later()

    @property
    def wrote(self) -> bool:
        return self.link.wrote

    def check_open(self, write: bool) -> None:
        """RuntimeError when the transaction is over, or read-only and asked to write."""
        if self.closed or (write and not self.writable):
            raise RuntimeError("this campaign transaction is over or read-only")

    def execute(self, template: str, args: Sequence[Any] = (), write: bool = False) -> Rows:
        """Run one statement of the store's SQL (a template: `{p}` for each argument)."""
        self.check_open(write)
        return self.link.execute(template, args, write)

    def sql(self, sql: str, args: Sequence[Any] = (), write: bool = False) -> Rows:
        """Run one raw statement written for both databases, each `?` a placeholder (a script's
        or a copy's; the store's own SQL goes through `execute`'s templates)."""
        self.check_open(write)
        self.link.flush()
        self.link.wrote = self.link.wrote or write
        rows: Rows = self.link.db.execute(sql.replace("?", self.link.dialect.p), tuple(args))
        return rows

    def _json(self, text: object, what: str, shape: type) -> Any:
        return self.decode.json(text, what, shape)

    def entry(self, row: Sequence[Any]) -> LogEntry:
        """A LogEntry from a row of ENTRY_COLUMNS."""
        return self.decode.entry(row)

    def listed_entry(self, row: Sequence[Any]) -> LogEntry:
        """`entry`, or for a damaged row one that says so (`roll log` shows the rest)."""
        return self.decode.listed_entry(row)

    # ---- the copy's raw rows (roll campaign copy) ----

    def catalog(self) -> dict[str, tuple[str, ...]]:
        """The logical schema: each table of the campaign and its columns, in order."""
        return self.link.dialect.catalog(self.link)

    def insert_rows(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        """Insert rows as they are, ids included (`roll campaign copy`)."""
        self.check_open(True)
        self.link.flush()
        sql = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({self.link.marks(len(columns))})"
        for row in rows:
            self.link.db.execute(sql, tuple(row))
        self.link.wrote = True
        self.link.dialect.follow_ids(self.link, table)

    # ---- characters and the party ----

    def characters(self) -> list[Character]:
        """Every character of the campaign, by name."""
        apart = self.execute(OF_ALL)  # answered with the sheets' read
        rows = self.execute("SELECT name, system, sheet FROM characters ORDER BY name_key")
        stored = [self.decode.character(row) for row in rows.fetchall()]
        found = self.apart.joined_all(stored, apart.fetchall())
        self._sheets.update({c.name.lower(): c for c in found})
        return found

    def roster(self) -> list[tuple[str, str]]:
        """Every character's name and system, by name (no sheet is read: `sheet list`)."""
        rows = self.execute("SELECT name, system FROM characters ORDER BY name_key").fetchall()
        return [(str(name), str(system)) for name, system in rows]

    def character_names(self) -> list[str]:
        """Every character's name, by name (no sheet is read: completion, `sheet list`)."""
        rows = self.execute("SELECT name FROM characters ORDER BY name_key").fetchall()
        return [str(name) for (name,) in rows]

    def names_beginning(self, words: Collection[str]) -> list[str]:
        """The names of several words whose first is one of `words` (lower case), by name: a
        LINE's names with spaces, asked for by their first word. The keys (each a lower-case
        name) from a word up to the next text of its length are those beginning with it: a
        range of the key's index, whatever the campaign holds."""
        from rules.notation.name_words import begins_with_one

        ranges, args = [], []
        for word in words:
            if ord(word[-1]) < 0x10FFFF:
                ranges.append("(name_key{bytewise} >= {p} AND name_key{bytewise} < {p})")
                args += [word, word[:-1] + chr(ord(word[-1]) + 1)]
            else:  # no text follows it
                ranges.append("name_key{bytewise} >= {p}")
                args.append(word)
        if not ranges:
            return []
        rows = self.execute(f"SELECT name FROM characters WHERE {' OR '.join(ranges)}"
                            " ORDER BY name_key", args).fetchall()
        return [str(name) for (name,) in rows if begins_with_one(str(name), words)]

    def written_at(self, name: str | None) -> tuple[object, ...]:
        """Where the campaign stands, for a view kept between prompts: the newest log entry's
        id and when `name`'s sheet was last stored (two index look-ups, one statement). Every
        change, undo and removal logs an entry; a sheet imported again moves its time."""
        row = self.execute("SELECT (SELECT max(id) FROM log),"
                           " (SELECT updated FROM characters WHERE name_key = {p})",
                           (row_key(name),)).fetchone()
        return tuple(row)

    def find_character(self, name: str) -> Character | None:
        """The character called `name` (any case), or None."""
        key = name.strip().lower()
        if key not in self._sheets:
            apart = self.execute(OF_ONE, (key,))  # answered with the sheet's read
            sql = "SELECT name, system, sheet FROM characters WHERE name_key = {p}"
            row = self.execute(sql, (key,)).fetchone()
            values = apart.fetchall()
            self._sheets[key] = None if row is None else self.apart.joined(
                self.decode.character(row), values)
        return self._sheets[key]

    def character(self, name: str) -> Character:
        """The character called `name` (any case); UsageError naming the known ones if none."""
        found = self.find_character(name)
        if found is None:
            from rules.did_you_mean import unknown_character

            raise unknown_character(name, self.character_names())
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
        if existing is not None:
            self.mine(existing.name)
        now, data = row_time(), sheet_json(sheet)
        if existing is not None:  # its values apart go with it
            self.apart.drop(self._writes, existing.name.strip().lower())
        self.execute(
            "INSERT INTO characters (name, name_key, system, sheet, created, updated)"
            " VALUES ({p}, {p}, {p}, {p}, {p}, {p}) ON CONFLICT (name_key) DO UPDATE SET"
            " name = excluded.name, system = excluded.system, sheet = excluded.sheet,"
            " updated = excluded.updated",
            (name, name.lower(), system, data, now, now), write=True,
        )  # fmt: skip
        stored = Character(name, system, json.loads(data))
        self.decode.keep(data, stored)
        self._sheets[name.strip().lower()] = stored
        return stored

    def remove_character(self, name: str, line: str | None = None) -> Character:
        """Remove a character (UsageError if unknown), logged with its sheet so undo restores it."""
        found = self.character(name)
        self.mine(found.name)
        key = found.name.lower()
        owner = self.owner_of(key)
        self._remove(key)
        text = line or f"sheet rm {found.name}"
        from rules.record import removal_record

        self.log_only(removal_record(text, found.name, found.system, dict(found.sheet), owner))
        return found

    def _remove(self, key: str) -> None:
        """A character's row gone, and the values kept apart from its sheet."""
        self.execute("DELETE FROM characters WHERE name_key = {p}", (key,), True)
        self.apart.drop(self._writes, key)
        self._sheets[key] = None

    def _writes(self, template: str, args: Sequence[Any]) -> None:
        self.execute(template, args, write=True)

    def party(self) -> dict[str, Any]:
        """The party's sheet-like dict (shared risk dice under `risk`, session state as fields)."""
        if self._party is None:
            row = self.execute("SELECT sheet FROM party WHERE id = 1").fetchone()
            self._party = {} if row is None else dict(self.decode.json(
                row[0], "the party's sheet", dict))
        return dict(self._party)

    def table(self, active: str | None) -> TableState:
        """What a system reads: `active` (UsageError if unknown) and its last entry; the other
        characters and the party as they are asked for.

        In a write transaction this is the read a change makes first: where the dialect gives
        log ids ahead of their INSERT, the next one is read with the table (a column more of
        the same row, or a statement beside it), and the entry's INSERT then waits for no
        answer of its own (`log_only`)."""
        key = row_key(active)
        if key is not None and key not in self._sheets:  # the sheet and its last entry at once
            return self._first_table(key, active)
        current = self.find_character(active) if active is not None else None
        if active is not None and current is None:
            # who acts comes from --as or ROLL_AS: say which campaign lacks them (a typo in
            # --campaign or ROLL_CAMPAIGN that names another campaign shows here)
            from rules.did_you_mean import unknown_character

            where = f"campaign {self.path}" if self.path is not None else "this campaign"
            raise unknown_character(active.strip(), self.character_names(), where)
        asked = self._asks_log_id()
        id_rows = None if asked is None else self.execute(f"SELECT {asked}")
        row = self.execute(
            f"SELECT {ENTRY_COLUMNS} FROM log WHERE character_key {{same}} {{p}}"
            " ORDER BY id DESC LIMIT 1", (row_key(None if current is None else current.name),),
        ).fetchone()  # fmt: skip
        if id_rows is not None:  # answered with the read's
            self._log_id = int(id_rows.fetchone()[0])
        last = None if row is None else self.decode.listed_entry(row)
        return TableState(current, Roster(self), PartySheet(self), last)

    def _first_table(self, key: str, active: str | None) -> TableState:
        """`table` for a character not read yet in this transaction: one statement reads the
        sheet and its last entry (a change on a server waits for one answer, not two)."""
        entry = ", ".join(f"l.{column}" for column in ENTRY_COLUMNS.split(", "))
        asked = self._asks_log_id()  # one more column of the same row (the character's found)
        apart = self.execute(OF_ONE, (key,))  # answered with the sheet's read
        row = self.execute(
            f"SELECT c.name, c.system, c.sheet, {entry}{'' if asked is None else ', ' + asked}"
            " FROM characters c LEFT JOIN log l"
            " ON l.id = (SELECT id FROM log WHERE character_key = c.name_key"
            " ORDER BY id DESC LIMIT 1) WHERE c.name_key = {p}", (key,),
        ).fetchone()  # fmt: skip
        values = apart.fetchall()
        self._sheets[key] = None if row is None else self.apart.joined(
            self.decode.character(row[:3]), values)
        if row is None:
            return self.table(active)  # the error naming who is there
        if asked is not None:
            self._log_id, row = int(row[-1]), row[:-1]
        last = None if row[3] is None else self.decode.listed_entry(row[3:])
        return TableState(self._sheets[key], Roster(self), PartySheet(self), last)

    def _asks_log_id(self) -> str | None:
        """The expression asking for the next entry's id, where the dialect has one and this
        write transaction holds none yet (a read of the table adds it to its own).

        An id asked for under the write lock is larger than every id of an entry committed
        before it and smaller than any asked for by a later writer: the backend's lock is the
        transaction's first statement and is held to its commit, and the statements of one
        transaction run in order. So ids still grow in commit order; one asked for by a
        transaction that logs nothing or rolls back is never used (a gap, which nothing reads:
        the log is read by `id >` and undone by id)."""
        asked = self.link.dialect.next_log_id
        return asked if self.writable and not self.closed and self._log_id is None else None

    def log_only(
        self,
        record: Record | Mapping[str, Any],
        changes: Sequence[Change] = (),
        undoes: int | None = None,
    ) -> LogEntry:
        """Log a record (a §3 object is read into one) without touching any sheet.

        `changes` are recorded as given: `apply` is what also writes them to the sheets.
        """
        import cli.store.records as records

        record = records.with_changes(record, changes)
        who, system = record.character, record.system
        self.mine(who)
        row = (row_time(), record.input, who, row_key(who), system)
        listed = [c.to_json() for c in changes]
        self.check_open(True)
        known, self._log_id = self._log_id, None
        stored = records.encode(record)  # the entry returned holds the record as given
        args: list[Any] = [*row, record.kind, stored,
                           json.dumps(listed, ensure_ascii=False, default=str), undoes]
        columns = "time, input, character, character_key, system, kind, result, changes, undoes"
        if known is not None:  # the id given: the INSERT needs no answer (sent with COMMIT)
            columns, args = f"id, {columns}", [known, *args]
        insert = f"INSERT INTO log ({columns}) VALUES ({', '.join(['{p}'] * len(args))})"
        keys = touched_keys(listed)  # every value the change-set touched: undo's index
        if keys and self.link.dialect.writes_in_with:  # the entry and its index in one statement
            values = ", ".join(["({p}, {p}, {p})"] * len(keys))
            insert = (f"WITH entry AS ({insert} RETURNING id) INSERT INTO touch SELECT entry.id,"
                      f" v.who, v.kind, v.pool FROM entry, (VALUES {values}) AS v (who, kind,"
                      " pool)" + (" RETURNING log_id" if known is None else ""))
            args += [v for key in keys for v in key]
            keys = []
        elif known is None:
            insert += " RETURNING id"
        rows = self.link.execute(insert, args, write=True, carries=True)
        id_ = int(rows.fetchone()[0]) if known is None else known
        if keys:
            marks = ", ".join(["({p}, {p}, {p}, {p})"] * len(keys))
            self.execute(f"INSERT INTO touch VALUES {marks}",
                         [v for key in keys for v in (id_, *key)], write=True)
        return LogEntry(id_, row[1], who, system, record, tuple(changes), False, row[0])

    def logged(self) -> Transaction:
        """The log's readers work on this transaction itself (cli/store/log_reads.py)."""
        return self
