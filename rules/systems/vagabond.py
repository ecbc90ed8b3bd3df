"""Vagabond (seed 000): d20 ≥ 20 − Stat (×2 trained), Favor/Hinder, Crits and Luck, Saves."""

from __future__ import annotations

from rules.campaign import Character
from rules.systems.base import Pool, Stat, System

STATS = (
    Stat("might", "mit", 2, 7),
    Stat("dexterity", "dex", 2, 7),
    Stat("awareness", "awr", 2, 7),
    Stat("reason", "rsn", 2, 7),
    Stat("presence", "prs", 2, 7),
    Stat("luck", "luk", 2, 7),
)


def _stat(character: Character, name: str) -> int | None:
    value = character.stats.get(name)
    return value if isinstance(value, int) else None


def _hp_max(character: Character) -> int | None:
    might = _stat(character, "might")
    level = character.field("level", 1)
    return might * level if might is not None and isinstance(level, int) else None


class Vagabond(System):
    """Vagabond: Heroes roll d20 against Difficulties baked into their Stats."""

    id = "vagabond"
    title = "Vagabond"
    seed = "000"
    stats = STATS
    pools = (
        Pool("hp", "HP", _hp_max, "Might × Level"),
        Pool("luck", "Luck", lambda c: _stat(c, "luck"), "the Luck stat"),
        Pool("mana", "Mana", None, "from the sheet's [max] table"),
        Pool("fatigue", "Fatigue", lambda c: 5, "0–5; 5 is death"),
    )
    fields = {"level": (int, 1, 10), "armor": (int, 0, None), "class": (str, None, None),
              "xp": (int, 0, None)}


SYSTEM = Vagabond()
