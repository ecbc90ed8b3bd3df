"""Ranges of the whole numbers a user gives a command (an entry id, a count), checked before a
store or a loop sees them: a number past a store's 64-bit integers is a clear error naming
the option, never an OverflowError."""

from __future__ import annotations

from rules.errors import UsageError

MAX_STORED = 2**63 - 1
"""The largest integer SQLite and PostgreSQL (BIGINT) store: no log id or count goes past it."""


def in_range(value: int, field: str, low: int = 1, high: int = MAX_STORED) -> int:
    """`value`, if it is from `low` to `high`; else a UsageError naming `field`."""
    if not low <= value <= high:
        shown = f"{value:,}" if abs(value) < 10**30 else "a number that long"
        raise UsageError(f"{field} takes a number from {low:,} to {high:,}, not {shown}")
    return value


def storable(value: int, field: str) -> int:
    """`value`, if a store can hold it (what else is wrong with it, the store says: `no log
    entry #0`); else a UsageError naming `field` and its range from 1."""
    if abs(value) > MAX_STORED:
        return in_range(value, field)
    return value
