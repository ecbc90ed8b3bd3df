"""Being told when another client writes the campaign: one interface, a way per database.

PostgreSQL: LISTEN on the channel every committed write NOTIFYs. SQLite: `PRAGMA
data_version` polled on a connection of our own (it moves when another connection commits).
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Any, Protocol

from cli.store.sqlite import no_campaign
from cli.store.where import CampaignUnavailable, CampaignURL, Where
from rules.errors import UsageError

POLL_S = 0.1
"""How often the SQLite watcher looks at the file's data version."""


class Watcher(Protocol):
    """Waits for a write by another client of the same campaign."""

    def wait(self, timeout: float) -> bool:
        """True as soon as another client committed a write; False after `timeout` seconds."""
        ...

    def close(self) -> None: ...


class SqliteWatcher:
    """Polls the file's `PRAGMA data_version` on a connection that never writes."""

    def __init__(self, path: Path) -> None:
        if not path.exists():  # connecting would create the file
            raise no_campaign(path)
        self.path = path
        self._db = sqlite3.connect(path, isolation_level=None)
        self._seen = self._version()

    def _version(self) -> int:
        try:
            return int(self._db.execute("PRAGMA data_version").fetchone()[0])
        except sqlite3.Error as exc:
            raise UsageError(f"campaign {self.path}: {exc}") from None

    def wait(self, timeout: float) -> bool:
        """True as soon as the data version moved; False after `timeout` seconds."""
        end = time.monotonic() + timeout
        while True:
            now = self._version()
            if now != self._seen:
                self._seen = now
                return True
            left = end - time.monotonic()
            if left <= 0:
                return False
            time.sleep(min(POLL_S, left))

    def close(self) -> None:
        self._db.close()


class PostgresWatcher:
    """LISTENs on the campaign's channel on a connection of its own."""

    def __init__(self, where: CampaignURL) -> None:
        from cli.store.postgres import CHANNEL, connect

        self.where = where
        self._db: Any = connect(where)
        self._db.execute(f"LISTEN {CHANNEL}")

    def wait(self, timeout: float) -> bool:
        """True as soon as a notification came (all pending ones are taken); False after
        `timeout` seconds. A lost server is a RollError."""
        from cli.store.postgres import driver, store_error

        try:
            came = any(True for _ in self._db.notifies(timeout=timeout, stop_after=1))
            if came:  # several writes at once: one wake-up is enough
                for _ in self._db.notifies(timeout=0):
                    pass
        except driver().Error as exc:  # the server went away: wait, then connect again
            raise CampaignUnavailable(store_error(self.where, exc).message) from None
        return came

    def close(self) -> None:
        self._db.close()


def watch(where: Where) -> Watcher:
    """A watcher of the campaign at `where` (start it before reading, so no write is missed)."""
    if isinstance(where, CampaignURL):
        return PostgresWatcher(where)
    return SqliteWatcher(where)
