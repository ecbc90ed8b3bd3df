"""Per-user history of REPL lines (searchable with Ctrl-R), kept in the user state dir."""

from __future__ import annotations

import os
from pathlib import Path

from prompt_toolkit.history import FileHistory, History, InMemoryHistory

HISTORY_ENV = "ROLL_HISTORY"
"""An environment variable naming the history file; else the platformdirs user state dir."""


def history_path() -> Path:
    """Where the REPL keeps its history: `$ROLL_HISTORY`, else `<user state dir>/history`."""
    given = os.environ.get(HISTORY_ENV)
    if given:
        return Path(given).expanduser()
    import platformdirs  # only here: ROLL_HISTORY needs none

    return Path(platformdirs.user_state_dir("roll-rules", appauthor=False)) / "history"


def open_history(path: Path | None = None) -> History:
    """A FileHistory at `path` (its folder made private); in memory only if it cannot be made."""
    where = path or history_path()
    try:
        if not where.parent.exists():
            where.parent.mkdir(mode=0o700, parents=True)
        where.touch(mode=0o600, exist_ok=True)
    except OSError:
        return InMemoryHistory()
    return FileHistory(str(where))
