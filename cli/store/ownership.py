"""Whose database a campaign file is: roll marks its own (SQLite's `application_id`) and
refuses any other before reading or writing it, so a `ROLL_CAMPAIGN` that names a browser's
`places.sqlite` by mistake is an error and the file stays as it was, to the byte."""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path
from typing import Literal
from urllib.parse import quote

from cli.store.where import no_campaign, shown_name
from rules.errors import UsageError

APPLICATION_ID = 0x526F6C6C
"""What roll writes in its SQLite files' `PRAGMA application_id` ("Roll" in ASCII)."""

ROLL_TABLES = frozenset({"characters", "party", "settings", "log"})
"""The tables every roll campaign has had since schema 1: an old campaign, made before roll
marked its files, is known by them."""



def another_program(path: Path) -> UsageError:
    """The error for a database that is not roll's."""
    return UsageError(f"{shown_name(str(path))} is an SQLite database of another program,"
                      " not a roll campaign")


def check_owned(path: Path, writes: bool) -> bool:
    """Whether `path` (an existing regular file) is a new campaign: True for an empty file (or
    an SQLite database without a table) that a command which `writes` makes one of; False for
    roll's own (marked, or an old campaign: a schema version and roll's tables). Anything
    else is a UsageError raised before SQLite opens it for roll, so nothing of it changes."""
    try:
        # never open() the file itself: closing it would drop the locks SQLite holds on it
        # for this process's other connections (POSIX advisory locks), a follower's watcher
        empty = os.stat(path).st_size == 0
    except OSError as exc:
        raise UsageError(f"campaign {shown_name(str(path))}: {exc.strerror}") from None
    if empty:
        return _new(path, writes)
    mine = _mine(path)
    if mine is None:  # read once more: a campaign another process is making settles in ms
        time.sleep(SETTLING_S)
        mine = _mine(path)
    if mine is None:
        raise another_program(path)
    if mine == "new":
        return _new(path, writes)
    return False


SETTLING_S = 0.05
"""How long a file that looks like another program's is left before it is read again."""


def _mine(path: Path) -> Literal["new", "ours"] | None:
    """A new campaign (an SQLite database without a table), roll's own (marked, or an old
    campaign: a schema version and roll's tables, or no SQLite at all: SQLite's own error
    says so), or None: another program's."""
    found = _inside(path)
    if found is None:
        return "ours"  # not SQLite at all: SQLite's own error says so, and writes nothing
    app, version, tables = found
    if app == APPLICATION_ID:
        return "ours"
    if app != 0:
        return None
    if not tables and version == 0:
        return "new"
    if version >= 1 and tables >= ROLL_TABLES:
        # an old roll campaign: opening it marks it (cli/store/sqlite.py); one newer than
        # `newest` is refused by the schema check, which names the version
        return "ours"
    return None


def _new(path: Path, writes: bool) -> bool:
    if not writes:
        raise no_campaign(path)  # a command that only reads never makes a campaign
    return True


def _inside(path: Path) -> tuple[int, int, frozenset[str]] | None:
    """Its `application_id`, `user_version` and (unmarked) table names, read through SQLite
    with a read-only connection: it can write nothing (no journal, no checkpoint), whatever
    the file's journal mode. Without a WAL beside it the file is all there is, so SQLite is
    told so (`immutable`) and leaves no `-shm` or `-wal` file behind. None: not SQLite."""
    wal = os.path.exists(f"{path}-wal") and os.path.getsize(f"{path}-wal") > 0
    uri = "file:" + quote(os.path.abspath(path)) + ("?mode=ro" if wal else "?immutable=1")
    try:
        db = sqlite3.connect(uri, uri=True, isolation_level=None)
    except sqlite3.Error as exc:
        raise UsageError(f"campaign {shown_name(str(path))}: {exc}") from None
    try:
        # one read transaction: without locks (`immutable`) each statement of its own could
        # read the header before another process's checkpoint and the tables after it (a
        # campaign being made would then look like nobody's, 1 run in ~30 of six processes
        # creating one campaign on a loaded machine)
        db.execute("BEGIN")
        app = int(db.execute("PRAGMA application_id").fetchone()[0])
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        if app == APPLICATION_ID:
            return app, version, frozenset()
        names = db.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
        return app, version, frozenset(str(n) for (n,) in names)
    except sqlite3.DatabaseError as exc:
        if getattr(exc, "sqlite_errorname", "") == "SQLITE_NOTADB":
            return None
        raise UsageError(f"campaign {shown_name(str(path))}: {exc}; nothing changed") from None
    finally:
        db.close()
