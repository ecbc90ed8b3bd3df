"""What both stores share: the one connection a process keeps, and a transaction's life on it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Generic, Protocol, TypeVar

from cli.store.where import CampaignUnavailable

__all__ = ["CampaignUnavailable", "OneConnection"]


class Closable(Protocol):
    def close(self) -> None: ...


class Closing(Protocol):
    closed: bool


Db = TypeVar("Db", bound=Closable)
Tx = TypeVar("Tx", bound=Closing)


class OneConnection(Generic[Db, Tx]):
    """A campaign a process opens once: one connection, one transaction at a time on it.

    A store says how to connect, begin (its write lock unless read-only), commit, and roll
    back; the `with` block around a LINE is the same for all.
    """

    _db: Db | None = None
    _busy = False
    down_since: datetime | None = None
    """When the campaign stopped answering (None: it answers); set by the first failure to
    reach it, cleared by the next transaction that commits."""

    def _connect(self) -> Db:
        raise NotImplementedError

    def _open(self, db: Db, readonly: bool) -> Tx:
        """Begin a transaction (taking the write lock unless `readonly`); what it can do."""
        raise NotImplementedError

    def _commit(self, db: Db, tx: Tx) -> None:
        raise NotImplementedError

    def _abort(self, db: Db, exc: BaseException) -> BaseException | None:
        """Roll back after `exc`; the error to show for it instead (None: `exc` as it is)."""
        raise NotImplementedError

    def close(self) -> None:
        """Close the connection (a later transaction reopens it)."""
        if self._db is not None:
            self._db.close()
            self._db = None

    def _begin(self, readonly: bool) -> tuple[Db, Tx]:
        """Connect (if need be) and begin. A kept connection the server dropped meanwhile (a
        restart) fails at its first statement: it is opened again once, as nothing ran yet."""
        kept = self._db is not None
        try:
            db = self._connect()
            try:
                return db, self._open(db, readonly)
            except BaseException as exc:
                error = self._abort(db, exc)
                if not (kept and isinstance(error, CampaignUnavailable)):
                    if error is None:
                        raise
                    raise error from exc
            self.close()
            db = self._connect()
            try:
                return db, self._open(db, readonly)
            except BaseException as exc:
                error = self._abort(db, exc)
                if error is None:
                    raise
                raise error from exc
        except CampaignUnavailable:
            self.down_since = self.down_since or datetime.now()
            raise

    @contextmanager
    def transaction(self, readonly: bool = False) -> Iterator[Tx]:
        """One transaction: all of the block, or (on any error) nothing."""
        if self._busy:
            raise RuntimeError("a campaign transaction is already open on this connection")
        db, tx = self._begin(readonly)
        if hasattr(tx, "later"):  # a table kept beyond the transaction reads from a new one
            tx.later = lambda: self.transaction(readonly=True)
        self._busy = True
        try:
            yield tx
            tx.closed = True
            self._commit(db, tx)
            self.down_since = None
        except BaseException as exc:
            error = self._abort(db, exc)
            if isinstance(error or exc, CampaignUnavailable):
                self.down_since = self.down_since or datetime.now()
            if error is not None:
                raise error from exc
            raise
        finally:
            tx.closed = True
            self._busy = False
