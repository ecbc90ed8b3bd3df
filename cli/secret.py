"""The GM's secret rolls: `secret LINE` shows its result to whoever rolled it, and logs it as
secret; the log shows everyone else only that a secret roll happened.

A secret LINE writes two log rows: the LINE itself, its result marked `"secret": true` (its
dice, outcome and changes: undo takes it back like any other), and a marker row (kind
`secret`) that says who rolled, and nothing more. On a SQLite file `roll log` shows the marker
and hides the secret row unless the viewer is the GM (ROLL_GM=1); on PostgreSQL the server
keeps a player's role from reading the secret row at all (row-level security, README)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from rules.campaign import LogEntry

WORD = "secret"
MARK = "secret"
"""The kind of the marker row."""


def split_secret(text: str) -> tuple[bool, str]:
    """`secret check sneak` → (True, `check sneak`); any other LINE as it is."""
    word, _, rest = text.strip().partition(" ")
    if word.lower() == WORD and rest.strip():
        return True, rest.strip()
    return False, text


def viewer_is_gm() -> bool:
    """Whether this process shows the GM's view of the log (ROLL_GM=1)."""
    return os.environ.get("ROLL_GM", "").strip().lower() in ("1", "yes", "true", "on")


def is_secret(result: Mapping[str, Any]) -> bool:
    return result.get("secret") is True


def shown(entry: LogEntry, gm: bool) -> bool:
    """Whether a log entry is shown: a secret LINE to the GM only, its marker to the others."""
    if entry.result.get("kind") == MARK:
        return not gm
    if is_secret(entry.result):
        return gm
    return True


def marker(result: Mapping[str, Any]) -> dict[str, Any]:
    """The marker row of a secret LINE: who rolled, and that it was secret."""
    who = result.get("character")
    blank = dict.fromkeys(("total", "target", "outcome", "successes"))
    return {"input": "secret roll", "system": result.get("system", "generic"), "character": who,
            "kind": MARK, **blank, "crit": False, "fumble": False, "dice": [], "changes": [],
            "text": f"{who or 'the GM'} made a secret roll"}
