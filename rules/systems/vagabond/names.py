"""Vagabond's names: its Stats, Skills, Saves, casting Classes and delivery shapes, and how a word
finds one. What a sheet check needs, without the Statuses and a command's words (vocabulary.py):
a Vagabond character's REPL starts without those."""

from __future__ import annotations

from collections.abc import Mapping

from rules.titles import capitalized

STAT_NAMES = ("might", "dexterity", "awareness", "reason", "presence", "luck")
ABBREVIATIONS = {"mit": "might", "dex": "dexterity", "awr": "awareness", "rsn": "reason",
                 "prs": "presence", "luk": "luck"}
STAT_TITLES = {s: s.capitalize() for s in STAT_NAMES}
STAT_RANGE = (2, 7)

# public rules (seeds/README.md): each Skill and the Stat it hangs off
SKILLS: Mapping[str, str] = {
    "brawl": "might", "melee": "might",
    "finesse": "dexterity", "sneak": "dexterity",
    "detect": "awareness", "mysticism": "awareness", "survival": "awareness", "ranged": "awareness",
    "arcana": "reason", "craft": "reason", "medicine": "reason",
    "influence": "presence", "leadership": "presence", "performance": "presence",
}
ATTACK_SKILLS = ("melee", "ranged", "brawl", "finesse")

ARMOR_RANGE = (0, 3)
"""000:L18 "Armour subtracting 1–3 from every hit": Armor 1 to 3, or 0 for none."""

# public rules: Endure 20 − 2×Might, Reflex 20 − (Dex + Awr), Will 20 − (Rsn + Prs)
SAVES: Mapping[str, tuple[str, str]] = {
    "endure": ("might", "might"),
    "reflex": ("dexterity", "awareness"),
    "will": ("reason", "presence"),
}

# the seed's §10: the Skill each Class casts with
CASTING: Mapping[str, str] = {
    "wizard": "arcana", "magus": "arcana",
    "druid": "mysticism", "luminary": "mysticism", "witch": "mysticism",
    "sorcerer": "influence",
    "revelator": "leadership",
}
DELIVERY: Mapping[str, int] = {
    "touch": 0, "remote": 0,
    "cube": 1,
    "aura": 2, "cone": 2, "glyph": 2, "line": 2, "sphere": 2,
}


title = capitalized
"""How a Stat, Skill or Status is written in output: `dexterity` → Dexterity."""


def find_stat(word: str) -> str | None:
    """The Stat a word names: full name or 3-letter abbreviation."""
    low = word.lower()
    if low in STAT_NAMES:
        return low
    return ABBREVIATIONS.get(low)


def find_skill(word: str) -> str | None:
    """The Skill a word names: full name, or an unambiguous prefix of 3+ letters."""
    low = word.lower()
    if low in SKILLS:
        return low
    if len(low) >= 3:
        hits = [s for s in SKILLS if s.startswith(low)]
        if len(hits) == 1:
            return hits[0]
    return None
