"""`{stat}` of the acting character in any LINE (rules/notation/placeholders.py), read from the campaign."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.named_rolls import Expansion
from rules.notation.placeholders import character_values, fill, known_names, wanted
from rules.systems.protocol import shown_input

if TYPE_CHECKING:
    from cli.plan import Planner


def filled(runner: Planner, text: str) -> Expansion | None:
    """The LINE with its `{name}`s filled, shown as `d20+{might} → d20+4`; None when it has
    none. Nobody acting: the defaults, else an error naming the value."""
    names = wanted(text)
    if not names:
        return None
    acting = runner.settings.acting()
    values: dict[str, int] = {}
    known: tuple[str, ...] = ()
    who = acting
    if acting is not None:
        with runner.campaign().transaction(readonly=True) as tx:
            table = tx.table(acting)
            character = table.active
            if character is not None:
                system = runner.pick_system(table)
                values = character_values(system, character, names)
                known, who = known_names(system, character), character.name
    line = fill(text, values, who, known)
    return Expansion(text, line, (shown_input(text),))
