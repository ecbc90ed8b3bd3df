"""The log's reads and undo, mixed into the store's Transaction (cli/store/log_entries.py does
the work on the transaction it is handed: `logged()`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cli.store.log_entries import LogTransaction
    from rules.campaign import LogEntry


class LogReads:
    """Recent entries, the ones after an id, by ids, by kind, and undo."""

    def logged(self) -> LogTransaction:
        """The transaction the log's readers work on (the Transaction itself)."""
        raise NotImplementedError

    def log(self, n: int, who: str | None = None, since: str | None = None) -> list[LogEntry]:
        """The `n` most recent log entries (of `who`'s LINEs, from time `since`), newest last."""
        import cli.store.log_entries as history

        return history.recent(self.logged(), n, who, since)

    def log_after(self, last_id: int, who: str | None = None) -> tuple[int, list[LogEntry]]:
        """The entries after #`last_id` (of `who`'s LINEs), oldest first, and the newest id."""
        import cli.store.log_entries as history

        return history.last_id(self.logged()), history.after(self.logged(), last_id, who)

    def entries(self, ids: Sequence[int]) -> list[LogEntry]:
        """The entries with these ids this transaction may read, oldest first."""
        import cli.store.log_entries as history

        return history.by_ids(self.logged(), ids)

    def history(self, kinds: Sequence[str] = (), who: str | None = None,
                since: str | None = None) -> list[LogEntry]:
        """Every entry of these kinds (all when none), of `who`'s LINEs, from `since` on."""
        import cli.store.log_entries as history

        return history.history(self.logged(), kinds, who, since)

    def undo(self, who: str | None = None, nth: int = 1, id_: int | None = None) -> LogEntry:
        """Revert a change-set (see `cli.store.log_entries.undo`); the entry it reverted."""
        import cli.store.log_entries as history

        return history.undo(self.logged(), who, nth, id_)
