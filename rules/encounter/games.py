"""Each game's encounter rules, found by its id: the games whose texts give an order and upkeep
(Tiers, Champions, Vagabond) have an `encounter.py`; the others take the default (the GM's order).

Kept here, not on `System`, so that the protocol every game implements names no encounter type
(rules/systems/protocol.py imports nothing of rules/encounter/: no import circle)."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from rules.encounter.rules import EncounterRules

if TYPE_CHECKING:
    from rules.systems.protocol import System

GAMES: dict[str, tuple[str, str]] = {
    "tiers": ("rules.systems.tiers.encounter", "TiersEncounter"),
    "champions": ("rules.systems.champions.encounter", "ChampionsEncounter"),
    "vagabond": ("rules.systems.vagabond.encounter", "VagabondEncounter"),
}
"""system id → (module, class) of its EncounterRules, imported when first asked for."""


def rules_of(system: System) -> EncounterRules:
    """What this game adds to an encounter (order, upkeep): by default none, the GM's order."""
    where = GAMES.get(system.id)
    if where is None:
        return EncounterRules()
    made = getattr(import_module(where[0]), where[1])()
    assert isinstance(made, EncounterRules)
    return made
