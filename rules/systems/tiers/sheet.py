"""What a Tiers sheet says of a character: who it is (a player, or an NPC of Part 7B), its Tier,
its armour, a stat's modifier. What the toolbar's pool maxima read, apart from a command's words
and stat dice (vocabulary.py): a Tiers character's REPL starts without those."""

from __future__ import annotations

from rules.campaign import Character
from rules.errors import UsageError
from rules.titles import capitalized

# seed 003, Armor: "Medium armor 12 + Sense (-1 Vigor cap); Heavy armor 13 + Sense (-2 Vigor cap)"
ARMOUR_PENALTY = {"none": 0, "light": 0, "medium": 1, "heavy": 2}

PLAYER = "player"
KINDS = (PLAYER, "minor", "major", "sovereign", "retainer")
"""Who a sheet is: a player character (the default) or an NPC of Part 7B (003:L97, L122, L230)."""
NPC_REGAIN = ("major", "sovereign")
"""003:L122 "a Major or Sovereign regains 1 if its Heart modifier is positive and loses 1 if it
is negative. Minors and retainers do not regenerate"."""
ADDS_TIER_TO_SAVES = (PLAYER, "minor")
"""003:L236 "Player characters and Minors add their Tier"."""


MINOR_POOLS = ("vigor",)
"""003:L97 "a Minor's whole pool IS Vigor"."""
NPC_POOLS = ("vigor", "vitality")
"""003:L111 "Wounds (players only)", 003:L230 "Only player characters have Fate points": an
NPC's Damage moves through Vigor and Vitality alone."""


def npc_pools(who: Character) -> tuple[str, ...] | None:
    """The pools an NPC of Part 7B has (None: a player character, who has them all)."""
    kind = kind_of(who)
    if kind == PLAYER:
        return None
    return MINOR_POOLS if kind == "minor" else NPC_POOLS


title = capitalized
"""How a stat or pool is written in output: `body` → Body."""


def sheet_modifier(stat: str, who: Character) -> int:
    """A stat's modifier from the sheet: its `[mods]`, else (score − 10) // 2."""
    mods = who.section("mods")
    if isinstance(mods.get(stat), int):
        return int(mods[stat])
    score = who.stats.get(stat)
    if isinstance(score, int) and not isinstance(score, bool):
        return (score - 10) // 2
    from rules.encounter.missing import give_it

    raise UsageError(f"{who.name} has no {title(stat)}: " + give_it(
        who, f"add [stats] {stat} = N (or [mods] {stat} = N), or give it inline ({stat}=14)",
        f"{stat}=N"))


def heart_modifier(who: Character) -> int | None:
    """The Heart modifier from the sheet alone (None when the sheet does not say)."""
    try:
        return sheet_modifier("heart", who)
    except UsageError:
        return None


def sheet_tier(who: Character) -> int | None:
    value = who.field("tier")
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def kind_of(who: Character | None) -> str:
    """The sheet's kind: `player` (also with no sheet), `minor`, `major`, `sovereign`, `retainer`."""
    if who is None:
        return PLAYER
    kind = who.field("kind", PLAYER)
    return kind if isinstance(kind, str) and kind in KINDS else PLAYER


def armour_penalty(who: Character) -> int:
    """The Vigor cap the sheet's `armor` costs (none/light 0, medium 1, heavy 2)."""
    armour = who.field("armor", "none")
    return ARMOUR_PENALTY.get(str(armour), 0)
