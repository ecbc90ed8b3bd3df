"""Macchiato Monsters in a fight: the GM's order (the text gives none), and what `hurt` and
`heal` on a foe read of it asked for at `foe add` (SPEC §9)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.encounter.rules import EncounterRules
from rules.errors import UsageError


class MacchiatoEncounter(EncounterRules):
    """The GM's order, and a foe's HP: `hurt 3 on Goblin 1` takes it off (harm.py: at 0 the
    foe is defeated)."""

    def check_foe(self, sheet: Mapping[str, Any]) -> None:
        """The excerpt of 001 gives no HP at all (OPEN): a foe's is asked for."""
        if "hp" not in sheet.get("max", {}):
            raise UsageError(f"foe add: {sheet['name']}'s HP is OPEN (the text gives no HP):"
                             " give it as hp=N (foe add 2 goblins hp=4)")
