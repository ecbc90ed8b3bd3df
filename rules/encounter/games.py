"""Each game's encounter rules, found by its id: the games whose texts give an order and upkeep
(Tiers, Champions, Vagabond) have an `encounter.py`; the others take the default (the GM's order).

Kept here, not on `System`, so that the protocol every game implements names no encounter type
(rules/systems/protocol.py imports nothing of rules/encounter/: no import circle)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace
from importlib import import_module
from typing import TYPE_CHECKING

from rules.encounter.rules import Board, EncounterRules

if TYPE_CHECKING:
    from rules.encounter.turn_order import Encounter
    from rules.systems.protocol import System

GAMES: dict[str, tuple[str, str]] = {
    "tiers": ("rules.systems.tiers.encounter", "TiersEncounter"),
    "champions": ("rules.systems.champions.encounter", "ChampionsEncounter"),
    "vagabond": ("rules.systems.vagabond.encounter", "VagabondEncounter"),
    "brighter": ("rules.systems.brighter.encounter", "BrighterEncounter"),
    "macchiato": ("rules.systems.macchiato.encounter", "MacchiatoEncounter"),
}
"""system id → (module, class) of its EncounterRules, imported when first asked for."""


def rules_of(system: System) -> EncounterRules:
    """What this game adds to an encounter (order, upkeep): by default none, the GM's order."""
    where = GAMES.get(system.id)
    if where is None:
        return EncounterRules() if system.initiative is None else RolledOrder(system.initiative)
    made = getattr(import_module(where[0]), where[1])()
    assert isinstance(made, EncounterRules)
    return made


class RolledOrder(EncounterRules):
    """A game that names the dice its order is rolled with (a game file's `initiative`): rolled
    for everyone when the GM names no die, highest first."""

    def __init__(self, die: str) -> None:
        self.die = die

    def roll_order(self, board: Board, enc: Encounter, names: Collection[str]) -> Encounter:
        if enc.die is None:
            enc = replace(enc, die=self.die)
        return super().roll_order(board, enc, names)

    def help(self) -> str:
        return (f"the order is rolled with {self.die} (highest first) unless the GM names a die"
                " (encounter start roll d20) or sets it (pin NAME N)")
