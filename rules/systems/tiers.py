"""The Tier-based d20 system (seed 003): Tier dice, d6 success pools, Fate, saves."""

from __future__ import annotations

from rules.systems.base import Stat, System


class Tiers(System):
    """Tiers: d6 success pools sized by Tier; Vigor → Vitality → Wounds."""

    id = "tiers"
    title = "Tiers"
    seed = "003"
    stats = tuple(
        Stat(name, abbrev, 1, 30)
        for name, abbrev in (("body", "bod"), ("mind", "mnd"), ("sense", "sen"),
                             ("heart", "hrt"), ("cunning", "cun"), ("fate", "fat"))
    )
    health = "vigor"
    fields = {"tier": (int, 1, 5)}
    sections = frozenset({"dice", "mods"})


SYSTEM = Tiers()
