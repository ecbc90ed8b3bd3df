"""Tiers defence: the AC an attack must meet, from `ac N` or from the target's sheet (seed 003).

003:L49–51 "Armor base + Sense modifier. Tier is NOT added to AC. Unarmored is 10 + Sense. Light
armor 11 + Sense …; Medium armor 12 + Sense …; Heavy armor 13 + Sense …; a Shield is +1 AC."
003:L65 "Cover: Provides +2 AC (half cover) or +5 AC (three-quarters cover)".
A sheet's own `ac = N` (a monster whose AC the GM gives) stands for armour, Sense and shield.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.campaign import Character
from rules.errors import UsageError
from rules.systems.tiers.vocabulary import Words, modifier_of, signed

# 003:L51 "Unarmored is 10 + Sense. Light armor 11 + Sense …; Medium armor 12 …; Heavy armor 13"
ARMOUR_BASE = {"none": 10, "light": 11, "medium": 12, "heavy": 13}
SHIELD_AC = 1
"""003:L51 "a Shield is +1 AC"."""
# 003:L65 "Cover: Provides +2 AC (half cover) or +5 AC (three-quarters cover)"
COVER = {"half": 2, "three-quarters": 5, "three-quarter": 5}
COVER_WORDS = "half|three-quarters"


@dataclass(frozen=True, slots=True)
class ArmourClass:
    """The AC an attack must meet, and how it was reached (None: given as `ac N`)."""

    value: int
    worked: str | None = None


def cover_of(words: Words) -> tuple[int, str | None]:
    """The AC that `cover half|three-quarters` adds, and its name."""
    given = words.names.get("cover")
    if given is None:
        return 0, None
    key = given.lower()
    if key not in COVER:
        raise UsageError(f"{words.command}: cover is {COVER_WORDS}, not '{given}'")
    return COVER[key], "three-quarters" if COVER[key] == 5 else "half"


def sheet_ac(who: Character) -> tuple[int, str]:
    """A character's AC from its sheet: its own `ac`, else armour base + Sense + shield."""
    own = who.field("ac")
    if isinstance(own, int) and not isinstance(own, bool):
        return own, f"{who.name}'s AC {own} (sheet)"
    armour = who.field("armor", "none")
    armour = armour if isinstance(armour, str) and armour in ARMOUR_BASE else "none"
    try:
        sense = modifier_of("sense", Words("sheet"), who)
    except UsageError:
        from rules.encounter.missing import give_it

        raise UsageError(f"{who.name}'s AC is armour base + Sense modifier: " + give_it(
            who, "add [stats] sense = N (or [mods] sense = N) to the sheet, ac = N for its own"
            " AC, or give ac N", "sense=N (or ac=N)")) from None
    value = ARMOUR_BASE[armour] + sense
    named = "unarmored" if armour == "none" else f"{armour} armour"
    worked = f"{who.name}'s AC: {named} {ARMOUR_BASE[armour]}, Sense {signed(sense)}"
    if who.field("shield") is True:
        value += SHIELD_AC
        worked += f", shield +{SHIELD_AC}"
    return value, worked + f" = {value}"


def armour_class(words: Words, target: Character | None, usage: str) -> ArmourClass:
    """`ac N`, else the `on NAME` character's AC; cover adds to either."""
    given = words.number("ac")
    cover, cover_name = cover_of(words)
    if given is not None:
        base, worked = given, None
    elif target is not None:
        base, worked = sheet_ac(target)
    else:
        raise UsageError(f"attack needs the target's AC: ac N, or on NAME with a sheet ({usage})")
    if not cover:
        return ArmourClass(base, worked)
    shown = worked or f"AC {base}"
    return ArmourClass(base + cover, f"{shown}; {cover_name} cover +{cover} = {base + cover}")
