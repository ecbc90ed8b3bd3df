"""A Macchiato foe at 0 HP is out of the fight (SPEC §9). The excerpt of 001 says nothing of
HP at all, let alone of 0 HP: it gives no death, no dying and no table for it. So roll says
no more than a GM at the table would: the foe is `defeated` (out of the fight, skipped by
`next`); what became of it is the GM's to tell. A heal above 0 brings it back; a character
of the players is never marked, as the lost rules for them are not guessed."""

from __future__ import annotations

from collections.abc import Sequence

from rules.resolution import Change
from rules.systems.on_whom import is_foe
from rules.table_state import TableState

DEFEATED = "defeated"


def zero_hp_changes(table: TableState, changes: Sequence[Change]
                    ) -> tuple[list[Change], list[str]]:
    """The `defeated` flag a foe's HP reaching 0 sets (or leaving 0 clears), with its note."""
    more: list[Change] = []
    notes: list[str] = []
    for change in changes:
        if change.kind != "pool" or change.pool != "hp" or change.character is None:
            continue
        who = table.characters.get(change.character.lower())
        active = table.active
        if active is not None and active.name.lower() == change.character.lower():
            who = active
        if not is_foe(who):
            continue
        down = DEFEATED in who.flags
        if change.after == 0 and not down:
            more.append(Change(who.name, DEFEATED, False, True, "0 HP", "flag"))
            notes.append(f"{who.name} is defeated: 0 HP, out of the fight (help macchiato)")
        elif down and isinstance(change.after, int) and change.after > 0:
            more.append(Change(who.name, DEFEATED, True, False, "HP above 0", "flag"))
    return more, notes
