"""The REPL's `as NAME` in a fight lasts until the turn changes (SPEC §9): the turn it was
chosen on, and the one line said when that turn is over and its holder acts again."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cli.line.turn import running

Turn = tuple[int, str | None]
"""A fight's round and whose turn it is (a combatant, a Group, a House, a phase)."""


def fight_turn(party: Mapping[str, Any]) -> Turn | None:
    """The running fight's round and turn, or None outside a fight."""
    found = running(party)
    return None if found is None else (found[0].round, found[0].turn)


def turn_over(chosen: str, holder: str | None, now: Turn | None) -> str:
    """The line said when the turn `as` was chosen on is over: who acts now."""
    if now is None:
        return f"as {chosen} ends with the fight: acting as nobody"
    if holder is None:
        return f"as {chosen} ends with the turn: acting as nobody"
    return f"as {chosen} ends with the turn: acting as {holder} (its turn)"
