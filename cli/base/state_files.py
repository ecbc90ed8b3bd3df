"""The user's state files (where platformdirs puts the user state dir, `$XDG_STATE_HOME/roll-rules`
on Linux: cli/base/user_dirs.py), and the notes said once to a user rather than once a process,
as git gives an advice once: a note's word is kept in `said-once` there when it is first said.

A state file that can't be read or written never stops a LINE: the note is said as though it
were the first time, with one line that says what of the file could not be used."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

SAID_ONCE = "said-once"
"""The file of the notes already said, one word a line (`bot-word`)."""


def state_dir() -> Path:
    """The user state dir roll keeps its own files in (the REPL's history and state too)."""
    from cli.base.user_dirs import user_dir  # only here: a LINE that says no note looks up no folder

    return Path(user_dir("state"))


def cannot_use(what: str, path: Path, why: str, instead: str) -> str:
    """The one line that says what of roll's own files could not be used, and what it does
    instead."""
    from cli.base.safe import shown

    return f"roll: {what} {shown(str(path))}: {why}; {instead}"


@dataclass(frozen=True, slots=True)
class Saying:
    """Whether a note is to be said, and the line about a state file that could not be used."""

    say: bool
    problem: str | None = None


def first_time(note: str, path: Path | None = None) -> Saying:
    """Whether `note` is said now (never said to this user before), marking it said; a file
    that can't be read or written says the note anyway, with the problem."""
    where = path or state_dir() / SAID_ONCE
    try:
        said = where.read_text(encoding="utf-8").split()
    except FileNotFoundError:
        said = []
    except (OSError, UnicodeDecodeError) as exc:  # left as it is: never written over
        return Saying(True, _cannot(where, exc, "unreadable"))
    if note in said:
        return Saying(False)
    try:
        where.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        with where.open("a", encoding="utf-8") as kept:  # appended: two processes may say it
            kept.write(f"{note}\n")
    except OSError as exc:
        return Saying(True, _cannot(where, exc, "unwritable"))
    return Saying(True)


def _cannot(path: Path, exc: Exception, otherwise: str) -> str:
    why = exc.strerror.lower() if isinstance(exc, OSError) and exc.strerror else otherwise
    if isinstance(exc, UnicodeDecodeError):
        why = "not UTF-8 text"
    return cannot_use("state file", path, why, "its notes may be said again")
