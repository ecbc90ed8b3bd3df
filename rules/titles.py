"""How a game's words are written in output: pool and flag titles (`hp` → HP), capitals."""

from __future__ import annotations

TITLES = {
    "hp": "HP", "xp": "XP", "str": "STR", "dex": "DEX", "wil": "WIL",
    "med-flag": "Med Flag", "supply": "Healing Supply",
}


def capitalized(name: str) -> str:
    """A game's word as output writes it: `dexterity` → Dexterity (the rest as it is)."""
    return name[:1].upper() + name[1:]


def pool_title(name: str) -> str:
    """How a pool or flag is written in output, in the game's words: `hp` → HP, `luck` → Luck,
    `breather-taken` → Breather taken (an id's hyphens are spaces in prose)."""
    return TITLES.get(name) or capitalized(name.replace("-", " ") if ":" not in name else name)
