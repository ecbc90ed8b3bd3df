"""Per-user history of REPL lines (searchable with Ctrl-R), kept in the user state dir: a file
the REPL cannot use (a directory, unreadable, unwritable) is said once in one line, and the
REPL goes on with its lines in memory."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path

from prompt_toolkit.history import FileHistory, History, InMemoryHistory

from cli.base.state_files import cannot_use, state_dir

HISTORY_ENV = "ROLL_HISTORY"
"""An environment variable naming the history file; else the user state dir (cli/base/user_dirs.py)."""

Tell = Callable[[str], None]
"""Where the REPL says, once, what of its own files it could not use."""


def history_path() -> Path:
    """Where the REPL keeps its history: `$ROLL_HISTORY`, else `<user state dir>/history`."""
    given = os.environ.get(HISTORY_ENV)
    if given:
        return Path(given).expanduser()
    return state_dir() / "history"


class KeptHistory(FileHistory):
    """A FileHistory that never stops the REPL: a read or a write that fails is said once
    (`tell`) and the lines stay in memory for this REPL; `writes` False reads the file only."""

    def __init__(self, path: Path, tell: Tell, writes: bool = True) -> None:
        super().__init__(str(path))
        self.path = path
        self.tell = tell
        self.writes = writes

    def load_history_strings(self) -> Iterable[str]:
        try:
            return list(super().load_history_strings())
        except (OSError, ValueError) as exc:
            self._failed(exc, "its lines are not offered")
            return []

    def store_string(self, string: str) -> None:
        if not self.writes:
            return
        try:
            super().store_string(string)
        except (OSError, ValueError) as exc:
            self._failed(exc, "this REPL's lines are kept in memory only")

    def _failed(self, exc: BaseException, instead: str) -> None:
        self.writes = False  # once: no second line, no second attempt
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        self.tell(cannot_use("history", self.path, why.lower(), instead))


def open_history(path: Path | None = None, tell: Tell | None = None) -> History:
    """The REPL's history at `path` (its folder made private): in memory only, said once
    through `tell`, when the file cannot be made or is no file; read only when it cannot be
    written."""
    where = path or history_path()
    said: Tell = tell or (lambda _: None)
    try:
        if where.is_dir():
            said(cannot_use("history", where, "a directory", "this REPL's lines are kept in"
                            " memory only"))
            return InMemoryHistory()
        if not where.parent.exists():
            where.parent.mkdir(mode=0o700, parents=True)
        if not where.exists():
            where.touch(mode=0o600)
    except OSError as exc:
        said(cannot_use("history", where, (exc.strerror or "cannot be made").lower(),
                        "this REPL's lines are kept in memory only"))
        return InMemoryHistory()
    writes = os.access(where, os.W_OK)
    if not writes:
        said(cannot_use("history", where, "not writable", "this REPL's lines are not kept"))
    return KeptHistory(where, said, writes)
