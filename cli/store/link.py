"""The small protocol the shared transaction runs over: a database connection and its dialect.

The store's SQL is written once, as templates whose few dialect pieces are named fields
(`{p}` a placeholder, `{same}` a comparison that matches NULL to NULL, …); each backend gives
its `Dialect` as data, and a template is filled in once per dialect (no rewriting of SQL text).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, NamedTuple, Protocol


class Rows(Protocol):
    """What a statement gives back, in either database: its rows."""

    def fetchone(self) -> Any: ...
    def fetchall(self) -> list[Any]: ...


class Connection(Protocol):
    """A DB-API connection as both drivers give one: `execute` runs one statement."""

    def execute(self, sql: str, args: Sequence[Any] = ...) -> Any: ...


class Dialect(NamedTuple):
    """What differs in the SQL of one database, as data."""

    name: str
    p: str
    """A statement's placeholder: `?` (sqlite3) or `%s` (psycopg)."""
    same: str
    """Equality that holds for NULL = NULL: `IS` or `IS NOT DISTINCT FROM`."""
    serial: str
    """A table's own growing integer key column."""
    big: str
    """An integer column that may hold a log id."""
    writes_in_with: bool
    """Whether a WITH clause may hold an INSERT (one statement logs an entry and its index)."""
    catalog: Callable[[Link], dict[str, tuple[str, ...]]]
    """The logical schema: each table and its columns, in order."""
    follow_ids: Callable[[Link, str], None]
    """After rows were copied in with their ids: the table's key generator goes past them."""
    role: str = "TEXT"
    """A column that records the database role that wrote a row (`rolled_by`): on a server
    the writer's own role, by default; NULL in a file, which has no roles."""
    bytewise: str = ""
    """What makes a text comparison go by code point (`{bytewise}` after a column): nothing
    in SQLite, whose texts compare so; on a server, ` COLLATE "C"` (else a language's order)."""
    next_log_id: str | None = None
    """An expression giving the next log entry's id ahead of its INSERT, read with the table
    a change reads first (a server's round trip saved: the INSERT then waits for no answer);
    None: the INSERT takes its own id and says which (SQLite has no round trips)."""

    def sql(self, template: str) -> str:
        """The template in this dialect (each is filled in once)."""
        return _filled(self, template)


@lru_cache(maxsize=512)
def _filled(dialect: Dialect, template: str) -> str:
    return template.format(p=dialect.p, same=dialect.same, serial=dialect.serial,
                           big=dialect.big, role=dialect.role, bytewise=dialect.bytewise)


class Link:
    """One connection in its dialect: what the transaction, the migrations and the log use.

    A write whose answer nobody reads (a sheet stored by a change) may wait, `later`, for the
    statement that logs the change: where a WITH clause may hold writes, both go to the server
    as one statement (one answer to wait for, one statement to run); elsewhere, and before any
    other statement or the commit, it is sent on its own.
    """

    def __init__(self, db: Connection, dialect: Dialect) -> None:
        self.db = db
        self.dialect = dialect
        self.wrote = False
        self._waiting: list[tuple[str, tuple[Any, ...]]] = []  # writes sent with the next carrier

    def execute(self, template: str, args: Sequence[Any] = (), write: bool = False,
                carries: bool = False) -> Rows:
        """Run one statement of the store's SQL (a template: `{p}` for each argument).
        `carries`: the statement writes only rows the waiting writes do not touch (the log),
        so those may ride in its WITH clause."""
        self.wrote = self.wrote or write
        if self._waiting and carries:
            template, args = self._carried(template, tuple(args))
        else:
            self.flush()
        rows: Rows = self.db.execute(self.dialect.sql(template), tuple(args))
        return rows

    def later(self, template: str, args: Sequence[Any] = ()) -> None:
        """A write whose answer nobody reads: sent with the next statement that `carries`
        writes, or before the next one that does not (at once where WITH holds no writes)."""
        self.wrote = True
        if not self.dialect.writes_in_with:
            self.db.execute(self.dialect.sql(template), tuple(args))
            return
        self._waiting.append((template, tuple(args)))

    def flush(self) -> None:
        """Send the waiting writes, each on its own (before a read, a raw statement, COMMIT)."""
        waiting, self._waiting = self._waiting, []
        for template, args in waiting:
            self.db.execute(self.dialect.sql(template), args)

    def _carried(self, template: str, args: tuple[Any, ...]) -> tuple[str, tuple[Any, ...]]:
        """The statement with the waiting writes as the first parts of its WITH clause (each
        runs once, to completion, whether or not the statement reads it)."""
        waiting, self._waiting = self._waiting, []
        parts = ", ".join(f"w{i} AS ({sql})" for i, (sql, _) in enumerate(waiting))
        rest = template[len("WITH "):] if template.startswith("WITH ") else template
        joined = f"WITH {parts}, {rest}" if template.startswith("WITH ") else f"WITH {parts} {rest}"
        return joined, tuple(a for _, each in waiting for a in each) + args

    def marks(self, n: int) -> str:
        """`{p}, {p}, …` for `n` values, in this dialect."""
        return ", ".join([self.dialect.p] * n)
