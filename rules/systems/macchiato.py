"""Macchiato Monsters (seed 001): d20 roll-under stat checks and risk dice."""

from __future__ import annotations

from rules.systems.base import Stat, System

STATS = tuple(
    Stat(name, name[:3], 3, 18)
    for name in ("strength", "dexterity", "constitution", "intelligence", "wisdom", "charisma")
)


class Macchiato(System):
    """Macchiato Monsters: roll d20 under a stat; risk dice step down Δ12 → Δ4 → gone."""

    id = "macchiato"
    title = "Macchiato Monsters"
    seed = "001"
    stats = STATS
    fields = {"level": (int, 1, None)}


SYSTEM = Macchiato()
