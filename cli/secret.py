"""The GM's secret rolls: `secret LINE` shows its result to whoever rolled it, and logs it as
secret; the log shows everyone else only that a secret roll happened.

A secret LINE writes two log rows: the LINE itself, its result marked `"secret": true` (its
dice, outcome and changes: undo takes it back like any other), and a marker row (kind
`secret`) that says who rolled, and nothing more. On a SQLite file `roll log` shows the marker
and hides the secret row unless the viewer is the GM (ROLL_GM=1); on PostgreSQL the server
keeps a player's role from reading another role's secret row at all (row-level security,
README); a player's own secret roll is read back by its role alone."""

from __future__ import annotations

import os
from collections.abc import Callable

from rules.campaign import LogEntry
from rules.record import SECRET_MARK

WORD = "secret"


def split_secret(text: str) -> tuple[bool, str]:
    """`secret check sneak` → (True, `check sneak`); any other LINE as it is."""
    word, _, rest = text.strip().partition(" ")
    if word.lower() == WORD and rest.strip():
        return True, rest.strip()
    return False, text


def viewer_is_gm() -> bool:
    """Whether this process shows the GM's view of the log (ROLL_GM=1)."""
    return os.environ.get("ROLL_GM", "").strip().lower() in ("1", "yes", "true", "on")


def shown(entry: LogEntry, gm: bool) -> bool:
    """Whether a log entry is shown: a secret LINE to the GM only, its marker to the others."""
    if entry.record.act == SECRET_MARK:
        return not gm
    if entry.record.secret:
        return gm
    return True


def recent_shown(read: Callable[[int], list[LogEntry]], n: int, gm: bool) -> list[LogEntry]:
    """The `n` most recent entries the viewer is shown (newest last): `read(k)` gives the `k`
    most recent rows, and more are read while rows hidden from this viewer (a secret LINE,
    or to the GM its marker) take places, so `log -n N` shows N where the log has them."""
    limit = n
    while True:
        rows = read(limit)
        kept = [entry for entry in rows if shown(entry, gm)]
        if len(kept) >= n or len(rows) < limit:
            return kept[-n:]
        limit *= 2  # a secret LINE hides one of its two rows: twice as many is usually enough
