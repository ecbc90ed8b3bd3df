"""The embedded campaign store: characters, the party and the log in one SQLite file (WAL)."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote

import cli.store.schema as schema
from cli.store.backoff import BUSY
from cli.store.connection import CampaignUnavailable, OneConnection
from cli.store.link import Dialect, Link, Rows
from cli.store.ownership import APPLICATION_ID, check_owned
from cli.store.rows import Decoder
from cli.store.transaction import Transaction
from cli.store.where import default_campaign_path, no_campaign, path_exists, shown_name
from rules.errors import RuleError, UsageError

if TYPE_CHECKING:
    from cli.store.where import Where

__all__ = ["BUSY_TIMEOUT_S", "SQLITE", "Campaign", "Rows", "Transaction", "default_campaign_path",
           "migrate", "no_campaign", "schema_version"]

BUSY_TIMEOUT_S = 10.0
"""How long a writer waits for another process's transaction before giving up."""


SYNCHRONOUS = "NORMAL"
"""WAL with NORMAL: a commit survives a killed process (the OS holds the WAL's pages) and a
power cut at worst loses the last commits, never consistency; FULL's fsync per LINE made a
batch of 1,000 `gain luck 1` 4× slower (bench/campaign_batch.py, docs/architecture.md)."""


def _prepare_file(path: Path) -> None:
    """Create the database file (0600) and its missing parent directories (0700) if need be."""
    if path.exists():
        return
    for directory in [p for p in reversed(path.parents) if not p.exists()]:
        directory.mkdir(mode=0o700, exist_ok=True)
        os.chmod(directory, 0o700)  # mkdir's mode is filtered by the umask
    os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o600))
    os.chmod(path, 0o600)


def on_read_only_medium(path: Path) -> bool:
    """Whether the file system holding the campaign is mounted read-only."""
    try:
        return bool(os.statvfs(path).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):  # no statvfs (Windows): SQLite says what it finds
        return False


def _busy(exc: BaseException) -> bool:
    """Whether SQLite refused because another connection holds the lock."""
    return isinstance(exc, sqlite3.OperationalError) and (
        "locked" in str(exc) or "busy" in str(exc))


def _store_error(path: Path, exc: sqlite3.Error) -> UsageError | RuleError:
    """A user-facing error for a failure of SQLite itself."""
    if _busy(exc):
        return RuleError(
            f"campaign {shown_name(str(path))} stayed busy for {BUSY_TIMEOUT_S:g} s (another"
            " roll is writing); nothing changed, try again"
        )
    if _disk_full(exc):
        return UsageError(f"campaign {shown_name(str(path))}: disk full; nothing changed")
    if getattr(exc, "sqlite_errorname", "") == "SQLITE_READONLY":
        return UsageError(f"campaign {shown_name(str(path))} is read-only (a read-only medium,"
                          " or a file roll may not write); nothing changed")
    return UsageError(f"campaign {shown_name(str(path))}: {exc}; nothing changed")


def _disk_full(exc: BaseException) -> bool:
    """Whether SQLite failed for want of room: SQLITE_FULL, or its shared-memory file that
    could not grow (SQLITE_IOERR_SHMSIZE, SQLite's answer on a full disk at opening)."""
    name = getattr(exc, "sqlite_errorname", "")
    return name in ("SQLITE_FULL", "SQLITE_IOERR_SHMSIZE")


def _catalog(link: Link) -> dict[str, tuple[str, ...]]:
    names = link.execute("SELECT name FROM sqlite_master WHERE type = 'table'"
                         " AND name NOT LIKE 'sqlite%' ORDER BY name").fetchall()
    return {name: tuple(c[1] for c in link.execute(f"PRAGMA table_info({name})").fetchall())
            for (name,) in names}


def _follow_ids(link: Link, table: str) -> None:
    """AUTOINCREMENT follows the largest id inserted: nothing to do."""


SQLITE = Dialect("sqlite", p="?", same="IS", serial="INTEGER PRIMARY KEY AUTOINCREMENT",
                 big="INTEGER", writes_in_with=False, catalog=_catalog,
                 follow_ids=_follow_ids)
"""SQLite's pieces of the store's SQL."""


def schema_version(db: sqlite3.Connection) -> int:
    """The schema version of an open database (0 for a new, empty one)."""
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def migrate(db: sqlite3.Connection, path: Path) -> None:
    """Bring the schema up to date and mark the file as roll's, all steps in one transaction
    (or none): a campaign made before roll marked its files is marked when next opened."""
    target = len(schema.MIGRATIONS)
    if schema_version(db) == target:
        _mark(db)
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        schema.run_steps(Link(db, SQLITE), schema_version(db), path)  # again, under the lock
        db.execute(f"PRAGMA user_version = {target}")
        db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise


def _mark(db: sqlite3.Connection) -> None:
    """Mark a campaign of the current schema made before roll marked its files: if it can be
    written now (a full disk or a read-only medium still reads it unmarked)."""
    if int(db.execute("PRAGMA application_id").fetchone()[0]) == APPLICATION_ID:
        return
    with contextlib.suppress(sqlite3.OperationalError):  # else the next command that can
        db.execute(f"PRAGMA application_id = {APPLICATION_ID}")


class Campaign(OneConnection[sqlite3.Connection, "Transaction"]):
    """One campaign database file; all reading and writing goes through `transaction()`."""

    def __init__(self, path: Path, create: bool = True,
                 announce: Callable[[Where], None] | None = None,
                 connect: Callable[..., sqlite3.Connection] = sqlite3.connect) -> None:
        self.path = Path(path)
        self.create = create
        self.announce = announce  # told the campaign's place when this process creates it
        self.connect = connect  # how the file is opened (sqlite3.connect's arguments)
        self.decoder = Decoder(self.path)  # its transactions' (the sheets it decoded)
        self.unchanging = False  # opened as it is, on a read-only medium (`_read_only`)

    def _connect(self) -> sqlite3.Connection:
        if self._db is not None:
            return self._db
        if path_exists(self.path):  # path_exists refuses a device
            # another program's database is refused before SQLite opens it for roll
            new = check_owned(self.path, self.create)
            if not new and on_read_only_medium(self.path):
                self._db = self._read_only()
                self.unchanging = True
                return self._db
        elif not self.create:
            raise no_campaign(self.path)
        else:
            new = True
        try:
            _prepare_file(self.path)
        except OSError as exc:
            raise CampaignUnavailable(
                f"campaign {self.path}: cannot create it: {exc.strerror}") from None
        deadline = time.monotonic() + BUSY_TIMEOUT_S
        exclusive = False
        while True:
            db = None
            try:
                # an absolute path: SQLite reads a name that starts with `file:` as a URI
                # even without uri=True where it was built so (SQLITE_USE_URI)
                db = self.connect(os.path.abspath(self.path), timeout=BUSY_TIMEOUT_S,
                                  isolation_level=None)
                db.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT_S * 1000)}")
                if exclusive:
                    db.execute("PRAGMA locking_mode = EXCLUSIVE")
                db.execute("PRAGMA journal_mode = WAL")
                db.execute(f"PRAGMA synchronous = {SYNCHRONOUS}")
                migrate(db, self.path)
            except BaseException as exc:
                if db is not None:
                    db.close()
                if _disk_full(exc) and not new and not exclusive:
                    # a full disk: WAL's shared-memory file cannot grow, so every read would
                    # fail; in EXCLUSIVE locking mode SQLite keeps that index in this
                    # process's memory, so reads work and a write says the disk is full
                    exclusive = True
                    continue
                if _busy(exc) and time.monotonic() < deadline:
                    # processes opening a new file together: SQLite answers busy at once,
                    # without waiting, where waiting could deadlock (the switch to WAL); each
                    # step is done again or not at all, so open again
                    time.sleep(BUSY.wait(0))
                    continue
                if isinstance(exc, sqlite3.Error):
                    error = _store_error(self.path, exc)
                    raise CampaignUnavailable(error.message) if isinstance(
                        error, UsageError) else error from None
                raise
            self._db = db
            if new and self.announce is not None:
                self.announce(self.path)
            return db

    def _read_only(self) -> sqlite3.Connection:
        """The campaign on a read-only medium (a CD, a read-only mount): SQLite cannot make
        the WAL's shared-memory file beside it, so the file is opened as it is, unchanging;
        reads work, a write says the campaign is read-only, and no schema step can run."""
        wal = os.path.exists(f"{self.path}-wal") and os.path.getsize(f"{self.path}-wal") > 0
        uri = "file:" + quote(os.path.abspath(self.path)) + ("?mode=ro" if wal else "?immutable=1")
        try:
            db = self.connect(uri, uri=True, timeout=BUSY_TIMEOUT_S, isolation_level=None)
            version = schema_version(db)
        except sqlite3.Error as exc:
            raise CampaignUnavailable(_store_error(self.path, exc).message) from None
        if version != len(schema.MIGRATIONS):
            db.close()
            raise UsageError(f"campaign {shown_name(str(self.path))} is on a read-only medium"
                             f" and has schema {version}: this roll reads schema"
                             f" {len(schema.MIGRATIONS)}; open it once where it can be written")
        return db

    def _open(self, db: sqlite3.Connection, readonly: bool) -> Transaction:
        """BEGIN IMMEDIATE (`readonly`: a snapshot, no write lock)."""
        tx = Transaction(Link(db, SQLITE), writable=not readonly, path=self.path, decode=self.decoder)
        # on a read-only medium no write lock can be taken: a LINE that only reads runs, and
        # the first write says the campaign is read-only
        db.execute("BEGIN" if readonly or self.unchanging else "BEGIN IMMEDIATE")
        return tx

    def _commit(self, db: sqlite3.Connection, tx: Transaction) -> None:
        tx.link.flush()
        db.execute("COMMIT")

    def _abort(self, db: sqlite3.Connection, exc: BaseException) -> BaseException | None:
        if db.in_transaction:
            db.execute("ROLLBACK")
        return _store_error(self.path, exc) if isinstance(exc, sqlite3.Error) else None
