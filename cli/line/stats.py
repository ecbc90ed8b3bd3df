"""`{stat}` of the acting character in any LINE (rules/notation/placeholders.py), read with the
LINE's table in its own transaction."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.named_rolls import Expansion
from rules.notation.placeholders import character_values, fill, known_names
from rules.systems.protocol import shown_input

if TYPE_CHECKING:
    from rules.notation.head import Head
    from rules.systems import System
    from rules.table_state import TableState


def filled(head: Head, table: TableState | None, system: System | None) -> Expansion | None:
    """The LINE with its `{name}` holes (read with its head) filled, shown as `d20+{might} →
    d20+4`; None when it has none. Nobody acting (no `table`): the defaults, else an error
    naming the value."""
    names, text = list(head.holes), head.body
    if not names:
        return None
    values: dict[str, int] = {}
    known: tuple[str, ...] = ()
    character = None if table is None else table.active
    who = None
    if character is not None and system is not None:
        values = character_values(system, character, names)
        known, who = known_names(system, character), character.name
    line = fill(text, values, who, known)
    return Expansion(text, line, (shown_input(text),))
