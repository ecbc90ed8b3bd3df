"""The GM's secret rolls: `secret LINE` shows its result to whoever rolled it, and logs it as
secret; the log shows everyone else only that a secret roll happened.

A secret LINE writes two log rows: a marker row (kind `secret`) that says who rolled, and
nothing more, then the LINE itself, its record marked `"secret": true` (its dice, outcome and
changes: undo takes it back like any other). Whatever copies a secret row keeps it secret: its
undo, a reroll of it (`fluke`, `fate reroll`), `campaign copy` (row for row).

Each secret LINE is sealed when it is rolled: a random nonce, kept in the secret row, and the
SHA-256 of its result with that nonce (rules/commitment.py), the commitment, kept in the marker
row too, which every role reads. `roll reveal ID` publishes the sealed text in a row of its own
(cli/commands/reveal_cmd.py); `roll log verify` hashes it again against the marker's commitment.

Who sees what: on a SQLite file it is a display rule (`Viewer.gm`, ROLL_GM=1: the secret rows,
marked; else the markers). On PostgreSQL the server decides (row-level security, set up by
`roll campaign roles`): each pane shows every row its role may read, a secret row marked, and a
marker only where its secret row is not among them."""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rules.record import SECRET_MARK, Record, Rerolled

if TYPE_CHECKING:
    from rules.campaign import LogEntry
    from rules.resolution import Resolution

NONCE_BYTES = 16
"""The nonce's length: 128 random bits, so no result can be found by hashing guesses."""

LOGGED = "(secret: the log shows others only that you rolled)"
NOT_LOGGED = "(secret: no campaign, so nothing was logged)"


def notice(logged: bool, commitment: str | None = None) -> str:
    """What the roller is told after a secret LINE: logged as secret with its commitment, or
    not logged at all."""
    if not logged:
        return NOT_LOGGED
    if commitment is None:
        return LOGGED
    from rules.commitment import short

    return f"{LOGGED[:-1]}; {short(commitment)})"


def sealed(record: Record) -> Record:
    """A secret LINE's record sealed with a fresh random nonce and its commitment."""
    from rules.commitment import seal

    return seal(record, secrets.token_hex(NONCE_BYTES))


def viewer_is_gm() -> bool:
    """Whether this process shows the GM's view of a file's log (ROLL_GM=1)."""
    return os.environ.get("ROLL_GM", "").strip().lower() in ("1", "yes", "true", "on")


def rerolls_secret(res: Resolution, last: Callable[[], LogEntry | None]) -> bool:
    """Whether `res` resolves a secret LINE again (a fluke, a fate reroll of it): then it is a
    secret too. `last` reads the acting character's previous entry (read only for a reroll)."""
    if not any(isinstance(value, Rerolled) for _, value in res.extra):
        return False
    entry = last()
    return entry is not None and entry.record.secret


def shown(entry: LogEntry, gm: bool) -> bool:
    """Whether a file's log entry is shown: a secret LINE to the GM only, its marker to the others."""
    if entry.record.act == SECRET_MARK:
        return not gm
    if entry.record.secret:
        return gm
    return True


@dataclass(frozen=True, slots=True)
class Viewer:
    """Whose log a pane shows: `server` (PostgreSQL: what the role may read) or, on a file,
    the GM's view (`gm`) or everyone else's."""

    gm: bool
    server: bool

    @classmethod
    def of(cls, on_server: bool) -> Viewer:
        """The viewer of this process for a campaign on a server (True) or in a file."""
        return cls(gm=on_server or viewer_is_gm(), server=on_server)

    def kept(self, entries: Sequence[LogEntry]) -> list[LogEntry]:
        """The entries this viewer is shown, in order."""
        if not self.server:
            return [entry for entry in entries if shown(entry, self.gm)]
        # the rows are what the role may read: a marker goes where its secret row (written
        # next, in the same transaction) is among them
        secret_ids = {(e.id, e.character) for e in entries if e.record.secret}
        return [e for e in entries
                if not (e.record.act == SECRET_MARK and (e.id + 1, e.character) in secret_ids)]


def recent_shown(read: Callable[[int], list[LogEntry]], n: int, viewer: Viewer
                 ) -> list[LogEntry]:
    """The `n` most recent entries the viewer is shown (newest last): `read(k)` gives the `k`
    most recent rows, and more are read while rows hidden from this viewer (a secret LINE,
    or to the GM its marker) take places, so `log -n N` shows N where the log has them."""
    limit = n
    while True:
        rows = read(limit)
        kept = viewer.kept(rows)
        if len(kept) >= n or len(rows) < limit:
            return kept[-n:]
        limit *= 2  # a secret LINE hides one of its two rows: twice as many is usually enough
