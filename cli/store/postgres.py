"""The campaign in a PostgreSQL database (psycopg 3), for a table on several machines.

The same transactions as the SQLite store: every write transaction first locks the campaign's
one `roll_schema` row (SELECT … FOR UPDATE), as BEGIN IMMEDIATE takes SQLite's write lock, then
reads, resolves, applies and logs under READ COMMITTED (each statement sees every commit made
before the lock was granted). A read-only one is a REPEATABLE READ snapshot that never waits.
A write transaction tells the listeners (`NOTIFY roll_campaign`, queued with its lock) when it
commits.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import suppress
from types import ModuleType
from typing import Any

from cli.store.connection import CampaignUnavailable, OneConnection
from cli.store.link import Link
from cli.store.pg_schema import POSTGRES, VERSION_TABLE, not_roll, pg_migrate, pg_version
from cli.store.rows import Decoder
from cli.store.sqlite import BUSY_TIMEOUT_S, no_campaign
from cli.store.transaction import Transaction
from cli.store.where import CampaignURL, Where, check_url, scrub
from rules.errors import RollError, RuleError, UsageError

CHANNEL = "roll_campaign"
"""The NOTIFY channel a committed write announces itself on (per database)."""

CONNECT_TIMEOUT_S = 10
"""How long to wait for the server to answer before saying it cannot be reached."""
STATEMENT_TIMEOUT_S = 30
"""How long one statement may run on the server before it is cancelled and said: a server
that hangs mid-query (or a lock held that long) never leaves a LINE waiting forever."""

LINK_CHECKS = {"keepalives": 1, "keepalives_idle": 10, "keepalives_interval": 5,
               "keepalives_count": 3}
"""TCP keepalives on every connection: a link that died while roll waits for an answer (the
server's machine gone, a laptop's Wi-Fi lost) is found in some 25 s, where the kernel's own
defaults wait two hours; statement_timeout alone cannot tell, as it runs on the server."""
TCP_USER_TIMEOUT_MS = STATEMENT_TIMEOUT_S * 1000
"""How long data roll sent may stay unacknowledged before the link counts as dead (libpq 12
and later): a request sent into a dead link, which keepalives do not probe."""

INSTALL_HINT = "pip install 'roll-rules[postgres]' (or pipx inject roll-rules 'psycopg[binary]')"


def driver(load: Callable[[str], ModuleType] | None = None) -> ModuleType:
    """psycopg 3, or a UsageError saying how to install it (it is an optional extra); `load`
    imports a module by name (importlib's, unless a test says how a missing driver looks)."""
    if load is None:
        from importlib import import_module

        load = import_module
    try:
        psycopg = load("psycopg")
    except ImportError:
        raise UsageError(
            f"a postgresql:// campaign needs the PostgreSQL driver psycopg 3: {INSTALL_HINT}"
        ) from None
    import logging

    # the driver's own log lines (a pipeline ended on a lost connection) never reach the
    # pane: every failure is said once, as a roll error
    logging.getLogger("psycopg").addHandler(logging.NullHandler())
    return psycopg


def store_error(where: CampaignURL, exc: BaseException) -> RollError:
    """A user-facing error for a failure of the server or the driver (no password in it)."""
    psycopg = driver()
    lines = (" ".join(part.split()) for part in str(exc).strip().splitlines())
    text = scrub("; ".join(line for line in lines if line), where.url)
    if isinstance(exc, psycopg.errors.LockNotAvailable):
        return RuleError(
            f"campaign {where} stayed busy for {BUSY_TIMEOUT_S:g} s (another roll is writing);"
            " nothing changed, try again"
        )
    if isinstance(exc, psycopg.errors.QueryCanceled) and "statement timeout" in text:
        return CampaignUnavailable(
            f"the campaign's server did not answer in {STATEMENT_TIMEOUT_S:g} s")
    if isinstance(exc, psycopg.OperationalError):  # one line, said in roll's words
        return CampaignUnavailable(f"campaign {where} {_unreachable(exc, text)}")
    return UsageError(f"campaign {where}: {text}; nothing changed")


_REFUSED = {"28P01": "refused the login (user or password)",
            "28000": "refused the login (user or password)",
            "3D000": "is not on the server (no such database)",
            "53300": "is unreachable (the server has too many connections)"}
"""What a connection the server refused says, by SQLSTATE (else: it does not answer)."""

_REFUSED_TEXT = (("password authentication failed", "28P01"), ("no password supplied", "28P01"),
                 ("authentication failed", "28000"), ("does not exist", "3D000"),
                 ("too many clients", "53300"))
"""The same, read from libpq's own words where a connection fails with no SQLSTATE."""


def _unreachable(exc: BaseException, text: str) -> str:
    """Why the campaign cannot be reached, in a few words of roll's (never libpq's text)."""
    state = getattr(exc, "sqlstate", None)
    if state is None:
        state = next((code for words, code in _REFUSED_TEXT if words in text), None)
    if state == "3D000" and "role" in text:
        state = "28000"  # the role, not the database, is missing
    return _REFUSED.get(str(state), "is unreachable")  # it does not answer


def connect(where: CampaignURL) -> Any:
    """An autocommit connection (transactions are begun explicitly), or a clear RollError."""
    psycopg = driver()
    check_url(where.url)
    try:
        db = psycopg.connect(where.conninfo, autocommit=True, connect_timeout=CONNECT_TIMEOUT_S,
                             **link_checks(psycopg.pq.version()))
        # a write transaction is the server's implicit one (PostgresCampaign._open): at the
        # isolation level its reads are written for, whatever the server's default
        db.execute(f"SELECT set_config('lock_timeout', '{int(BUSY_TIMEOUT_S * 1000)}ms', false),"
                   " set_config('statement_timeout',"
                   f" '{int(STATEMENT_TIMEOUT_S * 1000)}ms', false),"
                   " set_config('default_transaction_isolation', 'read committed', false)")
    except (psycopg.Error, ValueError) as exc:  # ValueError: a conninfo libpq cannot read
        raise store_error(where, exc) from None
    return db


def link_checks(libpq: int) -> dict[str, int]:
    """The connection parameters that find a dead link (LINK_CHECKS, and TCP_USER_TIMEOUT_MS
    where libpq knows it: `libpq` is its version, 170000 for 17.0). Ignored by libpq for a
    Unix-domain socket, which cannot die that way."""
    if libpq < 120000:
        return dict(LINK_CHECKS)
    return {**LINK_CHECKS, "tcp_user_timeout": TCP_USER_TIMEOUT_MS}


_FOUND: set[CampaignURL] = set()
"""Databases this process saw a campaign in (a schema is not dropped under a running roll)."""

_SPARE: dict[CampaignURL, tuple[float, Any]] = {}
"""The connection that found a campaign, for the store opened next on it (a one-shot, a
batch or the REPL's first prompt connects once, not twice); one left longer than SPARE_S is
not trusted to be alive and is closed instead."""

SPARE_S = 5.0


def has_campaign(where: CampaignURL) -> bool:
    """Whether the database holds a campaign's schema (asked once per process: a batch of
    LINEs connects once, not twice per LINE)."""
    if where in _FOUND:
        return True
    db = connect(where)
    try:
        found = pg_version(db) is not None
    except BaseException:
        db.close()
        raise
    if not found:
        db.close()
        return False
    _FOUND.add(where)
    _spare(where, db)
    return True


def _spare(where: CampaignURL, db: Any) -> None:
    old = _SPARE.pop(where, None)
    if old is not None:
        old[1].close()
    _SPARE[where] = (time.monotonic(), db)


def _taken(where: CampaignURL) -> Any:
    """The spare connection to `where`, if one was left a moment ago and is open."""
    left, db = _SPARE.pop(where, (0.0, None))
    if db is not None and (db.closed or time.monotonic() - left > SPARE_S):
        db.close()
        return None
    return db


class PostgresCampaign(OneConnection[Any, Transaction]):
    """One campaign database on a server; all reading and writing goes through `transaction()`."""

    def __init__(self, where: CampaignURL, create: bool = True,
                 announce: Callable[[Where], None] | None = None) -> None:
        self.where = where
        self.create = create
        self.announce = announce  # told the campaign's place when this process creates it
        self.decoder = Decoder(where)  # its transactions' (the sheets it decoded)
        from cli.store.owners import Login

        self.login = Login()

    @property
    def path(self) -> CampaignURL:
        return self.where

    def _connect(self) -> Any:
        if self._db is not None:
            return self._db
        db = _taken(self.where) or connect(self.where)
        try:
            if not self.create and pg_version(db) is None:
                raise not_roll(db, self.where) or no_campaign(self.where)
            created = pg_migrate(db, self.where)
        except BaseException as exc:
            db.close()
            if isinstance(exc, driver().Error):
                raise store_error(self.where, exc) from None
            raise
        self._db = db
        if created and self.announce is not None:
            self.announce(self.where)
        return db

    _pipeline: Any = None
    _synced: Any = None  # the pipeline itself (`_pipeline` is the `with` around it)

    def _open(self, db: Any, readonly: bool) -> Transaction:
        """The campaign's row lock (`readonly`: a REPEATABLE READ snapshot, no lock).

        The transaction runs in psycopg's pipeline mode: a statement whose answer nobody reads
        (the lock, an UPDATE, NOTIFY) goes with the next one that is read, so a change costs
        the round trips of its reads, not of its statements: two (the table read, the commit).

        A write transaction is the one the server opens for the statements of a pipeline up
        to its Sync (no BEGIN, no COMMIT: two statements fewer a change): the Sync `_commit`
        sends commits them, a failed statement rolls all of them back, and `_abort` sends a
        ROLLBACK ahead of its Sync. A read-only one needs its isolation level: BEGIN … COMMIT.
        """
        tx = Transaction(Link(db, POSTGRES), writable=not readonly, path=self.where, decode=self.decoder)
        tx.login = self.login  # whether this login plays, asked once (cli/store/owners.py)
        if self._pipeline is None:  # else the last read-only COMMIT is still on its way
            self._pipeline = db.pipeline()
            self._synced = self._pipeline.__enter__()
        if readonly:
            db.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        else:
            # the listeners' NOTIFY is queued with the lock (one statement fewer a change):
            # it is delivered at COMMIT, never after a ROLLBACK; a write transaction that wrote
            # nothing wakes them for nothing (they look, by log id, and find nothing new)
            db.execute(f"SELECT version, pg_notify('{CHANNEL}', '') FROM {VERSION_TABLE}"
                       " FOR UPDATE")
        return tx

    def _end_pipeline(self, exc: BaseException | None = None) -> None:
        """Leave pipeline mode (waiting for every answer: an error among them raises)."""
        pipeline, self._pipeline = self._pipeline, None
        if pipeline is not None:
            pipeline.__exit__(type(exc) if exc else None, exc, exc.__traceback__ if exc else None)

    def _commit(self, db: Any, tx: Transaction) -> None:
        tx.link.flush()  # a sheet written with no entry after it
        if tx.writable:  # the Sync commits (with the NOTIFY queued by the lock); a write is
            self._synced.sync()  # committed when it is answered
        else:  # sent now (the snapshot ends on the server); its answer is read with the next
            db.execute("COMMIT")  # transaction's first read
            db.pgconn.flush()

    def close(self) -> None:
        """Close the connection (after the answers still on their way; a transaction still
        open rolled back)."""
        if self._db is not None and not self._db.closed:
            with suppress(driver().Error):
                if self._busy:
                    self._rollback(self._db)
                self._end_pipeline()
        self._pipeline = None
        super().close()

    def _rollback(self, db: Any) -> None:
        """ROLLBACK, sent ahead of the pipeline's Sync (which would commit a write)."""
        if self._pipeline is not None and not db.closed:
            db.execute("ROLLBACK")  # (outside BEGIN the server warns, and rolls back)

    def _abort(self, db: Any, exc: BaseException) -> BaseException | None:
        psycopg = driver()
        with suppress(psycopg.Error):
            self._rollback(db)  # (skipped, as the rest, where a statement failed: the Sync
        with suppress(psycopg.Error):  # then rolls back)
            self._end_pipeline(exc)
        if not db.closed and db.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
            with suppress(psycopg.Error):
                db.execute("ROLLBACK")
        if isinstance(exc, psycopg.OperationalError) or db.closed:
            self.close()  # the server went away: the next transaction connects again
        return store_error(self.where, exc) if isinstance(exc, psycopg.Error) else None
