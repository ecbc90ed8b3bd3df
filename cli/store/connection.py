"""What both stores share: the one connection a process keeps, and a transaction's life on it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Generic, Protocol, TypeVar


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

    @contextmanager
    def transaction(self, readonly: bool = False) -> Iterator[Tx]:
        """One transaction: all of the block, or (on any error) nothing."""
        if self._busy:
            raise RuntimeError("a campaign transaction is already open on this connection")
        db = self._connect()
        self._busy = True
        tx: Tx | None = None
        try:
            tx = self._open(db, readonly)
            yield tx
            tx.closed = True
            self._commit(db, tx)
        except BaseException as exc:
            error = self._abort(db, exc)
            if error is not None:
                raise error from exc
            raise
        finally:
            if tx is not None:
                tx.closed = True
            self._busy = False
