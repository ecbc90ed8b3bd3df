"""A whole campaign from one store into another (SQLite ↔ PostgreSQL), checked before it commits.

Every table of the logical schema is copied row for row, ids included (an undo row names the id
it undid); the destination must be empty. Inside the destination's transaction the copy is
read back: the same count in every table and the same export, or nothing is written.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cli.store import CampaignStore, CampaignView
from cli.store.transaction import Transaction
from rules.errors import UsageError

ROWS_CALLED = {"characters": "character(s)", "log": "log entries", "party": "party sheet",
               "settings": "setting(s)"}
"""What a table's rows are called in a message (another table: `N rows of TABLE`)."""


NOT_COUNTED = frozenset({"touch", "sheet_value"})
"""Tables that index others or hold part of their rows (`sheet_value`: values of the
characters' sheets kept apart): copied, never counted in a message."""


def counted(counts: Mapping[str, int]) -> str:
    """`2 character(s), 4 log entries` (tables with rows only), or `nothing`."""
    said = [f"{n} {ROWS_CALLED.get(t, f'rows of {t}')}" for t, n in counts.items()
            if n and t not in NOT_COUNTED]
    return ", ".join(said) or "nothing"


@dataclass(frozen=True, slots=True)
class Copied:
    """What a copy moved: rows per table."""

    counts: Mapping[str, int]

    def summary(self) -> str:
        """`2 character(s), 4 log entries, …` for the user."""
        return counted(self.counts)


def _raw(tx: CampaignView) -> Transaction:
    """The store's own transaction, whose raw rows a copy reads (not part of CampaignView)."""
    if not isinstance(tx, Transaction):
        raise TypeError(f"a campaign copy needs the store's transaction, not {type(tx)}")
    return tx


def _rows(tx: Transaction, table: str, columns: tuple[str, ...]) -> list[tuple[Any, ...]]:
    """Every row of `table`, in the order of its first column (a log's ids)."""
    listed = ", ".join(columns)
    return [tuple(r) for r in tx.sql(f"SELECT {listed} FROM {table} ORDER BY 1").fetchall()]


def export(tx: Transaction, tables: Mapping[str, tuple[str, ...]]) -> str:
    """The campaign's tables as canonical JSON (rows sorted): equal exports, equal campaigns."""
    data = {t: sorted(json.dumps(r, ensure_ascii=False) for r in _rows(tx, t, cols))
            for t, cols in sorted(tables.items())}
    return json.dumps(data, ensure_ascii=False, sort_keys=True)


def _counts(tx: Transaction, tables: Mapping[str, tuple[str, ...]]) -> dict[str, int]:
    return {t: int(tx.sql(f"SELECT count(*) FROM {t}").fetchone()[0]) for t in tables}


def copy_campaign(source: CampaignStore, target: CampaignStore) -> Copied:
    """Copy every row of `source` into the empty `target`; UsageError (nothing written) if the
    target holds anything, lacks a table or column, or reads back differently."""
    with source.transaction(readonly=True) as src_view, target.transaction() as dst_view:
        src, dst = _raw(src_view), _raw(dst_view)
        tables = src.catalog()
        have = dst.catalog()
        missing = [f"{t}.{c}" for t, cols in tables.items() for c in cols
                   if c not in have.get(t, ())]
        if missing:
            raise UsageError(f"campaign {target.path} has no {', '.join(missing)} (an older"
                             " schema?); nothing copied")
        held = _counts(dst, have)
        if any(held.values()):
            raise UsageError(f"campaign {target.path} is not empty ({counted(held)});"
                             " nothing copied")
        for table, columns in tables.items():
            dst.insert_rows(table, columns, _rows(src, table, columns))
        counts = _counts(src, tables)
        if _counts(dst, tables) != counts or export(dst, tables) != export(src, tables):
            raise UsageError(f"the copy in {target.path} reads back differently from"
                             f" {source.path}; nothing copied")
    return Copied(counts)
