"""Encounters: rounds, turns, initiative and foes, kept by each game's own rules (pure)."""

from __future__ import annotations

from rules.encounter.rules import Board, EncounterRules
from rules.encounter.state import FIELD, Combatant, Encounter, current

__all__ = ["FIELD", "Board", "Combatant", "Encounter", "EncounterRules", "current"]
