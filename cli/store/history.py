"""The campaign's log read back: recent entries, and undo guarded against pools moved since."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from cli.store.damage import decoded_change
from cli.store.schema import ENTRY_COLUMNS
from rules.campaign import LogEntry
from rules.errors import RuleError, UsageError
from rules.resolution import Change

if TYPE_CHECKING:
    from cli.store.sqlite import Transaction

UNDOABLE = "undone = 0 AND kind != 'undo' AND (changes != '[]' OR kind = 'remove')"
"""A log row that `undo` may still take back: it changed something and is not undone yet."""




def recent(tx: Transaction, n: int, who: str | None = None, since: str | None = None
           ) -> list[LogEntry]:
    """The `n` most recent entries, newest last: of `who`'s LINEs only, from time `since` on."""
    if n < 0:
        raise UsageError(f"log -n needs a count of 0 or more, not {n}")
    where, args = _scope(who)
    if since is not None:
        where, args = f"{where} AND time >= ?", [*args, since]
    sql = f"SELECT {ENTRY_COLUMNS} FROM log WHERE {where} ORDER BY id DESC LIMIT ?"
    return [tx.listed_entry(row) for row in reversed(tx.sql(sql, (*args, n)).fetchall())]


def after(tx: Transaction, last_id: int, who: str | None = None) -> list[LogEntry]:
    """The entries logged after #`last_id` (of `who`'s LINEs only), oldest first: a follower's
    next lines."""
    where, args = _scope(who)
    sql = f"SELECT {ENTRY_COLUMNS} FROM log WHERE id > ? AND {where} ORDER BY id"
    return [tx.listed_entry(row) for row in tx.sql(sql, (last_id, *args)).fetchall()]


def last_id(tx: Transaction) -> int:
    """The id of the newest log entry (0 for an empty log)."""
    return int(tx.sql("SELECT coalesce(max(id), 0) FROM log").fetchone()[0])


def _scope(who: str | None) -> tuple[str, list[Any]]:
    """The SQL condition (and its arguments) of the LINEs that `who` (None: anybody) typed."""
    if who is None:
        return "TRUE", []
    return "character_key = ?", [who.strip().lower()]


def _target(tx: Transaction, who: str | None, nth: int, id_: int | None) -> LogEntry:
    """The entry to undo: #`id_`, else the `nth` most recent undoable one in `who`'s scope."""
    whose = f" by {who}" if who is not None else ""
    if id_ is not None:
        row = tx.sql(f"SELECT {ENTRY_COLUMNS}, kind FROM log WHERE id = ?", (id_,)).fetchone()
        if row is None:
            raise UsageError(f"no log entry #{id_}")
        entry, kind = tx.entry(row[:-1]), row[-1]
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
    row = tx.sql(
        f"SELECT {ENTRY_COLUMNS} FROM log WHERE {UNDOABLE} AND {where}"
        " ORDER BY id DESC LIMIT 1 OFFSET ?", (*args, nth - 1),
    ).fetchone()  # fmt: skip
    if row is None:
        if nth == 1:
            raise RuleError(f"nothing to undo{whose}")
        raise RuleError(f"nothing to undo{whose}: fewer than {nth} change-sets")
    return tx.entry(row)


def _moved_since(tx: Transaction, entry: LogEntry) -> None:
    """RuleError when a later change-set still in force touched a value `entry` changed."""
    touched = {((c.character or "").lower(), c.kind, c.pool) for c in entry.changes}
    rows = tx.sql(
        f"SELECT id, input, changes FROM log WHERE id > ? AND {UNDOABLE} ORDER BY id",
        (entry.id,),
    ).fetchall()
    for id_, input_, changes in rows:
        try:
            later = [decoded_change(d, i) for i, d in enumerate(json.loads(changes), start=1)]
        except (ValueError, TypeError) as exc:  # a damaged row: said, not guessed around
            raise UsageError(f"cannot undo {entry.input!r} (#{entry.id}): log entry #{id_} is"
                             f" damaged ({exc}); nothing changed") from None
        for change in later:
            if ((change.character or "").lower(), change.kind, change.pool) in touched:
                who = change.character or "the party"
                raise RuleError(
                    f"cannot undo {entry.input!r} (#{entry.id}): {who}'s {change.pool} moved"
                    f" since (#{id_} {input_}); nothing changed"
                )


def undo(tx: Transaction, who: str | None = None, nth: int = 1, id_: int | None = None
         ) -> LogEntry:
    """Revert a change-set: #`id_`, else `who`'s `nth` most recent (anybody's when None).

    Refused (RuleError, nothing changed) when there is none, or when a value it changed moved
    since. A removed character comes back with its pools. Logs an "undo" row reverting it.
    """
    entry = _target(tx, who, nth, id_)
    what = f"cannot undo {entry.input!r} (#{entry.id})"
    _moved_since(tx, entry)
    restored: dict[str, Any] = {}
    if entry.result.get("kind") == "remove":
        sheet = entry.result.get("sheet")
        name = str(entry.character)
        if not isinstance(sheet, dict) or tx.find_character(name) is not None:
            raise RuleError(f"{what}: a character named {name} is in the campaign again;"
                            " nothing changed")
        tx.put_character(sheet, replace=False)
        restored = {"restored": name}
    tx.rewrite(entry.changes, undo=True, what=what)
    tx.sql("UPDATE log SET undone = 1 WHERE id = ?", (entry.id,), write=True)
    reverse = [
        Change(c.character, c.pool, c.after, c.before, f"undo {c.reason}".strip(), c.kind)
        for c in reversed(entry.changes)
    ]
    blank = dict.fromkeys(("total", "target", "outcome", "successes"))
    result = {"input": "undo", "system": entry.system, "character": entry.character} | {
        "kind": "undo", **blank, "crit": False, "fumble": False, "dice": [],
        "changes": [c.to_json() for c in reverse], "text": f"undo {entry.input}",
        "undoes": entry.id, **restored,
    }  # fmt: skip
    tx.log_only(result, reverse, entry.id)
    return replace(entry, undone=True)
