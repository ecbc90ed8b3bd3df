"""The campaign's log read back: recent entries, and undo guarded against pools moved since.

It works on any transaction that gives the few things below (`LogTransaction`); it imports no
store, so the transaction that uses it and it need not know each other's module.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, Protocol

from cli.store.damage import decoded_change
from cli.store.rows import Decoder
from cli.store.schema import ENTRY_COLUMNS
from rules.campaign import Character, LogEntry
from rules.errors import RuleError, UsageError
from rules.record import REMOVE, Record, undo_record
from rules.resolution import Change

UNDOABLE = "undone = 0 AND kind != 'undo' AND (changes != '[]' OR kind = 'remove')"
"""A log row that `undo` may still take back: it changed something and is not undone yet."""


class LogTransaction(Protocol):
    """What the log's readers and undo need of a transaction."""

    decode: Decoder

    def execute(self, template: str, args: Sequence[Any] = (), write: bool = False) -> Any: ...
    def find_character(self, name: str) -> Character | None: ...
    def put_character(self, sheet: Mapping[str, Any], replace: bool = True) -> Character: ...
    def restore_owner(self, name: str, owner: str | None) -> None: ...
    def rewrite(self, changes: Sequence[Change], undo: bool, what: str) -> None: ...
    def log_only(self, record: Record, changes: Sequence[Change] = (),
                 undoes: int | None = None) -> LogEntry: ...


def recent(tx: LogTransaction, n: int, who: str | None = None, since: str | None = None
           ) -> list[LogEntry]:
    """The `n` most recent entries, newest last: of `who`'s LINEs only, from time `since` on."""
    if n < 0:
        raise UsageError(f"log -n needs a count of 0 or more, not {n}")
    where, args = _scope(who)
    if since is not None:
        where, args = f"{where} AND time >= {{p}}", [*args, since]
    sql = f"SELECT {ENTRY_COLUMNS} FROM log WHERE {where} ORDER BY id DESC LIMIT {{p}}"
    rows = tx.execute(sql, (*args, n)).fetchall()
    return [tx.decode.listed_entry(row) for row in reversed(rows)]


def after(tx: LogTransaction, last_id: int, who: str | None = None) -> list[LogEntry]:
    """The entries logged after #`last_id` (of `who`'s LINEs only), oldest first: a follower's
    next lines."""
    where, args = _scope(who)
    sql = f"SELECT {ENTRY_COLUMNS} FROM log WHERE id > {{p}} AND {where} ORDER BY id"
    return [tx.decode.listed_entry(row) for row in tx.execute(sql, (last_id, *args)).fetchall()]


def last_id(tx: LogTransaction) -> int:
    """The id of the newest log entry (0 for an empty log)."""
    return int(tx.execute("SELECT coalesce(max(id), 0) FROM log").fetchone()[0])


def _scope(who: str | None) -> tuple[str, list[Any]]:
    """The SQL condition (and its arguments) of the LINEs that `who` (None: anybody) typed."""
    if who is None:
        return "TRUE", []
    return "character_key = {p}", [who.strip().lower()]


def _target(tx: LogTransaction, who: str | None, nth: int, id_: int | None) -> LogEntry:
    """The entry to undo: #`id_`, else the `nth` most recent undoable one in `who`'s scope."""
    whose = f" by {who}" if who is not None else ""
    if id_ is not None:
        sql = f"SELECT {ENTRY_COLUMNS}, kind FROM log WHERE id = {{p}}"
        row = tx.execute(sql, (id_,)).fetchone()
        if row is None:
            raise UsageError(f"no log entry #{id_}")
        entry, kind = tx.decode.entry(row[:-1]), row[-1]
        if kind == "undo":
            raise RuleError(f"#{id_} is itself an undo; nothing changed")
        if entry.undone:
            raise RuleError(f"#{id_} is already undone; nothing changed")
        if not entry.changes and kind != "remove":
            raise RuleError(f"#{id_} ({entry.input}) changed nothing; nothing to undo")
        if who is not None and (entry.character or "").lower() != who.strip().lower():
            owner = entry.character or "nobody"
            raise RuleError(f"#{id_} is {owner}'s, not {who}'s; nothing changed")
        return entry
    if nth < 1:
        raise UsageError(f"undo N counts from 1 (the most recent), not {nth}")
    where, args = _scope(who)
    row = tx.execute(
        f"SELECT {ENTRY_COLUMNS} FROM log WHERE {UNDOABLE} AND {where}"
        " ORDER BY id DESC LIMIT 1 OFFSET {p}", (*args, nth - 1),
    ).fetchone()  # fmt: skip
    if row is None:
        if nth == 1:
            raise RuleError(f"nothing to undo{whose}")
        raise RuleError(f"nothing to undo{whose}: fewer than {nth} change-sets")
    return tx.decode.entry(row)


MOVED = (
    "SELECT l.id, l.input, l.changes FROM touch t JOIN log l ON l.id = t.log_id"
    " WHERE t.character_key = {p} AND t.kind = {p} AND t.pool = {p} AND t.log_id > {p}"
    " AND l.undone = 0 AND l.kind != 'undo' ORDER BY t.log_id LIMIT 1"
)
"""The first later change-set still in force that touched one value (through its index)."""


def _moved_since(tx: LogTransaction, entry: LogEntry) -> None:
    """RuleError when a later change-set still in force touched a value `entry` changed."""
    seen: set[tuple[str, str, str]] = set()
    for change in entry.changes:
        key = ((change.character or "").lower(), change.kind, change.pool)
        if key in seen:
            continue
        seen.add(key)
        row = tx.execute(MOVED, (*key, entry.id)).fetchone()
        if row is not None:
            try:  # the later entry must itself be whole: a damaged row is said, not guessed
                for i, data in enumerate(json.loads(row[2]), start=1):
                    decoded_change(data, i)
            except (ValueError, TypeError) as exc:
                raise UsageError(f"cannot undo {entry.input!r} (#{entry.id}): log entry"
                                 f" #{row[0]} is damaged ({exc}); nothing changed") from None
            who = change.character or "the party"
            raise RuleError(
                f"cannot undo {entry.input!r} (#{entry.id}): {who}'s {change.pool} moved"
                f" since (#{row[0]} {row[1]}); nothing changed"
            )


def undo(tx: LogTransaction, who: str | None = None, nth: int = 1, id_: int | None = None
         ) -> LogEntry:
    """Revert a change-set: #`id_`, else `who`'s `nth` most recent (anybody's when None).

    Refused (RuleError, nothing changed) when there is none, or when a value it changed moved
    since. A removed character comes back with its pools. Logs an "undo" row reverting it.
    """
    entry = _target(tx, who, nth, id_)
    what = f"cannot undo {entry.input!r} (#{entry.id})"
    _moved_since(tx, entry)
    restored = None
    if entry.record.act == REMOVE:
        sheet = entry.record.sheet
        name = str(entry.character)
        if sheet is None or tx.find_character(name) is not None:
            raise RuleError(f"{what}: a character named {name} is in the campaign again;"
                            " nothing changed")
        tx.put_character(sheet, replace=False)
        tx.restore_owner(name, entry.record.owner)
        restored = name
    tx.rewrite(entry.changes, undo=True, what=what)
    tx.execute("UPDATE log SET undone = 1 WHERE id = {p}", (entry.id,), write=True)
    reverse = tuple(
        Change(c.character, c.pool, c.after, c.before, f"undo {c.reason}".strip(), c.kind)
        for c in reversed(entry.changes)
    )
    tx.log_only(undo_record(entry.record, entry.id, reverse, restored), reverse, entry.id)
    return replace(entry, undone=True)


def by_ids(tx: LogTransaction, ids: Sequence[int]) -> list[LogEntry]:
    """The entries with these ids that the transaction may read, oldest first."""
    if not ids:
        return []
    marks = ", ".join(["{p}"] * len(ids))
    sql = f"SELECT {ENTRY_COLUMNS} FROM log WHERE id IN ({marks}) ORDER BY id"
    return [tx.decode.listed_entry(row) for row in tx.execute(sql, list(ids)).fetchall()]


def history(tx: LogTransaction, kinds: Sequence[str] = (), who: str | None = None,
            since: str | None = None) -> list[LogEntry]:
    """Every entry (of these kinds, of `who`'s LINEs, from time `since` on), oldest first:
    what `roll fair`, `roll luck` and `roll log verify` read."""
    where, args = _scope(who)
    if kinds:
        where += f" AND kind IN ({', '.join(['{p}'] * len(kinds))})"
        args = [*args, *kinds]
    if since is not None:
        where, args = f"{where} AND time >= {{p}}", [*args, since]
    sql = f"SELECT {ENTRY_COLUMNS} FROM log WHERE {where} ORDER BY id"
    return [tx.decode.listed_entry(row) for row in tx.execute(sql, args).fetchall()]
