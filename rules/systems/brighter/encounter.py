"""Brighter Worlds in a fight: the GM's order (the text gives none), and what its `hit` reads
of a foe asked for at `foe add` (SPEC §9: "what the game's commands need of a foe given inline
or asked for at once")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.campaign import Character
from rules.encounter.rules import EncounterRules
from rules.errors import UsageError
from rules.systems.brighter.vocabulary import grit_max


class BrighterEncounter(EncounterRules):
    """The GM's order, and a foe's Grit: `hit N on Wolf` takes damage off it first."""

    def check_foe(self, sheet: Mapping[str, Any]) -> None:
        """Max Grit is 1 + the steps Max DEX and Max WIL stand above d4 (public rules,
        seeds/README.md): a foe given neither both dice nor its Grit is asked for one."""
        if "grit" in sheet.get("max", {}):
            return
        who = Character(str(sheet["name"]), "brighter", sheet)
        if grit_max(who) is not None:
            return
        lacking = [a for a in ("dex", "wil") if a not in who.stats]
        raise UsageError(f"foe add: {who.name}'s Grit is 1 + the steps its DEX and WIL stand"
                         " above d4 (public rules), and it has no"
                         f" {' and '.join(a.upper() for a in lacking)}: give"
                         f" {' '.join(f'{a}=dN' for a in lacking)}, or its Grit as grit=N"
                         " (foe add wolf str=d6 dex=d8 grit=2)")
